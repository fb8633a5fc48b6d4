/// The `gtk3` profile's click rules: GTK 3.24's GtkIconView in
/// `GTK_SELECTION_MULTIPLE` (docs/BandSelection.md, "GTK 3"). Each value is
/// measured in the real widget (Tools/toolkits/gtk3, the corpus in
/// Traces/toolkits/gtk3) unless its source says "our reading"; the function
/// named is the GTK 3 source it comes from (gtk/gtkiconview.c, and GDK's
/// `_gdk_event_button_generate` in gdk/gdkdisplay.c for double clicks).
extension ClickRules {
    /// Where GTK 3's keys come from: the corpus plays Escape only.
    static let gtk3KeysReading = "GTK 3: our reading of GtkIconView's key bindings (keys other than Escape are not in the corpus)"

    /// `gtk3`'s value of each shared rule, and its source.
    static let gtk3Values: [String: (ClickRuleValue, String)] = [
        "plainClickToggles": (.bool(false), "GTK 3: `gtk_icon_view_button_press` selects the item alone (measured)"),
        "itemsAcceptPress": (.bool(true), "GTK 3: a press on an item never starts the rubberband, a drag from it does nothing (`gtk_icon_view_button_press`; measured)"),
        "contextClickSelects": (.bool(false), "GTK 3: the icon view ignores the secondary button (`gtk_icon_view_button_press`; our reading, not in the corpus)"),
        "escapeClears": (.bool(false), "GTK 3: no binding (measured)"),
        "escapeCancelsBand": (.bool(false), "GTK 3: Escape ends the band keeping its selection, `escapeEndsBand` (measured)"),
        "doubleClickIntervalIsStrict": (.bool(true), "GTK 3: GDK's `time < click_time + double_click_time` (`_gdk_event_button_generate`; measured)"),
        "doubleClickDistanceIsStrict": (.bool(false), "GTK 3: GDK's `ABS (x - button_x) <= double_click_distance` (measured)"),
        "motionEndsClickSeries": (.bool(false), "GTK 3: GDK compares the presses only (measured)"),
        "keyEndsClickSeries": (.bool(false), "GTK 3: GDK compares the presses only (measured)"),
        "doubleClickPressOnlyActivates": (.bool(false), "GTK 3: the second press is a press (GDK_BUTTON_PRESS), then a GDK_2BUTTON_PRESS (measured)"),
        "rangeKeepsOtherSelection": (.bool(false), "GTK 3: `gtk_icon_view_unselect_all_internal` before the range (measured)"),
        "emptyClickDropsAnchor": (.bool(false), "GTK 3: the anchor changes only with a click on an item (measured)"),
        "selectedPressWaitsForRelease": (.bool(false), "GTK 3: everything at the press (measured)"),
        "toggleWaitsForRelease": (.bool(false), "GTK 3: everything at the press (measured)"),
        "modifiersReadAtRelease": (.bool(false), "GTK 3: the press's state (measured)"),
        "arrowsSelect": (.bool(true), gtk3KeysReading + ": `gtk_icon_view_move_cursor`"),
        "spaceSelects": (.bool(false), gtk3KeysReading + ": Control+Space `toggle-cursor-item`"),
        "selectAllIsExact": (.bool(true), gtk3KeysReading + ": `select-all` Control+A"),
        "keyBindingsAreExact": (.bool(false), gtk3KeysReading),
        "rangeNeedsAnchor": (.bool(false), "GTK 3: see `rangeWithoutAnchorClears` (measured)"),
        "horizontalArrowsFollowOrder": (.bool(false), gtk3KeysReading),
        "arrowAtEdgeActs": (.bool(false), gtk3KeysReading),
        "focusMovesAtPress": (.bool(false), "GTK 3: the click is at the press (measured)"),
        "focusStartsOnFirstItem": (.bool(false), gtk3KeysReading + ": no cursor item until a click or a key"),
        "doubleClickPressStartsNoBand": (.bool(false), "GTK 3: the second press on empty space starts the rubberband as any press (measured)"),
        "pressHitsMaxEdges": (.bool(true), "GTK 3: `_gtk_icon_view_get_item_at_coords` tests `x <= x + width` (measured; with `maxEdgePressNeedsSelection`)"),
        "verticalArrowsByGridRow": (.bool(false), gtk3KeysReading),
        "seriesBreakingPressStartsNoSeries": (.bool(false), "GTK 3: GDK (measured)"),
        "tabLeavesView": (.bool(false), gtk3KeysReading),
        "everyReleaseAtPressPointActs": (.bool(false), "GTK 3: `gtk_icon_view_button_release` only ends the band (measured)"),
        "contextMenuFlocks": (.bool(false), "GTK 3: the icon view has no menu (our reading)"),
        "keysActOnItems": (.bool(true), gtk3KeysReading),
        "toggleModifiers": (.modifierSets([.control]), "GTK 3: `GDK_MODIFIER_INTENT_MODIFY_SELECTION`, Control on X11 (Super and Alt do nothing; measured)"),
        "rangeModifier": (.modifiers(.shift), "GTK 3: `GDK_MODIFIER_INTENT_EXTEND_SELECTION`, Shift (measured)"),
        "contextClickModifiers": (.modifiers([]), "GTK 3: none (measured)"),
        "selectAllModifiers": (.modifierSets([.control]), gtk3KeysReading + ": `select-all`"),
        "deselectAllModifiers": (.modifierSets([[.control, .shift]]), gtk3KeysReading + ": `unselect-all`"),
        "timing": (.choice(Timing.press.rawValue), "GTK 3: `gtk_icon_view_button_press` (measured)"),
        "emptyClick": (.choice(EmptyClick.clearAtPress.rawValue), "GTK 3: `gtk_icon_view_unselect_all_internal` at a press on empty space without Control (measured)"),
        "primaryAction": (.choice(PrimaryAction.doubleClick.rawValue), "GTK 3: `item-activated` on GDK_2BUTTON_PRESS (measured)"),
        "doubleClickInterval": (.number(0.4), "GTK 3: `gtk-double-click-time` 400 (measured)"),
        "doubleClickDistance": (.number(5), "GTK 3: `gtk-double-click-distance` 5 (measured)"),
        "clickSeries": (.choice(ClickSeries.gdk.rawValue), "GTK 3: GDK's double and triple clicks, `_gdk_event_button_generate` (measured)"),
        "rangeWithToggle": (.choice(RangeWithToggle.range.rawValue), "GTK 3: the extend mask is tested first (measured)"),
        "toggleArrow": (.choice(ToggleArrow.movesFocusOnly.rawValue), gtk3KeysReading + ": `gtk_icon_view_move_cursor` with the modify mask moves the cursor only"),
        // Dear ImGui's rules (the `imgui` profile): GTK 3 does none of them.
        "selectedItemStartsNoBand": (.bool(false), "GTK 3: a press on an item starts no band anyway, `itemsAcceptPress` (measured)"),
        "selectedItemActsAtRelease": (.bool(false), "GTK 3: everything at the press (measured)"),
        "doubleClickDistanceIsEuclidean": (.bool(false), "GTK 3: GDK compares each axis, `ABS (x - button_x) <= double_click_distance` (measured)"),
        "navigationKeysAct": (.bool(true), gtk3KeysReading),
        "keysNeedPress": (.bool(false), gtk3KeysReading),
        "pressHitsFirstItem": (.bool(false), "GTK 3: see `maxEdgePressNeedsSelection` (measured)"),
        "escapeClearsDuringPress": (.bool(false), "GTK 3: Escape ends the band keeping its selection, `escapeEndsBand` (measured)"),
        "contextClickClearsOnEmpty": (.bool(true), "GTK 3: no effect, `contextClickSelects` is false (our reading, not in the corpus)"),
    ]

    /// The rules only `gtk3` sets (false for every other profile).
    static func gtk3Rules(_ profiles: [String]) -> [ClickRuleInfo] {
        func only(_ v: Bool) -> [String: Bool] { Dictionary(uniqueKeysWithValues: profiles.map { ($0, false) } + [("gtk3", v)]) }
        return [
            .bool(
                "maxEdgePressNeedsSelection", \.maxEdgePressNeedsSelection, only(true),
                "A press on an item's max edge (its closed rect holds the point, its half-open rect not; the first such item in scene order) hits it only when it is selected, else it is a press on empty space.",
                source: "GTK 3: `gtk_icon_view_button_press`, \"we consider only the cells' area as the item area if the item is not selected\" (measured)"),
            .bool(
                "rangeIsGridRectangle", \.rangeIsGridRectangle, only(true),
                "A range is the grid rectangle between the anchor and the item (the items whose left and top edges lie between theirs), replacing the selection; `false`: the items between them in scene order.",
                source: "GTK 3: `gtk_icon_view_select_all_between` (measured)"),
            .bool(
                "rangeWithoutAnchorClears", \.rangeWithoutAnchorClears, only(true),
                "A range click with no anchor clears the selection and anchors at the item, selecting nothing.",
                source: "GTK 3: `gtk_icon_view_button_press` (measured)"),
            .bool(
                "escapeEndsBand", \.escapeEndsBand, only(true),
                "Escape while a band is active ends it where it is: its selection stays, the rest of the press does nothing.",
                source: "GTK 3: `gtk_icon_view_key_press` stops the rubberband (measured)"),
        ]
    }

    /// `rules` with `gtk3`'s values added (and its sources after the others'),
    /// then the rules only `gtk3` sets.
    static func withGTK3(_ rules: [ClickRuleInfo]) -> [ClickRuleInfo] {
        var names: [String] = []
        for r in rules { for k in r.values.keys where !names.contains(k) { names.append(k) } }
        return rules.map { r in
            guard let (v, source) = gtk3Values[r.name] else { preconditionFailure("click rule \(r.name) has no value for profile gtk3") }
            var values = r.values
            values["gtk3"] = v
            return ClickRuleInfo(name: r.name, type: r.type, values: values, meaning: r.meaning, source: r.source + "; " + source, get: r.get, set: r.set)
        } + gtk3Rules(names)
    }
}

extension ClickRules {
    /// The item a primary press at `p` (content coordinates) is on, nil for
    /// empty space: the topmost item whose half-open rect holds it; with
    /// ``pressHitsMaxEdges`` its closed rect; and with
    /// ``maxEdgePressNeedsSelection`` the first item in scene order whose
    /// closed rect holds it, on its max edge only if it is selected (GTK 3).
    /// - Complexity: that of ``BandEngine/item(at:)``, four times with max edges.
    @usableFromInline package func pressedItem(at p: Point, items engine: BandEngine, selection model: SelectionModel) -> Int? {
        pressTarget(at: p, items: engine, selection: model).item
    }

    /// ``pressedItem(at:items:selection:)``, and with ``maxEdgePressNeedsSelection``
    /// the first item whose closed rect holds the point whether it is hit or not
    /// (GTK 3 activates it at a double click: `_gtk_icon_view_get_item_at_coords`).
    func pressTarget(at p: Point, items engine: BandEngine, selection model: SelectionModel) -> (item: Int?, closed: Int?) {
        if pressHitsFirstItem { let i = engine.firstItem(at: p); return (i, i) }  // Dear ImGui
        guard pressHitsMaxEdges else { let i = engine.item(at: p); return (i, i) }
        guard maxEdgePressNeedsSelection else { let i = engine.item(at: p, closed: true); return (i, i) }
        let x0 = p.x.nextDown, y0 = p.y.nextDown
        let probes = [p, Point(x: x0, y: p.y), Point(x: p.x, y: y0), Point(x: x0, y: y0)]
        guard let first = probes.compactMap({ engine.item(at: $0) }).min() else { return (nil, nil) }
        if engine.rect(of: first).contains(p) { return (first, first) }
        return (model.isSelected(first) ? first : nil, first)
    }
}
