import PointerSimCore
import PointerSimTestSupport
import Testing

@Suite struct SelectionTests {
    /// A 3 × 2 grid of 10 × 10 items at pitch 20.
    let grid: [Rect] = (0..<6).map { (i: Int) -> Rect in
        let col = Double(20 * (i % 3)), row = Double(20 * (i / 3))
        return Rect(x: col, y: row, width: 10, height: 10)
    }

    @Test func arrowsGoToTheNearestItemInThatDirection() {
        #expect(SelectionController.nearest(from: 0, direction: .right, items: grid) == 1)
        #expect(SelectionController.nearest(from: 0, direction: .down, items: grid) == 3)
        #expect(SelectionController.nearest(from: 0, direction: .left, items: grid) == nil)
        #expect(SelectionController.nearest(from: 5, direction: .up, items: grid) == 2)
        #expect(SelectionController.nearest(from: 4, direction: .left, items: grid) == 3)
        // Removed items are skipped.
        #expect(SelectionController.nearest(from: 0, direction: .right, items: grid, isRemoved: { $0 == 1 }) == 2)
    }

    @Test func clicksPerToolkit() {
        let band = BandSelectionInteraction(items: grid)
        var sel = SelectionModel(count: grid.count)
        var ui = SelectionController(rules: .uikit)
        var out = ui.click(item: 1, modifiers: [], time: 0, point: .zero, selection: &sel, band: band)
        #expect(out == [SelectionEvent]([.changed(cause: .click, diff: SelectionDiff(added: [1])), .focusMoved(1), .primaryAction(1)]))
        out = ui.click(item: 4, modifiers: .shift, time: 1, point: .zero, selection: &sel, band: band)
        #expect(out == [SelectionEvent]([.changed(cause: .click, diff: SelectionDiff(added: [2, 3, 4])), .focusMoved(4)]))
        #expect(sel.anchor == 1 && sel.selectedItems == [1, 2, 3, 4])
        out = ui.click(item: 2, modifiers: .command, time: 2, point: .zero, selection: &sel, band: band)
        #expect(out == [SelectionEvent]([.changed(cause: .click, diff: SelectionDiff(removed: [2])), .focusMoved(2)]))
        // A context click on a selected item targets the selection; on another, that item alone.
        #expect(
            ui.contextClick(item: 3, point: Point(x: 1, y: 2), selection: &sel, band: band) == [
                .contextMenu(point: Point(x: 1, y: 2), items: [1, 3, 4])
            ]
        )
        #expect(ui.contextClick(item: 5, point: .zero, selection: &sel, band: band) == [SelectionEvent]([.contextMenu(point: .zero, items: [5])]))
        #expect(ui.contextClick(item: nil, point: .zero, selection: &sel, band: band) == [SelectionEvent]([.contextMenu(point: .zero, items: [])]))
        #expect(sel.selectedItems == [1, 3, 4])
        // A plain UIKit click adds or removes its item; the primary action only
        // when it selects a single item without extending a selection.
        #expect(
            ui.click(item: 0, modifiers: [], time: 3, point: .zero, selection: &sel, band: band)
                == [SelectionEvent]([.changed(cause: .click, diff: SelectionDiff(added: [0])), .focusMoved(0)])
        )
        #expect(
            ui.click(item: 0, modifiers: [], time: 4, point: .zero, selection: &sel, band: band)
                == [SelectionEvent]([.changed(cause: .click, diff: SelectionDiff(removed: [0]))])
        )
        // Qt selects the right-clicked item first, and double clicks activate.
        var qt = SelectionController(rules: BandProfile.qtItemView.clicks)
        #expect(
            qt.contextClick(item: 5, point: .zero, selection: &sel, band: band).first
                == SelectionEvent.changed(cause: .click, diff: SelectionDiff(added: [5], removed: [1, 3, 4]))
        )
        _ = qt.click(item: 0, modifiers: [], time: 10, point: Point(x: 5, y: 5), selection: &sel, band: band)
        #expect(
            qt.click(item: 0, modifiers: [], time: 10.3, point: Point(x: 8, y: 9), selection: &sel, band: band) == [SelectionEvent.primaryAction(0)]
        )
        _ = qt.click(item: 0, modifiers: [], time: 11, point: Point(x: 5, y: 5), selection: &sel, band: band)
        #expect(qt.click(item: 0, modifiers: [], time: 11.5, point: Point(x: 5, y: 5), selection: &sel, band: band).isEmpty)  // too slow
    }

    @Test func shouldBeginSeesTheModifiers() {
        var band = BandSelectionInteraction(items: grid)
        var sel = SelectionModel(count: grid.count)
        band.shouldBeginWithModifiers = { _, m in !m.contains(.option) }
        #expect(band.press(at: Point(x: 15, y: 15), modifiers: .option, selection: &sel) == nil)
        #expect(band.press(at: Point(x: 15, y: 15), modifiers: .shift, selection: &sel)?.mode == .add)
    }

    @Test func itemsChangeAfterCreationWithBandsOverThem() {
        var band = BandSelectionInteraction(items: grid)
        var sel = SelectionModel(count: grid.count, selected: [0])
        #expect(sel.selectAll().added == [1, 2, 3, 4, 5])
        #expect(band.removeItem(5, selection: &sel) == SelectionDiff(removed: [5]))
        #expect(sel.setSelection([]).removed == [0, 1, 2, 3, 4])
        let (i, d) = band.insertItem(Rect(x: 100, y: 100, width: 10, height: 10), selection: &sel)
        #expect(i == 6 && d.isEmpty)
        _ = band.press(at: Point(x: 95, y: 95), modifiers: [], selection: &sel)
        #expect(band.move(to: Point(x: 105, y: 105), selection: &sel)?.diff.added == [6])
        // Moving an item under the band selects it at once; moving it away deselects it.
        #expect(band.setRect(Rect(x: 96, y: 96, width: 2, height: 2), ofItem: 0, selection: &sel) == SelectionDiff(added: [0]))
        #expect(band.setRect(Rect(x: 0, y: 0, width: 2, height: 2), ofItem: 6, selection: &sel) == SelectionDiff(removed: [6]))
        _ = band.release(modifiers: [], selection: &sel)
        #expect(sel.selectedItems == [0])
        #expect(band.engine.item(at: Point(x: 97, y: 97)) == 0 && band.engine.item(at: Point(x: 45, y: 25)) == nil)
        // Many changes rebuild the index; the answers stay the same.
        for k in 0..<200 { _ = band.insertItem(Rect(x: Double(k), y: 300, width: 1, height: 1), selection: &sel) }
        #expect(band.engine.changedItems.count < 100)
        #expect(band.engine.item(at: Point(x: 150.5, y: 300.5)) == 7 + 150)
    }

    @Test func autoscrollWorksOutsideTheSimulator() {
        var view = ViewGeometry()
        view.size = Size(width: 100, height: 100)
        view.contentSize = Size(width: 100, height: 1000)
        var a = Autoscroller(view: view)
        let v = a.velocity(pointer: Point(x: 50, y: 95), contentOffset: .zero, bandActive: true)
        #expect(v == Vector(dx: 0, dy: 900))  // 15 pt into the 20 pt zone: 3/4 of 1200 pt/s
        #expect(a.velocity(pointer: Point(x: 50, y: 95), contentOffset: .zero, bandActive: false) == .zero)
        a.schedule(at: 1, velocity: v)
        #expect(a.step(until: 1.01, velocity: v) == nil)
        let s = a.step(until: 1.05, velocity: v)
        #expect(s?.time == 1 + 1.0 / 60 && s?.delta == v * (1.0 / 60))
        #expect(a.step(until: 1.05, velocity: v)?.time == 1 + 2.0 / 60)
        #expect(a.step(until: 1.05, velocity: .zero) == nil && a.nextTick == nil)
    }

    @Test func aLongAutoscrollStretchIsTakenInClosedFormAfterTheLoggedSteps() throws {
        // Content 100,768 pt tall, pointer at the bottom edge: 1200 pt/s, 20 pt
        // a step, 5,000 steps to the edge. The first 3,600 are logged one by
        // one, the other 1,400 in one record at the step that reaches the edge.
        var scene = SimulationScene.default
        scene.view.contentSize = Size(width: scene.view.size.width, height: scene.view.size.height + 100_000)
        scene.items = [
            SceneItem(id: "top", rect: Rect(x: 0, y: 0, width: 10, height: 10)),
            SceneItem(id: "deep", rect: Rect(x: 150, y: 90_000, width: 10, height: 10)),
        ]
        // A press, then the pointer at the bottom edge (y = the view's height) until 1,000 s.
        let trace = "0 move 100 100\n0.02 press primary\n0.04 move 300 \(scene.view.size.height)\n1000 release primary"
        var sim = Simulator(scene: scene)
        let records = try sim.play(trace)
        let selecting = records.compactMap { r -> (Double, Rect, [String])? in
            if case .bandSelecting(let rect, let added, _) = r.event { return (r.time, rect, Array(added)) } else { return nil }
        }
        #expect(selecting.count == 1 + Simulator.loggedAutoscrollSteps + 1)
        let last = selecting[selecting.count - 1]
        #expect(last.1.maxY == scene.view.contentSize.height)  // the band reaches the content's edge
        #expect(last.2 == ["deep"])  // and the item passed on the way
        #expect(abs(last.0 - (0.04 + 5_000.0 / 60)) < 1e-6)  // at the step that reached it
        #expect(sim.contentOffset.dy == scene.view.maxOffset.dy)
        // One step at a time gives the same end (the logged steps are identical).
        var one = scene
        one.view.contentSize.height = scene.view.size.height + 20 * 3_000
        var sim2 = Simulator(scene: one)
        let r2 = try sim2.play(trace)
        #expect(r2.filter { if case .bandSelecting = $0.event { true } else { false } }.count == 1 + 3_000)
        #expect(sim2.contentOffset.dy == one.view.maxOffset.dy)
    }

    @Test func aClaimingRegionGetsThePress() throws {
        var scene = SimulationScene.default
        scene.regions = [
            SceneRegion(id: "button", rect: Rect(x: 60, y: 50, width: 30, height: 20), style: PointerStyle(effect: .highlight)),
            SceneRegion(id: "hover", rect: Rect(x: 180, y: 50, width: 30, height: 20), style: PointerStyle(effect: .hover)),
            SceneRegion(id: "lifted", rect: Rect(x: 300, y: 50, width: 30, height: 20), style: PointerStyle(effect: .lift), claimsPress: false),
        ]
        func session(_ x: Double, _ scene: SimulationScene) throws -> [LogEvent] {
            var sim = Simulator(scene: scene)
            return try sim.play("0 move \(x) 60\n0.1 press primary\n0.2 move \(x + 200) 250\n0.3 release primary").map(\.event).filter {
                if case .regionEntered = $0 { false } else if case .regionExited = $0 { false } else { true }
            }
        }
        #expect(try session(70, scene).isEmpty)
        #expect(try session(190, scene).first.map { if case .bandBegan = $0 { true } else { false } } == true)
        #expect(try session(310, scene).first.map { if case .bandBegan = $0 { true } else { false } } == true)
        var old = scene
        old.band.regionsClaimPress = false
        #expect(try session(70, old).first.map { if case .bandBegan = $0 { true } else { false } } == true)
    }

    /// Found by `SelectionProperties.focusRangesContextMenusAndTheLogAreConsistent`
    /// (shrunk): autoscroll steps due before a press come first, so a context
    /// click during a band that is autoscrolling targets what is under the
    /// pointer after them. Here the band selected i0 with the pointer at its
    /// right end; the scroll before the secondary press carries the pointer
    /// past it, so the menu is over empty space: no items, selection unchanged.
    @Test func aContextClickAfterAutoscrollTargetsWhatIsUnderThePointerThen() throws {
        var scene = SimulationScene()
        scene.view.size = Size(width: 220, height: 220)  // content 1024 × 768: room to scroll right
        scene.items = [SceneItem(id: "i0", rect: Rect(x: 155.5, y: 0, width: 46, height: 0.5))]
        scene.band.profile = .uikit
        var sim = Simulator(scene: scene)
        try sim.play("0.01 press primary\n0.02 move 201 0")
        #expect(sim.selection == ["i0"] && sim.band.isActive && sim.contentOffset == .zero)
        #expect(sim.band.engine.item(at: sim.contentPoint) == 0)  // i0 is under the pointer now
        let out = try sim.play("0.04 press secondary").map(\.event)
        #expect(sim.contentOffset.dx > 0.5)  // scrolled right before the press
        #expect(sim.band.engine.item(at: sim.contentPoint) == nil)
        #expect(out.last == .contextMenuRequested(point: sim.contentPoint, items: []))
        #expect(sim.selection == ["i0"])
    }

    /// Found by the same property (shrunk): a `qt` right press during an
    /// active band. The band owns the selection, so the context click selects
    /// nothing (selecting would only have set the band's starting selection,
    /// which Escape restores, while the menu claimed i0 was the selection):
    /// the menu targets the unselected item alone and the press's selection
    /// comes back on cancel.
    @Test func aQtContextClickDuringABandSelectsNothing() throws {
        var scene = SimulationScene()
        scene.view.size = Size(width: 220, height: 220)
        scene.items = [SceneItem(id: "i0", rect: Rect(x: 0, y: 180, width: 0.5, height: 0.5))]
        // QGraphicsView's band with QListView's context click (which selects the
        // clicked item): the mechanism, in a profile no one widget is.
        scene.band.profile = .qtGraphicsView
        scene.band.profile.clicks = BandProfile.qtItemView.clicks
        scene.band.profile.clicks.itemsAcceptPress = true
        // Qt's band covers the pointer's pixel, so under `intersects` it would hit
        // the item under the pointer; under `contains` it does not contain i0.
        scene.band.hitRule = .contains
        var sim = Simulator(scene: scene)
        // Press in empty space at the centre (110, 110), drag past the threshold to
        // the item's corner: the band does not contain i0, which stays unselected.
        try sim.play("0.01 press primary\n0.02 move 0 180")
        #expect(sim.band.isActive && sim.selection.isEmpty && sim.band.engine.item(at: sim.contentPoint) == 0)
        let out = try sim.play("0.03 press secondary").map(\.event)
        #expect(out == [.contextMenuRequested(point: Point(x: 0, y: 180), items: ["i0"])])
        #expect(sim.band.isActive && sim.selection.isEmpty && sim.selectionModel.focus == 0)  // where Qt starts it: unmoved
        try sim.play("0.04 key escape")
        #expect(sim.selection.isEmpty)
    }

    /// Found by the same property (shrunk): in `uikit` a Command press in empty
    /// space begins a 1 × 1 toggle band that already takes i0; its diff waits
    /// for the first `band.selecting` line (`band.began` has none). Command-A
    /// before any motion changes the selection: the band's pending diff is
    /// logged first, as a `band.selecting` line, so the log's diffs still
    /// compose (Command-A sets the band's starting selection; the band toggles
    /// i0 back off).
    @Test func aSelectionChangeDuringABandLogsTheBandsPendingDiffFirst() throws {
        var scene = SimulationScene()
        scene.view.size = Size(width: 220, height: 220)
        scene.items = [SceneItem(id: "i0", rect: Rect(x: 0, y: 139, width: 0.5, height: 0.5))]
        scene.band.profile = .uikit
        var sim = Simulator(scene: scene)
        let out = try sim.play("0.01 modifiers command\n0.02 move 0 138.5\n0.03 press primary\n0.04 key a").map(\.event)
        var selection = Set<String>()
        for e in out {
            switch e {
            case .selectionChanged(_, let added, let removed), .bandSelecting(_, let added, let removed):
                #expect(Set(added).isDisjoint(with: selection) && Set(removed).isSubset(of: selection))
                selection.subtract(removed); selection.formUnion(added)
            default: break
            }
        }
        #expect(selection == Set(sim.selection))
    }
}
