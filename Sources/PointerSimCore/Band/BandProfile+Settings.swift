// The band fields of a profile, each declared once: its scene key (in a
// profile object), its type, its meaning and where the profiles' values come
// from in general. Each profile's value is in its file, Profiles/<Name>.swift.

extension BandProfile: DeclaredSettings {
    /// Every band field of a profile object, in the order a scene file writes them.
    package static var settings: [BandFieldInfo] { fields }

    /// Every band field, in the order a scene file writes them.
    package static let fields: [BandFieldInfo] = [
        .modeTable(
            "rules",
            \.rules,
            "the flag-set → mode table, tried in order; the first match wins. Given, it replaces the base's rules entirely",
            source: "UIKit: UIBandSelectionInteraction (Apple's documentation); the others: measured (Traces/toolkits)"
        ),
        .choice(
            "default",
            \.defaultMode,
            cases: SelectionMode.allCases,
            "the mode when no rule matches",
            source: "every toolkit replaces the selection without modifiers (measured; UIKit: Apple's documentation)"
        ),
        .number(
            "threshold",
            \.threshold,
            0...1e6,
            unit: "points",
            "drag distance before the band begins; 0 begins it at the press",
            source: "Qt: `QApplication::startDragDistance()`; GTK: `gtk_drag_check_threshold`; Dear ImGui: `io.MouseDragThreshold` (measured)"
        ),
        .choice(
            "thresholdMetric",
            \.thresholdMetric,
            cases: [.manhattan, .chebyshev, .euclidean],
            "how that distance is measured",
            source: "Qt: `manhattanLength()`; GTK: either axis; Dear ImGui: Euclidean (measured)"
        ),
        .bool(
            "thresholdStrict",
            \.thresholdIsStrict,
            "`true`: the distance must exceed the threshold; `false`: reaching it is enough",
            source: "measured"
        ),
        .choice(
            "modifiersAt",
            \.modifiersReadAt,
            cases: [.press, .release],
            "when the flags that choose the mode are read",
            source: "UIKit: `initialModifierFlags` (Apple's documentation); the others: measured"
        ),
        .choice(
            "apply",
            \.application,
            cases: [.live, .atEnd],
            "`atEnd`: the selection changes only when the band ends",
            source: "measured"
        ),
        .bool(
            "rectThroughPointerPixel",
            \.rectThroughPointerPixel,
            "the band also covers the pointer's pixel: one pixel (`1/scale`) wider and taller than the span",
            source: "Qt: `QRect(press, d + QPoint(1, 1))`; GTK: the rubberband (measured)"
        ),
        .bool(
            "holdsWithinThreshold",
            \.holdsWithinThreshold,
            "back within the threshold of the press, the band keeps its last rect and selection",
            source: "QGraphicsView stops updating the band (measured)"
        ),
        .bool(
            "hitsItemsTouchingFarEdge",
            \.hitsItemsTouchingFarEdge,
            "an item whose min edge touches the band's max edge is hit",
            source: "GTK 4.8: `gtk_grid_view_get_items_in_rect` (measured)"
        ),
        .bool(
            "itemView",
            \.itemViewModel,
            "presses, drags and keys follow the profile's port of its widget (`qt-itemview`: QAbstractItemView as QListView has it, docs/Selection.md), not the table, the threshold and the click rules",
            source: "Qt: qabstractitemview.cpp, qlistview.cpp (measured)"
        ),
        .bool(
            "bandMayBeEmpty",
            \.bandMayBeEmpty,
            "the band is the bare span from the press to the pointer (zero wide or tall when they share a column or row, not at least 1 × 1), and a band of zero width or height hits the items it crosses strictly inside (Dear ImGui's `ImRect::Overlaps`)",
            source: "Dear ImGui (measured)"
        ),
        .optionalChoice(
            "bandFromItemMode",
            \.bandFromItemMode,
            "the mode of a band dragged from an item, whatever the flags; `null`: the table's",
            source: "Dear ImGui: only a box from empty space without Ctrl or Shift clears the selection (measured)"
        ),
        .bool(
            "bandAnchorsFirstItem",
            \.bandAnchorsFirstItem,
            "a band from empty space that selects while the selection is empty makes its first item (in scene order) the focus and anchor, as a click on it with the flags held then would (with Shift: a range from the anchor); a `replace` band clears as it begins and then selects by `addUntilLeft`'s transitions",
            source: "Dear ImGui: `IsStartedSetNavIdOnce` (measured)"
        ),
        .bool(
            "emptySpanHitsNothing",
            \.emptySpanHitsNothing,
            "items are tested against the band's span from the press to the pointer, which hits nothing while it is empty on an axis (GTK 3's `gtk_icon_view_item_hit_test`); `false`: the band rect, at least 1 × 1",
            source: "GTK 3: `gtk_icon_view_item_hit_test` (measured)"
        ),
    ]
}
