// The `qt-itemview` profile (alias `qt`): QAbstractItemView in
// ExtendedSelection as QListView has it (Qt 6), played by the port in
// QtItemView.swift (its `SelectionBehaviour`: QtItemView+Behaviour.swift);
// its click rules are what the rule-driven behaviour uses for the settings
// the port does not model. Measured by Traces/toolkits/qt.

extension ProfileDefinition {
    /// The `qt-itemview` profile.
    static let qtItemView = ProfileDefinition(
        name: "qt-itemview",
        aliases: ["qt"],
        band: { p in
            p.set(\.rules, [BandProfile.Rule(.control, .includes, .toggle), BandProfile.Rule(.shift, .includes, .add)])
            p.set(\.thresholdMetric, .manhattan)
            p.set(\.rectThroughPointerPixel, true)
            p.set(\.itemViewModel, true)
        },
        clicks: { r in
            r.set(\.plainClickToggles, false)
            r.set(\.itemsAcceptPress, false)
            r.set(\.contextClickSelects, true)
            r.set(\.escapeClears, false)
            r.set(\.escapeCancelsBand, false)
            r.set(\.doubleClickIntervalIsStrict, true)
            r.set(\.doubleClickDistanceIsStrict, false)
            r.set(\.motionEndsClickSeries, true)
            r.set(\.keyEndsClickSeries, false)
            r.set(\.doubleClickPressOnlyActivates, true)
            r.set(\.rangeKeepsOtherSelection, true)
            r.set(\.emptyClickDropsAnchor, true)
            r.set(\.selectedPressWaitsForRelease, true)
            r.set(\.toggleWaitsForRelease, true)
            r.set(\.modifiersReadAtRelease, false)
            r.set(\.arrowsSelect, true)
            r.set(\.spaceSelects, true)
            r.set(\.selectAllIsExact, true)
            r.set(\.keyBindingsAreExact, false)
            r.set(\.rangeNeedsAnchor, false)
            r.set(\.horizontalArrowsFollowOrder, true)
            r.set(\.arrowAtEdgeActs, false)
            r.set(\.focusMovesAtPress, false)
            r.set(\.focusStartsOnFirstItem, true)
            r.set(\.doubleClickPressStartsNoBand, false)
            r.set(\.pressHitsMaxEdges, false)
            r.set(\.verticalArrowsByGridRow, false)
            r.set(\.seriesBreakingPressStartsNoSeries, false)
            r.set(\.tabLeavesView, false)
            r.set(\.everyReleaseAtPressPointActs, true)
            r.set(\.contextMenuFlocks, false)
            r.set(\.keysActOnItems, true)
            r.set(\.selectedItemStartsNoBand, false)
            r.set(\.selectedItemActsAtRelease, false)
            r.set(\.doubleClickDistanceIsEuclidean, false)
            r.set(\.navigationKeysAct, true)
            r.set(\.keysNeedPress, false)
            r.set(\.pressHitsFirstItem, false)
            r.set(\.escapeClearsDuringPress, false)
            r.set(\.contextClickClearsOnEmpty, true)
            r.set(\.toggleModifiers, [.control])
            r.set(\.rangeModifier, .shift)
            r.set(\.contextClickModifiers, [])
            r.set(\.selectAllModifiers, [.control])
            r.set(\.deselectAllModifiers, [])
            r.set(\.timing, .press)
            r.set(\.emptyClick, .clearAtPress)
            r.set(\.primaryAction, .doubleClick)
            r.set(\.doubleClickInterval, 0.4)
            r.set(\.doubleClickDistance, 5)
            r.set(\.clickSeries, .pairs)
            r.set(\.rangeWithToggle, .range)
            r.set(\.toggleArrow, .movesFocusOnly)
            r.set(\.maxEdgePressNeedsSelection, false)
            r.set(\.rangeIsGridRectangle, false)
            r.set(\.rangeWithoutAnchorClears, false)
            r.set(\.escapeEndsBand, false)
        },
        port: SelectionBehaviours.Port(name: "qt-itemview") { scene, bandEnabled in QtItemView.make(for: scene, bandEnabled: bandEnabled) }
    )
}
