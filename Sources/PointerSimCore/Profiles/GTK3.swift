// The `gtk3` profile: GTK 3.24's GtkIconView in `GTK_SELECTION_MULTIPLE`
// (docs/BandSelection.md, "GTK 3"). Each value is measured in the real
// widget (Tools/toolkits/gtk3, the corpus in Traces/toolkits/gtk3) unless its
// source says "our reading"; the function named is the GTK 3 source it comes
// from (gtk/gtkiconview.c, and GDK's `_gdk_event_button_generate` in
// gdk/gdkdisplay.c for double clicks).

extension ProfileDefinition {
    /// The `gtk3` profile.
    static let gtk3 = ProfileDefinition(
        name: "gtk3",
        band: { p in
            p.set(\.rules, [BandProfile.Rule(.control, .includes, .toggle)])
            p.set(\.threshold, 0)
            p.set(\.modifiersReadAt, .press)
            p.set(\.application, .live)
            p.set(\.emptySpanHitsNothing, true)
        },
        clicks: { r in
            /// Where GTK 3's keys come from: the corpus plays Escape only.
            let keys = "GTK 3: our reading of GtkIconView's key bindings (keys other than Escape are not in the corpus)"
            r.set(\.plainClickToggles, false, "GTK 3: `gtk_icon_view_button_press` selects the item alone (measured)")
            r.set(
                \.itemsAcceptPress,
                true,
                "GTK 3: a press on an item never starts the rubberband, a drag from it does nothing (`gtk_icon_view_button_press`; measured)"
            )
            r.set(
                \.contextClickSelects,
                false,
                "GTK 3: the icon view ignores the secondary button (`gtk_icon_view_button_press`; our reading, not in the corpus)"
            )
            r.set(\.escapeClears, false, "GTK 3: no binding (measured)")
            r.set(
                \.escapeCancelsBand,
                false,
                "GTK 3: Escape ends the band keeping its selection, `escapeEndsBand` (measured)"
            )
            r.set(
                \.doubleClickIntervalIsStrict,
                true,
                "GTK 3: GDK's `time < click_time + double_click_time` (`_gdk_event_button_generate`; measured)"
            )
            r.set(
                \.doubleClickDistanceIsStrict,
                false,
                "GTK 3: GDK's `ABS (x - button_x) <= double_click_distance` (measured)"
            )
            r.set(\.motionEndsClickSeries, false, "GTK 3: GDK compares the presses only (measured)")
            r.set(\.keyEndsClickSeries, false, "GTK 3: GDK compares the presses only (measured)")
            r.set(
                \.doubleClickPressOnlyActivates,
                false,
                "GTK 3: the second press is a press (GDK_BUTTON_PRESS), then a GDK_2BUTTON_PRESS (measured)"
            )
            r.set(
                \.rangeKeepsOtherSelection,
                false,
                "GTK 3: `gtk_icon_view_unselect_all_internal` before the range (measured)"
            )
            r.set(\.emptyClickDropsAnchor, false, "GTK 3: the anchor changes only with a click on an item (measured)")
            r.set(\.selectedPressWaitsForRelease, false, "GTK 3: everything at the press (measured)")
            r.set(\.toggleWaitsForRelease, false, "GTK 3: everything at the press (measured)")
            r.set(\.modifiersReadAtRelease, false, "GTK 3: the press's state (measured)")
            r.set(\.arrowsSelect, true, keys + ": `gtk_icon_view_move_cursor`")
            r.set(\.spaceSelects, false, keys + ": Control+Space `toggle-cursor-item`")
            r.set(\.selectAllIsExact, true, keys + ": `select-all` Control+A")
            r.set(\.keyBindingsAreExact, false, keys)
            r.set(\.rangeNeedsAnchor, false, "GTK 3: see `rangeWithoutAnchorClears` (measured)")
            r.set(\.horizontalArrowsFollowOrder, false, keys)
            r.set(\.arrowAtEdgeActs, false, keys)
            r.set(\.focusMovesAtPress, false, "GTK 3: the click is at the press (measured)")
            r.set(\.focusStartsOnFirstItem, false, keys + ": no cursor item until a click or a key")
            r.set(
                \.doubleClickPressStartsNoBand,
                false,
                "GTK 3: the second press on empty space starts the rubberband as any press (measured)"
            )
            r.set(
                \.pressHitsMaxEdges,
                true,
                "GTK 3: `_gtk_icon_view_get_item_at_coords` tests `x <= x + width` (measured; with `maxEdgePressNeedsSelection`)"
            )
            r.set(\.verticalArrowsByGridRow, false, keys)
            r.set(\.seriesBreakingPressStartsNoSeries, false, "GTK 3: GDK (measured)")
            r.set(\.tabLeavesView, false, keys)
            r.set(
                \.everyReleaseAtPressPointActs,
                false,
                "GTK 3: `gtk_icon_view_button_release` only ends the band (measured)"
            )
            r.set(\.contextMenuFlocks, false, "GTK 3: the icon view has no menu (our reading)")
            r.set(\.keysActOnItems, true, keys)
            r.set(
                \.selectedItemStartsNoBand,
                false,
                "GTK 3: a press on an item starts no band anyway, `itemsAcceptPress` (measured)"
            )
            r.set(\.selectedItemActsAtRelease, false, "GTK 3: everything at the press (measured)")
            r.set(
                \.doubleClickDistanceIsEuclidean,
                false,
                "GTK 3: GDK compares each axis, `ABS (x - button_x) <= double_click_distance` (measured)"
            )
            r.set(\.navigationKeysAct, true, keys)
            r.set(\.keysNeedPress, false, keys)
            r.set(\.pressHitsFirstItem, false, "GTK 3: see `maxEdgePressNeedsSelection` (measured)")
            r.set(
                \.escapeClearsDuringPress,
                false,
                "GTK 3: Escape ends the band keeping its selection, `escapeEndsBand` (measured)"
            )
            r.set(
                \.contextClickClearsOnEmpty,
                true,
                "GTK 3: no effect, `contextClickSelects` is false (our reading, not in the corpus)"
            )
            r.set(
                \.toggleModifiers,
                [.control],
                "GTK 3: `GDK_MODIFIER_INTENT_MODIFY_SELECTION`, Control on X11 (Super and Alt do nothing; measured)"
            )
            r.set(\.rangeModifier, .shift, "GTK 3: `GDK_MODIFIER_INTENT_EXTEND_SELECTION`, Shift (measured)")
            r.set(\.contextClickModifiers, [], "GTK 3: none (measured)")
            r.set(\.selectAllModifiers, [.control], keys + ": `select-all`")
            r.set(\.deselectAllModifiers, [[.control, .shift]], keys + ": `unselect-all`")
            r.set(\.timing, .press, "GTK 3: `gtk_icon_view_button_press` (measured)")
            r.set(
                \.emptyClick,
                .clearAtPress,
                "GTK 3: `gtk_icon_view_unselect_all_internal` at a press on empty space without Control (measured)"
            )
            r.set(\.primaryAction, .doubleClick, "GTK 3: `item-activated` on GDK_2BUTTON_PRESS (measured)")
            r.set(\.doubleClickInterval, 0.4, "GTK 3: `gtk-double-click-time` 400 (measured)")
            r.set(\.doubleClickDistance, 5, "GTK 3: `gtk-double-click-distance` 5 (measured)")
            r.set(\.clickSeries, .gdk, "GTK 3: GDK's double and triple clicks, `_gdk_event_button_generate` (measured)")
            r.set(\.rangeWithToggle, .range, "GTK 3: the extend mask is tested first (measured)")
            r.set(
                \.toggleArrow,
                .movesFocusOnly,
                keys + ": `gtk_icon_view_move_cursor` with the modify mask moves the cursor only"
            )
            r.set(
                \.maxEdgePressNeedsSelection,
                true,
                "GTK 3: `gtk_icon_view_button_press`, \"we consider only the cells' area as the item area if the item is not selected\" (measured)"
            )
            r.set(
                \.rangeIsGridRectangle,
                true,
                "GTK 3: `gtk_icon_view_select_all_between` (measured)"
            )
            r.set(
                \.rangeWithoutAnchorClears,
                true,
                "GTK 3: `gtk_icon_view_button_press` (measured)"
            )
            r.set(
                \.escapeEndsBand,
                true,
                "GTK 3: `gtk_icon_view_key_press` stops the rubberband (measured)"
            )
        }
    )
}
