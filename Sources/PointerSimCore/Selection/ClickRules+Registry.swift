/// One click rule's value, as a scene file writes it.
package enum ClickRuleValue: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    /// One of the rule's choices (``ClickRuleType/choice(_:)``).
    case choice(String)
    /// A modifier set.
    case modifiers(ModifierFlags)
    /// A list of modifier sets.
    case modifierSets([ModifierFlags])
}

/// A click rule's type, as a scene file gives its value.
package enum ClickRuleType: Sendable, Hashable {
    case bool
    /// A number in this range, in this unit (`seconds`, `points`).
    case number(ClosedRange<Double>, unit: String)
    /// One of these strings.
    case choice([String])
    /// A modifier set, e.g. `["shift"]`.
    case modifiers
    /// An array of modifier sets, e.g. `[["command"]]`.
    case modifierSets
}

/// One field of ``ClickRules``, declared once: its name (the scene file's
/// key and the Swift property), its type, each registered profile's value,
/// what it means and where that comes from. The scene reader and writer, the
/// built-in ``ClickRules`` values and the rule table of docs/Formats/Scene.md
/// all come from ``ClickRules/registry``.
package struct ClickRuleInfo: Sendable {
    /// The key (and the Swift property's name).
    package let name: String
    /// The value's type.
    package let type: ClickRuleType
    /// Each registered profile's value, by profile name.
    package let values: [String: ClickRuleValue]
    /// What the rule does.
    package let meaning: String
    /// Where each profile's value comes from: the toolkit function or the
    /// measured corpus, Apple's documentation, or "our reading".
    package let source: String
    let get: @Sendable (ClickRules) -> ClickRuleValue
    let set: @Sendable (inout ClickRules, ClickRuleValue) -> Void

    /// The rule's value in `rules`.
    package func value(in rules: ClickRules) -> ClickRuleValue { get(rules) }
    /// Sets the rule in `rules` (a value of another type than the rule's is ignored).
    package func setValue(_ v: ClickRuleValue, in rules: inout ClickRules) { set(&rules, v) }

    static func bool(
        _ name: String, _ kp: any WritableKeyPath<ClickRules, Bool> & Sendable, _ values: [String: Bool], _ meaning: String, source: String
    ) -> ClickRuleInfo {
        ClickRuleInfo(
            name: name, type: .bool, values: values.mapValues { .bool($0) }, meaning: meaning, source: source,
            get: { .bool($0[keyPath: kp]) }, set: { r, v in if case .bool(let b) = v { r[keyPath: kp] = b } })
    }

    static func number(
        _ name: String, _ kp: any WritableKeyPath<ClickRules, Double> & Sendable, _ range: ClosedRange<Double>, unit: String,
        _ values: [String: Double], _ meaning: String, source: String
    ) -> ClickRuleInfo {
        ClickRuleInfo(
            name: name, type: .number(range, unit: unit), values: values.mapValues { .number($0) }, meaning: meaning, source: source,
            get: { .number($0[keyPath: kp]) }, set: { r, v in if case .number(let d) = v { r[keyPath: kp] = d } })
    }

    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ kp: any WritableKeyPath<ClickRules, E> & Sendable, _ values: [String: E], _ meaning: String, source: String
    ) -> ClickRuleInfo where E.RawValue == String {
        ClickRuleInfo(
            name: name, type: .choice(E.allCases.map(\.rawValue)), values: values.mapValues { .choice($0.rawValue) }, meaning: meaning,
            source: source, get: { .choice($0[keyPath: kp].rawValue) },
            set: { r, v in if case .choice(let c) = v, let e = E(rawValue: c) { r[keyPath: kp] = e } })
    }

    static func modifiers(
        _ name: String, _ kp: any WritableKeyPath<ClickRules, ModifierFlags> & Sendable, _ values: [String: ModifierFlags], _ meaning: String,
        source: String
    ) -> ClickRuleInfo {
        ClickRuleInfo(
            name: name, type: .modifiers, values: values.mapValues { .modifiers($0) }, meaning: meaning, source: source,
            get: { .modifiers($0[keyPath: kp]) }, set: { r, v in if case .modifiers(let m) = v { r[keyPath: kp] = m } })
    }

    static func modifierSets(
        _ name: String, _ kp: any WritableKeyPath<ClickRules, [ModifierFlags]> & Sendable, _ values: [String: [ModifierFlags]],
        _ meaning: String, source: String
    ) -> ClickRuleInfo {
        ClickRuleInfo(
            name: name, type: .modifierSets, values: values.mapValues { .modifierSets($0) }, meaning: meaning, source: source,
            get: { .modifierSets($0[keyPath: kp]) }, set: { r, v in if case .modifierSets(let m) = v { r[keyPath: kp] = m } })
    }
}

extension ClickRules {
    /// The rules of the registered profile `profile` (``BandProfile/registeredNames``),
    /// each field from ``registry``.
    @usableFromInline package init(registered profile: String) {
        self.init(
            toggleModifiers: [], contextClickModifiers: [], selectAllModifiers: [], timing: .press, emptyClick: .band,
            itemsAcceptPress: false, contextClickSelects: false, primaryAction: .singleClick, escapeClears: false)
        for rule in Self.registry {
            guard let v = rule.values[profile] else { preconditionFailure("click rule \(rule.name) has no value for profile \(profile)") }
            rule.set(&self, v)
        }
    }

    /// Every field of ``ClickRules``, in the order a scene file writes them,
    /// with each registered profile's value, its meaning and its source
    /// (`gtk3`'s values and its rules are in ClickRules+GTK3.swift).
    package static let registry: [ClickRuleInfo] = withGTK3(sharedRegistry)

    /// The rules of the profiles registered here.
    static let sharedRegistry: [ClickRuleInfo] = [
        .bool(
            "plainClickToggles", \.plainClickToggles, ["uikit": true, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": false],
            "A plain click toggles its item (adds it or removes it); `false`: it selects the item alone.",
            source: "UIKit: UICollectionView `allowsMultipleSelection` (Apple's documentation); Qt, GTK: measured (Traces/toolkits)"),
        .bool(
            "itemsAcceptPress", \.itemsAcceptPress, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": false],
            "A press on an item never starts a band (the item takes the press).",
            source: "Qt: QGraphicsItem takes the press (measured); GTK: the rubberband starts on items (measured); UIKit: our reading"),
        .bool(
            "contextClickSelects", \.contextClickSelects, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": true],
            "A context click on an unselected item selects it alone first (not while a band is active).",
            source: "Qt: QAbstractItemView::mousePressEvent for any button (measured); UIKit: the context menu never selects (Apple's documentation); GTK: measured"),
        .bool(
            "escapeClears", \.escapeClears, ["uikit": true, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "Escape (no band active) clears the selection.",
            source: "UIKit: our reading; Qt, GTK: no binding (measured)"),
        .bool(
            "escapeCancelsBand", \.escapeCancelsBand, ["uikit": true, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "Escape while the primary button is held or a band is active cancels the band.",
            source: "UIKit: our reading; Qt, GTK: ignored (measured)"),
        .bool(
            "doubleClickIntervalIsStrict", \.doubleClickIntervalIsStrict, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": true, "qt-itemview": true],
            "The second press must come sooner than `doubleClickInterval` after the first; `false`: at most that late.",
            source: "Qt: QGuiApplication `timestamp - mousePressTime < interval` (measured); GTK: measured; UIKit: our reading"),
        .bool(
            "doubleClickDistanceIsStrict", \.doubleClickDistanceIsStrict, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": true, "qt-itemview": false],
            "The second press must be closer than `doubleClickDistance`; `false`: at most that far.",
            source: "GTK: `gtk-double-click-distance` (measured); Qt: measured; UIKit: our reading"),
        .bool(
            "motionEndsClickSeries", \.motionEndsClickSeries, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "Pointer motion farther than `doubleClickDistance` from the press ends the click series.",
            source: "Qt: QGuiApplication forgets the press on such a move (measured); GTK: measured; UIKit: our reading"),
        .bool(
            "keyEndsClickSeries", \.keyEndsClickSeries, ["uikit": true, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": false],
            "A key ends the click series.",
            source: "UIKit: our reading; Qt, GTK: keys between presses do not matter (measured)"),
        .bool(
            "doubleClickPressOnlyActivates", \.doubleClickPressOnlyActivates, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": true],
            "The press that makes a double click only activates: no selection change, no band from it.",
            source: "Qt: QAbstractItemView::mouseDoubleClickEvent, QGraphicsView::mouseDoubleClickEvent (measured)"),
        .bool(
            "rangeKeepsOtherSelection", \.rangeKeepsOtherSelection, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "A range replaces only the previous range's part and keeps what other clicks selected.",
            source: "Qt: QItemSelectionModel's current selection beside its committed ranges (measured); GTK, UIKit: the range replaces the selection (measured; our reading)"),
        .bool(
            "emptyClickDropsAnchor", \.emptyClickDropsAnchor, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "A press on empty space forgets the anchor: the next range starts at the focused item.",
            source: "Qt: QAbstractItemView::mousePressEvent sets its range start to the (invalid) pressed index (measured)"),
        .bool(
            "selectedPressWaitsForRelease", \.selectedPressWaitsForRelease, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "A plain press on a selected item changes nothing; the release at the press point selects it alone.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent, QAbstractItemView::mouseReleaseEvent (measured)"),
        .bool(
            "toggleWaitsForRelease", \.toggleWaitsForRelease, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "A toggle press on an item changes nothing; the release at the press point toggles it.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent (measured)"),
        .bool(
            "modifiersReadAtRelease", \.modifiersReadAtRelease, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "With `timing: release`, the modifiers held at the release decide the click; `false`: those at the press.",
            source: "GTK: GtkGestureClick reads them at the release (measured); UIKit: our reading"),
        .bool(
            "arrowsSelect", \.arrowsSelect, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": true],
            "An arrow without modifiers selects the newly focused item alone; with a toggle modifier it only moves the focus.",
            source: "Qt: QAbstractItemView::keyPressEvent, GTK: GtkListBase (measured); UIKit: arrows move focus (our reading)"),
        .bool(
            "spaceSelects", \.spaceSelects, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": true],
            "Space selects the focused item (never removes it), Space with a toggle modifier toggles; `false`: Space toggles.",
            source: "Qt: QAbstractItemView `extendedSelectionCommand` (measured); GTK: measured; UIKit: our reading"),
        .bool(
            "selectAllIsExact", \.selectAllIsExact, ["uikit": false, "qt-graphicsview": true, "gtk": true, "imgui": true, "qt-itemview": true],
            "Select-all and deselect-all fire only with exactly their flags held.",
            source: "Qt: `QKeySequence::SelectAll`, GTK: its shortcuts (measured); UIKit: our reading"),
        .bool(
            "keyBindingsAreExact", \.keyBindingsAreExact, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": true, "qt-itemview": false],
            "Every key acts only with one of its bindings' flag sets held exactly.",
            source: "GTK: GtkListBase's shortcuts (measured); Qt: other flags do not matter (measured); UIKit: our reading"),
        .bool(
            "rangeNeedsAnchor", \.rangeNeedsAnchor, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "A range needs an anchor: with none, a range click or arrow selects (or toggles) its item alone and anchors there.",
            source: "GTK: `gtk_list_base_select_item` without a selected position (measured); Qt: the range starts at the focused item (measured)"),
        .bool(
            "horizontalArrowsFollowOrder", \.horizontalArrowsFollowOrder, ["uikit": false, "qt-graphicsview": true, "gtk": true, "imgui": false, "qt-itemview": true],
            "Left and Right move to the previous and next item in scene order, across row ends; `false`: the nearest item that way.",
            source: "Qt: QListView's flow, GTK: GtkGridView `move_focus_across` (measured); UIKit: our reading"),
        .bool(
            "arrowAtEdgeActs", \.arrowAtEdgeActs, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "An arrow that finds no item beyond the focused one still acts on the focused item.",
            source: "GTK: focus grabbed and selected at the clamped position (measured); Qt: the current item does not change (measured)"),
        .bool(
            "focusMovesAtPress", \.focusMovesAtPress, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "A press on an item moves the keyboard focus to it at once, even when the click acts at the release.",
            source: "GTK: the list item grabs focus at the press (measured)"),
        .bool(
            "focusStartsOnFirstItem", \.focusStartsOnFirstItem, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": true],
            "Keyboard focus starts on the first item.",
            source: "Qt: QAbstractItemView::focusInEvent, GTK: GtkListBase's focus (measured); UIKit: our reading"),
        .bool(
            "doubleClickPressStartsNoBand", \.doubleClickPressStartsNoBand, ["uikit": false, "qt-graphicsview": true, "gtk": true, "imgui": true, "qt-itemview": false],
            "The second press of a double click starts no band, whatever the drag after it.",
            source: "GTK: the click gesture claims the press (measured)"),
        .bool(
            "pressHitsMaxEdges", \.pressHitsMaxEdges, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "A press on an item's max edge hits it; `false`: item rects are half-open.",
            source: "GTK: widgets are picked with their max edges included (measured)"),
        .bool(
            "verticalArrowsByGridRow", \.verticalArrowsByGridRow, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "Up and Down move by rows of a grid in scene order; `false`: the nearest item that way.",
            source: "GTK: GtkGridView `move_focus_along` (measured)"),
        .bool(
            "seriesBreakingPressStartsNoSeries", \.seriesBreakingPressStartsNoSeries, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "A press that ends a click series by its distance starts no new series.",
            source: "GTK 4.8.3: GtkGestureClick stops itself in that press (measured)"),
        .bool(
            "tabLeavesView", \.tabLeavesView, ["uikit": false, "qt-graphicsview": false, "gtk": true, "imgui": false, "qt-itemview": false],
            "Tab moves keyboard focus out of the view until a press on an item focuses it again.",
            source: "GTK (measured); Qt, UIKit: Tab does nothing here (measured; our reading)"),
        .bool(
            "everyReleaseAtPressPointActs", \.everyReleaseAtPressPointActs, ["uikit": false, "qt-graphicsview": true, "gtk": false, "imgui": false, "qt-itemview": true],
            "Every release at the press point of a (non-range) press on an item selects it alone, or toggles it with a toggle modifier.",
            source: "Qt: QGraphicsItem::mouseReleaseEvent (measured)"),
        .bool(
            "contextMenuFlocks", \.contextMenuFlocks, ["uikit": true, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": false],
            "A context menu over more than one item flocks them together at the menu's point (`contextMenu.flocked`, after `contextMenu.requested`).",
            source: "UIKit: \"Affected items flock together\", \"On iPad, selection is flocked together to show the multi-selection when the menu is invoked\" (Build a desktop-class iPad app, WWDC22); Qt, GTK: their menus draw nothing over the items (our reading)"),
        .bool(
            "keysActOnItems", \.keysActOnItems, ["uikit": true, "qt-graphicsview": false, "gtk": true, "imgui": true, "qt-itemview": true],
            "Keys act on the items (arrows, Space, Return, select-all); `false`: no key changes the selection or the focus.",
            source: "Qt: QGraphicsView has no keyboard selection and its items take no focus (measured: Traces/toolkits/qt/graphicsview-*.jsonl); the others: measured, or our reading for UIKit"),
        .bool(
            "selectedItemStartsNoBand", \.selectedItemStartsNoBand, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "A press on a selected item starts no band, whatever the drag after it.",
            source: "Dear ImGui: a selected selectable is pressed at the release (`ImGuiButtonFlags_PressedOnClickRelease`) and only a press calls `BoxSelectPreStartDrag` (MultiSelectItemFooter; measured: Traces/toolkits/imgui)"),
        .bool(
            "selectedItemActsAtRelease", \.selectedItemActsAtRelease, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "A press on a selected item (any modifiers) changes nothing; the release over that item, however far the pointer went, acts as a click with the modifiers held then.",
            source: "Dear ImGui: `ImGuiMultiSelectFlags_SelectOnAuto` (MultiSelectItemHeader), ButtonBehavior's release (measured: Traces/toolkits/imgui)"),
        .bool(
            "doubleClickDistanceIsEuclidean", \.doubleClickDistanceIsEuclidean, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "The double-click distance is Euclidean; `false`: per axis.",
            source: "Dear ImGui: UpdateMouseInputs, `ImLengthSqr(delta) < MouseDoubleClickMaxDist²` (measured)"),
        .bool(
            "navigationKeysAct", \.navigationKeysAct, ["uikit": true, "qt-graphicsview": true, "gtk": true, "imgui": false, "qt-itemview": true],
            "Arrows, Space and Return act (within `keysActOnItems`); `false`: only Escape and select-all.",
            source: "Dear ImGui without `ImGuiConfigFlags_NavEnableKeyboard` (its default; measured); the others: see `keysActOnItems`"),
        .bool(
            "keysNeedPress", \.keysNeedPress, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "Keys act only once a press in the view (on an item or not) gave it focus.",
            source: "Dear ImGui: the window is focused by a press in it (`FocusWindow`; a window created with `ImGuiWindowFlags_NoFocusOnAppearing`, measured)"),
        .bool(
            "pressHitsFirstItem", \.pressHitsFirstItem, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "Where items overlap, a press hits the first in scene order; `false`: the topmost (last).",
            source: "Dear ImGui: the first item submitted takes `HoveredId` (ItemHoverable; measured)"),
        .bool(
            "escapeClearsDuringPress", \.escapeClearsDuringPress, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": true, "qt-itemview": false],
            "Escape while the primary button is held clears the selection as it does otherwise and cancels an active band; a press that has not become a band goes on.",
            source: "Dear ImGui: BeginMultiSelect's `ClearOnEscape` shortcut, `BoxSelectDeactivateDrag` (measured)"),
        .bool(
            "contextClickClearsOnEmpty", \.contextClickClearsOnEmpty, ["uikit": false, "qt-graphicsview": false, "gtk": false, "imgui": false, "qt-itemview": true],
            "With `contextClickSelects`, a context click on empty space clears the selection; `false`: it leaves it.",
            source: "Qt: QAbstractItemView::mousePressEvent (measured); Dear ImGui: only a hovered item handles the right click (MultiSelectItemFooter; checked with `pointersim conform --exec` against the harness); the others select nothing on a context click"),
        .modifierSets(
            "toggleModifiers", \.toggleModifiers, ["uikit": [.command], "qt-graphicsview": [.control], "gtk": [.control], "imgui": [.control], "qt-itemview": [.control]],
            "Any of these flag sets (each must be held) makes a click toggle its item.",
            source: "UIKit: Command (Apple's documentation); Qt: `extendedSelectionCommand`, GTK: GtkListBase (measured)"),
        .modifiers(
            "rangeModifier", \.rangeModifier, ["uikit": .shift, "qt-graphicsview": [], "gtk": .shift, "imgui": .shift, "qt-itemview": .shift],
            "Held, this makes a click (or an arrow) extend a range from the anchor.",
            source: "UIKit: Apple's documentation; Qt, GTK: measured"),
        .modifiers(
            "contextClickModifiers", \.contextClickModifiers, ["uikit": .control, "qt-graphicsview": [], "gtk": [], "imgui": [], "qt-itemview": []],
            "Held with the primary button, these make a click a context click; none: only the secondary button.",
            source: "UIKit: Control-click (Apple's documentation); Qt, GTK: measured"),
        .modifierSets(
            "selectAllModifiers", \.selectAllModifiers, ["uikit": [.command], "qt-graphicsview": [], "gtk": [.control], "imgui": [.control], "qt-itemview": [.control]],
            "With these held, `a` selects all.",
            source: "UIKit: Command-A (Apple's documentation); Qt: `QKeySequence::SelectAll`, GTK: `list.select-all` (measured)"),
        .modifierSets(
            "deselectAllModifiers", \.deselectAllModifiers, ["uikit": [], "qt-graphicsview": [], "gtk": [[.control, .shift]], "imgui": [], "qt-itemview": []],
            "With these held, `a` clears the selection.",
            source: "GTK: `list.unselect-all` (measured)"),
        .choice(
            "timing", \.timing, ["uikit": .release, "qt-graphicsview": .press, "gtk": .release, "imgui": .press, "qt-itemview": .press],
            "When a primary click changes the selection: at the press, or at the release if the press did not become a band.",
            source: "Qt: QAbstractItemView::mousePressEvent (measured); GTK: GtkGestureClick's release (measured); UIKit: our reading"),
        .choice(
            "emptyClick", \.emptyClick, ["uikit": .band, "qt-graphicsview": .clearAtPress, "gtk": .keep, "imgui": .clearAtRelease, "qt-itemview": .clearAtPress],
            "What a primary click on empty space does besides the band: nothing (`band`), clear at the press unless a toggle modifier is held, keep the selection, or clear at the release of a press that went less than the band's threshold, over no item, with no modifier held (`clearAtRelease`).",
            source: "UIKit: the press is a 1 × 1 band (our reading); Qt: QGraphicsView::mousePressEvent (measured); GTK: measured; Dear ImGui: `ClearOnClickVoid` in EndMultiSelect (measured)"),
        .choice(
            "primaryAction", \.primaryAction, ["uikit": .singleClick, "qt-graphicsview": .doubleClick, "gtk": .doubleClick, "imgui": .doubleClick, "qt-itemview": .doubleClick],
            "When the primary action fires: a click that selects a single item, or the second press of a double click.",
            source: "UIKit: `performPrimaryActionForItemAt` (Apple's documentation); Qt: `activated`, GTK: `activate` (measured)"),
        .number(
            "doubleClickInterval", \.doubleClickInterval, 0...60, unit: "seconds", ["uikit": 0.4, "qt-graphicsview": 0.4, "gtk": 0.4, "imgui": 0.3, "qt-itemview": 0.4],
            "Two presses within this time are a double click (with `doubleClickDistance`).",
            source: "Qt, GTK: the default 400 ms (measured); UIKit: our reading"),
        .number(
            "doubleClickDistance", \.doubleClickDistance, 0...1e6, unit: "points", ["uikit": 5, "qt-graphicsview": 5, "gtk": 5, "imgui": 6, "qt-itemview": 5],
            "… and within this distance, per axis.",
            source: "GTK: `gtk-double-click-distance` 5 (measured); Qt: measured; UIKit: our reading"),
        .choice(
            "clickSeries", \.clickSeries, ["uikit": .plainPairs, "qt-graphicsview": .pairs, "gtk": .series, "imgui": .anyTarget, "qt-itemview": .pairs],
            "How presses count toward a double click: plain pairs on one item, any two presses (Qt), a series on one item (GTK's `n_press`), or a series of presses on any target, each near the one before (`anyTarget`: Dear ImGui's `MouseClickedCount`; the second press is the double click).",
            source: "Qt: QGuiApplication, QGraphicsScene (measured); GTK: GtkGestureClick (measured); UIKit: our reading; Dear ImGui: UpdateMouseInputs (measured)"),
        .choice(
            "rangeWithToggle", \.rangeWithToggle, ["uikit": .addRange, "qt-graphicsview": .range, "gtk": .anchorState, "imgui": .anchorState, "qt-itemview": .range],
            "What a click with both the range and the toggle modifier does: add the range, a range click, or the range takes the anchor's state.",
            source: "Qt: `extendedSelectionCommand` tests Shift first (measured); GTK: `gtk_list_base_select_item` (measured); UIKit: our reading"),
        .choice(
            "toggleArrow", \.toggleArrow, ["uikit": .asPlain, "qt-graphicsview": .movesFocusOnly, "gtk": .movesFocusOrAnchorStateRange, "imgui": .movesFocusOnly, "qt-itemview": .movesFocusOnly],
            "What an arrow with a toggle modifier does.",
            source: "Qt: `extendedSelectionCommand` (measured); GTK: `gtk_list_base_select_item` (measured); UIKit: our reading"),
    ]
}
