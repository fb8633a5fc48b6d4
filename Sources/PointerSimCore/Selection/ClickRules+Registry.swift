// The click rules, each declared once: its scene key (under a profile's
// `clicks`), its type, its meaning and where the profiles' values come from
// in general. Each profile's value (and its own source) is in its file,
// Profiles/<Name>.swift.

extension ClickRules: DeclaredSettings {
    /// Every rule at its default: the values a profile's file starts from.
    package static var blank: ClickRules {
        ClickRules(
            toggleModifiers: [],
            contextClickModifiers: [],
            selectAllModifiers: [],
            timing: .press,
            emptyClick: .band,
            itemsAcceptPress: false,
            contextClickSelects: false,
            primaryAction: .singleClick,
            escapeClears: false
        )
    }

    /// The rules of the registered profile `profile` (``BandProfile/registeredNames``).
    @usableFromInline package init(registered profile: String) {
        guard let d = ProfileRegistry.definition(profile) else { preconditionFailure("no registered profile \(profile)") }
        self = d.profile.clicks
    }

    /// Every field of ``ClickRules``, in the order a scene file writes them
    /// (the profiles' values: ``Setting/values``).
    package static var settings: [ClickRuleInfo] { registry }

    /// Every field of ``ClickRules``, in the order a scene file writes them,
    /// with its meaning and its shared source.
    package static let registry: [ClickRuleInfo] = [
        .bool(
            "plainClickToggles",
            \.plainClickToggles,
            "A plain click toggles its item (adds it or removes it); `false`: it selects the item alone.",
            source: "UIKit: UICollectionView `allowsMultipleSelection` (Apple's documentation); Qt, GTK: measured (Traces/toolkits)"
        ),
        .bool(
            "itemsAcceptPress",
            \.itemsAcceptPress,
            "A press on an item never starts a band (the item takes the press).",
            source: "Qt: QGraphicsItem takes the press (measured); GTK: the rubberband starts on items (measured); UIKit: our reading"
        ),
        .bool(
            "contextClickSelects",
            \.contextClickSelects,
            "A context click on an unselected item selects it alone first (not while a band is active).",
            source:
                "Qt: QAbstractItemView::mousePressEvent for any button (measured); UIKit: the context menu never selects (Apple's documentation); GTK: measured"
        ),
        .bool(
            "escapeClears",
            \.escapeClears,
            "Escape (no band active) clears the selection.",
            source: "UIKit: our reading; Qt, GTK: no binding (measured)"
        ),
        .bool(
            "escapeCancelsBand",
            \.escapeCancelsBand,
            "Escape while the primary button is held or a band is active cancels the band.",
            source: "UIKit: our reading; Qt, GTK: ignored (measured)"
        ),
        .bool(
            "doubleClickIntervalIsStrict",
            \.doubleClickIntervalIsStrict,
            "The second press must come sooner than `doubleClickInterval` after the first; `false`: at most that late.",
            source: "Qt: QGuiApplication `timestamp - mousePressTime < interval` (measured); GTK: measured; UIKit: our reading"
        ),
        .bool(
            "doubleClickDistanceIsStrict",
            \.doubleClickDistanceIsStrict,
            "The second press must be closer than `doubleClickDistance`; `false`: at most that far.",
            source: "GTK: `gtk-double-click-distance` (measured); Qt: measured; UIKit: our reading"
        ),
        .bool(
            "motionEndsClickSeries",
            \.motionEndsClickSeries,
            "Pointer motion farther than `doubleClickDistance` from the press ends the click series.",
            source: "Qt: QGuiApplication forgets the press on such a move (measured); GTK: measured; UIKit: our reading"
        ),
        .bool(
            "keyEndsClickSeries",
            \.keyEndsClickSeries,
            "A key ends the click series.",
            source: "UIKit: our reading; Qt, GTK: keys between presses do not matter (measured)"
        ),
        .bool(
            "doubleClickPressOnlyActivates",
            \.doubleClickPressOnlyActivates,
            "The press that makes a double click only activates: no selection change, no band from it.",
            source: "Qt: QAbstractItemView::mouseDoubleClickEvent, QGraphicsView::mouseDoubleClickEvent (measured)"
        ),
        .bool(
            "rangeKeepsOtherSelection",
            \.rangeKeepsOtherSelection,
            "A range replaces only the previous range's part and keeps what other clicks selected.",
            source:
                "Qt: QItemSelectionModel's current selection beside its committed ranges (measured); GTK, UIKit: the range replaces the selection (measured; our reading)"
        ),
        .bool(
            "emptyClickDropsAnchor",
            \.emptyClickDropsAnchor,
            "A press on empty space forgets the anchor: the next range starts at the focused item.",
            source: "Qt: QAbstractItemView::mousePressEvent sets its range start to the (invalid) pressed index (measured)"
        ),
        .bool(
            "selectedPressWaitsForRelease",
            \.selectedPressWaitsForRelease,
            "A plain press on a selected item changes nothing; the release at the press point selects it alone.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent, QAbstractItemView::mouseReleaseEvent (measured)"
        ),
        .bool(
            "toggleWaitsForRelease",
            \.toggleWaitsForRelease,
            "A toggle press on an item changes nothing; the release at the press point toggles it.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent (measured)"
        ),
        .bool(
            "modifiersReadAtRelease",
            \.modifiersReadAtRelease,
            "With `timing: release`, the modifiers held at the release decide the click; `false`: those at the press.",
            source: "GTK: GtkGestureClick reads them at the release (measured); UIKit: our reading"
        ),
        .bool(
            "arrowsSelect",
            \.arrowsSelect,
            "An arrow without modifiers selects the newly focused item alone; with a toggle modifier it only moves the focus.",
            source: "Qt: QAbstractItemView::keyPressEvent, GTK: GtkListBase (measured); UIKit: arrows move focus (our reading)"
        ),
        .bool(
            "spaceSelects",
            \.spaceSelects,
            "Space selects the focused item (never removes it), Space with a toggle modifier toggles; `false`: Space toggles.",
            source: "Qt: QAbstractItemView `extendedSelectionCommand` (measured); GTK: measured; UIKit: our reading"
        ),
        .bool(
            "selectAllIsExact",
            \.selectAllIsExact,
            "Select-all and deselect-all fire only with exactly their flags held.",
            source: "Qt: `QKeySequence::SelectAll`, GTK: its shortcuts (measured); UIKit: our reading"
        ),
        .bool(
            "keyBindingsAreExact",
            \.keyBindingsAreExact,
            "Every key acts only with one of its bindings' flag sets held exactly.",
            source: "GTK: GtkListBase's shortcuts (measured); Qt: other flags do not matter (measured); UIKit: our reading"
        ),
        .bool(
            "rangeNeedsAnchor",
            \.rangeNeedsAnchor,
            "A range needs an anchor: with none, a range click or arrow selects (or toggles) its item alone and anchors there.",
            source: "GTK: `gtk_list_base_select_item` without a selected position (measured); Qt: the range starts at the focused item (measured)"
        ),
        .bool(
            "horizontalArrowsFollowOrder",
            \.horizontalArrowsFollowOrder,
            "Left and Right move to the previous and next item in scene order, across row ends; `false`: the nearest item that way.",
            source: "Qt: QListView's flow, GTK: GtkGridView `move_focus_across` (measured); UIKit: our reading"
        ),
        .bool(
            "arrowAtEdgeActs",
            \.arrowAtEdgeActs,
            "An arrow that finds no item beyond the focused one still acts on the focused item.",
            source: "GTK: focus grabbed and selected at the clamped position (measured); Qt: the current item does not change (measured)"
        ),
        .bool(
            "focusMovesAtPress",
            \.focusMovesAtPress,
            "A press on an item moves the keyboard focus to it at once, even when the click acts at the release.",
            source: "GTK: the list item grabs focus at the press (measured)"
        ),
        .bool(
            "focusStartsOnFirstItem",
            \.focusStartsOnFirstItem,
            "Keyboard focus starts on the first item.",
            source: "Qt: QAbstractItemView::focusInEvent, GTK: GtkListBase's focus (measured); UIKit: our reading"
        ),
        .bool(
            "doubleClickPressStartsNoBand",
            \.doubleClickPressStartsNoBand,
            "The second press of a double click starts no band, whatever the drag after it.",
            source: "GTK: the click gesture claims the press (measured)"
        ),
        .bool(
            "pressHitsMaxEdges",
            \.pressHitsMaxEdges,
            "A press on an item's max edge hits it; `false`: item rects are half-open.",
            source: "GTK: widgets are picked with their max edges included (measured)"
        ),
        .bool(
            "verticalArrowsByGridRow",
            \.verticalArrowsByGridRow,
            "Up and Down move by rows of a grid in scene order; `false`: the nearest item that way.",
            source: "GTK: GtkGridView `move_focus_along` (measured)"
        ),
        .bool(
            "seriesBreakingPressStartsNoSeries",
            \.seriesBreakingPressStartsNoSeries,
            "A press that ends a click series by its distance starts no new series.",
            source: "GTK 4.8.3: GtkGestureClick stops itself in that press (measured)"
        ),
        .bool(
            "tabLeavesView",
            \.tabLeavesView,
            "Tab moves keyboard focus out of the view until a press on an item focuses it again.",
            source: "GTK (measured); Qt, UIKit: Tab does nothing here (measured; our reading)"
        ),
        .bool(
            "everyReleaseAtPressPointActs",
            \.everyReleaseAtPressPointActs,
            "Every release at the press point of a (non-range) press on an item selects it alone, or toggles it with a toggle modifier.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent (measured)"
        ),
        .bool(
            "contextMenuFlocks",
            \.contextMenuFlocks,
            "A context menu over more than one item flocks them together at the menu's point (`contextMenu.flocked`, after `contextMenu.requested`).",
            source:
                "UIKit: \"Affected items flock together\", \"On iPad, selection is flocked together to show the multi-selection when the menu is invoked\" (Build a desktop-class iPad app, WWDC22); Qt, GTK: their menus draw nothing over the items (our reading)"
        ),
        .bool(
            "keysActOnItems",
            \.keysActOnItems,
            "Keys act on the items (arrows, Space, Return, select-all); `false`: no key changes the selection or the focus.",
            source:
                "Qt: QGraphicsView has no keyboard selection and its items take no focus (measured: Traces/toolkits/qt/graphicsview-*.jsonl); the others: measured, or our reading for UIKit"
        ),
        .bool(
            "selectedItemStartsNoBand",
            \.selectedItemStartsNoBand,
            "A press on a selected item starts no band, whatever the drag after it.",
            source:
                "Dear ImGui: a selected selectable is pressed at the release (`ImGuiButtonFlags_PressedOnClickRelease`) and only a press calls `BoxSelectPreStartDrag` (MultiSelectItemFooter; measured: Traces/toolkits/imgui)"
        ),
        .bool(
            "selectedItemActsAtRelease",
            \.selectedItemActsAtRelease,
            "A press on a selected item (any modifiers) changes nothing; the release over that item, however far the pointer went, acts as a click with the modifiers held then.",
            source:
                "Dear ImGui: `ImGuiMultiSelectFlags_SelectOnAuto` (MultiSelectItemHeader), ButtonBehavior's release (measured: Traces/toolkits/imgui)"
        ),
        .bool(
            "doubleClickDistanceIsEuclidean",
            \.doubleClickDistanceIsEuclidean,
            "The double-click distance is Euclidean; `false`: per axis.",
            source: "Dear ImGui: UpdateMouseInputs, `ImLengthSqr(delta) < MouseDoubleClickMaxDist²` (measured)"
        ),
        .bool(
            "navigationKeysAct",
            \.navigationKeysAct,
            "Arrows, Space and Return act (within `keysActOnItems`); `false`: only Escape and select-all.",
            source: "Dear ImGui without `ImGuiConfigFlags_NavEnableKeyboard` (its default; measured); the others: see `keysActOnItems`"
        ),
        .bool(
            "keysNeedPress",
            \.keysNeedPress,
            "Keys act only once a press in the view (on an item or not) gave it focus.",
            source:
                "Dear ImGui: the window is focused by a press in it (`FocusWindow`; a window created with `ImGuiWindowFlags_NoFocusOnAppearing`, measured)"
        ),
        .bool(
            "pressHitsFirstItem",
            \.pressHitsFirstItem,
            "Where items overlap, a press hits the first in scene order; `false`: the topmost (last).",
            source: "Dear ImGui: the first item submitted takes `HoveredId` (ItemHoverable; measured)"
        ),
        .bool(
            "escapeClearsDuringPress",
            \.escapeClearsDuringPress,
            "Escape while the primary button is held clears the selection as it does otherwise and cancels an active band; a press that has not become a band goes on.",
            source: "Dear ImGui: BeginMultiSelect's `ClearOnEscape` shortcut, `BoxSelectDeactivateDrag` (measured)"
        ),
        .bool(
            "contextClickClearsOnEmpty",
            \.contextClickClearsOnEmpty,
            "With `contextClickSelects`, a context click on empty space clears the selection; `false`: it leaves it.",
            source:
                "Qt: QAbstractItemView::mousePressEvent (measured); Dear ImGui: only a hovered item handles the right click (MultiSelectItemFooter; checked with `pointersim conform --exec` against the harness); the others select nothing on a context click"
        ),
        .modifierSets(
            "toggleModifiers",
            \.toggleModifiers,
            "Any of these flag sets (each must be held) makes a click toggle its item.",
            source: "UIKit: Command (Apple's documentation); Qt: `extendedSelectionCommand`, GTK: GtkListBase (measured)"
        ),
        .modifiers(
            "rangeModifier",
            \.rangeModifier,
            "Held, this makes a click (or an arrow) extend a range from the anchor.",
            source: "UIKit: Apple's documentation; Qt, GTK: measured"
        ),
        .modifiers(
            "contextClickModifiers",
            \.contextClickModifiers,
            "Held with the primary button, these make a click a context click; none: only the secondary button.",
            source: "UIKit: Control-click (Apple's documentation); Qt, GTK: measured"
        ),
        .modifierSets(
            "selectAllModifiers",
            \.selectAllModifiers,
            "With these held, `a` selects all.",
            source: "UIKit: Command-A (Apple's documentation); Qt: `QKeySequence::SelectAll`, GTK: `list.select-all` (measured)"
        ),
        .modifierSets(
            "deselectAllModifiers",
            \.deselectAllModifiers,
            "With these held, `a` clears the selection.",
            source: "GTK: `list.unselect-all` (measured)"
        ),
        .choice(
            "timing",
            \.timing,
            "When a primary click changes the selection: at the press, or at the release if the press did not become a band.",
            source: "Qt: QAbstractItemView::mousePressEvent (measured); GTK: GtkGestureClick's release (measured); UIKit: our reading"
        ),
        .choice(
            "emptyClick",
            \.emptyClick,
            "What a primary click on empty space does besides the band: nothing (`band`), clear at the press unless a toggle modifier is held, keep the selection, or clear at the release of a press that went less than the band's threshold, over no item, with no modifier held (`clearAtRelease`).",
            source:
                "UIKit: the press is a 1 × 1 band (our reading); Qt: QGraphicsView::mousePressEvent (measured); GTK: measured; Dear ImGui: `ClearOnClickVoid` in EndMultiSelect (measured)"
        ),
        .choice(
            "primaryAction",
            \.primaryAction,
            "When the primary action fires: a click that selects a single item, or the second press of a double click.",
            source: "UIKit: `performPrimaryActionForItemAt` (Apple's documentation); Qt: `activated`, GTK: `activate` (measured)"
        ),
        .number(
            "doubleClickInterval",
            \.doubleClickInterval,
            0...60,
            unit: "seconds",
            "Two presses within this time are a double click (with `doubleClickDistance`).",
            source: "Qt, GTK: the default 400 ms (measured); UIKit: our reading"
        ),
        .number(
            "doubleClickDistance",
            \.doubleClickDistance,
            0...1e6,
            unit: "points",
            "… and within this distance, per axis.",
            source: "GTK: `gtk-double-click-distance` 5 (measured); Qt: measured; UIKit: our reading"
        ),
        .choice(
            "clickSeries",
            \.clickSeries,
            "How presses count toward a double click: plain pairs on one item, any two presses (Qt), a series on one item (GTK's `n_press`), or a series of presses on any target, each near the one before (`anyTarget`: Dear ImGui's `MouseClickedCount`; the second press is the double click).",
            source:
                "Qt: QGuiApplication, QGraphicsScene (measured); GTK: GtkGestureClick (measured); UIKit: our reading; Dear ImGui: UpdateMouseInputs (measured)"
        ),
        .choice(
            "rangeWithToggle",
            \.rangeWithToggle,
            "What a click with both the range and the toggle modifier does: add the range, a range click, or the range takes the anchor's state.",
            source: "Qt: `extendedSelectionCommand` tests Shift first (measured); GTK: `gtk_list_base_select_item` (measured); UIKit: our reading"
        ),
        .choice(
            "toggleArrow",
            \.toggleArrow,
            "What an arrow with a toggle modifier does.",
            source: "Qt: `extendedSelectionCommand` (measured); GTK: `gtk_list_base_select_item` (measured); UIKit: our reading"
        ),
        .bool(
            "maxEdgePressNeedsSelection",
            \.maxEdgePressNeedsSelection,
            "A press on an item's max edge (its closed rect holds the point, its half-open rect not; the first such item in scene order) hits it only when it is selected, else it is a press on empty space."
        ),
        .bool(
            "rangeIsGridRectangle",
            \.rangeIsGridRectangle,
            "A range is the grid rectangle between the anchor and the item (the items whose left and top edges lie between theirs), replacing the selection; `false`: the items between them in scene order."
        ),
        .bool(
            "rangeWithoutAnchorClears",
            \.rangeWithoutAnchorClears,
            "A range click with no anchor clears the selection and anchors at the item, selecting nothing."
        ),
        .bool(
            "escapeEndsBand",
            \.escapeEndsBand,
            "Escape while a band is active ends it where it is: its selection stays, the rest of the press does nothing."
        ),
    ]
}
