import PointerSimCore
import PointerSimTesting
import Testing

/// Issue #36: an explanation names the cause: the press point before and
/// after rounding and the rounding rule, the hit rule, and, when nothing
/// happened, the rule that decided it; before any press it speaks of the
/// initial selection, not of "the press".
@Suite struct ExplanationTests {
    /// A 320 × 240 view with item i0 at [10, 10, 40, 40].
    static func scene(_ profile: BandProfile = .uikit, scale: Double = 1, _ change: (inout SimulationScene) -> Void = { _ in }) -> SimulationScene {
        var s = SimulationScene()
        s.view.size = Size(width: 320, height: 240)
        s.view.contentSize = s.view.size
        s.view.scale = scale
        s.items = [SceneItem(id: "i0", rect: Rect(x: 10, y: 10, width: 40, height: 40))]
        s.band.profile = profile
        change(&s)
        return s
    }

    /// The explanation when the answers are PointerSim's up to step `k` and
    /// then wrong about i0.
    static func explanation(_ scene: SimulationScene, _ kinds: [PointerEvent.Kind], wrongFrom k: Int) throws -> String {
        let events = kinds.enumerated().map { PointerEvent(time: Double($0.offset) / 100, $0.element) }
        var sim = Simulator(scene: scene)
        var answers: [ConformanceAnswer] = []
        for (j, e) in events.enumerated() {
            _ = sim.process([e])
            let right = sim.selection
            answers.append(ConformanceAnswer(selection: j < k ? right : (right.contains("i0") ? [] : ["i0"])))
        }
        let d = try #require(Conformance.divergence(ConformanceSession(scene: scene, events: events), answers: answers))
        #expect(d.step == k)
        return d.explanation
    }

    static let drag: [PointerEvent.Kind] = [.move(Point(x: 100, y: 100)), .press(.primary), .move(Point(x: 5, y: 5)), .release(.primary)]

    @Test func beforeAnyPress() throws {
        let e = try Self.explanation(Self.scene(), [.move(Point(x: 100, y: 100))], wrongFrom: 0)
        #expect(
            e == """
                step 0 (0 move 100 100): selection [i0], expected []
                  no primary press yet
                  band rect: none; mode: none; rule applied: none (no primary press yet)
                  hit rule: intersects (an item counts when it overlaps the band with positive area; a touching edge does not count)
                  item i0 [10, 10, 40, 40]: expected not selected; selected initially: false; in the rect: false; ever hit: false
                """
        )
        #expect(!e.contains("selected at the press"))
    }

    @Test func thePressPointBeforeAndAfterRounding() throws {
        let e = try Self.explanation(Self.scene(scale: 2), [.move(Point(x: 100.25, y: 99.75)), .press(.primary)], wrongFrom: 1)
        #expect(
            e.contains(
                "\n  press at [100.25, 99.75] (content), [100.5, 100] on the pixel grid of scale 2 (halves round away from zero); on empty space\n"
            ),
            "\(e)"
        )
        #expect(e.contains("; selected at the press: false;"))
        let contains = try Self.explanation(Self.scene { $0.band.hitRule = .contains }, Self.drag, wrongFrom: 2)
        #expect(
            contains.contains(
                "\n  hit rule: contains (an item counts when it lies strictly inside the band; an edge on the band's edge does not count)\n"
            ),
            "\(contains)"
        )
    }

    @Test func singleSelection() throws {
        let e = try Self.explanation(
            Self.scene {
                $0.selection.allowsMultipleSelection = false; $0.selection.allowsMultipleSelectionDuringEditing = false
            },
            Self.drag,
            wrongFrom: 2
        )
        #expect(e.contains("rule applied: single selection (multiple selection off): no band begins"), "\(e)")
    }

    @Test func selectionDisabled() throws {
        let e = try Self.explanation(Self.scene { $0.selection.allowsSelection = false }, Self.drag, wrongFrom: 2)
        #expect(e.contains("rule applied: selection disabled (selection.allowsSelection false)"), "\(e)")
    }

    @Test func aContextClick() throws {
        let e = try Self.explanation(Self.scene(), [.modifiers(.control)] + Self.drag, wrongFrom: 3)
        #expect(e.contains("rule applied: context click: modifiers [control] are a context click under profile uikit"), "\(e)")
    }

    /// Qt's second press on empty space only activates; GTK's on an item
    /// starts no band.
    @Test func theSecondPressOfADoubleClick() throws {
        let kinds: [PointerEvent.Kind] = [
            .move(Point(x: 100, y: 100)), .press(.primary), .release(.primary), .press(.primary), .move(Point(x: 5, y: 5)), .release(.primary),
        ]
        // The explanation names the rules of the rule-based model: qt-itemview's rule values
        // without the QAbstractItemView port (whose own steps it does not name).
        var rules = BandProfile.qtItemView
        rules.itemViewModel = false
        let qt = try Self.explanation(Self.scene(rules), kinds, wrongFrom: 4)
        #expect(qt.contains("rule applied: double-click press: the second press of a double click only activates under profile qt-itemview"), "\(qt)")
        let onItem: [PointerEvent.Kind] = [
            .move(Point(x: 20, y: 20)), .press(.primary), .release(.primary), .press(.primary), .move(Point(x: 200, y: 200)), .release(.primary),
        ]
        let gtk = try Self.explanation(Self.scene(.gtk), onItem, wrongFrom: 4)
        #expect(
            gtk.contains("rule applied: double-click press on item i0: the second press of a double click starts no band under profile gtk"),
            "\(gtk)"
        )
    }

    @Test func aControlsClaim() throws {
        let scene = Self.scene {
            $0.regions = [SceneRegion(id: "button", rect: Rect(x: 80, y: 80, width: 60, height: 60), style: PointerStyle(effect: .highlight))]
        }
        let e = try Self.explanation(scene, Self.drag, wrongFrom: 2)
        #expect(e.contains("rule applied: a control's claim: region button takes the press"), "\(e)")
    }
}
