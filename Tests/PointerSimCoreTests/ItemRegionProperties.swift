import PointerSimCore
import PointerSimTestSupport
import PropertyBased
import Testing

/// Regions that follow the selection and the resize gesture
/// (docs/Regions.md, "Regions that follow the selection").
@Suite struct ItemRegionProperties {
    static func handle(_ id: String, item: String, anchor: Point, axes: Axes, size: Size = Size(width: 12, height: 12)) -> ItemRegion {
        ItemRegion(
            region: SceneRegion(id: id, rect: .zero, latchingAxes: axes, style: PointerStyle(effect: .lift)),
            item: item,
            anchor: anchor,
            size: size,
            resizes: true
        )
    }

    static func scene(_ rects: [Rect]) -> SimulationScene {
        var scene = SimulationScene()
        scene.view.size = Size(width: 220, height: 220)
        scene.view.contentSize = Size(width: 220, height: 300)
        scene.items = rects.enumerated().map { SceneItem(id: "i\($0.offset)", rect: $0.element) }
        for item in scene.items {
            scene.itemRegions.append(handle(item.id + ".right", item: item.id, anchor: Point(x: 1, y: 0.5), axes: .horizontal))
            scene.itemRegions.append(handle(item.id + ".bottom", item: item.id, anchor: Point(x: 0.5, y: 1), axes: .vertical))
            scene.itemRegions.append(handle(item.id + ".left", item: item.id, anchor: Point(x: 0, y: 0.5), axes: .horizontal))
        }
        return scene
    }

    enum Step: Sendable {
        case move(Point)
        case press, release
        case modifiers(ModifierFlags)
        case key(Key)
        case scroll(Double)
    }

    static var step: Generator<Step, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...14), Gen<Point>.dragPoint, Gen<Int>.int(in: 0...31), Gen<Int>.int(in: -80...80)).map {
            (k: Int, p: Point, f: Int, s: Int) -> Step in
            switch k {
            case 0, 1: return .press
            case 2, 3: return .release
            case 4: return .modifiers(ModifierFlags(rawValue: UInt8(f)))
            case 5: return .key([Key.left, .right, .up, .down, .escape, .letter("a")][f % 6])
            case 6: return .scroll(Double(s))
            default: return .move(p)
            }
        }
    }

    /// Handles exist exactly while their item is selected, at the rect their
    /// anchor gives on the item's current rect; a resize changes only the
    /// latched axis of the handle dragging it; the band engine sees the new
    /// rect at once.
    @Test func handlesFollowTheSelectionAndResizesKeepTheOtherAxis() async {
        await propertyCheck(count: 120, input: Gen<Rect>.item.array(of: 0...12), Self.step.array(of: 1...50)) { (rects: [Rect], steps: [Step]) in
            let scene = Self.scene(rects)
            var sim = Simulator(scene: scene)
            var t = 0.0
            var current = rects
            for s in steps {
                t += 0.01
                let event: PointerEvent.Kind
                switch s {
                case .move(let p): event = .move(p)
                case .press: event = .press(.primary)
                case .release: event = .release(.primary)
                case .modifiers(let m): event = .modifiers(m)
                case .key(let k): event = .key(k)
                case .scroll(let d): event = .scroll(Vector(dx: 0, dy: d))
                }
                let latched = sim.regions.isLatched ? sim.regions.current : nil
                var out: [LogRecord] = []
                sim.process(PointerEvent(time: t, event), into: &out)
                for r in out {
                    guard case .itemGeometryChanged(let id, let rect) = r.event else { continue }
                    let i = Int(id.dropFirst())!
                    let before = current[i].standardized
                    // Only the latched handle's axis changes.
                    let axes = latched?.latchingAxes ?? .none
                    #expect(latched.map { $0.id.hasPrefix(id + ".") } == true)
                    if !axes.contains(.horizontal) { #expect(rect.minX == before.minX && rect.width == before.width) }
                    if !axes.contains(.vertical) { #expect(rect.minY == before.minY && rect.height == before.height) }
                    #expect(rect.width > 0 && rect.height >= 0)
                    current[i] = rect
                }
                // The engine has every rect the log gave.
                for (i, r) in current.enumerated() {
                    #expect(
                        sim.band.engine.rect(of: i) == r.standardized || sim.band.engine.rect(of: i) == r,
                        "\(i): \(r) engine \(sim.band.engine.rect(of: i)) after \(s); \(out.map(\.event))"
                    )
                }
                // Present exactly while selected, placed on the current rect.
                let present = Dictionary(uniqueKeysWithValues: sim.regions.itemRegions.map { ($0.region.id, $0.region.rect) })
                for h in scene.itemRegions {
                    let i = sim.itemIndex(of: h.item)!
                    if sim.selectionModel.isSelected(i) {
                        #expect(present[h.region.id] == h.rect(for: sim.band.engine.rect(of: i)))
                    } else {
                        #expect(present[h.region.id] == nil)
                        #expect(sim.regions.current?.id != h.region.id)
                    }
                }
            }
            // After the last release every rubber-banded size has settled.
            var out: [LogRecord] = []
            sim.process(PointerEvent(time: t + 0.01, .release(.primary)), into: &out)
            for (i, r) in scene.items.enumerated() {
                let now = sim.band.engine.rect(of: i)
                if now != r.rect.standardized && now != r.rect {
                    #expect(now.width >= 20 || now.width == r.rect.width)
                    #expect(now.maxX <= 220 || now.maxX == r.rect.maxX)
                }
            }
        }
    }

    /// A key that takes the dragged handle's item out of the selection ends
    /// the resize there, settled; the handle of another item that comes
    /// under the held pointer latches but resizes nothing (found by the
    /// property above, seed yd3yboWyPrWdTzuyusK4UQVkKY6R1AuRX/UM82M9R00=).
    @Test func aHandleThatGoesAwayDuringItsDragEndsItsResize() {
        let rects = [Rect(x: 0, y: 0, width: 0.5, height: 0.5), Rect(x: 0, y: 0, width: 0.5, height: 0.5)]
        var sim = Simulator(scene: Self.scene(rects))
        var t = 0.0
        func step(_ e: PointerEvent.Kind) -> [LogEvent] {
            t += 0.01
            var out: [LogRecord] = []
            sim.process(PointerEvent(time: t, e), into: &out)
            return out.map(\.event)
        }
        _ = step(.press(.primary)); _ = step(.move(Point(x: 0, y: 0)))  // a band selects both
        _ = step(.modifiers([.shift, .option, .command, .capsLock])); _ = step(.release(.primary))
        #expect(sim.selection == ["i0", "i1"])
        #expect(step(.press(.primary)) == [.regionLatched(region: "i1.left", axes: .horizontal)])
        let key = step(.key(.left))  // Shift+left: the range shrinks to i0, i1's handles go
        let changed = key.firstIndex { if case .itemGeometryChanged(item: "i1", _) = $0 { true } else { false } }
        let unlatched = key.firstIndex(of: .regionUnlatched(region: "i1.left"))
        #expect(changed != nil && unlatched != nil && changed! < unlatched!, "\(key)")
        #expect(key.contains(.regionLatched(region: "i0.left", axes: .horizontal)))
        let release = step(.release(.primary))
        #expect(!release.contains { if case .itemGeometryChanged = $0 { true } else { false } }, "\(release)")
        #expect(sim.band.engine.rect(of: 0) == rects[0])  // i0 was never pressed: not resized
    }

    /// The resize mapping: continuous and monotone in the pointer, the other
    /// axis unchanged, settled lengths within the limits, rubber-banded ones
    /// beyond them by less than the pull.
    /// Many item regions (over the few scanned, so indexed): the region
    /// under the pointer is the topmost whose rect contains it, as a scan
    /// of every region in scene order finds it (issue #37: the index made
    /// an input cost what is under the pointer).
    @Test func indexedItemRegionsAgreeWithAScan() async {
        await propertyCheck(count: 60, input: Gen<Rect>.item.array(of: 17...80), Gen<Point>.dragPoint.array(of: 1...40)) {
            (rects: [Rect], points: [Point]) in
            var ri = RegionInteraction(provider: SceneRegionProvider(regions: []))
            let regions = rects.enumerated().map { k, r in
                (region: PointerRegion(id: "h\(k % 7)", rect: r), source: SceneRegion(id: "h\(k % 7)", rect: r, style: PointerStyle(effect: .lift)))
            }
            ri.setItemRegions(regions, location: Point(x: -1e6, y: -1e6), modifiers: [], primaryHeld: false)
            for p in points {
                ri.update(location: p, modifiers: [], primaryHeld: false)
                let expected = regions.last { $0.region.rect.contains(p) }?.region
                #expect(ri.current == expected, "at \(p)")
            }
        }
    }

    @Test func resizeMapping() async {
        await propertyCheck(count: 300, input: Gen<Rect>.item, Gen<Int>.int(in: -400...400), Gen<Int>.int(in: 0...1)) {
            (r: Rect, d: Int, side: Int) in
            let h = Self.handle("h", item: "i", anchor: Point(x: Double(side), y: 0.5), axes: .horizontal)
            let bounds = Size(width: 300, height: 300)
            let c = PointerRegionConfiguration()
            let delta = Vector(dx: Double(d), dy: 17)
            let live = h.resized(r, by: delta, bounds: bounds, configuration: c)
            let settled = h.resized(r, by: delta, bounds: bounds, configuration: c, settled: true)
            let s = r.standardized
            for x in [live, settled] { #expect(x.minY == s.minY && x.height == s.height) }
            // The edge opposite the handle stays.
            if side == 1 { #expect(live.minX == s.minX) } else { #expect(abs(live.maxX - s.maxX) < 1e-9) }
            #expect(live.width > 0)
            let maximum = max(20, side == 1 ? 300 - s.minX : s.maxX)
            #expect(settled.width >= 20 - 1e-9 && settled.width <= maximum + 1e-9)
            let wanted = s.width + (side == 1 ? 1 : -1) * Double(d)
            if wanted >= 20 && wanted <= maximum { #expect(abs(live.width - wanted) < 1e-9 && abs(settled.width - wanted) < 1e-9) }
            if wanted > maximum { #expect(live.width >= maximum && live.width <= wanted) }
            if wanted < 20 { #expect(live.width <= 20 && live.width >= wanted) }
            // Monotone and continuous: one more point of pull moves the length by at most one point.
            let next = h.resized(r, by: Vector(dx: Double(d) + (side == 1 ? 1 : -1), dy: 0), bounds: bounds, configuration: c)
            #expect(next.width >= live.width - 1e-9 && next.width - live.width <= 1 + 1e-9)
        }
    }

    /// A handle that appears under a resting pointer is entered; one that
    /// disappears from under it is exited.
    @Test func appearingUnderARestingPointer() throws {
        var scene = Self.scene([Rect(x: 50, y: 50, width: 100, height: 60)])
        scene.selection.selectionFollowsFocus = true
        var sim = Simulator(scene: scene)
        #expect(try sim.play("0 move 149 80").isEmpty)
        let click = try sim.play("0.1 press primary\n0.2 release primary")
        #expect(click.map(\.event).contains(.regionEntered(region: "i0.right", effect: "lift")))
        #expect(click.last?.event == .regionEntered(region: "i0.right", effect: "lift"))
        let away = try sim.play("0.3 key escape\n0.4 move 10 10\n0.5 press primary")
        #expect(away.map(\.event).contains(.regionExited(region: "i0.right")))
        #expect(sim.regions.itemRegions.isEmpty)
    }
}

/// Dragging items (docs/Selection.md, "Dragging items").
@Suite struct ItemDragTests {
    @Test func aDragCarriesTheSelectionOrThePressedItem() throws {
        var scene = SimulationScene.default
        scene.selection.dragInteractionEnabled = true
        scene.initialSelection = ["r0c0", "r0c1"]
        var sim = Simulator(scene: scene)
        let out = try sim.play(
            """
            0 move 50 50
            0.1 press primary
            0.2 move 70 90
            0.3 cancel
            0.4 release primary
            0.5 move 50 150
            0.6 press primary
            0.7 move 55 150
            0.8 release primary
            """
        ).map(\.event)
        #expect(
            out == [
                .dragBegan(point: Point(x: 50, y: 50), items: ["r0c0", "r0c1"]),
                .dragMoved(point: Point(x: 70, y: 90), offset: Vector(dx: 20, dy: 40)),
                .dragEnded(point: Point(x: 70, y: 90), offset: Vector(dx: 20, dy: 40), items: ["r0c0", "r0c1"], cancelled: true),
                .dragBegan(point: Point(x: 50, y: 150), items: ["r1c0"]),
                .dragMoved(point: Point(x: 55, y: 150), offset: Vector(dx: 5, dy: 0)),
                .dragEnded(point: Point(x: 55, y: 150), offset: Vector(dx: 5, dy: 0), items: ["r1c0"], cancelled: false),
            ]
        )
        #expect(sim.selection == ["r0c0", "r0c1"])
    }

    /// Each motion during a drag logs where the items are: the pointer's
    /// offset from the press point.
    @Test func theItemsFollowThePointer() throws {
        var scene = SimulationScene.default
        scene.selection.dragInteractionEnabled = true
        var sim = Simulator(scene: scene)
        let out = try sim.play(
            """
            0 move 50 50
            0.1 press primary
            0.2 move 60 50
            0.3 move 80 70
            0.4 release primary
            0.5 move 90 90
            """
        ).map(\.event)
        #expect(
            out == [
                .dragBegan(point: Point(x: 50, y: 50), items: ["r0c0"]),
                .dragMoved(point: Point(x: 60, y: 50), offset: Vector(dx: 10, dy: 0)),
                .dragMoved(point: Point(x: 80, y: 70), offset: Vector(dx: 30, dy: 20)),
                .dragEnded(point: Point(x: 80, y: 70), offset: Vector(dx: 30, dy: 20), items: ["r0c0"], cancelled: false),
            ]
        )
    }
}

/// Presentation over time (docs/Regions.md, "Presentation over time").
@Suite struct PresentationProperties {
    /// At an instant without pointer motion the presented pointer does not
    /// jump (its centre, the content offset and, unless a path or hidden
    /// shape is involved, its shape), except where a band begins or ends.
    @Test func presentedStateIsContinuousExceptAtCuts() async {
        await propertyCheck(count: 100, input: Gen<Rect>.item.array(of: 0...6), ItemRegionProperties.step.array(of: 1...50), Gen<Int>.int(in: 1...30))
        {
            (rects: [Rect], steps: [ItemRegionProperties.Step], gap: Int) in
            var scene = ItemRegionProperties.scene(rects)
            scene.regionConfiguration.animation = .standard
            scene.regions = [
                SceneRegion(
                    id: "b",
                    rect: Rect(x: 20, y: 20, width: 40, height: 30),
                    style: PointerStyle(effect: .highlight, accessories: [.arrow(AccessoryPosition(angle: 0))])
                ),
                SceneRegion(
                    id: "t",
                    rect: Rect(x: 120, y: 150, width: 80, height: 20),
                    style: PointerStyle(shape: .verticalBeam(length: 16), constrainedAxes: .vertical)
                ),
            ]
            var sim = Simulator(scene: scene, options: SimulationOptions(verbose: true))
            var t = 0.0
            for s in steps {
                t += Double(gap) / 100
                let event: PointerEvent.Kind
                var motion = false
                switch s {
                case .move(let p): event = .move(p); motion = true
                case .press: event = .press(.primary)
                case .release: event = .release(.primary)
                case .modifiers(let m): event = .modifiers(m)
                case .key(let k): event = .key(k)
                case .scroll(let d): event = .scroll(Vector(dx: 0, dy: d)); motion = true
                }
                let before = sim.animator.frame(at: t, target: sim.pointerFrame, configuration: scene.regionConfiguration)
                var out: [LogRecord] = []
                sim.process(PointerEvent(time: t, event), into: &out)
                guard !motion else { continue }
                // Autoscroll steps move the content: motion too.
                if out.contains(where: {
                    if case .bandBegan = $0.event {
                        true
                    } else if case .bandEnded = $0.event {
                        true
                    } else if case .bandSelecting = $0.event {
                        true
                    } else {
                        false
                    }
                }) {
                    continue
                }
                guard case .pointer(let after)? = out.last?.event else { Issue.record("no pointer record"); continue }
                #expect(abs(after.presented.x - before.presented.x) < 1e-9 && abs(after.presented.y - before.presented.y) < 1e-9, "\(s)")
                #expect(abs(after.content.dx - before.content.dx) < 1e-9 && abs(after.content.dy - before.content.dy) < 1e-9)
                switch (before.shape, after.shape) {
                case (.path, _), (_, .path), (.hidden, _), (_, .hidden): break
                default: #expect(before.shape == after.shape, "\(s): \(before.shape) → \(after.shape)")
                }
            }
        }
    }

    /// After the last input, `finish` samples a transition still running to
    /// its end, on the frame grid, and records the frame it rests at when it
    /// ends; without frames, or with nothing animating, it records nothing.
    @Test func finishSamplesTheLastTransitionToItsEnd() {
        var scene = SimulationScene()
        scene.regionConfiguration.animation = .standard  // 0.2 s, accessories 0.25 s
        scene.regions = [
            SceneRegion(
                id: "b",
                rect: Rect(x: 20, y: 20, width: 40, height: 30),
                style: PointerStyle(effect: .highlight, accessories: [.arrow(AccessoryPosition(angle: 0))])
            )
        ]
        let events = [PointerEvent(time: 0.1, .move(Point(x: 200, y: 200))), PointerEvent(time: 0.5, .move(Point(x: 40, y: 35)))]
        let dt = 1.0 / 60
        var sim = Simulator(scene: scene, options: SimulationOptions(verbose: true, frameInterval: dt))
        _ = sim.process(events)
        var out: [LogRecord] = []
        sim.finish(into: &out)
        #expect(out.count == 15)  // the grid points 31/60 … 44/60, then 0.75
        var last = 0.5
        for r in out {
            guard case .pointer = r.event else { Issue.record("not a pointer record: \(r)"); continue }
            #expect(r.time > last)
            last = r.time
        }
        for r in out.dropLast() { #expect(abs((r.time / dt).rounded() * dt - r.time) < 1e-9, "\(r.time) is off the grid") }
        #expect(abs(out.last!.time - 0.75) < 1e-12)
        guard case .pointer(let rest)? = out.last?.event else { return }
        #expect(rest == sim.pointerFrame && rest.accessoryAlphas.allSatisfy { $0 == 1 })
        guard case .pointer(let mid)? = out.first?.event else { return }
        #expect(mid != sim.pointerFrame)  // still moving at the first sample
        var again: [LogRecord] = []
        sim.finish(into: &again)
        #expect(again.isEmpty)  // nothing animates any more

        var plain = Simulator(scene: scene, options: SimulationOptions(verbose: true))
        _ = plain.process(events)
        var none: [LogRecord] = []
        plain.finish(into: &none)
        #expect(none.isEmpty)
    }

    @Test func curvesRunFromZeroToOne() {
        for c in PointerAnimation.Curve.allCases {
            #expect(c.progress(0) == 0 && c.progress(1) == 1 && c.progress(2) == 1)
            var last = 0.0
            for k in 1...100 { let p = c.progress(Double(k) / 100); #expect(p >= last); last = p }
        }
    }
}
