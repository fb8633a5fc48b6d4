/// The items that joined and left the selection in one update, as item
/// indices.
///
/// A diff holds each list either as indices or, when an operation changes
/// whole ranges of items (select all, clear, a Shift range), as runs of
/// consecutive indices (``addedRuns``, ``removedRuns``), so that selecting
/// two million items costs one run, not two million indices. ``added`` and
/// ``removed`` read either form as indices.
public struct SelectionDiff: Sendable, Hashable {
    /// One list of a diff: indices, or ascending runs of indices.
    @usableFromInline enum List: Sendable {
        case indices([Int])
        /// Ascending, disjoint, non-adjacent, non-empty runs, and their total size.
        case runs([Range<Int>], count: Int)

        @usableFromInline var indices: [Int] {
            switch self {
            case .indices(let a): return a
            case .runs(let r, let n):
                var a: [Int] = []
                a.reserveCapacity(n)
                for run in r { a.append(contentsOf: run) }
                return a
            }
        }
        var count: Int {
            switch self {
            case .indices(let a): return a.count
            case .runs(_, let n): return n
            }
        }
        /// The runs of an ascending list (O(count) for indices).
        var runs: [Range<Int>] {
            switch self {
            case .runs(let r, _): return r
            case .indices(let a): return SelectionDiff.runs(of: a)
            }
        }
    }
    @usableFromInline var addedList: List
    @usableFromInline var removedList: List

    /// Items newly selected.
    /// - Complexity: O(1) for a diff of indices; O(count) to list runs.
    public var added: [Int] {
        get { addedList.indices }
        _modify { var a = addedList.indices; addedList = .indices([]); defer { addedList = .indices(a) }; yield &a }
        set { addedList = .indices(newValue) }
    }
    /// Items newly deselected.
    /// - Complexity: O(1) for a diff of indices; O(count) to list runs.
    public var removed: [Int] {
        get { removedList.indices }
        _modify { var a = removedList.indices; removedList = .indices([]); defer { removedList = .indices(a) }; yield &a }
        set { removedList = .indices(newValue) }
    }
    /// Creates a diff.
    public init(added: [Int] = [], removed: [Int] = []) { addedList = .indices(added); removedList = .indices(removed) }
    /// Creates a diff of runs of consecutive indices (ascending and disjoint;
    /// empty runs are dropped, adjacent ones joined).
    public init(addedRuns: [Range<Int>], removedRuns: [Range<Int>]) {
        addedList = Self.list(addedRuns)
        removedList = Self.list(removedRuns)
    }

    static func list(_ runs: [Range<Int>]) -> List {
        var out: [Range<Int>] = []
        var n = 0
        for r in runs where !r.isEmpty {
            n += r.count
            if let last = out.last, last.upperBound == r.lowerBound { out[out.count - 1] = last.lowerBound..<r.upperBound } else { out.append(r) }
        }
        return .runs(out, count: n)
    }

    /// The maximal runs of consecutive indices of an ascending list.
    /// - Complexity: O(count).
    public static func runs(of sorted: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < sorted.count {
            var j = i + 1
            while j < sorted.count && sorted[j] == sorted[j - 1] + 1 { j += 1 }
            out.append(sorted[i]..<sorted[j - 1] + 1)
            i = j
        }
        return out
    }

    /// The number of items added.
    public var addedCount: Int { addedList.count }
    /// The number of items removed.
    public var removedCount: Int { removedList.count }
    /// ``added`` as ascending runs of consecutive indices (the list must be
    /// sorted, as every diff of a selection operation and every `sorted` band
    /// update is).
    /// - Complexity: O(1) for a diff of runs, O(count) for indices.
    public var addedRuns: [Range<Int>] { addedList.runs }
    /// ``removed`` as ascending runs; see ``addedRuns``.
    public var removedRuns: [Range<Int>] { removedList.runs }

    /// Whether nothing changed.
    public var isEmpty: Bool { addedList.count == 0 && removedList.count == 0 }

    /// Equal when the lists hold the same indices in the same order, whatever their form.
    public static func == (a: SelectionDiff, b: SelectionDiff) -> Bool {
        a.addedCount == b.addedCount && a.removedCount == b.removedCount && a.added == b.added && a.removed == b.removed
    }
    /// Hashes the sizes (equal diffs have equal sizes).
    public func hash(into h: inout Hasher) { h.combine(addedCount); h.combine(removedCount) }

    /// This diff followed by `next`, as one diff (an item added then removed
    /// again cancels out). Both must be sorted; the result is sorted.
    /// - Complexity: O(total size).
    public func followed(by next: SelectionDiff) -> SelectionDiff {
        if isEmpty { return next }
        if next.isEmpty { return self }
        let added = self.added, removed = self.removed, nextAdded = next.added, nextRemoved = next.removed
        // An item added then removed (or removed then added) is back where it was.
        let removedNext = Set(nextRemoved), addedNext = Set(nextAdded)
        let addedFirst = Set(added), removedFirst = Set(removed)
        return SelectionDiff(
            added: (added.filter { !removedNext.contains($0) } + nextAdded.filter { !removedFirst.contains($0) }).sorted(),
            removed: (removed.filter { !addedNext.contains($0) } + nextRemoved.filter { !addedFirst.contains($0) }).sorted())
    }
}

/// A selection described by how it is made, so that the engine can apply
/// it at the cost of what changes (``SelectionEngine/setSelection(_:)-(SelectionTarget)``).
public enum SelectionTarget: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// These items.
    case items([Int])
    /// The current selection with this item toggled.
    case toggling(Int)
    /// The items of the range that are not removed; with
    /// `keepingSelection`, added to the current selection.
    case range(ClosedRange<Int>, keepingSelection: Bool)
    /// Every item not removed.
    case all
    /// The items of the list.
    public init(arrayLiteral elements: Int...) { self = .items(elements) }
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
    /// The number of removed items.
    public private(set) var removedCount = 0
    /// When known, a range whose items not removed are exactly the selection
    /// (nil: the selection is any set). Select all, clear and ranges keep it,
    /// so that the next such operation changes only the items between the
    /// two ranges instead of comparing every word of the selection.
    var exactRange: Range<Int>? = 0..<0

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
        // Clearing, or selecting one item, after a range: only the range's items change.
        if bandRect == nil, exactRange != nil, let list = members as? [Int], list.count <= 1 { return setSelection(.items(list)) }
        var target = ItemBitSet(capacity: edges.count)
        for i in members where i >= 0 && i < edges.count && !removedItems[i] { target[i] = true }
        return replaceSelection(with: target)
    }

    /// Selects every item that is not removed.
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func selectAll() -> SelectionDiff {
        if bandRect == nil, let known = exactRange {
            return setRange(0..<edges.count, from: known)
        }
        var target = ItemBitSet(capacity: edges.count)
        target.insertAll()
        for w in target.words.indices { target.words[w] &= ~removedItems.words[w] }
        return replaceSelection(with: target)
    }

    mutating func replaceSelection(with target: ItemBitSet) -> SelectionDiff {
        exactRange = nil
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

    /// Sets the selection as a ``SelectionTarget`` describes it: the same
    /// selection as ``setSelection(_:)-(S)`` given the target's items, at the
    /// cost of what changes: outside a band, toggling one item is O(1), and
    /// select all, clear and ranges after one another are O(changed items /
    /// 64 + runs) (the diff is runs of indices). During a band, the target's
    /// items become the band's starting selection, as with a list.
    /// - Returns: the change.
    @discardableResult
    public mutating func setSelection(_ target: SelectionTarget) -> SelectionDiff {
        if bandRect != nil {
            switch target {
            case .all: return selectAll()
            case .items(let list): return setSelection(list)
            case .toggling(let i): return setSelection(selection[i] ? selection.members.filter { $0 != i } : selection.members + [i])
            case .range(let r, let keeping):
                let span = Array(r).filter { !isRemoved($0) }
                return setSelection(keeping ? Array(Set(selection.members).union(span)) : span)
            }
        }
        switch target {
        case .all:
            return selectAll()
        case .items(let list):
            guard list.count <= 1, let known = exactRange else { return setSelection(list) }
            let r = list.first.map { $0 >= 0 && $0 < edges.count ? $0..<$0 + 1 : 0..<0 } ?? 0..<0
            return setRange(r, from: known)
        case .toggling(let i):
            guard !removedItems[i] else { return SelectionDiff() }
            let on = !selection[i]
            selection[i] = on
            selectedCount += on ? 1 : -1
            if selectedCount == 0 { exactRange = 0..<0 } else if on && selectedCount == 1 { exactRange = i..<i + 1 } else { exactRange = nil }
            _checkInvariants()
            return on ? SelectionDiff(added: [i]) : SelectionDiff(removed: [i])
        case .range(let closed, let keeping):
            let r = Swift.max(closed.lowerBound, 0)..<Swift.max(Swift.max(closed.lowerBound, 0), Swift.min(closed.upperBound + 1, edges.count))
            if let known = exactRange {
                if !keeping { return setRange(r, from: known) }
                // The union is a range when the two overlap or touch.
                if known.isEmpty || r.isEmpty || (r.lowerBound <= known.upperBound && known.lowerBound <= r.upperBound) {
                    let u = known.isEmpty ? r : r.isEmpty ? known : Swift.min(r.lowerBound, known.lowerBound)..<Swift.max(r.upperBound, known.upperBound)
                    return setRange(u, from: known)
                }
            }
            if keeping {
                // Only additions: the range's unselected items.
                var added: [Int] = []
                for i in r where !selection[i] && !removedItems[i] { added.append(i); selection[i] = true }
                selectedCount += added.count
                exactRange = nil
                _checkInvariants()
                return SelectionDiff(added: added)
            }
            var t = ItemBitSet(capacity: edges.count)
            t.setRange(r, to: true)
            for w in t.words.indices { t.words[w] &= ~removedItems.words[w] }
            let diff = replaceSelection(with: t)
            exactRange = r
            return diff
        }
    }

    /// Outside a band: the selection is exactly the items of `known` not
    /// removed, and becomes those of `r`. Only the items between the two
    /// ranges are visited.
    mutating func setRange(_ r: Range<Int>, from known: Range<Int>) -> SelectionDiff {
        // The runs of `r` not in `known` (added) and of `known` not in `r` (removed), ascending.
        func minus(_ a: Range<Int>, _ b: Range<Int>) -> [Range<Int>] {
            if a.isEmpty { return [] }
            if b.isEmpty || b.upperBound <= a.lowerBound || a.upperBound <= b.lowerBound { return [a] }
            return [a.lowerBound..<Swift.max(a.lowerBound, b.lowerBound), Swift.min(a.upperBound, b.upperBound)..<a.upperBound].filter { !$0.isEmpty }
        }
        let addRuns = minus(r, known), removeRuns = minus(known, r)
        exactRange = r
        if addRuns.isEmpty && removeRuns.isEmpty { return SelectionDiff() }
        for run in addRuns { selection.setRange(run, to: true) }
        for run in removeRuns { selection.setRange(run, to: false) }
        if removedCount == 0 {
            selectedCount += addRuns.reduce(0) { $0 + $1.count } - removeRuns.reduce(0) { $0 + $1.count }
            _checkInvariants()
            return SelectionDiff(addedRuns: addRuns, removedRuns: removeRuns)
        }
        // Removed items are never selected: leave them out, one by one.
        var added: [Int] = [], removed: [Int] = []
        for run in addRuns { for i in run { if removedItems[i] { selection[i] = false } else { added.append(i) } } }
        for run in removeRuns { for i in run where !removedItems[i] { removed.append(i) } }
        selectedCount += added.count - removed.count
        _checkInvariants()
        return SelectionDiff(added: added, removed: removed)
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
        removedCount += 1
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
        exactRange = nil
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
        exactRange = nil
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
        exactRange = nil
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
        exactRange = nil
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

extension SelectionDiff: CustomStringConvertible, CustomDebugStringConvertible {
    /// `SelectionDiff(added: [1, 2], removed: [3])`, whatever the storage (a
    /// list of indices or runs).
    public var description: String { "SelectionDiff(added: \(added), removed: \(removed))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
}
