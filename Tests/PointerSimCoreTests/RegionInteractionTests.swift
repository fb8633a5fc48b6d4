import PointerSimCore
import PointerSimTestSupport
import Testing

/// A custom provider: columns 100 pt wide are regions `col<k>`; the style depends on the modifiers.
struct ColumnProvider: PointerRegionProvider {
    var generation = 0
    func region(for request: PointerRegionRequest) -> PointerRegion? {
        let k = Int((request.location.x / 100).rounded(.down))
        guard k >= 0, k < 4 else { return nil }
        return PointerRegion(
            id: "col\(k)",
            rect: Rect(x: Double(k * 100), y: 0, width: 100, height: 300),
            latchingAxes: k == 3 ? .vertical : .none,
            generation: generation
        )
    }
    func style(for region: PointerRegion, modifiers: ModifierFlags) -> PointerStyle? {
        if modifiers.contains(.option) { return nil }  // the system pointer
        return PointerStyle(effect: modifiers.contains(.shift) ? .lift : .highlight)
    }
    mutating func invalidate(regionID: String) { generation += 1 }
}

@Suite struct RegionInteractionTests {
    static func names(_ log: [LogRecord]) -> [String] {
        log.map { r in
            switch r.event {
            case .regionEntered(let id, let e): return "enter \(id) \(e)"
            case .regionExited(let id): return "exit \(id)"
            case .regionLatched(let id, let a): return "latch \(id) \(a)"
            case .regionUnlatched(let id): return "unlatch \(id)"
            case .regionStyleChanged(let id): return "style \(id)"
            default: return r.event.name
            }
        }
    }

    @Test func callsReturnTheirEventsInOrder() {
        var r = RegionInteraction(provider: ColumnProvider())
        #expect(Array(r.update(location: Point(x: 50, y: 50), modifiers: [], primaryHeld: false)) == [.entered(region: "col0", effect: .highlight)])
        #expect(Array(r.update(location: Point(x: 60, y: 50), modifiers: [], primaryHeld: false)).isEmpty)
        #expect(Array(r.update(location: Point(x: 60, y: 50), modifiers: .shift, primaryHeld: false)) == [.styleChanged(region: "col0")])
        #expect(
            Array(r.update(location: Point(x: 350, y: 50), modifiers: [], primaryHeld: false))
                == [.exited(region: "col0"), .entered(region: "col3", effect: .highlight)]
        )
        #expect(Array(r.press(location: Point(x: 350, y: 50), modifiers: [])) == [.latched(region: "col3", axes: .vertical)])
        // Invalidating the latched region: unlatch, exit, enter again and latch again (four events).
        let inv = r.invalidate(regionID: "col3", location: Point(x: 350, y: 50), modifiers: [], primaryHeld: true)
        #expect(
            Array(inv) == [
                .unlatched(region: "col3"), .exited(region: "col3"), .entered(region: "col3", effect: .highlight),
                .latched(region: "col3", axes: .vertical),
            ]
        )
        #expect(
            Array(r.release(location: Point(x: 50, y: 50), modifiers: []))
                == [.unlatched(region: "col3"), .exited(region: "col3"), .entered(region: "col0", effect: .highlight)]
        )
        #expect(inv.map(\.logEvent).first == .regionUnlatched(region: "col3"))
    }

    @Test func customProviderDrivesTheLog() throws {
        var scene = SimulationScene()
        scene.band.isEnabled = false
        var sim = Simulator(scene: scene, regionProvider: ColumnProvider())
        let log = try sim.play(
            """
            0 move 50 50
            1 modifiers shift
            2 move 150 50
            3 modifiers option
            4 invalidate col1
            5 move 350 50
            6 press primary
            7 move 50 250
            8 release primary
            9 move 500 50
            """
        )
        #expect(
            Self.names(log) == [
                "enter col0 highlight", "style col0",
                "exit col0", "enter col1 lift", "style col1",
                "exit col1", "enter col1 system",
                "exit col1", "enter col3 system",
                "latch col3 vertical",
                "unlatch col3", "exit col3", "enter col0 system",
                "exit col0",
            ]
        )
    }

    @Test func latchedVerticalFollowsInYAndRubberBandsInX() throws {
        var scene = SimulationScene()
        scene.band.isEnabled = false
        scene.regions = [
            SceneRegion(id: "k", rect: Rect(x: 100, y: 100, width: 20, height: 40), latchingAxes: .vertical, style: PointerStyle(effect: .highlight))
        ]
        var sim = Simulator(scene: scene)
        try sim.play("0 move 110 120\n1 press primary\n2 move 400 20")
        let f = sim.pointerFrame
        #expect(f.presented.y == 20)
        let slip = 20 * 0.099
        #expect(abs(f.presented.x - (110 + slip + rubberBand(280, 10, 0.55))) < 1e-9)
        #expect(abs(f.content.dx - 0.3 * (f.presented.x - 110)) < 1e-9)
    }

    @Test func automaticResolvesBySize() {
        let c = PointerRegionConfiguration()
        #expect(c.resolve(.automatic, for: Size(width: 126, height: 126)) == .hover)
        #expect(c.resolve(.automatic, for: Size(width: 125, height: 125)) == .highlight)
        #expect(c.resolve(.automatic, for: Size(width: 180, height: 50)) == .highlight)
        #expect(c.resolve(.automatic, for: Size(width: 181, height: 50)) == .hover)
        #expect(c.resolve(.automatic, for: Size(width: 150, height: 51)) == .hover)
        #expect(c.resolve(.lift, for: Size(width: 500, height: 500)) == .lift)
    }

    @Test func roundedRectRadiusClampsAndSquaresBecomeCircles() {
        let c = PointerRegionConfiguration()
        let p = Point(x: 10, y: 10)
        #expect(
            RegionInteraction.place(.roundedRect(width: 20, height: 20, radius: 15), at: p, defaultRadius: 0, configuration: c)
                == .circle(diameter: 20)
        )
        #expect(
            RegionInteraction.place(.roundedRect(width: 40, height: 20, radius: 15), at: p, defaultRadius: 0, configuration: c)
                == .roundedRect(Rect(x: -10, y: 0, width: 40, height: 20), radius: 10)
        )
        #expect(
            RegionInteraction.place(.roundedRect(width: 40, height: 20, radius: nil), at: p, defaultRadius: 8, configuration: c)
                == .roundedRect(Rect(x: -10, y: 0, width: 40, height: 20), radius: 8)
        )
        #expect(RegionInteraction.place(.verticalBeam(length: 4), at: p, defaultRadius: 0, configuration: c) == .verticalBeam(length: 10))
        #expect(RegionInteraction.place(.horizontalBeam(length: 400), at: p, defaultRadius: 0, configuration: c) == .horizontalBeam(length: 100))
    }
}
