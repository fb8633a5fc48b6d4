// Items after creation: inserted, removed, moved, laid out again. A changed
// item is re-tested against the band at once and kept on a short list that
// every band update visits until the index is rebuilt.

extension BandEngine {
    /// Adds an item (its index is the next free one, in the engine and the
    /// model). During a band it is tested against the band at once.
    /// - Returns: the new index and the change to the selection.
    /// - Complexity: amortised O(1), plus the rebuild's share.
    @usableFromInline package mutating func insertItem(_ rect: Rect, selection model: inout SelectionModel) -> (index: Int, diff: SelectionDiff) {
        let i = edges.count
        precondition(model.count == i, "the model and the engine hold different items")
        edges.append(ItemEdges.edges(rect))
        model.insertItem()
        inRect.grow(to: i + 1)
        everHit.grow(to: i + 1)
        removedItems.grow(to: i + 1)
        isChanged.grow(to: i + 1)
        markChanged(i)
        let diff = retest(i, &model)
        compactIfNeeded()
        return (i, diff)
    }

    /// Removes an item: it leaves the selection and is never hit again.
    /// - Returns: the change to the selection.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func removeItem(_ i: Int, selection model: inout SelectionModel) -> SelectionDiff {
        guard i >= 0, i < edges.count, !removedItems[i] else { return SelectionDiff() }
        removedItems[i] = true
        removedCount += 1
        // Never hit under either rule (a NaN would pass Swift.max/min).
        edges.set(i, SIMD4(repeating: .infinity))
        inRect[i] = false; everHit[i] = false
        return model.removeItem(i)
    }

    /// Moves one item (a relayout of one item). During a band it is tested
    /// against the band at once.
    /// - Returns: the change to the selection.
    /// - Complexity: amortised O(1), plus the rebuild's share.
    @discardableResult
    @usableFromInline package mutating func setRect(_ rect: Rect, ofItem i: Int, selection model: inout SelectionModel) -> SelectionDiff {
        guard i >= 0, i < edges.count, !removedItems[i] else { return SelectionDiff() }
        edges.set(i, ItemEdges.edges(rect))
        markChanged(i)
        let diff = retest(i, &model)
        compactIfNeeded()
        return diff
    }

    /// Gives every item a new rect (a whole relayout; removed items stay removed).
    /// - Returns: the change to the selection (during a band).
    /// - Complexity: O(n) (the index is rebuilt).
    @discardableResult
    @usableFromInline package mutating func relayout(_ rects: [Rect], selection model: inout SelectionModel) -> SelectionDiff {
        precondition(rects.count == edges.count, "relayout needs one rect per item")
        let removed = removedItems
        edges = ItemEdges(count: rects.count) { removed[$0] ? Rect(x: .infinity, y: .infinity, width: 0, height: 0) : rects[$0] }
        rebuildIndex()
        guard let r = bandRect else { return SelectionDiff() }
        inRect.removeAll()
        for i in 0..<edges.count where !removedItems[i] && hitsItem(edges[i], r) { inRect[i] = true; everHit[i] = true }
        return isLive ? model.replaceBits(with: bandSelection(start: model.bandStart)) : SelectionDiff()
    }

    mutating func markChanged(_ i: Int) {
        if !isChanged[i] { isChanged[i] = true; changedItems.append(i) }
    }

    /// Re-tests one item against the current band and applies the mode to it.
    mutating func retest(_ i: Int, _ model: inout SelectionModel) -> SelectionDiff {
        guard let r = bandRect else { return SelectionDiff() }
        let now = !removedItems[i] && hitsItem(edges[i], r)
        inRect[i] = now
        if now { everHit[i] = true }
        guard isLive else { return SelectionDiff() }
        let sel = mode.isSelected(start: model.bandStart[i], inRect: now, everHit: everHit[i])
        guard sel != model.selection[i] else { return SelectionDiff() }
        model.setMember(i, sel)
        return sel ? SelectionDiff(added: [i]) : SelectionDiff(removed: [i])
    }

    mutating func compactIfNeeded() {
        if changedItems.count > 64 + edges.count / 16 { rebuildIndex() }
    }

    mutating func rebuildIndex() {
        index = SpatialIndex(edges: edges)
        for i in changedItems { isChanged[i] = false }
        changedItems.removeAll()
    }
}
