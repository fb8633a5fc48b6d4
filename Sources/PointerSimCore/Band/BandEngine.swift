/// The band's half of selection: the items' geometry (a ``SpatialIndex``
/// over their edges), hit tests, and an incremental band update whose cost
/// follows the change, not the item count. The selection itself is a
/// ``SelectionModel``, which each operation that changes it takes `inout`:
/// the engine reads the model's starting selection and applies its mode's
/// changes to the model's selection.
///
/// Between two consecutive band rects, an item's hit state (four comparisons
/// between its edges and the band's) can change only if a band edge moved
/// across one of its edges. The engine asks its ``SpatialIndex`` for exactly
/// those candidates (a sorted-edge range or a grid strip, whichever is
/// cheaper), re-tests them and reports the items whose selection changed.
///
/// A band goes `beginBand` → `updateBand`* → `endBand` or `cancelBand`.
/// The mode (``SelectionMode``) applies live on every update, or, for a
/// band that is not live, only at the end.
///
/// Items can change after creation (``insertItem(_:selection:)``,
/// ``removeItem(_:selection:)``, ``setRect(_:ofItem:selection:)``,
/// ``relayout(_:selection:)``): an item's index is its id and is never
/// reused (a removed item keeps its index and is never hit again). A
/// changed item is re-tested at once and kept on a short list that every
/// band update visits until the index is rebuilt, which happens when that
/// list outgrows `64 + n/16` items; so one change costs O(1) amortised plus
/// O(log n) for the rebuild's share, not O(n).
public struct BandEngine: Sendable {
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
    /// Removed items (never hit; the model keeps its own list, never selected).
    public private(set) var removedItems: ItemBitSet
    /// The number of removed items.
    public private(set) var removedCount = 0
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

    /// Creates an engine over these items.
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
        inRect = ItemBitSet(capacity: edges.count)
        everHit = inRect; removedItems = inRect; isChanged = inRect
    }

    /// The item nearest to item `from` in a direction, by the rule of
    /// ``SelectionController/nearest(from:direction:items:isRemoved:)`` (the
    /// same item), found through the spatial index: boxes doubling in size
    /// from the item until one holds an item close enough that nothing
    /// outside the box can beat it.
    /// - Complexity: O(log(distance) × items in the boxes visited), about
    ///   O(log n) for items of similar sizes; O(n) when the index has no
    ///   finite extent.
    public func nearestItem(from: Int, direction d: FocusDirection) -> Int? {
        let fr = rect(of: from), c = fr.center
        var best = -1, bestScore = Double.infinity
        func consider(_ i: Int) {
            guard i != from, !removedItems[i] else { return }
            guard let score = d.score(from: c, to: rect(of: i).center) else { return }
            // Ties to the lower index, whatever order the candidates come in.
            if score < bestScore || (score == bestScore && i < best) { bestScore = score; best = i }
        }
        let ox = index.originX, oy = index.originY, lx = index.limitX, ly = index.limitY
        guard c.x.isFinite, c.y.isFinite, ox.isFinite, oy.isFinite, lx.isFinite, ly.isFinite else {
            for i in 0..<edges.count { consider(i) }
            return best >= 0 ? best : nil
        }
        var r = Swift.max(fr.width, fr.height)
        if !(r > 0 && r.isFinite) { r = Swift.max(lx - ox, ly - oy) / Double(Swift.max(1, edges.count)).squareRoot() }
        if !(r > 0 && r.isFinite) { r = 1 }
        while true {
            // Every item whose score is at most r has its centre (inside its
            // rect) within r along and r / 2 across: this box holds it, with room.
            let x0: Double, y0: Double, x1: Double, y1: Double
            switch d {
            case .left: x0 = c.x - 2 * r; x1 = c.x; y0 = c.y - r; y1 = c.y + r
            case .right: x0 = c.x; x1 = c.x + 2 * r; y0 = c.y - r; y1 = c.y + r
            case .up: x0 = c.x - r; x1 = c.x + r; y0 = c.y - 2 * r; y1 = c.y
            case .down: x0 = c.x - r; x1 = c.x + r; y0 = c.y; y1 = c.y + 2 * r
            }
            index.forEachCandidate(x0, y0, x1, y1) { consider($0) }
            for i in changedItems { consider(i) }
            if best >= 0 && bestScore <= r { return best }
            // The box holds every indexed item on the far side of the centre: done.
            let covers: Bool
            switch d {
            case .left: covers = x0 <= ox && y0 <= oy && y1 >= ly
            case .right: covers = x1 >= lx && y0 <= oy && y1 >= ly
            case .up: covers = y0 <= oy && x0 <= ox && x1 >= lx
            case .down: covers = y1 >= ly && x0 <= ox && x1 >= lx
            }
            if covers || !r.isFinite { return best >= 0 ? best : nil }
            // Once the box reaches past every item along the direction, only
            // its width across is missing: take it in one step (no item
            // beyond, at an edge of a grid, costs one strip, not a series).
            let alongDone: Bool, acrossNeeded: Double
            switch d {
            case .left: alongDone = x0 <= ox; acrossNeeded = Swift.max(c.y - oy, ly - c.y)
            case .right: alongDone = x1 >= lx; acrossNeeded = Swift.max(c.y - oy, ly - c.y)
            case .up: alongDone = y0 <= oy; acrossNeeded = Swift.max(c.x - ox, lx - c.x)
            case .down: alongDone = y1 >= ly; acrossNeeded = Swift.max(c.x - ox, lx - c.x)
            }
            r = alongDone ? Swift.max(2 * r, acrossNeeded) : 2 * r
        }
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
    /// when `closed` (measured in GTK 4.8.3: a press on the bottom edge of a
    /// grid's last row hits that row; our reading of why is that GTK's
    /// picking includes a widget's max edges).
    /// - Complexity: that of ``item(at:)``, four times when `closed`.
    public func item(at p: Point, closed: Bool) -> Int? {
        guard closed else { return item(at: p) }
        // Closed containment is half-open containment of p or of p nudged
        // down to the previous double on either or both axes.
        let x0 = p.x.nextDown, y0 = p.y.nextDown
        let hits = [item(at: p), item(at: Point(x: x0, y: p.y)), item(at: Point(x: p.x, y: y0)), item(at: Point(x: x0, y: y0))]
        return hits.compactMap { $0 }.max()
    }

    /// Adds an item (its index is the next free one, in the engine and the
    /// model). During a band it is tested against the band at once.
    /// - Returns: the new index and the change to the selection.
    /// - Complexity: amortised O(1), plus the rebuild's share.
    public mutating func insertItem(_ rect: Rect, selection model: inout SelectionModel) -> (index: Int, diff: SelectionDiff) {
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
    public mutating func removeItem(_ i: Int, selection model: inout SelectionModel) -> SelectionDiff {
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
    public mutating func setRect(_ rect: Rect, ofItem i: Int, selection model: inout SelectionModel) -> SelectionDiff {
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
    public mutating func relayout(_ rects: [Rect], selection model: inout SelectionModel) -> SelectionDiff {
        precondition(rects.count == edges.count, "relayout needs one rect per item")
        let removed = removedItems
        edges = ItemEdges(count: rects.count) { removed[$0] ? Rect(x: .infinity, y: .infinity, width: 0, height: 0) : rects[$0] }
        rebuildIndex()
        guard let r = bandRect else { return SelectionDiff() }
        inRect.removeAll()
        for i in 0..<edges.count where !removedItems[i] && Self.hits(edges[i], r, hitRule) { inRect[i] = true; everHit[i] = true }
        return isLive ? model.replaceBits(with: bandSelection(start: model.bandStart)) : SelectionDiff()
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
    mutating func retest(_ i: Int, _ model: inout SelectionModel) -> SelectionDiff {
        guard let r = bandRect else { return SelectionDiff() }
        let now = !removedItems[i] && Self.hits(edges[i], r, hitRule)
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

    /// Starts a band: the model remembers its selection as the band's
    /// start (``SelectionModel/bandStart``) and the mode applies with an
    /// empty rect (in `replace` mode this clears the selection).
    /// - Parameters:
    ///   - mode: the selection mode.
    ///   - live: whether the selection follows the band; `false` (or a mode that
    ///     is not live) applies it only at ``endBand(mode:)``.
    /// - Returns: the change to the selection.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func beginBand(mode: SelectionMode, live: Bool = true, selection model: inout SelectionModel) -> SelectionDiff {
        model.bandStart = model.selection
        inRect.removeAll(); everHit.removeAll()
        bandRect = nil
        self.mode = mode
        isLive = live && mode.isLive
        guard isLive else { return SelectionDiff() }
        return model.replaceBits(with: bandSelection(start: model.bandStart))
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
    public mutating func updateBand(to rect: Rect, sorted: Bool = true, selection model: inout SelectionModel) -> SelectionDiff {
        let old = bandRect
        bandRect = rect
        model.exactRange = nil
        model.isBandActive = true
        // The diff buffers of the last update, emptied in place: no allocation
        // once they have grown, if the caller let go of the last diff (moved
        // out of self first, so that they are uniquely referenced).
        var added: [Int] = [], removed: [Int] = []
        swap(&added, &addedBuffer); swap(&removed, &removedBuffer)
        added.removeAll(keepingCapacity: true); removed.removeAll(keepingCapacity: true)
        let mode = self.mode, live = isLive, contains = hitRule == .contains, rule = hitRule
        let bx0 = rect.minX, by0 = rect.minY, bx1 = rect.maxX, by1 = rect.maxY
        var count = model.selectedCount
        // Take the bitsets out of self so they are uniquely referenced while the
        // index (also in self) is queried.
        var inRectWords = inRect.words; inRect.words = []
        var everWords = everHit.words; everHit.words = []
        var selWords = model.selection.words; model.selection.words = []
        let startWords = model.bandStart.words
        let index = self.index, changed = changedItems
        var fingers = self.fingers
        edges.withReader { bd in
        startWords.withUnsafeBufferPointer { startW in
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
        inRect.words = inRectWords; everHit.words = everWords; model.selection.words = selWords
        self.fingers = fingers
        model.selectedCount = count
        if sorted { added.sort(); removed.sort() }
        let diff = SelectionDiff(added: added, removed: removed)
        addedBuffer = added; removedBuffer = removed
        _checkInvariants(model)
        return diff
    }

    /// Ends the band, applying `mode` (or the band's own mode) to the final rect.
    /// - Returns: the change since the last update.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func endBand(mode: SelectionMode? = nil, selection model: inout SelectionModel) -> SelectionDiff {
        if let m = mode { self.mode = m }
        let diff = model.replaceBits(with: bandSelection(start: model.bandStart))
        bandRect = nil
        isLive = true
        model.isBandActive = false
        return diff
    }

    /// Cancels the band: the selection returns to what it was when it began.
    /// - Returns: the change since the last update.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func cancelBand(selection model: inout SelectionModel) -> SelectionDiff {
        let diff = model.restoreBandStart()
        bandRect = nil
        isLive = true
        model.isBandActive = false
        return diff
    }

    /// The selection the band's mode makes of a starting selection, from
    /// the items the current rect hits (`inRect`) and those any rect of the
    /// band hit (`everHit`).
    /// - Complexity: O(n / 64).
    func bandSelection(start: ItemBitSet) -> ItemBitSet {
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
        return target
    }
}

extension BandEngine {
    /// The items a band rect hits, by scanning every item: the reference the
    /// indexed engine is tested against.
    /// - Complexity: O(n).
    public static func naiveHits(items: [Rect], rect: Rect, hitRule: HitRule) -> [Int] {
        items.indices.filter { hitRule.hits(item: items[$0], band: rect) }
    }

    /// Checks the engine's internal consistency, and its agreement with the
    /// model it changes (only with `POINTERSIM_INTERNAL_CHECKS`): the same
    /// items, the same removed items, a band in both or in neither, and each
    /// item's hit state against the current band rect (up to 4,096 items).
    @inlinable public func _checkInvariants(_ model: SelectionModel) {
        #if POINTERSIM_INTERNAL_CHECKS
        model._checkInvariants()
        precondition(model.count == edges.count && inRect.capacity == edges.count && everHit.capacity == edges.count, "item count")
        precondition(model.removedCount == removedCount, "removed items differ")
        precondition(model.isBandActive == (bandRect != nil), "band state differs")
        if edges.count <= 4096 {
            precondition(model.removedItems.words == removedItems.words, "removed items differ")
            if let r = bandRect {
                for i in 0..<edges.count {
                    precondition(inRect[i] == (!removedItems[i] && Self.hits(edges[i], r, hitRule)), "inRect stale for item \(i)")
                }
            }
        }
        #endif
    }
}

