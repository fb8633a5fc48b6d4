// Items added and removed after creation: indices are never reused.

extension SelectionModel {
    /// Adds an item, unselected, at the next index.
    /// - Returns: its index.
    /// - Complexity: amortised O(1).
    @discardableResult
    public mutating func insertItem() -> Int {
        let i = count
        count += 1
        selection.grow(to: count)
        bandStart.grow(to: count)
        removedItems.grow(to: count)
        return i
    }

    /// Removes an item: it leaves the selection (and a band's starting
    /// selection), and focus and anchor leave it.
    /// - Returns: the change to the selection.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func removeItem(_ i: Int) -> SelectionDiff {
        guard i >= 0, i < count, !removedItems[i] else { return SelectionDiff() }
        removedItems[i] = true
        removedCount += 1
        bandStart[i] = false
        if focus == i { focus = nil }
        if anchor == i { anchor = nil }
        guard selection[i] else { return SelectionDiff() }
        selection[i] = false
        selectedCount -= 1
        return SelectionDiff(removed: [i])
    }
}
