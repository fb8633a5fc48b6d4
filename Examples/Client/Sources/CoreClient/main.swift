import PointerSimCore

// Twelve items in three rows; the band reports changes as item indices.
let rects = (0..<12).map { i in
    Rect(x: 20 + Double(i % 4) * 120, y: 60 + Double(i / 4) * 100, width: 100, height: 60)
}
// The selection is a model of its own; the band and the clicks act on it.
var selection = SelectionModel(count: rects.count, selected: [0])
var band = BandSelectionInteraction(items: rects)
band.shouldBegin = { point in point.y > 44 }          // e.g. not in a toolbar
band.shouldBeginWithModifiers = { _, flags in !flags.contains(.option) }
if let began = band.press(at: Point(x: 10, y: 50), modifiers: .shift, selection: &selection) {
    print(began.mode)                                  // add
}
if let update = band.move(to: Point(x: 300, y: 200), selection: &selection) {
    print(update.diff.added, update.diff.removed)      // [1, 2, 4, 5, 6] []
}
_ = band.release(modifiers: [], selection: &selection)
print(selection.selectedItems)                         // [0, 1, 2, 4, 5, 6]

// Items change after creation; each change comes back as a diff:
let (index, _) = band.insertItem(Rect(x: 20, y: 360, width: 100, height: 60), selection: &selection)
print(index, selection.selectAll().added)              // 12 [3, 7, 8, 9, 10, 11, 12]

// Clicks, keys and context menus over the same selection, with UIKit's rules
// (the band interaction gives the items' geometry):
var clicks = SelectionController(rules: BandProfile.uikit.clicks)
for event in clicks.click(item: 3, modifiers: [], time: 1, point: Point(x: 400, y: 90), selection: &selection, band: band) {
    print(event)                     // changed(…removed: [3]), then focusMoved(3): a plain click toggles
}
print(selection.focus ?? -1)                           // 3

// Or the whole simulation, events in, log records out:
var sim = Simulator(scene: .default)
let records = sim.process([
    PointerEvent(time: 0, .move(Point(x: 30, y: 30))),
    PointerEvent(time: 0.02, .press(.primary)),
    PointerEvent(time: 0.04, .move(Point(x: 270, y: 250))),
    PointerEvent(time: 0.3, .release(.primary)),
])
for record in records { print(record.time, record.event.name) }
print(sim.selection)                                   // ["r0c0", "r0c1", "r1c0", …]

// A profile of your own: every band field and click rule a scene's profile
// object sets by its key is a property (docs/Formats/Scene.md, "Band fields"
// and "Click rules"):
var mine = BandProfile.gtk3
mine.name = "mine"
mine.holdsWithinThreshold = true
mine.bandFromItemMode = .add
mine.clicks.escapeEndsBand = false
mine.clicks.clickSeries = .pairs
var custom = SimulationScene.default
custom.band.profile = mine
precondition(Simulator(scene: custom).scene.band.profile == mine)
