import PointerSimCore
import PropertyBased
import Testing

/// docs/Formats/Log.md: `band.selecting` and `selection.changed` report what
/// changed since the previous such line, and `band.ended` the whole
/// selection. Over random sessions, for every registered profile, the diffs
/// of the log compose, record by record, to the selection: a band that ends
/// (not cancelled) ends with the selection its diffs announced, and after
/// every event the composed selection is the simulator's (only a band whose
/// `band.began` has no `band.selecting` line yet may lag: the first
/// `band.selecting` line carries the change of its press).
@Suite struct LogCompositionProperties {
    enum Step: Sendable {
        case move(Point)
        case press(PointerButton)
        case release(PointerButton)
        case modifiers(ModifierFlags)
        case key(Key)
        case cancel
    }

    static let keys: [Key] = [.left, .right, .up, .down, .space, .return, .escape, .letter("a")]

    static var step: Generator<Step, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...15), Gen<Point>.dragPoint, Gen<Int>.int(in: 0...31), Gen<Int>.int(in: 0...3)).map {
            (k: Int, p: Point, f: Int, b: Int) -> Step in
            switch k {
            case 0, 1: return .press([PointerButton.primary, .primary, .primary, .secondary][b])
            case 2, 3: return .release([PointerButton.primary, .primary, .primary, .secondary][b])
            case 4: return .modifiers(ModifierFlags(rawValue: UInt8(f & 15)))
            case 5, 6: return .key(Self.keys[f % Self.keys.count])
            case 7: return .cancel
            default: return .move(p)
            }
        }
    }

    /// The log's violations of composition over one session (empty: none).
    static func violations(profile: BandProfile, rects: [Rect], steps: [Step]) -> [String] {
        var scene = SimulationScene()
        scene.view.size = Size(width: 220, height: 220)
        scene.items = rects.enumerated().map { SceneItem(id: "i\($0.offset)", rect: $0.element) }
        scene.band.profile = profile
        var sim = Simulator(scene: scene)
        var composed = Set<String>()
        var lagging = false  // a `band.began` with no `band.selecting` after it yet
        var live = true  // the band's selection follows it (not applied at its end)
        var out: [String] = []
        var t = 0.0
        for (n, s) in steps.enumerated() {
            t += 0.03
            let kind: PointerEvent.Kind
            switch s {
            case .move(let p): kind = .move(p)
            case .press(let b): kind = .press(b)
            case .release(let b): kind = .release(b)
            case .modifiers(let m): kind = .modifiers(m)
            case .key(let k): kind = .key(k)
            case .cancel: kind = .cancel
            }
            var log: [LogRecord] = []
            sim.process(PointerEvent(time: t, kind), into: &log)
            for r in log {
                switch r.event {
                case .bandBegan(_, _, let mode):
                    lagging = true
                    live = profile.application == .live && mode.isLive
                case .bandSelecting(_, let added, let removed), .selectionChanged(_, let added, let removed):
                    if case .bandSelecting = r.event { lagging = false }
                    if !Set(added).isDisjoint(with: composed) || !Set(removed).isSubset(of: composed) {
                        out.append("step \(n) (\(s)): \(r.event.name) adds a selected id or removes an unselected one")
                    }
                    composed.subtract(removed); composed.formUnion(added)
                case .bandEnded(_, let final, let cancelled):
                    // A cancelled band restores its press's selection, and one applied
                    // at its end (`gtk`, `subtract`) changes it there: the line says so
                    // itself. A live band has announced its selection.
                    if !cancelled && live && Set(final) != composed {
                        out.append("step \(n) (\(s)): band.ended with \(Array(final)), its diffs composed \(composed.sorted())")
                    }
                    composed = Set(final)
                    lagging = false
                default: break
                }
            }
            if !lagging && composed != Set(sim.selection) {
                out.append("step \(n) (\(s)): the log composes \(composed.sorted()), the selection is \(sim.selection)")
            }
        }
        return out
    }

    @Test(arguments: BandProfile.registered)
    func theLogsDiffsComposeToTheSelectionAtEveryLine(_ profile: BandProfile) async {
        await propertyCheck(count: 200, input: Gen<Rect>.item.array(of: 1...25), Self.step.array(of: 1...40)) { (rects: [Rect], steps: [Step]) in
            let v = Self.violations(profile: profile, rects: rects, steps: steps)
            #expect(v.isEmpty, Comment(rawValue: "\(profile.name) \(rects) \(steps)\n" + v.prefix(3).joined(separator: "\n")))
        }
    }

    /// The session of issue #30: a press on empty space, one move across an
    /// item past the threshold, the release. Under `qt` the band began with
    /// the item hit and ended without a `band.selecting` line.
    @Test(arguments: BandProfile.registered)
    func aBandsFirstRectIsReported(_ profile: BandProfile) {
        let rects = [Rect(x: 40, y: 40, width: 40, height: 40)]
        let steps: [Step] = [.move(Point(x: 20, y: 20)), .press(.primary), .move(Point(x: 60, y: 60)), .release(.primary)]
        #expect(Self.violations(profile: profile, rects: rects, steps: steps) == [])
    }
}

extension BandProfile: CustomTestStringConvertible {
    public var testDescription: String { name }
}

extension LogCompositionProperties {
    /// A click on an item, then a click on empty space: under `uikit` the
    /// second press begins a band that clears at once; the release ended it
    /// without a `band.selecting` line announcing the clear.
    @Test(arguments: BandProfile.registered)
    func aBandThatEndsAtOnceReportsItsPress(_ profile: BandProfile) {
        let rects = [Rect(x: 0, y: 0, width: 50, height: 50)]
        let steps: [Step] = [
            .move(Point(x: 10, y: 10)), .press(.primary), .release(.primary), .move(Point(x: 100, y: 100)), .press(.primary), .release(.primary),
        ]
        #expect(Self.violations(profile: profile, rects: rects, steps: steps) == [])
    }
}
