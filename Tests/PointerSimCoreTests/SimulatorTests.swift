import PointerSimCore
import PointerSimTestSupport
import Testing

@Suite struct SimulatorTests {
    func scrollingScene() -> SimulationScene {
        var scene = SimulationScene()
        scene.view.size = Size(width: 200, height: 100)
        scene.view.contentSize = Size(width: 200, height: 1000)
        scene.items = (0..<20).map { SceneItem(id: "i\($0)", rect: Rect(x: 10, y: Double(50 * $0), width: 50, height: 40)) }
        return scene
    }

    @Test func autoscrollEmitsSelectingWithoutMotionAndKeepsTheAnchor() throws {
        var sim = Simulator(scene: scrollingScene())
        let log = try sim.play(
            """
            0 move 20 20
            0.1 press primary
            0.2 move 30 100  # at the bottom edge: full speed
            0.5 release primary
            """
        )
        let selecting = log.filter { if case .bandSelecting = $0.event { return true } else { return false } }
        // 1 motion + ticks at 0.2 + k/60 up to 0.5 (18 ticks, 20 pt each).
        #expect(selecting.count == 1 + 18)
        #expect(sim.contentOffset.dy == 360)
        if case .bandEnded(let rect, _, _) = log.last?.event {
            #expect(rect == Rect(x: 20, y: 20, width: 10, height: 440))  // anchor stays at content (20, 20)
        } else {
            Issue.record("expected band.ended last")
        }
        // Times are on the trace clock, strictly increasing.
        let times = selecting.map(\.time)
        #expect(times == times.sorted() && Set(times).count == times.count)
    }

    @Test func speedIsProportionalToTheDistanceIntoTheZone() throws {
        var sim = Simulator(scene: scrollingScene())
        try sim.play("0 move 20 90\n0 press primary\n0 move 20 90")
        // 10 pt into the 20 pt zone: half of 1200 pt/s.
        #expect(sim.autoscrollVelocity == Vector(dx: 0, dy: 600))
        try sim.play("0.01 move 20 50")
        #expect(sim.autoscrollVelocity == .zero)
    }

    /// Found by Tools/fuzz.sh (FuzzSimulator): in a view shorter than two edge
    /// zones a point is in both; it used to scroll toward whichever edge the
    /// content had not reached, swinging from end to end at every step (one
    /// record per step, without end). It belongs to the nearer edge.
    @Test func overlappingEdgeZonesScrollTowardTheNearerEdge() throws {
        var configuration = AutoscrollConfiguration()
        configuration.edgeZone = 20
        var view = ViewGeometry()
        view.size = Size(width: 100, height: 10)
        view.contentSize = Size(width: 100, height: 3000)
        let a = Autoscroller(configuration: configuration, view: view)
        let mid = Vector(dx: 0, dy: 1000)
        #expect(a.velocity(pointer: Point(x: 50, y: 9), contentOffset: mid, bandActive: true).dy > 0)
        #expect(a.velocity(pointer: Point(x: 50, y: 1), contentOffset: mid, bandActive: true).dy < 0)
        #expect(a.velocity(pointer: Point(x: 50, y: 5), contentOffset: mid, bandActive: true).dy == 0)
        // At the bottom of the content, near the bottom edge: nothing more.
        #expect(a.velocity(pointer: Point(x: 50, y: 9), contentOffset: Vector(dx: 0, dy: 2990), bandActive: true).dy == 0)

        var scene = SimulationScene()
        scene.view = view
        scene.autoscroll = configuration
        var sim = Simulator(scene: scene)
        let log = try sim.play("0 move 50 5\n0 press primary\n0.1 move 50 10\n100 release primary")
        #expect(sim.contentOffset.dy == 2990)
        #expect(log.count < 400, "the content reaches its end and stays: \(log.count) records")
    }

    @Test func sameEventsGiveTheSameRecords() {
        let events = (0..<50).map { PointerEvent(time: Double($0) / 100, $0 == 1 ? .press(.primary) : .delta(Vector(dx: 3, dy: 5))) }
        var a = Simulator(scene: .default), b = Simulator(scene: .default)
        #expect(a.process(events) == b.process(events))
    }

    /// Found by Tools/fuzz.sh (FuzzEvemuSplit): libinput dates a button it
    /// held back (button scrolling, middle-button emulation) to when it went
    /// down, after later events already went out. The log never goes back:
    /// such an event happens at the clock's time.
    @Test func anEventStampedEarlierHappensNow() {
        var sim = Simulator(scene: .default)
        let log = sim.process([
            PointerEvent(time: 1.0, .move(Point(x: 60, y: 60))),
            PointerEvent(time: 1.5, .move(Point(x: 70, y: 60))),
            PointerEvent(time: 1.2, .press(.secondary)),  // back-dated: a context click
            PointerEvent(time: 1.6, .release(.secondary)),
        ])
        let menu = log.first { if case .contextMenuRequested = $0.event { return true } else { return false } }
        #expect(menu?.time == 1.5)
        #expect(log.map(\.time) == log.map(\.time).sorted())
        #expect(sim.now == 1.6)
    }

    @Test func pointerIsClampedToTheView() throws {
        var sim = try Simulator()
        try sim.play("0 move -50 5000")
        #expect(sim.pointer == Point(x: 0, y: 768))
    }
}
