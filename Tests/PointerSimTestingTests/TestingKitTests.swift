import Foundation
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimInput
import PointerSimTesting
import PropertyBased
import Testing

/// PointerSim's own band API as a band model: with the band sessions
/// (presses on empty space), it must agree with the Simulator at every step.
struct BandAPIModel: BandSelectionModel {
    var band: BandSelectionInteraction
    var model: SelectionModel
    let ids: [String]
    init(scene: SimulationScene) {
        var c = scene.band
        c.scale = scene.view.scale
        if !scene.selection.multiple { c.isEnabled = false }
        ids = scene.items.map(\.id)
        band = BandSelectionInteraction(items: scene.items.map(\.rect), configuration: c)
        model = SelectionModel(items: scene.items, selectedIDs: scene.initialSelection)
    }
    mutating func press(at point: Point, modifiers: ModifierFlags) { _ = band.press(at: point, modifiers: modifiers, selection: &model) }
    mutating func move(to point: Point) { _ = band.move(to: point, selection: &model) }
    mutating func release(modifiers: ModifierFlags) { _ = band.release(modifiers: modifiers, selection: &model) }
    mutating func cancel() { _ = band.cancel(selection: &model) }
    var selection: [String] { model.selectedItems.map { ids[$0] } }
    var bandRect: Rect? { band.selectionRect }
    var reportsBand: Bool { true }
}

/// The same, with the bug of the issue: toggle computed from the current
/// selection instead of the selection at the press.
struct WrongToggleModel: BandSelectionModel {
    var right: BandAPIModel
    var current: Set<String>
    init(scene: SimulationScene) { right = BandAPIModel(scene: scene); current = Set(right.selection) }
    var toggling: Bool { right.band.isActive && right.band.engine.mode == .toggle }
    mutating func update() {
        if toggling, let r = right.band.selectionRect {
            let hit = right.band.hitRect(r)
            var next = current
            for (i, id) in right.ids.enumerated() where right.band.configuration.hitRule.hits(item: right.band.engine.rect(of: i), band: hit) {
                if next.contains(id) { next.remove(id) } else { next.insert(id) }
            }
            current = next
        } else {
            current = Set(right.selection)
        }
    }
    mutating func press(at point: Point, modifiers: ModifierFlags) { right.press(at: point, modifiers: modifiers); update() }
    mutating func move(to point: Point) { right.move(to: point); update() }
    mutating func release(modifiers: ModifierFlags) { right.release(modifiers: modifiers); current = Set(right.selection) }
    mutating func cancel() { right.cancel(); current = Set(right.selection) }
    var selection: [String] { right.ids.filter { current.contains($0) } }
}

/// PointerSim with a modifier-timing bug (issue #36): when the modifiers
/// held at a primary release differ from those at its press, it plays the
/// press again from the press's state with the release's modifiers (UIKit
/// and Qt read them at the press only).
struct ModifiersAtReleaseModel: PointerSelectionModel {
    var sim: Simulator
    var atPress: Simulator?
    var since: [PointerEvent] = []
    var modifiers: ModifierFlags = [], pressModifiers: ModifierFlags = []
    var records: [LogRecord] = []
    init(scene: SimulationScene) { sim = Simulator(scene: scene) }
    mutating func handle(_ e: PointerEvent) -> ConformanceAnswer {
        switch e.kind {
        case .press(.primary) where atPress == nil:
            atPress = sim; since = [e]; pressModifiers = modifiers
        case .release(.primary):
            if var redo = atPress, modifiers != pressModifiers {
                redo.process(PointerEvent(time: since[0].time, .modifiers(modifiers)), into: &records)
                for x in since { if case .modifiers = x.kind {} else { redo.process(x, into: &records) } }
                sim = redo
            }
            atPress = nil
        case .modifiers(let m):
            modifiers = m
            if atPress != nil { since.append(e) }
        default:
            if atPress != nil { since.append(e) }
        }
        sim.process(e, into: &records)
        return ConformanceAnswer(selection: sim.selection)
    }
}

@Suite struct TestingKitTests {
    /// Issue #36: band sessions change the modifiers while the button is
    /// down, so reading them at the release is caught within the default 100
    /// sessions under the profiles that read them at the press, for several
    /// seeds and both kinds where the moment matters, at a release.
    @Test(arguments: ["uikit", "qt-graphicsview"], [SessionGenerator.Kind.band, .selection])
    func readingModifiersAtTheReleaseIsCaught(profile: String, kind: SessionGenerator.Kind) throws {
        let g = SessionGenerator(kind: kind, profile: BandProfile.named(profile)!)
        for seed in UInt64(1)...5 {
            let sessions = g.sessions(count: 100, seed: seed)
            let wrong = try Conformance.check(sessions, subject: Conformance.subject(ModifiersAtReleaseModel.self), domain: g.accepts)
            let d = try #require(wrong.divergence, "seed \(seed): not caught in 100 sessions")
            // Band sessions shrink to one item; selection sessions (clicks, keys, settings) nearly.
            #expect(d.session.scene.items.count <= (kind == .band ? 1 : 2), "seed \(seed): \(d.explanation)")
            #expect(d.session.events.count <= (kind == .band ? 6 : 8), "seed \(seed): \(d.session.traceText)")
            let step = d.session.events[d.step]
            #expect(step.kind == .release(.primary), "seed \(seed): diverges at \(step)")
        }
    }

    /// Trace and scene writers round-trip: render, parse, equal bit for bit.
    @Test func generatedTracesAndScenesRoundTripBitForBit() async throws {
        let kinds = SessionGenerator.Kind.allCases
        await propertyCheck(count: 150, input: SessionGenerator().generator, Gen<Int>.int(in: 0...2)) { session, k in
            var s = session
            if kinds[k] == .regions { s = SessionGenerator(kind: .regions).sessions(count: 1, seed: UInt64(session.events.count)).first! }
            let sceneText = SceneFile.render(s.scene)
            let back = try? SceneFile.parse(sceneText, file: "generated")
            #expect(back.map { SceneFile.render($0) } == sceneText)
            #expect(back?.items == s.scene.items && back?.regions == s.scene.regions && back?.band == s.scene.band)
            #expect(back?.initialSelection == s.scene.initialSelection && back?.pointer == s.scene.pointer && back?.view == s.scene.view)
            let events = try? PointerSimTrace.parse(s.traceText)
            #expect(events == s.events)
            #expect(events.map { $0.map(\.time.bitPattern) } == s.events.map(\.time.bitPattern))
        }
    }

    /// Any finite doubles (from raw bits) survive a trace and a scene.
    @Test func anyFiniteDoubleRoundTrips() async {
        let bits = Gen<Int>.int(in: Int.min...Int.max).map { Double(bitPattern: UInt64(bitPattern: Int64($0))) }
        await propertyCheck(count: 400, input: bits, bits) { a, b in
            guard a.isFinite, b.isFinite, abs(a) <= 1e14, abs(b) <= 1e14 else { return }
            let t = abs(a).truncatingRemainder(dividingBy: 1e6)
            let e = [PointerEvent(time: t, .move(Point(x: a, y: b))), PointerEvent(time: t, .scroll(Vector(dx: b, dy: a)))]
            let back = try? PointerSimTrace.parse(PointerSimTrace.render(e))
            #expect(back?.map(\.kind) == e.map(\.kind))
            if case .move(let p)? = back?.first?.kind { #expect(p.x.bitPattern == a.bitPattern && p.y.bitPattern == b.bitPattern) }
            var scene = SimulationScene()
            scene.items = [SceneItem(id: "x", rect: Rect(x: a, y: b, width: abs(b) / 2, height: 0))]
            scene.pointer.start = Point(x: a, y: b)
            let s2 = try? SceneFile.parse(SceneFile.render(scene), file: "bits")
            #expect(s2?.items.first?.rect.x.bitPattern == a.bitPattern && s2?.pointer.start?.y.bitPattern == b.bitPattern)
        }
    }

    /// One meaning for both oracles: on band sessions (presses on empty
    /// space) of a profile whose empty click starts a band, PointerSim's band
    /// API and its Simulator agree at every step (selection and band rect).
    @Test func bandAPIAgreesWithTheSimulatorOnBandSessions() throws {
        var variant = BandProfile.uikit
        variant.threshold = 3
        variant.rules.append(BandProfile.Rule(.option, .includes, .addSticky))
        var sessions: [ConformanceSession] = []
        for (k, p) in [BandProfile.uikit, variant].enumerated() {
            sessions += SessionGenerator(kind: .band, profile: p, maxItems: 5).sessions(count: 200, seed: UInt64(7 + k))
        }
        let report = try Conformance.check(sessions, subject: Conformance.subject(band: BandAPIModel.self))
        #expect(report.divergence == nil, "\(report.divergence?.explanation ?? "")")
        #expect(report.sessions == 400)
    }

    /// The wrong toggle is caught and shrunk to one item and at most two steps;
    /// the counterexample files replay to the divergence.
    @Test func wrongToggleIsCaughtAndShrunk() throws {
        var toggling = BandProfile.uikit
        toggling.name = "toggling"
        toggling.defaultMode = .toggle
        let g = SessionGenerator(kind: .band, profile: toggling)
        let sessions = g.sessions(count: 1000, seed: 1)
        #expect(sessions.allSatisfy(g.accepts))
        let subject = Conformance.subject(band: WrongToggleModel.self)
        let report = try Conformance.check(sessions, subject: subject, divergencesToShrink: 40, domain: g.accepts)
        let d = try #require(report.divergence)
        #expect(d.session.scene.items.count == 1 && d.session.events.count <= 2, "\(d.explanation)\n\(d.session.traceText)")
        #expect(
            d.explanation.contains("mode: toggle") && d.explanation.contains("selected at the press: false;")
                && d.explanation.contains("ever hit: true"),
            "\(d.explanation)"
        )
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-testing-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Counterexample.write(d.session, name: "wrong-toggle", directory: dir, comment: d.explanation)
        let back = try Counterexample.read(name: "wrong-toggle", directory: dir)
        #expect(back.events == d.session.events)
        #expect(try Conformance.firstDivergence(back, subject: subject)?.step == d.step)
        #expect(try String(contentsOfFile: dir + "/wrong-toggle.expected.jsonl", encoding: .utf8) == Counterexample.expectedLog(back))
    }

    /// PointerSim's logs keep the exported invariants on every kind of session.
    @Test func simulatorLogsKeepTheInvariants() {
        for kind in SessionGenerator.Kind.allCases {
            for s in SessionGenerator(kind: kind).sessions(count: 150, seed: 3) {
                var sim = Simulator(scene: s.scene)
                let v = LogInvariants.violations(in: sim.process(s.events), scene: s.scene)
                #expect(v.isEmpty, "\(kind): \(v)\n\(s.traceText)")
            }
        }
    }

    /// Raw streams of every kind decode cleanly: every press is released.
    @Test func rawStreamsDecode() {
        var rng = SplitMix64(seed: 5)
        for kind in RawStreamGenerator.Kind.allCases {
            let g = RawStreamGenerator(kind: kind)
            for _ in 0..<40 {
                var merger = InputMerger(devices: [g.device], configuration: DecoderConfiguration())
                var out: [PointerEvent] = []
                for e in g.events(using: &rng) { merger.feed(device: 0, e, into: &out) }
                merger.finish(into: &out)
                let presses = out.filter { if case .press = $0.kind { true } else { false } }.count
                let releases = out.filter { if case .release = $0.kind { true } else { false } }.count
                #expect(presses == releases, "\(kind)")
                #expect(out.allSatisfy { $0.time.isFinite })
            }
        }
    }

    /// The protocol's lines parse back.
    @Test func protocolLines() throws {
        let line = ConformProtocol.stepLine(PointerEvent(time: 0.5, .move(Point(x: 1.25, y: 2))), step: 3)
        #expect(line == #"{"step": 3, "t": 0.5, "event": "move", "x": 1.25, "y": 2, "line": "0.5 move 1.25 2"}"#)
        let a = try ConformProtocol.parseAnswer(#"{"step": 3, "selection": ["a"], "band": [1, 2, 3, 4], "focus": null}"#)
        #expect(
            a.step == 3 && a.answer?.selection == ["a"] && a.answer?.band == Rect(x: 1, y: 2, width: 3, height: 4) && a.answer?.reportsFocus == true
        )
        #expect(try ConformProtocol.parseAnswer(#"{"skipped": "scale 2"}"#).skipped == "scale 2")
        let scene = ConformProtocol.sceneLine(SimulationScene.default, session: 0)
        #expect(!scene.contains("\n"))
        let node = try JSONParser.parse(scene, file: "line")
        guard case .object(let m) = node.value, let s = m.first(where: { $0.key == "scene" }) else { Issue.record("no scene"); return }
        _ = s
    }
}

/// The band API with presses given the Simulator's meaning
/// (``BandConfiguration/PressMeaning/click``), stepped with the primary
/// button's events and their times.
struct ClickingBandModel: PointerSelectionModel {
    var band: BandSelectionInteraction
    var model: SelectionModel
    let ids: [String]
    let view: ViewGeometry
    var pointer: Point
    var modifiers: ModifierFlags = []
    var held = false
    init(scene: SimulationScene) {
        var c = scene.band
        c.scale = scene.view.scale
        c.pressMeaning = .click
        ids = scene.items.map(\.id)
        view = scene.view
        pointer = scene.view.clampPointer(scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2))
        band = BandSelectionInteraction(items: scene.items.map(\.rect), configuration: c)
        model = SelectionModel(items: scene.items, selectedIDs: scene.initialSelection)
    }
    mutating func handle(_ e: PointerEvent) -> ConformanceAnswer {
        switch e.kind {
        case .move(let p): pointer = view.clampPointer(p); _ = band.move(to: pointer, selection: &model)
        case .press(.primary): if !held { held = true; _ = band.press(at: pointer, modifiers: modifiers, time: e.time, selection: &model) }
        case .release(.primary): if held { held = false; _ = band.release(modifiers: modifiers, selection: &model) }
        case .modifiers(let m): modifiers = m
        case .cancel: _ = band.cancel(selection: &model)
        default: break
        }
        return ConformanceAnswer(selection: model.selectedItems.map { ids[$0] }, band: .some(band.selectionRect))
    }
}

@Suite struct OneMeaningTests {
    /// With presses meaning clicks, the band API and the Simulator agree on
    /// every step of sessions of bands, clicks and double clicks on items and
    /// empty space (primary button, modifiers changing mid-drag, cancels),
    /// under every built-in profile and variants of them, except `qt-itemview`,
    /// whose presses, drags and keys are QAbstractItemView's (`QtItemView`), which
    /// the band API does not model.
    @Test func theBandAPIWithClickMeaningAgreesWithTheSimulator() throws {
        let generated = SessionGenerator(kind: .selection, maxItems: 5, maxGestures: 4).sessions(count: 600, seed: 11)
        let sessions = generated.filter { !$0.scene.band.profile.itemViewModel }.map { s -> ConformanceSession in
            var s = s
            // The domain of the claim: default selection settings, content that does not scroll.
            s.scene.selection = SelectionConfiguration()
            s.scene.view.contentSize = s.scene.view.size
            s.events = s.events.filter {
                switch $0.kind {
                case .key, .scroll, .press(.secondary), .release(.secondary), .press(.middle), .release(.middle): return false
                default: return true
                }
            }
            return s
        }
        let report = try Conformance.check(sessions, subject: Conformance.subject(ClickingBandModel.self))
        #expect(report.divergence == nil, "\(report.divergence?.explanation ?? "")\n\(report.divergence?.session.traceText ?? "")")
    }

    /// And with the default meaning (a band at every press), a press on an
    /// item begins a band in the band API, a click in the Simulator.
    @Test func theDefaultMeaningBandsOnItems() {
        var band = BandSelectionInteraction(items: [Rect(x: 0, y: 0, width: 10, height: 10)])
        var model = SelectionModel(count: 1)
        #expect(band.press(at: Point(x: 5, y: 5), modifiers: [], time: 0, selection: &model)?.state == .began)
        var c = BandConfiguration()
        c.pressMeaning = .click
        var clicking = BandSelectionInteraction(items: [Rect(x: 0, y: 0, width: 10, height: 10)], configuration: c)
        var clicked = SelectionModel(count: 1)
        #expect(clicking.press(at: Point(x: 5, y: 5), modifiers: [], time: 0, selection: &clicked) == nil)
        #expect(clicking.release(modifiers: [], selection: &clicked) == nil)
        #expect(clicked.selectedItems == [0])  // UIKit's click selects the item
    }

    /// With presses meaning clicks, a band dragged from an item begins at
    /// the move past the threshold: that move's one update is `began`, and
    /// its diff counts from the press, so that the diffs compose to the
    /// model's selection (they lacked the press point's item before).
    @Test func aBandFromAnItemReportsDiffsThatCompose() {
        for profile in BandProfile.registered {
            var c = BandConfiguration()
            c.pressMeaning = .click
            c.profile = profile
            let rects = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10), Rect(x: 40, y: 0, width: 10, height: 10)]
            var band = BandSelectionInteraction(items: rects, configuration: c)
            var model = SelectionModel(count: 3)
            _ = band.press(at: Point(x: 5, y: 5), modifiers: [], time: 0, selection: &model)
            var composed = Set(model.selectedItems)
            var states: [BandUpdate.State] = []
            for x in [8.0, 25, 45, 25] {
                guard let u = band.move(to: Point(x: x, y: 5), selection: &model) else { continue }
                states.append(u.state)
                composed.subtract(u.diff.removed)
                composed.formUnion(u.diff.added)
                #expect(composed == Set(model.selectedItems), "\(profile.name) at x \(x): \(u)")
            }
            if let u = band.release(modifiers: [], selection: &model) {
                states.append(u.state)
                composed.subtract(u.diff.removed)
                composed.formUnion(u.diff.added)
                #expect(composed == Set(model.selectedItems), "\(profile.name) at the release: \(u)")
            }
            if profile.clicks.itemsAcceptPress {
                #expect(states.isEmpty, "\(profile.name): a press on an item starts no band")
            } else {
                #expect(
                    states.first == .began && states.dropFirst().dropLast().allSatisfy { $0 == .selecting } && states.last == .ended,
                    "\(profile.name): \(states)"
                )
                #expect(Set(model.selectedItems) == [0, 1], "\(profile.name)")
            }
        }
    }
}

/// A pointer-region model written from the documentation: the region under
/// the pointer is the topmost (last in scene order) whose rect contains it.
struct TopmostRegionModel: PointerRegionModel {
    let regions: [SceneRegion]
    let view: ViewGeometry
    var pointer: Point
    init(scene: SimulationScene) {
        regions = scene.regions
        view = scene.view
        pointer = scene.view.clampPointer(scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2))
    }
    mutating func handle(_ e: PointerEvent) -> String? {
        if case .move(let p) = e.kind { pointer = view.clampPointer(p) }
        return regions.last { $0.rect.contains(pointer) }?.id
    }
}

@Suite struct RegionModelTests {
    /// Hovering (no button held: a held button keeps the region it began in)
    /// over regions that do not latch, the topmost region containing the
    /// pointer is PointerSim's.
    @Test func topmostRegionConformsWhileHovering() throws {
        let sessions = SessionGenerator(kind: .regions).sessions(count: 300, seed: 4)
            .filter { $0.scene.regions.allSatisfy { $0.latchingAxes.isEmpty } }
            .map { s -> ConformanceSession in
                var s = s
                s.events = s.events.filter { if case .move = $0.kind { true } else { false } }
                return s
            }
        #expect(sessions.count > 100)
        let report = try Conformance.check(sessions, subject: Conformance.subject(regions: TopmostRegionModel.self))
        #expect(report.divergence == nil, "\(report.divergence?.explanation ?? "")\n\(report.divergence?.session.traceText ?? "")")
    }
}
