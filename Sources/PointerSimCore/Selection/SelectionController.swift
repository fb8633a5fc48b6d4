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
    var lastClick: (time: Double, point: Point, item: Int)?

    /// Creates a controller.
    public init(configuration: SelectionConfiguration = SelectionConfiguration(), rules: ClickRules = .uikit) {
        self.configuration = configuration
        self.rules = rules
    }

    // MARK: Clicks

    /// A primary click on item `i` with `modifiers` held, at `time` and view
    /// point `point` (for double clicks): select, toggle or extend, move the
    /// focus, and perform the primary action as the toolkit does.
    /// - Complexity: O(change) for a toggle or a range after a range, O(n / 64 + change) otherwise.
    public mutating func click(item i: Int, modifiers: ModifierFlags, time: Double, point: Point, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        var out: [SelectionEvent] = []
        let toggle = rules.toggles(modifiers), range = rules.extendsRange(modifiers) && configuration.multiple
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
            target = .range(Swift.min(a, i)...Swift.max(a, i), keepingSelection: toggle)
        } else if toggle {
            target = toggled(i, band)
            anchor = i
        } else {
            target = [i]
            anchor = i
        }
        change(.click, band.setSelection(target), into: &out)
        moveFocus(to: i, into: &out)
        if plain && !configuration.editing {
            switch rules.primaryAction {
            case .singleClick:
                // A single cell selected, no existing selection extended.
                if !rules.plainClickToggles || (!wasSelected && band.engine.selectedCount == 1) { out.append(.primaryAction(i)) }
            case .doubleClick:
                if let last = lastClick, last.item == i, time - last.time <= rules.doubleClickInterval,
                    abs(point.x - last.point.x) <= rules.doubleClickDistance, abs(point.y - last.point.y) <= rules.doubleClickDistance
                {
                    out.append(.primaryAction(i))
                    lastClick = nil
                    return out
                }
            }
        }
        lastClick = plain ? (time, point, i) : nil
        return out
    }

    /// A primary click on empty space that the toolkit treats as a click
    /// (``ClickRules/EmptyClick/clearAtPress``): clears unless a toggle modifier is held.
    public mutating func clickEmpty(modifiers: ModifierFlags, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        lastClick = nil
        guard rules.emptyClick == .clearAtPress, !rules.toggles(modifiers) else { return [] }
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
    /// owns the selection then (``BandSelectionInteraction/setSelection(_:)``
    /// would only set its starting selection), so nothing is selected and the
    /// menu targets the band's current selection by the same rule.
    public mutating func contextClick(item i: Int?, point: Point, band: inout BandSelectionInteraction) -> [SelectionEvent] {
        var out: [SelectionEvent] = []
        lastClick = nil
        if rules.contextClickSelects, !band.isActive {
            if let i {
                if !band.engine.isSelected(i) {
                    change(.click, band.setSelection([i]), into: &out)
                    anchor = i
                }
                moveFocus(to: i, into: &out)
            } else {
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
        lastClick = nil
        switch key {
        case .left: arrow(.left, modifiers, &band, &out)
        case .right: arrow(.right, modifiers, &band, &out)
        case .up: arrow(.up, modifiers, &band, &out)
        case .down: arrow(.down, modifiers, &band, &out)
        case .space:
            guard configuration.focus, let f = focus else { break }
            let target: SelectionTarget = configuration.multiple ? toggled(f, band) : (band.engine.isSelected(f) ? [] : [f])
            anchor = f
            change(.key, band.setSelection(target), into: &out)
        case .return:
            guard configuration.focus, let f = focus, !configuration.editing else { break }
            out.append(.primaryAction(f))
        case .escape:
            if rules.escapeClears { change(.key, band.setSelection([]), into: &out) }
        case .letter("a"):
            if configuration.multiple && rules.selectsAll(modifiers) { change(.key, band.selectAll(), into: &out) }
        default: break
        }
        return out
    }

    mutating func arrow(_ d: FocusDirection, _ modifiers: ModifierFlags, _ band: inout BandSelectionInteraction, _ out: inout [SelectionEvent]) {
        guard configuration.focus else { return }
        let next: Int
        if let f = focus, !band.engine.isRemoved(f) {
            guard let n = band.engine.nearestItem(from: f, direction: d) else { return }
            next = n
        } else {
            // No focus yet: it goes to the first selected item, else the first item.
            guard let first = band.engine.selection.first ?? (0..<band.engine.count).first(where: { !band.engine.isRemoved($0) }) else { return }
            next = first
        }
        if rules.extendsRange(modifiers) && configuration.multiple {
            let a = anchor ?? focus ?? next
            anchor = a
            change(.key, band.setSelection(.range(Swift.min(a, next)...Swift.max(a, next), keepingSelection: false)), into: &out)
        } else {
            anchor = next
            if configuration.selectionFollowsFocus { change(.key, band.setSelection([next]), into: &out) }
        }
        moveFocus(to: next, into: &out)
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
            let p = r.center
            let along: Double, across: Double
            switch d {
            case .left: along = c.x - p.x; across = p.y - c.y
            case .right: along = p.x - c.x; across = p.y - c.y
            case .up: along = c.y - p.y; across = p.x - c.x
            case .down: along = p.y - c.y; across = p.x - c.x
            }
            guard along > 0 else { continue }
            let score = along + 2 * abs(across)
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
