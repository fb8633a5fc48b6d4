/// The items that joined and left the selection in one update, as item
/// indices.
public struct SelectionDiff: Sendable, Hashable {
    /// Items newly selected.
    public var added: [Int]
    /// Items newly deselected.
    public var removed: [Int]
    /// Creates a diff.
    public init(added: [Int] = [], removed: [Int] = []) { self.added = added; self.removed = removed }
    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// This diff followed by `next`, as one diff (an item added then removed
    /// again cancels out). Both must be sorted; the result is sorted.
    /// - Complexity: O(total size).
    public func followed(by next: SelectionDiff) -> SelectionDiff {
        if isEmpty { return next }
        if next.isEmpty { return self }
        // An item added then removed (or removed then added) is back where it was.
        let removedNext = Set(next.removed), addedNext = Set(next.added)
        let addedFirst = Set(added), removedFirst = Set(removed)
        return SelectionDiff(
            added: (added.filter { !removedNext.contains($0) } + next.added.filter { !removedFirst.contains($0) }).sorted(),
            removed: (removed.filter { !addedNext.contains($0) } + next.removed.filter { !addedFirst.contains($0) }).sorted())
    }
}

/// The selection state of a set of items and an incremental band update whose
/// cost follows the change, not the item count.
///
/// Between two consecutive band rects, an item's hit state (four comparisons
/// between its edges and the band's) can change only if a band edge moved
/// across one of its edges. The engine asks its ``SpatialIndex`` for exactly
/// those candidates (a sorted-edge range or a grid strip, whichever is
/// cheaper), re-tests them and reports the items whose selection changed.
///
/// A band goes `beginBand` → `updateBand`* → `endBand` or `cancelBand`.
///
/// Items can change after creation (``insertItem(_:)``, ``removeItem(_:)``,
/// ``setRect(_:ofItem:)``, ``relayout(_:)``): an item's index is its id and is
/// never reused (a removed item keeps its index and is never hit again). A
/// changed item is re-tested at once and kept on a short list that every band
/// update visits until the index is rebuilt, which happens when that list
/// outgrows `64 + n/16` items; so one change costs O(1) amortised plus
/// O(log n) for the rebuild's share, not O(n).
public struct SelectionEngine: Sendable {
    /// The items' edges, in one flat array (``ItemEdges``: 16 bytes per item
    /// when exact as `Float`); an item's index is its id. Removed items, and
    /// items with a NaN edge, are stored as `+∞` (never hit).
    public private(set) var edges: ItemEdges
    /// The number of items (removed ones included: indices are never reused).
    public var count: Int { edges.count }
    /// The item rectangles as the engine stores them (normalised; a removed
    /// item or an item with a NaN edge reads as an infinite rect).
    /// - Complexity: O(n): it builds the array; prefer ``rect(of:)`` and ``count``.
    public var items: [Rect] { (0..<edges.count).map(edges.rect) }
    /// Item `i`'s rect as the engine stores it.
    public func rect(of i: Int) -> Rect { edges.rect(i) }
    /// The hit rule.
    public var hitRule: HitRule
    /// The spatial index over ``items`` (as of its last rebuild; changed items
    /// are on ``changedItems`` until the next one).
    public private(set) var index: SpatialIndex
    /// Items inserted or moved since the index was built: every query visits them.
    public private(set) var changedItems: [Int] = []
    /// Removed items.
    public private(set) var removedItems: ItemBitSet

    /// The current selection.
    public private(set) var selection: ItemBitSet
    /// The number of selected items.
    public private(set) var selectedCount: Int
    /// The selection when the current band began.
    public private(set) var start: ItemBitSet
    /// The items the current rect hits.
    public private(set) var inRect: ItemBitSet
    /// The items any rect of the current band has hit.
    public private(set) var everHit: ItemBitSet
    /// The current band rect, if a band is active.
    public private(set) var bandRect: Rect?
    /// The current band's mode.
    public private(set) var mode: SelectionMode = .replace
    /// Whether the mode's selection is applied on every update.
    public private(set) var isLive: Bool = true

    var isChanged: ItemBitSet
    /// Where the index's edge-order searches ended last time (the band moves little).
    @usableFromInline var fingers = SpatialIndex.Fingers()
    @usableFromInline var addedBuffer: [Int] = []
    @usableFromInline var removedBuffer: [Int] = []

    /// Creates an engine with nothing selected.
    /// - Complexity: O(n).
    public init(items: [Rect], hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        self.init(edges: ItemEdges(items), hitRule: hitRule, cellSize: cellSize)
    }

    /// Creates an engine over items given as edges (no array of rects needed).
    /// - Complexity: O(n).
    public init(edges: ItemEdges, hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        self.edges = edges
        self.hitRule = hitRule
        index = SpatialIndex(edges: edges, cellSize: cellSize)
        selection = ItemBitSet(capacity: edges.count)
        start = selection; inRect = selection; everHit = selection
        removedItems = selection; isChanged = selection
        selectedCount = 0
    }

    /// Whether item `i` is selected.
    @inlinable public func isSelected(_ i: Int) -> Bool { selection[i] }

    /// Replaces the selection (indices out of range and removed items are
    /// ignored). During a band this is the band's new starting selection and
    /// the mode is applied to it again.
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + members).
    @discardableResult
    public mutating func setSelection<S: Sequence>(_ members: S) -> SelectionDiff where S.Element == Int {
        var target = ItemBitSet(capacity: edges.count)
        for i in members where i >= 0 && i < edges.count && !removedItems[i] { target[i] = true }
        return replaceSelection(with: target)
    }

    /// Selects every item that is not removed.
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func selectAll() -> SelectionDiff {
        var target = ItemBitSet(capacity: edges.count)
        target.insertAll()
        for w in target.words.indices { target.words[w] &= ~removedItems.words[w] }
        return replaceSelection(with: target)
    }

    mutating func replaceSelection(with target: ItemBitSet) -> SelectionDiff {
        if bandRect != nil {
            start = target
            if isLive { return recomputeAll() }
        }
        var diff = SelectionDiff()
        target.forEachDifference(from: selection) { i in
            if target[i] { diff.added.append(i) } else { diff.removed.append(i) }
        }
        selection = target
        selectedCount = target.count
        _checkInvariants()
        return diff
    }

    /// Whether item `i` was removed.
    public func isRemoved(_ i: Int) -> Bool { removedItems[i] }

    /// The topmost item (the highest index) whose rect contains the point
    /// (half-open), or nil.
    /// - Complexity: O(items in the point's grid cell + oversized + changed items).
    public func item(at p: Point) -> Int? {
        var best = -1
        let probe = Rect(x: p.x, y: p.y, width: 0, height: 0)
        func test(_ i: Int) {
            guard i > best && !removedItems[i] else { return }
            let e = edges[i]
            if p.x >= e[0] && p.x < e[2] && p.y >= e[1] && p.y < e[3] { best = i }
        }
        index.forEachCandidate(in: probe) { test($0) }
        for i in changedItems { test(i) }
        return best >= 0 ? best : nil
    }

    /// The topmost item whose rect contains the point, its max edges included
    /// when `closed` (GTK picks with `graphene_rect_contains_point`, which
    /// includes them: a press on the bottom edge of the last row hits it).
    /// - Complexity: that of ``item(at:)``, four times when `closed`.
    public func item(at p: Point, closed: Bool) -> Int? {
        guard closed else { return item(at: p) }
        // Closed containment is half-open containment of p or of p nudged
        // down to the previous double on either or both axes.
        let x0 = p.x.nextDown, y0 = p.y.nextDown
        let hits = [item(at: p), item(at: Point(x: x0, y: p.y)), item(at: Point(x: p.x, y: y0)), item(at: Point(x: x0, y: y0))]
        return hits.compactMap { $0 }.max()
    }

    /// Adds an item (its index is the next free one). During a band it is
    /// tested against the band at once.
    /// - Returns: the new index and the change to the selection.
    /// - Complexity: amortised O(1), plus the rebuild's share.
    public mutating func insertItem(_ rect: Rect) -> (index: Int, diff: SelectionDiff) {
        let i = edges.count
        edges.append(ItemEdges.edges(rect))
        for k in 0..<6 {
            switch k {
            case 0: selection.grow(to: i + 1)
            case 1: start.grow(to: i + 1)
            case 2: inRect.grow(to: i + 1)
            case 3: everHit.grow(to: i + 1)
            case 4: removedItems.grow(to: i + 1)
            default: isChanged.grow(to: i + 1)
            }
        }
        markChanged(i)
        let diff = retest(i)
        compactIfNeeded()
        return (i, diff)
    }

    /// Removes an item: it leaves the selection and is never hit again.
    /// - Returns: the change to the selection.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func removeItem(_ i: Int) -> SelectionDiff {
        guard i >= 0, i < edges.count, !removedItems[i] else { return SelectionDiff() }
        removedItems[i] = true
        // Never hit under either rule (a NaN would pass Swift.max/min).
        edges.set(i, SIMD4(repeating: .infinity))
        inRect[i] = false; everHit[i] = false; start[i] = false
        guard selection[i] else { return SelectionDiff() }
        selection[i] = false
        selectedCount -= 1
        return SelectionDiff(removed: [i])
    }

    /// Moves one item (a relayout of one item). During a band it is tested
    /// against the band at once.
    /// - Returns: the change to the selection.
    /// - Complexity: amortised O(1), plus the rebuild's share.
    @discardableResult
    public mutating func setRect(_ rect: Rect, ofItem i: Int) -> SelectionDiff {
        guard i >= 0, i < edges.count, !removedItems[i] else { return SelectionDiff() }
        edges.set(i, ItemEdges.edges(rect))
        markChanged(i)
        let diff = retest(i)
        compactIfNeeded()
        return diff
    }

    /// Gives every item a new rect (a whole relayout; removed items stay removed).
    /// - Returns: the change to the selection (during a band).
    /// - Complexity: O(n) (the index is rebuilt).
    @discardableResult
    public mutating func relayout(_ rects: [Rect]) -> SelectionDiff {
        precondition(rects.count == edges.count, "relayout needs one rect per item")
        let removed = removedItems
        edges = ItemEdges(count: rects.count) { removed[$0] ? Rect(x: .infinity, y: .infinity, width: 0, height: 0) : rects[$0] }
        rebuildIndex()
        guard let r = bandRect else { return SelectionDiff() }
        inRect.removeAll()
        for i in 0..<edges.count where !removedItems[i] && Self.hits(edges[i], r, hitRule) { inRect[i] = true; everHit[i] = true }
        return isLive ? recomputeAll() : SelectionDiff()
    }

    /// Whether an item with these edges is hit by the band (the rule's test on
    /// ``edges(_:)``, so a NaN item is never hit).
    @usableFromInline static func hits(_ b: SIMD4<Double>, _ band: Rect, _ rule: HitRule) -> Bool {
        switch rule {
        case .contains: return band.minX < b[0] && b[2] < band.maxX && band.minY < b[1] && b[3] < band.maxY
        case .intersects: return Swift.max(band.minX, b[0]) < Swift.min(band.maxX, b[2]) && Swift.max(band.minY, b[1]) < Swift.min(band.maxY, b[3])
        }
    }

    mutating func markChanged(_ i: Int) {
        if !isChanged[i] { isChanged[i] = true; changedItems.append(i) }
    }

    /// Re-tests one item against the current band and applies the mode to it.
    mutating func retest(_ i: Int) -> SelectionDiff {
        guard let r = bandRect else { return SelectionDiff() }
        let now = !removedItems[i] && Self.hits(edges[i], r, hitRule)
        inRect[i] = now
        if now { everHit[i] = true }
        guard isLive else { return SelectionDiff() }
        let sel = mode.isSelected(start: start[i], inRect: now, everHit: everHit[i])
        guard sel != selection[i] else { return SelectionDiff() }
        selection[i] = sel
        selectedCount += sel ? 1 : -1
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

    /// Starts a band: remembers the selection as `start` and applies the mode
    /// with an empty rect (in `replace` mode this clears the selection).
    /// - Parameters:
    ///   - mode: the selection mode.
    ///   - live: whether the selection follows the band; `false` (or a mode that
    ///     is not live) applies it only at ``endBand(mode:)``.
    /// - Returns: the change to the selection.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func beginBand(mode: SelectionMode, live: Bool = true) -> SelectionDiff {
        start = selection
        inRect.removeAll(); everHit.removeAll()
        bandRect = nil
        self.mode = mode
        isLive = live && mode.isLive
        guard isLive else { return SelectionDiff() }
        return recomputeAll()
    }

    /// Moves the band to `rect` and applies the mode live.
    ///
    /// In steady state, with `sorted: false`, an update allocates nothing: the
    /// diff's arrays are reused once the caller has let go of the previous
    /// diff (sorting may allocate the sort's scratch space).
    /// - Returns: the items whose selection changed, sorted if `sorted` (for a
    ///   non-live band, nothing changes until the end).
    /// - Complexity: O(cells and items touching the difference of the old and
    ///   new rects), plus O(d log d) to sort d changes; a step where the band
    ///   becomes empty or stops being empty (`intersects`) adds O(n / 64 + hit items).
    public mutating func updateBand(to rect: Rect, sorted: Bool = true) -> SelectionDiff {
        let old = bandRect
        bandRect = rect
        // The diff buffers of the last update, emptied in place: no allocation
        // once they have grown, if the caller let go of the last diff (moved
        // out of self first, so that they are uniquely referenced).
        var added: [Int] = [], removed: [Int] = []
        swap(&added, &addedBuffer); swap(&removed, &removedBuffer)
        added.removeAll(keepingCapacity: true); removed.removeAll(keepingCapacity: true)
        let mode = self.mode, live = isLive, contains = hitRule == .contains, rule = hitRule
        let bx0 = rect.minX, by0 = rect.minY, bx1 = rect.maxX, by1 = rect.maxY
        var count = selectedCount
        // Take the bitsets out of self so they are uniquely referenced while the
        // index (also in self) is queried.
        var inRectWords = inRect.words; inRect.words = []
        var everWords = everHit.words; everHit.words = []
        var selWords = selection.words; selection.words = []
        let index = self.index, changed = changedItems
        var fingers = self.fingers
        edges.withReader { bd in
        start.words.withUnsafeBufferPointer { startW in
        inRectWords.withUnsafeMutableBufferPointer { inW in
        everWords.withUnsafeMutableBufferPointer { evW in
        selWords.withUnsafeMutableBufferPointer { selW in
        // Through pointers: captured variables mutated in the hot loop would
        // pay a dynamic exclusivity check per change.
        withUnsafeMutablePointer(to: &added) { added in
        withUnsafeMutablePointer(to: &removed) { removed in
        withUnsafeMutablePointer(to: &count) { count in
            // Re-testing an item is idempotent (an unchanged hit state is skipped),
            // so an item reported by several cells or queries needs no deduplication.
            func visit(_ i: Int) {
                let b = bd[i]
                let now: Bool
                if contains {
                    now = bx0 < b[0] && b[2] < bx1 && by0 < b[1] && b[3] < by1
                } else {
                    now = Swift.max(bx0, b[0]) < Swift.min(bx1, b[2]) && Swift.max(by0, b[1]) < Swift.min(by1, b[3])
                }
                let w = i >> 6, bit: UInt64 = 1 << UInt64(i & 63)
                if now == (inW[w] & bit != 0) { return }
                if now { inW[w] |= bit; evW[w] |= bit } else { inW[w] &= ~bit }
                guard live else { return }
                let sel = mode.isSelected(start: startW[w] & bit != 0, inRect: now, everHit: evW[w] & bit != 0)
                if sel != (selW[w] & bit != 0) {
                    if sel { selW[w] |= bit; added.pointee.append(i); count.pointee += 1 } else { selW[w] &= ~bit; removed.pointee.append(i); count.pointee -= 1 }
                }
            }
            // Under `intersects` an item is hit only by a band of positive area:
            // a band that becomes empty (or stops being empty) can change items
            // whose edges it never crossed, so that step re-tests every hit item
            // and the new rect's candidates instead.
            func isEmpty(_ r: Rect) -> Bool { !(r.minX < r.maxX && r.minY < r.maxY) }
            if let old, contains || isEmpty(old) == isEmpty(rect) {
                index.forEachCandidate(from: old, to: rect, rule: rule, fingers: &fingers) { visit($0) }
            } else {
                if old != nil {
                    for w in 0..<inW.count {
                        var bits = inW[w]
                        while bits != 0 { visit(w << 6 | bits.trailingZeroBitCount); bits &= bits &- 1 }
                    }
                }
                index.forEachCandidate(in: rect) { visit($0) }
            }
            for i in changed { visit(i) }
        }}}}}}}}
        inRect.words = inRectWords; everHit.words = everWords; selection.words = selWords
        self.fingers = fingers
        selectedCount = count
        if sorted { added.sort(); removed.sort() }
        let diff = SelectionDiff(added: added, removed: removed)
        addedBuffer = added; removedBuffer = removed
        _checkInvariants()
        return diff
    }

    /// Ends the band, applying `mode` (or the band's own mode) to the final rect.
    /// - Returns: the change since the last update.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func endBand(mode: SelectionMode? = nil) -> SelectionDiff {
        if let m = mode { self.mode = m }
        let diff = recomputeAll()
        bandRect = nil
        isLive = true
        return diff
    }

    /// Cancels the band: the selection returns to what it was when it began.
    /// - Returns: the change since the last update.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func cancelBand() -> SelectionDiff {
        var diff = SelectionDiff()
        start.forEachDifference(from: selection) { i in
            if start[i] { diff.added.append(i) } else { diff.removed.append(i) }
        }
        selection = start
        selectedCount = selection.count
        bandRect = nil
        isLive = true
        return diff
    }

    /// Recomputes every item's selection from `start`, `inRect` and `everHit`.
    mutating func recomputeAll() -> SelectionDiff {
        var target = ItemBitSet(capacity: edges.count)
        let m = mode
        for w in target.words.indices {
            let s = start.words[w], r = inRect.words[w], h = everHit.words[w]
            switch m {
            case .replace: target.words[w] = r
            case .add: target.words[w] = s | r
            case .toggle: target.words[w] = s ^ r
            case .addSticky: target.words[w] = s | h
            case .subtract: target.words[w] = s & ~r
            }
        }
        var diff = SelectionDiff()
        target.forEachDifference(from: selection) { i in
            if target[i] { diff.added.append(i) } else { diff.removed.append(i) }
        }
        selection = target
        selectedCount = target.count
        return diff
    }

}

extension SelectionEngine {
    /// The items a band rect hits, by scanning every item: the reference the
    /// indexed engine is tested against.
    /// - Complexity: O(n).
    public static func naiveHits(items: [Rect], rect: Rect, hitRule: HitRule) -> [Int] {
        items.indices.filter { hitRule.hits(item: items[$0], band: rect) }
    }

    /// Checks the engine's internal consistency (only with `POINTERSIM_INTERNAL_CHECKS`).
    @inlinable public func _checkInvariants() {
        #if POINTERSIM_INTERNAL_CHECKS
        precondition(selection.capacity == edges.count, "selection capacity")
        if edges.count <= 4096 {
            precondition(selectedCount == selection.count, "selectedCount out of sync")
            if let r = bandRect {
                for i in 0..<edges.count {
                    precondition(inRect[i] == (!removedItems[i] && Self.hits(edges[i], r, hitRule)), "inRect stale for item \(i)")
                }
            }
        }
        #endif
    }
}
