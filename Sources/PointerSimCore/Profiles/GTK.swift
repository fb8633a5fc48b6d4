// The `gtk` profile: GTK 4.8's GtkListView/GtkGridView rubberband and
// GtkListBase's clicks and keys, measured by Traces/toolkits/gtk
// (Tools/toolkits/gtk).

extension ProfileDefinition {
    /// The `gtk` profile.
    static let gtk = ProfileDefinition(
        name: "gtk",
        band: { p in
            p.set(
                \.rules,
                [
                    BandProfile.Rule([.control, .shift], .includes, .toggle), BandProfile.Rule(.control, .includes, .add),
                    BandProfile.Rule(.shift, .includes, .subtract),
                ]
            )
            p.set(\.threshold, 8)
            p.set(\.thresholdMetric, .chebyshev)
            p.set(\.thresholdIsStrict, true)
            p.set(\.modifiersReadAt, .release)
            p.set(\.application, .atEnd)
            p.set(\.rectThroughPointerPixel, true)
            p.set(\.hitsItemsTouchingFarEdge, true)
        },
        clicks: { r in
            r.set(\.plainClickToggles, false)
            r.set(\.itemsAcceptPress, false)
            r.set(\.contextClickSelects, false)
            r.set(\.escapeClears, false)
            r.set(\.escapeCancelsBand, false)
            r.set(\.doubleClickIntervalIsStrict, false)
            r.set(\.doubleClickDistanceIsStrict, true)
            r.set(\.motionEndsClickSeries, false)
            r.set(\.keyEndsClickSeries, false)
            r.set(\.doubleClickPressOnlyActivates, false)
            r.set(\.rangeKeepsOtherSelection, false)
            r.set(\.emptyClickDropsAnchor, false)
            r.set(\.selectedPressWaitsForRelease, false)
            r.set(\.toggleWaitsForRelease, false)
            r.set(\.modifiersReadAtRelease, true)
            r.set(\.arrowsSelect, true)
            r.set(\.spaceSelects, false)
            r.set(\.selectAllIsExact, true)
            r.set(\.keyBindingsAreExact, true)
            r.set(\.rangeNeedsAnchor, true)
            r.set(\.horizontalArrowsFollowOrder, true)
            r.set(\.arrowAtEdgeActs, true)
            r.set(\.focusMovesAtPress, true)
            r.set(\.focusStartsOnFirstItem, true)
            r.set(\.doubleClickPressStartsNoBand, true)
            r.set(\.pressHitsMaxEdges, true)
            r.set(\.verticalArrowsByGridRow, true)
            r.set(\.seriesBreakingPressStartsNoSeries, true)
            r.set(\.tabLeavesView, true)
            r.set(\.everyReleaseAtPressPointActs, false)
            r.set(\.contextMenuFlocks, false)
            r.set(\.keysActOnItems, true)
            r.set(\.selectedItemStartsNoBand, false)
            r.set(\.selectedItemActsAtRelease, false)
            r.set(\.doubleClickDistanceIsEuclidean, false)
            r.set(\.navigationKeysAct, true)
            r.set(\.keysNeedPress, false)
            r.set(\.pressHitsFirstItem, false)
            r.set(\.escapeClearsDuringPress, false)
            r.set(\.contextClickClearsOnEmpty, false)
            r.set(\.toggleModifiers, [.control])
            r.set(\.rangeModifier, .shift)
            r.set(\.contextClickModifiers, [])
            r.set(\.selectAllModifiers, [.control])
            r.set(\.deselectAllModifiers, [[.control, .shift]])
            r.set(\.timing, .release)
            r.set(\.emptyClick, .keep)
            r.set(\.primaryAction, .doubleClick)
            r.set(\.doubleClickInterval, 0.4)
            r.set(\.doubleClickDistance, 5)
            r.set(\.clickSeries, .series)
            r.set(\.rangeWithToggle, .anchorState)
            r.set(\.toggleArrow, .movesFocusOrAnchorStateRange)
            r.set(\.maxEdgePressNeedsSelection, false)
            r.set(\.rangeIsGridRectangle, false)
            r.set(\.rangeWithoutAnchorClears, false)
            r.set(\.escapeEndsBand, false)
        }
    )
}
