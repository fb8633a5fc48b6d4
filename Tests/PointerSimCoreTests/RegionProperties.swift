import PointerSimCore
import PointerSimTestSupport
import PropertyBased
import Testing

/// Properties of pointer regions (docs/Regions.md) over random scenes and sessions.
@Suite struct RegionProperties {
    enum Step: Sendable {
        case move(Point)
        case press, release
        case modifiers(ModifierFlags)
        case invalidate(Int)
    }

    static var step: Generator<Step, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...12), Gen<Int>.int(in: 0...300), Gen<Int>.int(in: 0...300), Gen<Int>.int(in: 0...15)).map {
            (k: Int, x: Int, y: Int, f: Int) -> Step in
            switch k {
            case 0, 1: return .press
            case 2, 3: return .release
            case 4: return .modifiers(ModifierFlags(rawValue: UInt8(f & 3)))
            case 5: return .invalidate(f % 6)
            default: return .move(Point(x: Double(x) + 0.25, y: Double(y) + 0.5))
            }
        }
    }

    /// A random region: rect on a 300 × 300 view, latching axes, effect.
    static var region: Generator<SceneRegion, some Sequence & SendableMetatype> {
        zip(
            Gen<Int>.int(in: 0...260),
            Gen<Int>.int(in: 0...260),
            Gen<Int>.int(in: 4...160),
            Gen<Int>.int(in: 4...160),
            Gen<Int>.int(in: 0...3),
            Gen<Int>.int(in: 0...6)
        )
        .map { (x: Int, y: Int, w: Int, h: Int, latch: Int, e: Int) -> SceneRegion in
            let effect = PointerEffect.allCases[e]
            return SceneRegion(
                id: "r",
                rect: Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)),
                latchingAxes: Axes(rawValue: UInt8(latch)),
                style: PointerStyle(effect: effect),
                modifierStyles: [ModifierStyle(modifiers: .shift, style: PointerStyle(effect: .hover))]
            )
        }
    }

    static func events(_ steps: [Step]) -> [PointerEvent] {
        var t = 0.0
        return steps.map { s in
            t += 0.01
            switch s {
            case .move(let p): return PointerEvent(time: t, .move(p))
            case .press: return PointerEvent(time: t, .press(.primary))
            case .release: return PointerEvent(time: t, .release(.primary))
            case .modifiers(let m): return PointerEvent(time: t, .modifiers(m))
            case .invalidate(let i): return PointerEvent(time: t, .invalidate("r\(i)"))
            }
        }
    }

    static func scene(_ regions: [SceneRegion]) -> SimulationScene {
        var s = SimulationScene()
        s.view.size = Size(width: 300, height: 300)
        s.view.contentSize = s.view.size
        s.band.isEnabled = false
        s.regions = regions.enumerated().map {
            var r = $0.element; r.id = "r\($0.offset)"; return r
        }
        return s
    }

    // MARK: rubber-banding

    @Test func rubberBandIsOddMonotonicBelowDWithSlopeC() async {
        await propertyCheck(
            count: 300,
            input: Gen<Double>.double(in: -1e4...1e4),
            Gen<Double>.double(in: 0...1e4),
            Gen<Double>.double(in: 0.5...500),
            Gen<Double>.double(in: 0.05...2)
        ) { x, dx, d, c in
            #expect(rubberBand(-x, d, c) == -rubberBand(x, d, c))
            #expect(rubberBand(x + dx, d, c) >= rubberBand(x, d, c))
            #expect(abs(rubberBand(x, d, c)) < d)
            #expect(abs(rubberBand(x, d, c)) <= abs(x) * c + 1e-9)
            let h = d * 1e-7
            #expect(abs(rubberBand(h, d, c) / h - c) < 1e-5)
        }
    }

    // MARK: slip

    @Test func unlatchedPresentedCentreStaysWithinSlip() async {
        await propertyCheck(count: 150, input: Self.region.array(of: 1...6), Self.step.array(of: 1...40)) { regions, steps in
            let scene = Self.scene(regions)
            var sim = Simulator(scene: scene)
            var out: [LogRecord] = []
            for e in Self.events(steps) {
                sim.process(e, into: &out)
                guard let r = sim.regions.current, !sim.regions.isLatched, sim.regions.recentredAxes.isEmpty else { continue }
                let f = sim.pointerFrame
                guard let p = scene.regionConfiguration.parameters(sim.regions.effect), !p.pointerIsFree else {
                    #expect(f.presented == f.model)
                    continue
                }
                for axis in Axis.allCases {
                    let slip = (r.rect.length(axis) * p.slipFactor[axis]).clamped(to: 0, p.maxSlip)
                    #expect(abs(f.presented[axis] - r.rect.mid(axis)) <= slip + 1e-9, "\(r) \(axis)")
                }
            }
        }
    }

    // MARK: latching and enter/exit

    @Test func latchedRegionIsNeverExitedWhileHeldAndEnterExitAlternate() async {
        await propertyCheck(count: 200, input: Self.region.array(of: 1...6), Self.step.array(of: 1...60)) { regions, steps in
            var sim = Simulator(scene: Self.scene(regions))
            var inside: [String: Bool] = [:]
            var latched: String? = nil
            var current: String? = nil
            var out: [LogRecord] = []
            for e in Self.events(steps) {
                out.removeAll()
                sim.process(e, into: &out)
                var invalidated: String? = nil
                if case .invalidate(let id) = e.kind { invalidated = id }
                for r in out {
                    switch r.event {
                    case .regionEntered(let id, _):
                        #expect(inside[id] != true, "entered twice: \(id)")
                        #expect(current == nil)
                        #expect(latched == nil)
                        inside[id] = true; current = id
                    case .regionExited(let id):
                        #expect(inside[id] == true, "exited without entering: \(id)")
                        #expect(latched == nil || invalidated == id, "latched \(id) exited while held")
                        inside[id] = false; current = nil; latched = nil
                    case .regionLatched(let id, _):
                        #expect(current == id)
                        #expect(sim.buttons.contains(.primary))
                        latched = id
                    case .regionUnlatched(let id):
                        #expect(latched == id)
                        #expect(!sim.buttons.contains(.primary) || invalidated == id)
                        latched = nil
                    case .regionStyleChanged(let id):
                        #expect(current == id)
                    default: break
                    }
                }
                #expect(current == sim.regions.current?.id)
                // Unpressed, after an update (a release without a press is ignored
                // entirely), the current region is exactly the topmost one under the pointer.
                if !sim.buttons.contains(.primary), case .release = e.kind {
                } else if !sim.buttons.contains(.primary) {
                    let top = sim.scene.regions.lastIndex { $0.rect.contains(sim.contentPoint) }.map { sim.scene.regions[$0].id }
                    #expect(current == top)
                }
            }
        }
    }

    // MARK: the index (scale)

    @Test func indexedProviderAgreesWithAScan() async {
        await propertyCheck(count: 100, input: Self.region.array(of: 0...80), Gen<Int>.int(in: -10...310).array(of: 60...60)) { regions, coords in
            let named = Self.scene(regions).regions
            let indexed = SceneRegionProvider(regions: named), scanned = SceneRegionProvider(regions: named, usesIndex: false)
            for k in stride(from: 0, to: coords.count - 1, by: 2) {
                let q = PointerRegionRequest(location: Point(x: Double(coords[k]) + 0.5, y: Double(coords[k + 1])), modifiers: [])
                let a = indexed.region(for: q), b = scanned.region(for: q)
                #expect(a == b)
                if let a { #expect(a.rect.contains(q.location)) }
            }
        }
    }

    // MARK: shapes and accessories

    static var shape: Generator<PointerShape, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...4), Gen<Double>.double(in: 1...120), Gen<Double>.double(in: 1...120), Gen<Double>.double(in: 0...70))
            .map { (k: Int, a: Double, b: Double, r: Double) -> PointerShape in
                switch k {
                case 0: return .circle(diameter: a)
                case 1: return .roundedRect(width: a, height: b, radius: r)
                case 2: return .verticalBeam(length: a)
                case 3: return .horizontalBeam(length: a)
                default: return .path([Point(x: 0, y: -b / 2), Point(x: a / 2, y: b / 2), Point(x: -a / 2, y: b / 2)])
                }
            }
    }

    /// "an offset from the pointer's midpoint and an angle from the top"
    /// (docs/UIKitSources.md): the accessory's centre is the presented
    /// pointer's centre plus dir(θ) · max(0, offset), whatever the shape, the
    /// effect or the accessory.
    @Test func accessoryCentreIsTheMidpointPlusTheOffsetAlongTheAngle() async {
        await propertyCheck(
            count: 200,
            input: Self.shape,
            Gen<Double>.double(in: 0...(2 * Double.pi)),
            Gen<Double>.double(in: -20...40),
            Gen<Int>.int(in: 0...3),
            Gen<Int>.int(in: 0...4)
        ) {
            shape,
            theta,
            offset,
            accessoryKind,
            effectIndex in
            let effect: PointerEffect = [.highlight, .lift, .hover, .system, .none][effectIndex]
            let accessory: PointerAccessory
            switch accessoryKind {
            case 0: accessory = .arrow(AccessoryPosition(offset: offset, angle: theta))
            case 1: accessory = PointerAccessory(shape: .custom(.circle(diameter: 6)), position: AccessoryPosition(offset: offset, angle: theta))
            case 2:
                accessory = PointerAccessory(
                    shape: .custom(.roundedRect(width: 10, height: 4, radius: 1)),
                    position: AccessoryPosition(offset: offset, angle: theta)
                )
            default:
                accessory = PointerAccessory(
                    shape: .custom(.path([Point(x: 0, y: -3), Point(x: 3, y: 3), Point(x: -3, y: 3)])),
                    position: AccessoryPosition(offset: offset, angle: theta),
                    orientationMatchesAngle: true
                )
            }
            var scene = Self.scene([
                SceneRegion(
                    id: "x",
                    rect: Rect(x: 100, y: 100, width: 80, height: 60),
                    style: PointerStyle(effect: effect, shape: effect == .system ? nil : shape, accessories: [accessory])
                )
            ])
            scene.view.size = Size(width: 400, height: 400)
            var sim = Simulator(scene: scene)
            _ = sim.process([PointerEvent(time: 0, .move(Point(x: 130, y: 150)))])
            let f = sim.pointerFrame
            #expect(f.accessories.count == 1)
            guard let a = f.accessories.first else { return }
            let u = Vector.direction(clockwiseFromTop: theta)
            let expected = f.presented + u * Swift.max(0, offset)
            #expect(abs(a.center.x - expected.x) < 1e-9 && abs(a.center.y - expected.y) < 1e-9)
            #expect(a.angle == (accessory.orientationMatchesAngle ? theta : 0))
        }
    }

    /// The case: on the system pointer at (200, 200) an accessory at
    /// offset 0, angle 0 sits on the midpoint (the outline rule put it at
    /// (200, 187.5)); the predefined positions sit at the default offset, 20.
    @Test func accessoriesOnTheSystemPointerSitAroundItsMidpoint() throws {
        let accessories: [PointerAccessory] = [
            .arrow(AccessoryPosition(offset: 0, angle: 0)), .arrow(AccessoryPosition.named("right")!),
            PointerAccessory(shape: .custom(.circle(diameter: 6)), position: AccessoryPosition.named("bottom")!),
        ]
        let scene = Self.scene([
            SceneRegion(id: "x", rect: Rect(x: 100, y: 100, width: 200, height: 200), style: PointerStyle(effect: .system, accessories: accessories))
        ])
        var sim = Simulator(scene: scene)
        try sim.play("0 move 200 200")
        let centres = sim.pointerFrame.accessories.map(\.center)
        let expected = [Point(x: 200, y: 200), Point(x: 220, y: 200), Point(x: 200, y: 220)]
        #expect(centres.count == 3)
        for (c, e) in zip(centres, expected) { #expect(abs(c.x - e.x) < 1e-9 && abs(c.y - e.y) < 1e-9, "\(c) is not \(e)") }
        #expect(PointerRegionConfiguration().defaultAccessoryOffset == 20)
    }

    @Test func atMostFourAccessoriesAreUsed() throws {
        let many = (0..<7).map { PointerAccessory.arrow(AccessoryPosition(angle: Double($0))) }
        let scene = Self.scene([
            SceneRegion(id: "x", rect: Rect(x: 0, y: 0, width: 100, height: 100), style: PointerStyle(effect: .highlight, accessories: many))
        ])
        var sim = Simulator(scene: scene)
        try sim.play("0 move 50 50")
        #expect(sim.pointerFrame.accessories.count == 4)
    }
}
