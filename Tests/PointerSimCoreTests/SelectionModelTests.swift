import PointerSimCore
import PointerSimTestSupport
import Testing

/// The selection model on its own, and with a band engine beside it.
@Suite struct SelectionModelTests {
    /// Four items in a row, 10 × 10 at pitch 20.
    let row = (0..<4).map { Rect(x: Double(20 * $0), y: 0, width: 10, height: 10) }

    @Test func operationsOutsideABandCostWhatTheyChange() {
        var m = SelectionModel(count: 6, selected: [1, 9, -1])
        #expect(m.selectedItems == [1] && m.selectedCount == 1)
        // Select all after a single item: one range to another, as runs.
        let all = m.selectAll()
        #expect(all.addedRuns == [0..<1, 2..<6] && all.removedCount == 0)
        #expect(m.setSelection(.range(2...3, keepingSelection: false)).removedRuns == [0..<2, 4..<6])
        #expect(m.setSelection(.toggling(5)) == SelectionDiff(added: [5]))
        #expect(m.setSelection([]) == SelectionDiff(removed: [2, 3, 5]))
        m._checkInvariants()
    }

    @Test func removedItemsAreNeverSelectedAndLoseFocusAndAnchor() {
        var m = SelectionModel(count: 4, selected: [0, 2])
        var clicks = SelectionController(rules: BandProfile.qtItemView.clicks)
        let band = BandEngine(items: row)
        _ = clicks.click(item: 2, modifiers: [], time: 0, point: .zero, selection: &m, engine: band)
        #expect(m.focus == 2 && m.anchor == 2 && m.selectedItems == [2])
        #expect(m.removeItem(2) == SelectionDiff(removed: [2]))
        #expect(m.focus == nil && m.anchor == nil && m.isRemoved(2))
        #expect(m.selectAll().added == [0, 1, 3])
        #expect(m.insertItem() == 4 && m.count == 5 && !m.isSelected(4))
        m._checkInvariants()
    }

    @Test func duringABandAnOperationSetsTheBandsStart() {
        var m = SelectionModel(count: 4, selected: [3])
        var band = BandEngine(items: row)
        band.beginBand(mode: .toggle, selection: &m)
        _ = band.updateBand(to: Rect(x: 0, y: 0, width: 35, height: 10), selection: &m)
        #expect(m.isBandActive && m.selectedItems == [0, 1, 3])
        // Select all: the start becomes every item and the toggle band takes its
        // items out of it again.
        #expect(m.selectAll(band: band) == SelectionDiff(added: [2], removed: [0, 1]))
        #expect(m.selectedItems == [2, 3] && m.bandStart.members == [0, 1, 2, 3])
        #expect(band.cancelBand(selection: &m) == SelectionDiff(added: [0, 1]))
        #expect(!m.isBandActive && m.selectedItems == [0, 1, 2, 3])
        band._checkInvariants(m)
    }

    @Test func aSceneModelLooksUpIDs() {
        let items = ["a", "b", "a", "c"].enumerated().map { SceneItem(id: $0.element, rect: Rect(x: Double($0.offset), y: 0, width: 1, height: 1)) }
        let m = SelectionModel(items: items, selectedIDs: ["c", "nope", "a"])
        #expect(m.selectedItems == [0, 3])
        #expect(m.index(of: "a") == 0 && m.index(of: "c") == 3 && m.index(of: "zz") == nil)
        #expect(SelectionModel(count: 2).index(of: "a") == nil)
    }

    @Test func theSimulatorOwnsTheModel() throws {
        var scene = SimulationScene()
        scene.items = row.enumerated().map { SceneItem(id: "i\($0.offset)", rect: $0.element) }
        scene.initialSelection = ["i1"]
        scene.band.profile = .qtItemView
        var sim = Simulator(scene: scene)
        #expect(sim.selectionModel.selectedItems == [1] && sim.selectionModel.focus == 0)
        try sim.play("0 key right")
        #expect(sim.selectionModel.focus == 1 && sim.selection == ["i1"] && sim.itemIndex(of: "i3") == 3)
    }
}
