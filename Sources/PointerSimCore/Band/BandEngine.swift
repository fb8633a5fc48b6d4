/// The band's half of selection: the items' geometry (a `SpatialIndex`
/// over their edges), hit tests, and an incremental band update whose cost
/// follows the change, not the item count. The selection itself is a
/// ``SelectionModel``, which each operation that changes it takes `inout`:
/// the engine reads the model's starting selection and applies its mode's
/// changes to the model's selection.
///
/// Between two consecutive band rects, an item's hit state (four comparisons
/// between its edges and the band's) can change only if a band edge moved
/// across one of its edges. The engine asks its `SpatialIndex` for exactly
/// those candidates (a sorted-edge range or a grid strip, whichever is
/// cheaper), re-tests them and reports the items whose selection changed.
///
/// A band goes `beginBand` → `updateBand`* → `endBand` or `cancelBand`.
/// The mode (``SelectionMode``) applies live on every update, or, for a
/// band that is not live, only at the end.
///
/// Items can change after creation (`insertItem(_:selection:)`,
/// `removeItem(_:selection:)`, `setRect(_:ofItem:selection:)`,
/// `relayout(_:selection:)`): an item's index is its id and is never
/// reused (a removed item keeps its index and is never hit again). A
/// changed item is re-tested at once and kept on a short list that every
/// band update visits until the index is rebuilt, which happens when that
/// list outgrows `64 + n/16` items; so one change costs O(1) amortised plus
/// O(log n) for the rebuild's share, not O(n).
public struct BandEngine: Sendable {
    /// The items' edges, in one flat array (``ItemEdges``: 16 bytes per item
    /// when exact as `Float`); an item's index is its id. Removed items, and
    /// items with a NaN edge, are stored as `+∞` (never hit).
    @usableFromInline package internal(set) var edges: ItemEdges
    /// The number of items (removed ones included: indices are never reused).
    @usableFromInline package var count: Int { edges.count }
    /// The item rectangles as the engine stores them (normalised; a removed
    /// item or an item with a NaN edge reads as an infinite rect).
    /// - Complexity: O(n): it builds the array; prefer ``rect(of:)`` and ``count``.
    @usableFromInline package var items: [Rect] { (0..<edges.count).map(edges.rect) }
    /// Item `i`'s rect as the engine stores it.
    @usableFromInline package func rect(of i: Int) -> Rect { edges.rect(i) }
    /// The hit rule.
    /// Items are hit as Dear ImGui's `ImRect::Overlaps` tests them (strict on
    /// each axis), so a band of zero width or height hits the items it crosses
    /// strictly inside; for a band of positive area this is ``HitRule/intersects``
    /// (``BandProfile/bandMayBeEmpty``).
    /// The next ``updateBand(to:sorted:selection:)`` only records which items
    /// the rect hits, selecting nothing (the rect a band begins from: Dear
    /// ImGui's previous box at activation is the press point).
    @usableFromInline package var priming = false
    @usableFromInline package var hitsEmptyBands = false
    @usableFromInline package var hitRule: HitRule
    /// The spatial index over ``items`` (as of its last rebuild; changed items
    /// are on ``changedItems`` until the next one).
    @usableFromInline package internal(set) var index: SpatialIndex
    /// Items inserted or moved since the index was built: every query visits them.
    @usableFromInline package internal(set) var changedItems: [Int] = []
    /// Removed items (never hit; the model keeps its own list, never selected).
    @usableFromInline package internal(set) var removedItems: ItemBitSet
    /// The number of removed items.
    @usableFromInline package internal(set) var removedCount = 0
    /// The items the current rect hits.
    @usableFromInline package internal(set) var inRect: ItemBitSet
    /// The items any rect of the current band has hit.
    @usableFromInline package internal(set) var everHit: ItemBitSet
    /// The current band rect, if a band is active.
    @usableFromInline package internal(set) var bandRect: Rect?
    /// The current band's mode.
    @usableFromInline package internal(set) var mode: SelectionMode = .replace
    /// Whether the mode's selection is applied on every update.
    @usableFromInline package internal(set) var isLive: Bool = true

    var isChanged: ItemBitSet
    /// Where the index's edge-order searches ended last time (the band moves little).
    @usableFromInline var fingers = SpatialIndex.Fingers()
    @usableFromInline var addedBuffer: [Int] = []
    @usableFromInline var removedBuffer: [Int] = []

    /// Creates an engine over these items.
    /// - Complexity: O(n).
    @usableFromInline package init(items: [Rect], hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        self.init(edges: ItemEdges(items), hitRule: hitRule, cellSize: cellSize)
    }

    /// Creates an engine over items given as edges (no array of rects needed).
    /// - Complexity: O(n).
    @usableFromInline package init(edges: ItemEdges, hitRule: HitRule = .intersects, cellSize: Double? = nil) {
        self.edges = edges
        self.hitRule = hitRule
        index = SpatialIndex(edges: edges, cellSize: cellSize)
        inRect = ItemBitSet(capacity: edges.count)
        everHit = inRect; removedItems = inRect; isChanged = inRect
    }

    /// Starts a band: the model remembers its selection as the band's
    /// start (``SelectionModel/bandStart``) and the mode applies with an
    /// empty rect (in `replace` mode this clears the selection).
    /// - Parameters:
    ///   - mode: the selection mode.
    ///   - live: whether the selection follows the band; `false` (or a mode that
    ///     is not live) applies it only at ``endBand(mode:selection:)``.
    ///   - model: the selection the band starts from and changes.
    /// - Returns: the change to the selection.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    @usableFromInline package mutating func beginBand(mode: SelectionMode, live: Bool = true, selection model: inout SelectionModel) -> SelectionDiff
    {
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
    @usableFromInline package mutating func updateBand(to rect: Rect, sorted: Bool = true, selection model: inout SelectionModel) -> SelectionDiff {
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
        let mode = self.mode, live = isLive && !priming, contains = hitRule == .contains, rule = hitRule, overlaps = hitsEmptyBands
        let transitions = mode == .addUntilLeft
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
                                            } else if overlaps {
                                                now = bx0 < b[2] && bx1 > b[0] && by0 < b[3] && by1 > b[1]
                                            } else {
                                                now = Swift.max(bx0, b[0]) < Swift.min(bx1, b[2]) && Swift.max(by0, b[1]) < Swift.min(by1, b[3])
                                            }
                                            let w = i >> 6, bit: UInt64 = 1 << UInt64(i & 63)
                                            if now == (inW[w] & bit != 0) { return }
                                            if now { inW[w] |= bit; evW[w] |= bit } else { inW[w] &= ~bit }
                                            guard live else { return }
                                            // addUntilLeft is Dear ImGui's transitions: an item entering is
                                            // selected, one leaving toggled (for items the band did not
                                            // begin over, the same as `inRect || (start && !everHit)`).
                                            let sel =
                                                transitions
                                                ? (now || selW[w] & bit == 0)
                                                : mode.isSelected(start: startW[w] & bit != 0, inRect: now, everHit: evW[w] & bit != 0)
                                            if sel != (selW[w] & bit != 0) {
                                                if sel {
                                                    selW[w] |= bit; added.pointee.append(i); count.pointee += 1
                                                } else {
                                                    selW[w] &= ~bit; removed.pointee.append(i); count.pointee -= 1
                                                }
                                            }
                                        }
                                        // Under `intersects` an item is hit only by a band of positive area:
                                        // a band that becomes empty (or stops being empty) can change items
                                        // whose edges it never crossed, so that step re-tests every hit item
                                        // and the new rect's candidates instead.
                                        func isEmpty(_ r: Rect) -> Bool { !(r.minX < r.maxX && r.minY < r.maxY) }
                                        if let old,
                                            contains || (!overlaps && isEmpty(old) == isEmpty(rect)) || (overlaps && !isEmpty(old) && !isEmpty(rect))
                                        {
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
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
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
    @usableFromInline package mutating func endBand(mode: SelectionMode? = nil, selection model: inout SelectionModel) -> SelectionDiff {
        if let m = mode { self.mode = m }
        // addUntilLeft's transitions are the selection already.
        let diff = self.mode == .addUntilLeft && isLive ? SelectionDiff() : model.replaceBits(with: bandSelection(start: model.bandStart))
        bandRect = nil
        isLive = true
        model.isBandActive = false
        return diff
    }

    /// Cancels the band: the selection returns to what it was when it began.
    /// - Returns: the change since the last update.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    @usableFromInline package mutating func cancelBand(selection model: inout SelectionModel) -> SelectionDiff {
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
            case .addUntilLeft: target.words[w] = r | (s & ~h)
            }
        }
        return target
    }
}
