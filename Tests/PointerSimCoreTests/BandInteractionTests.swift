import PointerSimCore
import Testing

@Suite struct BandInteractionTests {
    let items = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10), Rect(x: 40, y: 0, width: 10, height: 10)]

    @Test func beginsAtThePressWithAOneByOneRect() {
        var band = BandSelectionInteraction(items: items)
        let began = band.press(at: Point(x: 5, y: 5), modifiers: .shift)
        #expect(began?.state == .began)
        #expect(began?.rect == Rect(x: 5, y: 5, width: 1, height: 1))
        #expect(began?.mode == .add && began?.modifiers == .shift)
        #expect(band.selectedItems == [0])
        let sel = band.move(to: Point(x: 25, y: 5))
        // Diffs compose: `began` reported item 0, the first selecting only item 1.
        #expect(began?.diff.added == [0])
        #expect(sel?.state == .selecting && sel?.diff.added == [1])
        let end = band.release(modifiers: [])
        #expect(end?.state == .ended && end?.cancelled == false)
        #expect(band.selectedItems == [0, 1])
    }

    @Test func clickInReplaceModeClearsTheSelection() {
        var band = BandSelectionInteraction(items: items, initialSelection: [1, 2])
        let began = band.press(at: Point(x: 15, y: 15), modifiers: [])
        let end = band.release(modifiers: [])
        #expect(began?.diff.removed == [1, 2])
        #expect(end?.diff.isEmpty == true)
        #expect(band.selectedItems.isEmpty)
    }

    @Test func cancelRestoresAndIgnoresTheRestOfThePress() {
        var band = BandSelectionInteraction(items: items, initialSelection: [2])
        _ = band.press(at: Point(x: 1, y: 1), modifiers: [])
        _ = band.move(to: Point(x: 30, y: 5))
        #expect(band.selectedItems == [0, 1])
        let end = band.cancel()
        #expect(end?.state == .ended && end?.cancelled == true)
        #expect(band.selectedItems == [2])
        #expect(band.move(to: Point(x: 45, y: 5)) == nil)
        #expect(band.release(modifiers: []) == nil)
    }

    @Test func vetoAndDisabledMeanNothingHappens() {
        var config = BandConfiguration()
        config.vetoRects = [Rect(x: 0, y: 0, width: 100, height: 5)]
        var band = BandSelectionInteraction(items: items, configuration: config)
        #expect(band.press(at: Point(x: 50, y: 2), modifiers: []) == nil)
        #expect(band.move(to: Point(x: 60, y: 20)) == nil)
        #expect(band.release(modifiers: []) == nil)
        band.shouldBegin = { $0.x > 100 }
        #expect(band.press(at: Point(x: 50, y: 50), modifiers: []) == nil)
        #expect(band.press(at: Point(x: 150, y: 50), modifiers: [])?.state == .began)

        config = BandConfiguration(); config.isEnabled = false
        var disabled = BandSelectionInteraction(items: items, configuration: config)
        #expect(disabled.press(at: Point(x: 1, y: 1), modifiers: []) == nil)

        config = BandConfiguration(); config.beginsOnItems = false
        var onItems = BandSelectionInteraction(items: items, configuration: config)
        #expect(onItems.press(at: Point(x: 1, y: 1), modifiers: []) == nil)
        _ = onItems.release(modifiers: [])
        #expect(onItems.press(at: Point(x: 15, y: 1), modifiers: [])?.state == .began)
    }

    @Test func qtBeginsAfterTheThreshold() {
        var config = BandConfiguration(); config.profile = .qt
        var band = BandSelectionInteraction(items: items, configuration: config)
        #expect(band.press(at: Point(x: 1, y: 1), modifiers: .control) == nil)
        #expect(band.move(to: Point(x: 5, y: 5)) == nil)  // Manhattan 8
        let began = band.move(to: Point(x: 26, y: 5))
        #expect(began?.state == .began && began?.mode == .addSticky)
        // Qt's QRect(press, |d| + 1): the pointer's pixel (1/scale) is in the band.
        #expect(began?.rect == Rect(x: 1, y: 1, width: 25.5, height: 4.5))
        // Back within the threshold Qt keeps the band as it was.
        #expect(band.move(to: Point(x: 2, y: 2)) == nil && band.selectionRect == began?.rect)
        _ = band.move(to: Point(x: 12, y: 2))
        #expect(band.selectionRect == Rect(x: 1, y: 1, width: 11.5, height: 1.5))
        #expect(band.selectedItems == [0, 1])  // sticky: item 1 stays
    }

    @Test func gtkReadsModifiersAtTheReleaseAndAppliesAtTheEnd() {
        var config = BandConfiguration(); config.profile = .gtk
        var band = BandSelectionInteraction(items: items, configuration: config, initialSelection: [0, 1])
        _ = band.press(at: Point(x: 15, y: -5), modifiers: [])
        let sel = band.move(to: Point(x: 45, y: 5))
        #expect(sel?.state == .began)
        #expect(band.selectedItems == [0, 1])  // nothing changes while selecting
        let s2 = band.move(to: Point(x: 46, y: 6))
        #expect(s2?.diff.isEmpty == true)
        let end = band.release(modifiers: .shift)  // shift at the release → subtract
        #expect(end?.mode == .subtract)
        #expect(band.selectedItems == [0])
    }
}
