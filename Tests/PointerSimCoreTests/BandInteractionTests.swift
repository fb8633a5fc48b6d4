import PointerSimCore
import Testing

@Suite struct BandInteractionTests {
    let items = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10), Rect(x: 40, y: 0, width: 10, height: 10)]

    @Test func beginsAtThePressWithAOneByOneRect() {
        var band = BandSelectionInteraction(items: items)
        var sel = SelectionModel(count: items.count)
        let began = band.press(at: Point(x: 5, y: 5), modifiers: .shift, selection: &sel)
        #expect(began?.state == .began)
        #expect(began?.rect == Rect(x: 5, y: 5, width: 1, height: 1))
        #expect(began?.mode == .add && began?.modifiers == .shift)
        #expect(sel.selectedItems == [0])
        let moved = band.move(to: Point(x: 25, y: 5), selection: &sel)
        // Diffs compose: `began` reported item 0, the first selecting only item 1.
        #expect(began?.diff.added == [0])
        #expect(moved?.state == .selecting && moved?.diff.added == [1])
        let end = band.release(modifiers: [], selection: &sel)
        #expect(end?.state == .ended && end?.cancelled == false)
        #expect(sel.selectedItems == [0, 1])
    }

    @Test func clickInReplaceModeClearsTheSelection() {
        var band = BandSelectionInteraction(items: items)
        var sel = SelectionModel(count: items.count, selected: [1, 2])
        let began = band.press(at: Point(x: 15, y: 15), modifiers: [], selection: &sel)
        let end = band.release(modifiers: [], selection: &sel)
        #expect(began?.diff.removed == [1, 2])
        #expect(end?.diff.isEmpty == true)
        #expect(sel.selectedItems.isEmpty)
    }

    @Test func cancelRestoresAndIgnoresTheRestOfThePress() {
        var band = BandSelectionInteraction(items: items)
        var sel = SelectionModel(count: items.count, selected: [2])
        _ = band.press(at: Point(x: 1, y: 1), modifiers: [], selection: &sel)
        _ = band.move(to: Point(x: 30, y: 5), selection: &sel)
        #expect(sel.selectedItems == [0, 1])
        let end = band.cancel(selection: &sel)
        #expect(end?.state == .ended && end?.cancelled == true)
        #expect(sel.selectedItems == [2])
        #expect(band.move(to: Point(x: 45, y: 5), selection: &sel) == nil)
        #expect(band.release(modifiers: [], selection: &sel) == nil)
    }

    @Test func vetoAndDisabledMeanNothingHappens() {
        var config = BandConfiguration()
        config.vetoRects = [Rect(x: 0, y: 0, width: 100, height: 5)]
        var band = BandSelectionInteraction(items: items, configuration: config)
        var sel = SelectionModel(count: items.count)
        #expect(band.press(at: Point(x: 50, y: 2), modifiers: [], selection: &sel) == nil)
        #expect(band.move(to: Point(x: 60, y: 20), selection: &sel) == nil)
        #expect(band.release(modifiers: [], selection: &sel) == nil)
        band.shouldBegin = { $0.x > 100 }
        #expect(band.press(at: Point(x: 50, y: 50), modifiers: [], selection: &sel) == nil)
        #expect(band.press(at: Point(x: 150, y: 50), modifiers: [], selection: &sel)?.state == .began)

        config = BandConfiguration(); config.isEnabled = false
        var disabled = BandSelectionInteraction(items: items, configuration: config)
        var disabledSel = SelectionModel(count: items.count)
        #expect(disabled.press(at: Point(x: 1, y: 1), modifiers: [], selection: &disabledSel) == nil)

        config = BandConfiguration(); config.beginsOnItems = false
        var onItems = BandSelectionInteraction(items: items, configuration: config)
        var onItemsSel = SelectionModel(count: items.count)
        #expect(onItems.press(at: Point(x: 1, y: 1), modifiers: [], selection: &onItemsSel) == nil)
        _ = onItems.release(modifiers: [], selection: &onItemsSel)
        #expect(onItems.press(at: Point(x: 15, y: 1), modifiers: [], selection: &onItemsSel)?.state == .began)
    }

    @Test func qtGraphicsViewBeginsAfterTheThreshold() {
        var config = BandConfiguration(); config.profile = .qtGraphicsView
        var band = BandSelectionInteraction(items: items, configuration: config)
        var sel = SelectionModel(count: items.count)
        #expect(band.press(at: Point(x: 1, y: 1), modifiers: .control, selection: &sel) == nil)
        #expect(band.move(to: Point(x: 5, y: 5), selection: &sel) == nil)  // Manhattan 8
        let began = band.move(to: Point(x: 26, y: 5), selection: &sel)
        #expect(began?.state == .began && began?.mode == .addSticky)
        // Qt's QRect(press, |d| + 1): the pointer's pixel (1/scale) is in the band.
        #expect(began?.rect == Rect(x: 1, y: 1, width: 25.5, height: 4.5))
        // Back within the threshold Qt keeps the band as it was.
        #expect(band.move(to: Point(x: 2, y: 2), selection: &sel) == nil && band.selectionRect == began?.rect)
        _ = band.move(to: Point(x: 12, y: 2), selection: &sel)
        #expect(band.selectionRect == Rect(x: 1, y: 1, width: 11.5, height: 1.5))
        #expect(sel.selectedItems == [0, 1])  // sticky: item 1 stays
    }

    @Test func gtkReadsModifiersAtTheReleaseAndAppliesAtTheEnd() {
        var config = BandConfiguration(); config.profile = .gtk
        var band = BandSelectionInteraction(items: items, configuration: config)
        var sel = SelectionModel(count: items.count, selected: [0, 1])
        _ = band.press(at: Point(x: 15, y: -5), modifiers: [], selection: &sel)
        let moved = band.move(to: Point(x: 45, y: 5), selection: &sel)
        #expect(moved?.state == .began)
        #expect(sel.selectedItems == [0, 1])  // nothing changes while selecting
        let s2 = band.move(to: Point(x: 46, y: 6), selection: &sel)
        #expect(s2?.diff.isEmpty == true)
        let end = band.release(modifiers: .shift, selection: &sel)  // shift at the release → subtract
        #expect(end?.mode == .subtract)
        #expect(sel.selectedItems == [0])
    }
}
