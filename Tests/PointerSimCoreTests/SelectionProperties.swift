import PointerSimCore
import PropertyBased
import Testing

/// Properties of the whole selection model: the library's diffs compose, the
/// engine stays exact when items change, and the simulator's clicks, keys and
/// context menus keep their definitions on random sessions.
@Suite struct SelectionProperties {
    // MARK: The library: every diff, applied in order, gives the selection

    enum Op: Sendable {
        case press(Point, ModifierFlags)
        case move(Point)
        case release, cancel
        case select([Int])
        case selectAll
        case insert(Rect)
        case remove(Int)
        case setRect(Int, Rect)
        case relayout
    }

    static var op: Generator<Op, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...16), Gen<Point>.dragPoint, Gen<Rect>.item, Gen<Int>.int(in: 0...60)).map {
            (k: Int, p: Point, r: Rect, n: Int) -> Op in
            switch k {
            case 0, 1: return .press(p, [[], .shift, .command, .control, [.shift, .command]][n % 5])
            case 2: return .release
            case 3: return .cancel
            case 4: return .select([n, n / 2, n / 3])
            case 5: return .selectAll
            case 6: return .insert(r)
            case 7: return .remove(n)
            case 8: return .setRect(n, r)
            case 9: return .relayout
            default: return .move(p)
            }
        }
    }

    @Test func interactionDiffsComposeAndStayExactWhenItemsChange() async {
        await propertyCheck(count: 150, input: Gen<Rect>.item.array(of: 0...40), Self.op.array(of: 1...40), Gen<Int>.int(in: 0...2), Gen<Bool>.bool) {
            (rects: [Rect], ops: [Op], profileIndex: Int, contains: Bool) in
            var config = BandConfiguration()
            config.profile = [BandProfile.uikit, .qtGraphicsView, .gtk][profileIndex]
            config.hitRule = contains ? .contains : .intersects
            var band = BandSelectionInteraction(items: rects, configuration: config)
            var sel = SelectionModel(count: rects.count, selected: Array(stride(from: 0, to: rects.count, by: 3)))
            var model = Set(sel.selectedItems)
            var items = rects
            var removed = Set<Int>()
            func apply(_ d: SelectionDiff) {
                #expect(Set(d.added).isDisjoint(with: model) && Set(d.removed).isSubset(of: model))
                #expect(d.added == d.added.sorted() && d.removed == d.removed.sorted())
                model.subtract(d.removed); model.formUnion(d.added)
            }
            for op in ops {
                switch op {
                case .press(let p, let m): if let u = band.press(at: p, modifiers: m, selection: &sel) { apply(u.diff) }
                case .move(let p): if let u = band.move(to: p, selection: &sel) { apply(u.diff) }
                case .release: if let u = band.release(modifiers: [], selection: &sel) { apply(u.diff) }
                case .cancel: if let u = band.cancel(selection: &sel) { apply(u.diff) }
                case .select(let s): apply(sel.setSelection(s.filter { $0 < items.count }, band: band.engine))
                case .selectAll: apply(sel.selectAll(band: band.engine))
                case .insert(let r):
                    let (i, d) = band.insertItem(r, selection: &sel)
                    #expect(i == items.count)
                    items.append(r); apply(d)
                case .remove(let n):
                    guard !items.isEmpty else { continue }
                    let i = n % items.count
                    apply(band.removeItem(i, selection: &sel)); removed.insert(i)
                case .setRect(let n, let r):
                    guard !items.isEmpty else { continue }
                    let i = n % items.count
                    apply(band.setRect(r, ofItem: i, selection: &sel))
                    if !removed.contains(i) { items[i] = r }
                case .relayout:
                    // Everything moves right by 7 points.
                    let moved = band.engine.items.map { $0.offsetBy(Vector(dx: 7, dy: 0)) }
                    apply(band.relayout(moved, selection: &sel))
                    for i in items.indices where !removed.contains(i) { items[i] = moved[i] }
                }
                #expect(model == Set(sel.selectedItems))
                band.engine._checkInvariants(sel)
                #expect(model.isDisjoint(with: removed))
                // The band's hits equal a scan of the current items.
                if let r = band.selectionRect {
                    let hits = Set(items.indices.filter { !removed.contains($0) && config.hitRule.hits(item: items[$0], band: band.hitRect(r)) })
                    #expect(Set(band.engine.inRect.members) == hits)
                }
                // The hit test sees moved and inserted items and never removed ones.
                for i in items.indices where !removed.contains(i) && items[i].width > 0 && items[i].height > 0 {
                    #expect(band.engine.item(at: items[i].center).map { !removed.contains($0) && items[$0].contains(items[i].center) } == true)
                }
            }
        }
    }

    // MARK: The simulator: clicks, keys and context menus on random sessions

    enum Step: Sendable {
        case move(Point)
        case press(PointerButton)
        case release(PointerButton)
        case modifiers(ModifierFlags)
        case key(Key)
        case cancel
    }

    static let keys: [Key] = [.left, .right, .up, .down, .space, .return, .escape, .tab, .letter("a")]

    static var step: Generator<Step, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...15), Gen<Point>.dragPoint, Gen<Int>.int(in: 0...31), Gen<Int>.int(in: 0...2)).map {
            (k: Int, p: Point, f: Int, b: Int) -> Step in
            switch k {
            case 0, 1: return .press([PointerButton.primary, .primary, .secondary][b])
            case 2: return .release([PointerButton.primary, .primary, .secondary][b])
            case 3: return .modifiers(ModifierFlags(rawValue: UInt8(f & 15)))
            case 4, 5, 6: return .key(Self.keys[f % Self.keys.count])
            case 7: return .cancel
            default: return .move(p)
            }
        }
    }

    @Test func focusRangesContextMenusAndTheLogAreConsistent() async {
        await propertyCheck(
            count: 150,
            input: Gen<Rect>.item.array(of: 1...30),
            Self.step.array(of: 1...50),
            Gen<Int>.int(in: 0...2),
            Gen<Int>.int(in: 0...15)
        ) {
            (rects: [Rect], steps: [Step], profileIndex: Int, options: Int) in
            var scene = SimulationScene()
            scene.view.size = Size(width: 220, height: 220)
            scene.items = rects.enumerated().map { SceneItem(id: "i\($0.offset)", rect: $0.element) }
            scene.band.profile = [BandProfile.uikit, .qtGraphicsView, .gtk][profileIndex]
            scene.selection.multiple = options & 1 == 0
            scene.selection.selectionFollowsFocus = options & 2 != 0
            scene.selection.editing = options & 4 != 0
            scene.regions = [SceneRegion(id: "button", rect: Rect(x: 180, y: 180, width: 30, height: 30), style: PointerStyle(effect: .highlight))]
            let ids = scene.items.map(\.id)
            var sim = Simulator(scene: scene)
            var selection = Set<String>()
            var t = 0.0
            var focusSeen = false
            for s in steps {
                t += 0.01
                let kind: PointerEvent.Kind
                switch s {
                case .move(let p): kind = .move(p)
                case .press(let b): kind = .press(b)
                case .release(let b): kind = .release(b)
                case .modifiers(let m): kind = .modifiers(m)
                case .key(let k): kind = .key(k)
                case .cancel: kind = .cancel
                }
                let before = sim.selection
                // (GTK picks with the max edges included.)
                let closed = scene.band.profile.clicks.pressHitsMaxEdges
                let item = sim.band.engine.item(at: sim.contentPoint, closed: closed)
                let offsetBefore = sim.contentOffset
                let anchorBefore = sim.selectionModel.anchor, focusBefore = sim.selectionModel.focus
                var out: [LogRecord] = []
                sim.process(PointerEvent(time: t, kind), into: &out)
                for r in out {
                    switch r.event {
                    case .selectionChanged(_, let added, let removed), .bandSelecting(_, let added, let removed):
                        // Diffs compose over clicks, keys and bands alike.
                        #expect(Set(added).isDisjoint(with: selection) && Set(removed).isSubset(of: selection))
                        selection.subtract(removed); selection.formUnion(added)
                        #expect(Array(added) == added.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! })
                    case .bandEnded(_, let final, _):
                        selection = Set(final)
                    case .focusMoved(let id):
                        #expect(ids.contains(id))
                        focusSeen = true
                    case .contextMenuRequested(let point, let items):
                        // No items for empty space; the clicked item alone when it is not
                        // selected; the whole selection when it is (after Qt selects it).
                        // All at the press: autoscroll steps due before it (during a band)
                        // come first and may scroll another item, or none, under the
                        // pointer and change the band's selection, so when they scrolled,
                        // the item and selection before this step are not the press's.
                        let now = sim.selection
                        let scrolled = sim.contentOffset != offsetBefore
                        #expect(point == sim.contentPoint)
                        let target = scrolled ? sim.band.engine.item(at: point, closed: closed) : item
                        if !scrolled { #expect(sim.band.engine.item(at: point, closed: closed) == item) }
                        // Without Qt's selecting, the context click changes nothing, so the
                        // selection at the press is the one after it. Qt does not select
                        // while a band is active (the band owns the selection).
                        let atPress = scrolled ? now : before
                        let selects = scene.band.profile.clicks.contextClickSelects && !sim.band.isActive
                        if let i = target {
                            if selects {
                                #expect(Array(items) == now && now.contains(ids[i]))
                            } else if atPress.contains(ids[i]) {
                                #expect(Array(items) == atPress)
                            } else {
                                #expect(items == [ids[i]])
                            }
                            if !selects { #expect(now == atPress) }
                        } else {
                            #expect(items.isEmpty)
                        }
                        if !selects {
                            #expect(!out.contains { if case .selectionChanged = $0.event { true } else { false } })
                        }
                    default: break
                    }
                }
                // Focus, once given, is always on an item.
                if focusSeen { #expect(sim.selectionModel.focus.map { rects.indices.contains($0) } == true) }
                // Shift+arrow selects exactly the anchor-to-focus interval (scene order).
                // (Qt and GTK: Shift alone; Qt's range keeps what earlier toggles
                // selected; GTK's needs an anchor.)
                let rules = scene.band.profile.clicks, held = sim.modifiers.subtracting(.capsLock)
                let shiftRange = rules.keyBindingsAreExact || rules.toggleArrow != .asPlain ? held == .shift : held.contains(.shift)
                if case .key(let k) = s, [Key.left, .right, .up, .down].contains(k), shiftRange, !(rules.rangeNeedsAnchor && anchorBefore == nil),
                    scene.selection.multiple, !sim.band.isActive, !sim.band.isPending, let f = sim.selectionModel.focus,
                    let a = sim.selectionModel.anchor, f != focusBefore
                {
                    #expect(a == (anchorBefore ?? focusBefore ?? f))
                    let span = Array(Swift.min(a, f)...Swift.max(a, f))
                    if rules.rangeKeepsOtherSelection {
                        #expect(Set(span).isSubset(of: sim.selectionModel.selectedItems))
                    } else {
                        #expect(sim.selectionModel.selectedItems == span)
                    }
                }
                if !sim.band.isActive { #expect(selection == Set(sim.selection)) }
            }
        }
    }
}
