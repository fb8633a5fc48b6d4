/// What a click, a context click or a key did, in item indices.
public enum SelectionEvent: Sendable, Hashable {
    /// The selection changed (indices ascending).
    case changed(cause: SelectionCause, diff: SelectionDiff)
    /// Keyboard focus moved to an item.
    case focusMoved(Int)
    /// The item's primary action.
    case primaryAction(Int)
    /// A context menu at a point (content coordinates, like band rects) for these items (ascending;
    /// empty: empty space).
    case contextMenu(point: Point, items: [Int])
}

/// The arrow keys' directions.
public enum FocusDirection: Sendable, Hashable, CaseIterable {
    case left, right, up, down

    /// How far an item centred at `p` is from one centred at `c` for a move
    /// in this direction: `distance along + 2 × |offset across|` (**our
    /// choice**), nil when `p` is not strictly beyond `c` along the axis.
    @inlinable func score(from c: Point, to p: Point) -> Double? {
        let along: Double, across: Double
        switch self {
        case .left: along = c.x - p.x; across = p.y - c.y
        case .right: along = p.x - c.x; across = p.y - c.y
        case .up: along = c.y - p.y; across = p.x - c.x
        case .down: along = p.y - c.y; across = p.x - c.x
        }
        return along > 0 ? along + 2 * abs(across) : nil
    }
}

/// Clicks, keyboard focus and context menus over a band interaction's items
/// and selection: the rest of a collection view's selection model around the
/// band (each toolkit's rules are a ``ClickRules``).
///
/// Item order (ranges, select all) is index order, which for a scene is scene
/// order. The controller keeps the keyboard focus and the anchor of range
/// selections; the selection itself lives in the ``BandSelectionInteraction``
/// passed to each call, so bands and clicks share it.
public struct SelectionController: Sendable {
    /// The settings.
    public var configuration: SelectionConfiguration
    /// The toolkit's rules.
    public var rules: ClickRules
    /// The item with keyboard focus.
    public private(set) var focus: Int?
    /// Where Shift-click and Shift+arrow ranges start.
    public private(set) var anchor: Int?
    /// What a range keeps beside itself (``ClickRules/rangeKeepsOtherSelection``):
    /// QItemSelectionModel's committed selection. An operation that replaces
    /// the selection (a plain click or arrow, select-all) empties it; one that
    /// toggles or adds (a toggle click, Space) commits the selection before
    /// it; a range leaves it alone and replaces only the last operation's part.
    var rangeBase: [Int] = []
    /// The presses of the current quick series (for double clicks).
    var series: (time: Double, point: Point, item: Int?, count: Int, plain: Bool)?
    /// What the release of the current press on an item does.
    enum PendingRelease: Sendable {
        /// The whole click, at the release (``ClickRules/Timing/release``),
        /// with the press's modifiers (used unless they are read at the release).
        case click(ModifierFlags)
        /// Select the item alone, or toggle it with a toggle modifier held at
        /// the release, if the release is at the press point (Qt).
        case atPressPoint
    }
    var pending: PendingRelease?
    /// Whether the view has keyboard focus (``ClickRules/tabLeavesView``: Tab
    /// takes it away, a press on an item gives it back).
    public private(set) var viewHasFocus = true

    /// Creates a controller.
    public init(configuration: SelectionConfiguration = SelectionConfiguration(), rules: ClickRules = .uikit) {
        self.configuration = configuration
        self.rules = rules
    }

    /// Puts focus on the first item when the toolkit starts it there
    /// (``ClickRules/focusStartsOnFirstItem``), without a `focusMoved` event:
    /// the view had focus before the session. Called once, over `count` items.
    public mutating func startFocus(itemCount count: Int) {
        if rules.focusStartsOnFirstItem && configuration.focus && count > 0 && focus == nil { focus = 0 }
    }

    // MARK: Clicks

    /// A primary click on item `i` with `modifiers` held, at `time` and view
    /// point `point` (for double clicks): the press and the release at the
    /// same point (``pressItem(_:modifiers:time:point:band:)`` then
    /// ``releaseItem(_:modifiers:atPressPoint:dragged:band:)``): select,
    /// toggle or extend, move the focus, and perform the primary action as
    /// the toolkit does.
    /// - Complexity: O(change) for a toggle or a range after a range, O(n / 64 + change) otherwise.
    public mutating func click(item i: Int, modifiers: ModifierFlags, time: Double, point: Point, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        pressItem(i, modifiers: modifiers, time: time, point: point, band: &band)
            + releaseItem(i, modifiers: modifiers, atPressPoint: true, dragged: false, band: &band)
    }

    /// The primary button went down on item `i`: what the toolkit does at
    /// the press (``ClickRules/timing``, ``ClickRules/selectedPressWaitsForRelease``,
    /// ``ClickRules/toggleWaitsForRelease``), and a double click's primary
    /// action (Qt and GTK activate at the second press).
    public mutating func pressItem(_ i: Int, modifiers: ModifierFlags, time: Double, point: Point, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        var out: [SelectionEvent] = []
        viewHasFocus = true
        let double = countPress(item: i, modifiers: modifiers, time: time, point: point)
        if double && rules.doubleClickPressOnlyActivates && !configuration.editing && !lastPressFollowedEmpty {
            pending = nil
            out.append(.primaryAction(i))
            return out
        }
        if rules.timing == .release {
            pending = .click(modifiers)
            if rules.focusMovesAtPress { moveFocus(to: i, into: &out) }
        } else {
            let wasSelected = band.engine.isSelected(i)
            let toggle = rules.toggles(modifiers), range = rules.extendsRange(modifiers) && configuration.multiple
            let plain = !toggle && !range
            let toolkitRules = configuration.multiple && !configuration.editing && !rules.plainClickToggles
            if toolkitRules && plain && wasSelected && rules.selectedPressWaitsForRelease
                || toolkitRules && toggle && !range && rules.toggleWaitsForRelease
            {
                pending = .atPressPoint
                moveFocus(to: i, into: &out)
            } else {
                select(i, modifiers: modifiers, band: &band, into: &out)
                // QGraphicsItem::mouseReleaseEvent acts on every release at the press
                // point, whatever the press did (a range press is QListView's: not).
                pending = toolkitRules && !range && rules.everyReleaseAtPressPointActs ? .atPressPoint : nil
            }
        }
        if double && !configuration.editing { out.append(.primaryAction(i)) }
        return out
    }

    /// The primary button went up after a press on item `i` (`modifiers`
    /// held now; `atPressPoint`: the pointer is where it was pressed;
    /// `dragged`: the press became a band or a drag).
    public mutating func releaseItem(_ i: Int, modifiers: ModifierFlags, atPressPoint: Bool, dragged: Bool, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        guard let p = pending else { return [] }
        pending = nil
        var out: [SelectionEvent] = []
        switch p {
        case .click(let pressed):
            guard !dragged else { return [] }
            select(i, modifiers: rules.modifiersReadAtRelease ? modifiers : pressed, band: &band, into: &out)
        case .atPressPoint:
            guard atPressPoint else { return [] }
            let toggle = rules.toggles(modifiers)
            if toggle { commitRangeBase(band) } else { clearRangeBase() }
            anchor = i
            change(.click, band.setSelection(toggle ? toggled(i, band) : [i]), into: &out)
        }
        return out
    }

    /// Counts a primary press toward a double click; whether it is one.
    mutating func countPress(item i: Int?, modifiers: ModifierFlags, time: Double, point: Point) -> Bool {
        let plain = !rules.toggles(modifiers) && !rules.extendsRange(modifiers)
        var count = 1
        var sameTarget = false
        lastPressFollowedEmpty = false
        // Times are compared to the microsecond: a trace's decimal times are not
        // exact in binary (0.41 − 0.01 < 0.4), and toolkits count milliseconds.
        let dt = time - (series?.time ?? 0), limit = rules.doubleClickInterval
        if let s = series, rules.doubleClickIntervalIsStrict ? dt < limit - 1e-6 : dt <= limit + 1e-6 {
            let near = isNear(point, s.point)
            sameTarget = s.item != nil && s.item == i
            switch rules.clickSeries {
            case .plainPairs: if near && plain && s.plain && sameTarget && s.count == 1 { count = 2 }
            // Qt decides the double click whatever is under the pointer; only
            // a second press on the same item activates it.
            case .pairs:
                if near && s.count == 1 {
                    count = 2
                    // After a press on empty space no item grabbed the mouse, so
                    // QGraphicsScene hands the double click to the item under it.
                    if s.item == nil && i != nil { sameTarget = true; lastPressFollowedEmpty = true }
                }
            case .series:
                if near && sameTarget {
                    count = s.count + 1
                } else if !near && sameTarget && rules.seriesBreakingPressStartsNoSeries {
                    count = 0
                }
            }
        }
        lastPressWasDoubleClick = count == 2
        // Qt forgets a press once it made a double click: the next starts over.
        series = (time, point, i, count == 2 && rules.clickSeries != .series ? 0 : count, plain)
        return count == 2 && sameTarget && rules.primaryAction == .doubleClick
    }

    /// Whether two points are within the double-click distance on each axis.
    func isNear(_ a: Point, _ b: Point) -> Bool {
        let dx = abs(a.x - b.x), dy = abs(a.y - b.y), d = rules.doubleClickDistance
        return rules.doubleClickDistanceIsStrict ? dx < d && dy < d : dx <= d && dy <= d
    }

    /// Whether the last press was the second of a double click (on any target).
    public private(set) var lastPressWasDoubleClick = false
    /// Whether the last press made a double click on an item after a press on
    /// empty space (``ClickRules/ClickSeries/pairs``): it activates the item
    /// and acts as a press too.
    var lastPressFollowedEmpty = false

    /// Whether the last press was a double click's second press that only
    /// activates (``ClickRules/doubleClickPressOnlyActivates``): on empty space
    /// it still clears as a press does, but the simulator starts no band from
    /// it (QGraphicsView::mouseDoubleClickEvent).
    public var lastPressOnlyActivated: Bool { rules.doubleClickPressOnlyActivates && lastPressWasDoubleClick && !lastPressFollowedEmpty }

    /// The pointer moved to view point `point` (with ``ClickRules/motionEndsClickSeries``
    /// a move farther than the double-click distance from the press ends the series).
    public mutating func pointerMoved(to point: Point) {
        if rules.motionEndsClickSeries, let s = series, !isNear(point, s.point) { series = nil }
    }

    /// The selection change of a click on item `i` with `modifiers` (no focus
    /// change besides the clicked item's, no primary action but UIKit's
    /// single-click one).
    mutating func select(_ i: Int, modifiers: ModifierFlags, band: inout BandSelectionInteraction, into out: inout [SelectionEvent]) {
        var toggle = rules.toggles(modifiers), range = rules.extendsRange(modifiers) && configuration.multiple
        if range && anchor == nil && rules.rangeNeedsAnchor { range = false }
        if toggle && range && rules.rangeWithToggle == .range { toggle = false }
        let plain = !toggle && !range
        let wasSelected = band.engine.isSelected(i)
        var target: SelectionTarget
        if !configuration.multiple {
            target = toggle && wasSelected ? [] : [i]
            anchor = i
        } else if (configuration.editing || rules.plainClickToggles) && plain {
            target = toggled(i, band)
            anchor = i
        } else if range {
            let a = anchor ?? focus ?? i
            anchor = a
            let span = Swift.min(a, i)...Swift.max(a, i)
            if toggle && rules.rangeWithToggle == .anchorState && !band.engine.isSelected(a) {
                // GTK: the range takes the anchor's state, here unselected.
                let removed = band.selectedItems.filter { !span.contains($0) }
                target = .items(removed)
            } else if toggle {
                target = .range(span, keepingSelection: true)
            } else {
                target = rangeTarget(span, band)
            }
        } else if toggle {
            target = toggled(i, band)
            anchor = i
        } else {
            target = [i]
            anchor = i
        }
        if !range { if plain { clearRangeBase() } else { commitRangeBase(band) } }
        change(.click, band.setSelection(target), into: &out)
        moveFocus(to: i, into: &out)
        if plain && !configuration.editing && rules.primaryAction == .singleClick {
            // A single cell selected, no existing selection extended.
            if !rules.plainClickToggles || (!wasSelected && band.engine.selectedCount == 1) { out.append(.primaryAction(i)) }
        }
    }

    /// The selection a range (`span`, ascending) makes: the span alone, or
    /// with ``ClickRules/rangeKeepsOtherSelection`` the span beside what was
    /// selected when the run of ranges began.
    mutating func rangeTarget(_ span: ClosedRange<Int>, _ band: BandSelectionInteraction) -> SelectionTarget {
        guard rules.rangeKeepsOtherSelection, !rangeBase.isEmpty else { return .range(span, keepingSelection: false) }
        return .items(Array(Set(rangeBase).union(span.filter { !band.engine.isRemoved($0) })).sorted())
    }

    /// A toggle or an addition commits the selection before it
    /// (``ClickRules/rangeKeepsOtherSelection`` only: O(selected) then).
    mutating func commitRangeBase(_ band: BandSelectionInteraction) {
        if rules.rangeKeepsOtherSelection { rangeBase = band.selectedItems }
    }

    /// A replacing operation empties the committed selection.
    mutating func clearRangeBase() {
        if !rangeBase.isEmpty { rangeBase = [] }
    }

    /// A primary click on empty space that the toolkit treats as a click
    /// (``ClickRules/EmptyClick/clearAtPress``): clears unless a toggle modifier is held.
    public mutating func clickEmpty(modifiers: ModifierFlags, time: Double = 0, point: Point = .zero, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        _ = countPress(item: nil, modifiers: modifiers, time: time, point: point)
        pending = nil
        if rules.emptyClickDropsAnchor { anchor = nil }
        guard rules.emptyClick == .clearAtPress, !rules.toggles(modifiers) else {
            commitRangeBase(band)
            return []
        }
        clearRangeBase()
        var out: [SelectionEvent] = []
        change(.click, band.setSelection([]), into: &out)
        return out
    }

    /// A context click (secondary button, or the toolkit's context modifiers
    /// with the primary button) on item `i` (nil: empty space) at view point
    /// `point`: the menu's targets are none for empty space, the clicked item
    /// alone when it is not selected, the whole selection when it is. Toolkits
    /// with ``ClickRules/contextClickSelects`` select the clicked item first
    /// (and clear on empty space), except while a band is active: the band
    /// owns the selection then (``BandSelectionInteraction/setSelection(_:)-(SelectionTarget)``
    /// would only set its starting selection), so nothing is selected and the
    /// menu targets the band's current selection by the same rule.
    public mutating func contextClick(item i: Int?, point: Point, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        var out: [SelectionEvent] = []
        series = nil
        if rules.contextClickSelects, !band.isActive {
            if let i {
                if !band.engine.isSelected(i) {
                    clearRangeBase()
                    change(.click, band.setSelection([i]), into: &out)
                    anchor = i
                }
                moveFocus(to: i, into: &out)
            } else {
                clearRangeBase()
                change(.click, band.setSelection([]), into: &out)
            }
        }
        let items: [Int]
        if let i { items = band.engine.isSelected(i) ? band.selectedItems : [i] } else { items = [] }
        out.append(.contextMenu(point: point, items: items))
        return out
    }

    // MARK: Keys

    /// A key pressed with `modifiers` held (Escape while a band is active is
    /// the caller's: it cancels the band).
    public mutating func key(_ key: Key, modifiers: ModifierFlags, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        var out: [SelectionEvent] = []
        if rules.keyEndsClickSeries { series = nil }
        if rules.tabLeavesView {
            if key == .tab { viewHasFocus = false }
            guard viewHasFocus else { return out }
        }
        switch key {
        case .left: arrow(.left, modifiers, &band, &out)
        case .right: arrow(.right, modifiers, &band, &out)
        case .up: arrow(.up, modifiers, &band, &out)
        case .down: arrow(.down, modifiers, &band, &out)
        case .space:
            guard configuration.focus, let f = focus, rules.bindsKey(modifiers) else { break }
            let target: SelectionTarget
            if !configuration.multiple {
                target = band.engine.isSelected(f) ? [] : [f]
            } else if rules.spaceSelects && !rules.toggles(modifiers) {
                // Qt's Space selects (adds) the focused item, never removes it;
                // even when it changes nothing it commits the current range.
                guard !band.engine.isSelected(f) else { commitRangeBase(band); break }
                target = .toggling(f)
            } else {
                target = toggled(f, band)
            }
            if !rules.spaceSelects { anchor = f }
            commitRangeBase(band)
            change(.key, band.setSelection(target), into: &out)
        case .return:
            guard configuration.focus, let f = focus, !configuration.editing else { break }
            if rules.keyBindingsAreExact && !modifiers.subtracting(.capsLock).isEmpty { break }  // GTK: Return alone
            out.append(.primaryAction(f))
        case .escape:
            if rules.escapeClears { change(.key, band.setSelection([]), into: &out) }
        case .letter("a"):
            if configuration.multiple && rules.selectsAll(modifiers) {
                clearRangeBase()
                change(.key, band.selectAll(), into: &out)
            } else if rules.deselectsAll(modifiers) {
                clearRangeBase()
                change(.key, band.setSelection([]), into: &out)
            }
        default: break
        }
        return out
    }

    mutating func arrow(_ d: FocusDirection, _ modifiers: ModifierFlags, _ band: inout BandSelectionInteraction, _ out: inout [SelectionEvent]) {
        guard configuration.focus, rules.bindsKey(modifiers) else { return }
        // No local copy of the engine: it would make the next setSelection copy
        // its storage (O(n)).
        let next: Int
        if let f = focus, !band.engine.isRemoved(f) {
            var n: Int?
            if rules.horizontalArrowsFollowOrder && (d == .left || d == .right) {
                let step = d == .left ? -1 : 1
                var j = f + step
                while j >= 0 && j < band.engine.count && band.engine.isRemoved(j) { j += step }
                n = j >= 0 && j < band.engine.count ? j : nil
            } else if rules.verticalArrowsByGridRow && (d == .up || d == .down) {
                n = Self.gridRowStep(from: f, down: d == .down, engine: band.engine)
            } else {
                n = band.engine.nearestItem(from: f, direction: d)
            }
            guard let n = n ?? (rules.arrowAtEdgeActs ? f : nil) else { return }
            next = n
        } else {
            // No focus yet: it goes to the first selected item, else the first item.
            guard let first = band.engine.selection.first ?? (0..<band.engine.count).first(where: { !band.engine.isRemoved($0) }) else { return }
            next = first
        }
        let toggle = rules.toggles(modifiers), rangeHeld = rules.extendsRange(modifiers) && configuration.multiple
        let range = rangeHeld && !(anchor == nil && rules.rangeNeedsAnchor)
        if toggle && rules.toggleArrow == .movesFocusOnly {
            anchor = next  // Qt: the range start moves with the current item
        } else if toggle && !rangeHeld && rules.toggleArrow == .movesFocusOrAnchorStateRange {
            // GTK: focus only, the range start stays
        } else if toggle && rangeHeld && rules.toggleArrow == .movesFocusOrAnchorStateRange {
            if let a = anchor {
                let span = Swift.min(a, next)...Swift.max(a, next)
                let target: SelectionTarget = band.engine.isSelected(a) ? .range(span, keepingSelection: true) : .items(band.selectedItems.filter { !span.contains($0) })
                change(.key, band.setSelection(target), into: &out)
            } else {
                anchor = next
                change(.key, band.setSelection(toggled(next, band)), into: &out)
            }
        } else if range {
            let a = anchor ?? focus ?? next
            anchor = a
            change(.key, band.setSelection(rangeTarget(Swift.min(a, next)...Swift.max(a, next), band)), into: &out)
        } else {
            anchor = next
            let selects = configuration.selectionFollowsFocus || rules.arrowsSelect && !rules.toggles(modifiers)
            if selects {
                clearRangeBase()
                change(.key, band.setSelection([next]), into: &out)
            }
        }
        moveFocus(to: next, into: &out)
    }

    /// GtkGridView's Up and Down (``ClickRules/verticalArrowsByGridRow``): the
    /// item a row before or after `from` in scene order, nil when there is
    /// none to move to.
    /// - Complexity: O(columns).
    static func gridRowStep(from f: Int, down: Bool, engine: SelectionEngine) -> Int? {
        let n = engine.count
        guard n > 0 else { return nil }
        let top = engine.rect(of: 0).minY
        var columns = 1
        while columns < n && engine.rect(of: columns).minY == top { columns += 1 }
        if !down { return f >= columns ? f - columns : nil }
        guard n / columns > f / columns else { return nil }
        let to = f + Swift.min(n - f - 1, columns)
        return to == f ? nil : to
    }

    /// The item nearest to item `from` in a direction: among the items whose
    /// centre lies strictly beyond `from`'s centre along that axis, the one
    /// with the least `distance along the axis + 2 × |offset across it|`
    /// (**our choice**, the usual focus-engine weighting), ties to the lower index.
    /// - Complexity: O(n).
    public static func nearest(from: Int, direction d: FocusDirection, items: [Rect], isRemoved: (Int) -> Bool = { _ in false }) -> Int? {
        let c = items[from].center
        var best: Int? = nil, bestScore = Double.infinity
        for (i, r) in items.enumerated() where i != from && !isRemoved(i) {
            guard let score = d.score(from: c, to: r.center) else { continue }
            if score < bestScore { bestScore = score; best = i }
        }
        return best
    }

    /// Puts focus on an item (a click does this too); logs nothing if it is already there.
    public mutating func moveFocus(to i: Int, into out: inout [SelectionEvent]) {
        guard configuration.focus, focus != i else { return }
        focus = i
        out.append(.focusMoved(i))
    }

    /// Forgets the focus and anchor if they are on a removed item.
    public mutating func itemRemoved(_ i: Int) {
        if focus == i { focus = nil }
        if anchor == i { anchor = nil }
    }

    func toggled(_ i: Int, _ band: BandSelectionInteraction) -> SelectionTarget { .toggling(i) }

    func change(_ cause: SelectionCause, _ diff: SelectionDiff, into out: inout [SelectionEvent]) {
        if !diff.isEmpty { out.append(.changed(cause: cause, diff: diff)) }
    }
}
