import PointerSimCore
import PointerSimTestSupport
import Testing

/// The simulator hands out autoscroll steps one at a time, and with
/// `verbose` each step writes a `pointer` record: the band-shaped pointer
/// follows the band while the content scrolls under a resting pointer.
@Suite struct AutoscrollStepTests {
    /// A 4000-pt content; a band dragged 10 pt into the bottom edge zone.
    static func scene() -> SimulationScene {
        var s = SimulationScene()
        s.view.contentSize = Size(width: 1024, height: 4000)
        s.items = [SceneItem(id: "a", rect: Rect(x: 50, y: 50, width: 400, height: 100))]
        return s
    }

    static func start(verbose: Bool) throws -> (Simulator, [LogRecord]) {
        var sim = Simulator(scene: scene(), options: SimulationOptions(verbose: verbose))
        let out = try sim.play("0 move 100 100\n0.02 press primary\n0.04 move 300 758")
        return (sim, out)
    }

    @Test func eachStepIsHandedOutOnItsOwnWithAPointerRecord() throws {
        var (sim, _) = try Self.start(verbose: true)
        var steps: [[LogRecord]] = []
        var out: [LogRecord] = []
        while sim.nextAutoscrollStep(until: 0.14, into: &out) { steps.append(out); out.removeAll() }
        // 600 pt/s, a step every 1/60 s from 0.04: 0.057, 0.073, …, 0.14.
        #expect(steps.count == 6)
        for s in steps {
            guard s.count == 2, case .bandSelecting(let band, _, _) = s[0].event, case .pointer(let f) = s[1].event else {
                Issue.record("expected band.selecting then pointer, got \(s.map(\.event.name))"); continue
            }
            #expect(s[0].time == s[1].time)
            // The pointer is the band, in view coordinates.
            guard case .roundedRect(let r, _) = f.shape else { Issue.record("pointer shape \(f.shape)"); continue }
            #expect(r.width == band.width && r.height == band.height)
        }
        // The last pointer record is the band now, where the view shows it.
        if case .pointer(let f) = steps.last?.last?.event, let band = sim.band.selectionRect {
            #expect(f.shape == .roundedRect(band.offsetBy(Vector(dx: -sim.contentOffset.dx, dy: -sim.contentOffset.dy)), radius: 0))
        }
        #expect(sim.contentOffset.dy > 0)
    }

    @Test func withoutVerboseTheStepsAreTheSameSelectingRecords() throws {
        var (quiet, _) = try Self.start(verbose: false)
        var (verbose, _) = try Self.start(verbose: true)
        var a: [LogRecord] = [], b: [LogRecord] = []
        quiet.runAutoscroll(until: 0.3, into: &a)
        verbose.runAutoscroll(until: 0.3, into: &b)
        #expect(!a.isEmpty && a.allSatisfy { $0.event.name == "band.selecting" })
        #expect(b.filter { $0.event.name != "pointer" } == a)
        #expect(b.filter { $0.event.name == "pointer" }.count == a.count)
    }
}
