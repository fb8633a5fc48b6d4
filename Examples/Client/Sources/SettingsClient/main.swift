// Every setting a scene file can give a band profile, set in code by a
// client outside the package (issue #41): each band field and each click rule
// of docs/Formats/Scene.md is a public property. gtk3's values are copied one
// by one onto uikit's profile, so the result is gtk3's profile under uikit's
// name. (A repository test checks that this file sets every declared setting.)
import PointerSimCore

let gtk3 = BandProfile.gtk3
var profile = BandProfile.uikit
profile.rules = gtk3.rules
profile.defaultMode = gtk3.defaultMode
profile.threshold = gtk3.threshold
profile.thresholdMetric = gtk3.thresholdMetric
profile.thresholdIsStrict = gtk3.thresholdIsStrict
profile.modifiersReadAt = gtk3.modifiersReadAt
profile.application = gtk3.application
profile.rectThroughPointerPixel = gtk3.rectThroughPointerPixel
profile.holdsWithinThreshold = gtk3.holdsWithinThreshold
profile.hitsItemsTouchingFarEdge = gtk3.hitsItemsTouchingFarEdge
profile.itemViewModel = gtk3.itemViewModel
profile.bandMayBeEmpty = gtk3.bandMayBeEmpty
profile.bandFromItemMode = gtk3.bandFromItemMode
profile.bandAnchorsFirstItem = gtk3.bandAnchorsFirstItem
profile.emptySpanHitsNothing = gtk3.emptySpanHitsNothing

var clicks = profile.clicks
clicks.plainClickToggles = gtk3.clicks.plainClickToggles
clicks.itemsAcceptPress = gtk3.clicks.itemsAcceptPress
clicks.contextClickSelects = gtk3.clicks.contextClickSelects
clicks.escapeClears = gtk3.clicks.escapeClears
clicks.escapeCancelsBand = gtk3.clicks.escapeCancelsBand
clicks.doubleClickIntervalIsStrict = gtk3.clicks.doubleClickIntervalIsStrict
clicks.doubleClickDistanceIsStrict = gtk3.clicks.doubleClickDistanceIsStrict
clicks.motionEndsClickSeries = gtk3.clicks.motionEndsClickSeries
clicks.keyEndsClickSeries = gtk3.clicks.keyEndsClickSeries
clicks.doubleClickPressOnlyActivates = gtk3.clicks.doubleClickPressOnlyActivates
clicks.rangeKeepsOtherSelection = gtk3.clicks.rangeKeepsOtherSelection
clicks.emptyClickDropsAnchor = gtk3.clicks.emptyClickDropsAnchor
clicks.selectedPressWaitsForRelease = gtk3.clicks.selectedPressWaitsForRelease
clicks.toggleWaitsForRelease = gtk3.clicks.toggleWaitsForRelease
clicks.modifiersReadAtRelease = gtk3.clicks.modifiersReadAtRelease
clicks.arrowsSelect = gtk3.clicks.arrowsSelect
clicks.spaceSelects = gtk3.clicks.spaceSelects
clicks.selectAllIsExact = gtk3.clicks.selectAllIsExact
clicks.keyBindingsAreExact = gtk3.clicks.keyBindingsAreExact
clicks.rangeNeedsAnchor = gtk3.clicks.rangeNeedsAnchor
clicks.horizontalArrowsFollowOrder = gtk3.clicks.horizontalArrowsFollowOrder
clicks.arrowAtEdgeActs = gtk3.clicks.arrowAtEdgeActs
clicks.focusMovesAtPress = gtk3.clicks.focusMovesAtPress
clicks.focusStartsOnFirstItem = gtk3.clicks.focusStartsOnFirstItem
clicks.doubleClickPressStartsNoBand = gtk3.clicks.doubleClickPressStartsNoBand
clicks.pressHitsMaxEdges = gtk3.clicks.pressHitsMaxEdges
clicks.verticalArrowsByGridRow = gtk3.clicks.verticalArrowsByGridRow
clicks.seriesBreakingPressStartsNoSeries = gtk3.clicks.seriesBreakingPressStartsNoSeries
clicks.tabLeavesView = gtk3.clicks.tabLeavesView
clicks.everyReleaseAtPressPointActs = gtk3.clicks.everyReleaseAtPressPointActs
clicks.contextMenuFlocks = gtk3.clicks.contextMenuFlocks
clicks.keysActOnItems = gtk3.clicks.keysActOnItems
clicks.selectedItemStartsNoBand = gtk3.clicks.selectedItemStartsNoBand
clicks.selectedItemActsAtRelease = gtk3.clicks.selectedItemActsAtRelease
clicks.doubleClickDistanceIsEuclidean = gtk3.clicks.doubleClickDistanceIsEuclidean
clicks.navigationKeysAct = gtk3.clicks.navigationKeysAct
clicks.keysNeedPress = gtk3.clicks.keysNeedPress
clicks.pressHitsFirstItem = gtk3.clicks.pressHitsFirstItem
clicks.escapeClearsDuringPress = gtk3.clicks.escapeClearsDuringPress
clicks.contextClickClearsOnEmpty = gtk3.clicks.contextClickClearsOnEmpty
clicks.toggleModifiers = gtk3.clicks.toggleModifiers
clicks.rangeModifier = gtk3.clicks.rangeModifier
clicks.contextClickModifiers = gtk3.clicks.contextClickModifiers
clicks.selectAllModifiers = gtk3.clicks.selectAllModifiers
clicks.deselectAllModifiers = gtk3.clicks.deselectAllModifiers
clicks.timing = gtk3.clicks.timing
clicks.emptyClick = gtk3.clicks.emptyClick
clicks.primaryAction = gtk3.clicks.primaryAction
clicks.doubleClickInterval = gtk3.clicks.doubleClickInterval
clicks.doubleClickDistance = gtk3.clicks.doubleClickDistance
clicks.clickSeries = gtk3.clicks.clickSeries
clicks.rangeWithToggle = gtk3.clicks.rangeWithToggle
clicks.toggleArrow = gtk3.clicks.toggleArrow
clicks.maxEdgePressNeedsSelection = gtk3.clicks.maxEdgePressNeedsSelection
clicks.rangeIsGridRectangle = gtk3.clicks.rangeIsGridRectangle
clicks.rangeWithoutAnchorClears = gtk3.clicks.rangeWithoutAnchorClears
clicks.escapeEndsBand = gtk3.clicks.escapeEndsBand
profile.clicks = clicks

var renamed = gtk3
renamed.name = profile.name
print("band fields set in code: 15; click rules set in code: 57")
print("uikit with each of gtk3's settings is gtk3 but for its name: \(profile == renamed)")
print("and differs from uikit: \(profile != BandProfile.uikit)")
