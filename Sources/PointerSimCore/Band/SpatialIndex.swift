/// A uniform grid and four sorted edge orders over item rectangles, for
/// finding the items near a region, or the items whose hit state a band move
/// can change, without scanning them all.
///
/// Memory is close to the data: the items' edges are one flat ``ItemEdges``
/// array (16 bytes per item when the edges are exact `Float`s), shared with
/// the ``SelectionEngine`` that built the index until it changes an item; each
/// edge order is an array of `Int32` item indices (its keys are read from the
/// edges); the grid is compressed (CSR): `cellStart[c] ..< cellStart[c + 1]`
/// indexes `cellItems`. Items that would span more than ``maxCellsPerItem``
/// cells are kept in a short list of oversized items that every grid query also
/// visits, so a background-sized item costs O(1) memory, not O(cells). There
/// are no per-item heap objects and no dictionaries.
///
/// The grid covers the items' real extent. The cell side defaults to
/// `max(2 × mean item side, √(area / n))`: at most as many cells as items, an
/// item registered in about 2 cells (the sorted edge orders, not the grid,
/// answer most band moves, so fewer, larger cells make a smaller and faster
/// build at little cost); whatever the coordinates (up to ±1.8e308,
/// two items 10²⁰ apart, a huge pitch), the grid never has more than
/// ``maxCells(forItems:)`` cells (4 per item plus 64): cells stretch instead,
/// on each axis separately. Coordinates reach integers only through clamped
/// conversions, so no input traps or overflows.
///
/// The build runs at memory speed: one pass for the extent, a counting sort
/// into the grid, and per edge order a check whether scene order or the
/// matching min-edge order already sorts it (then it is shared: rows of a
/// list or grid, items of one size), else one stable LSD radix sort on the
/// order-preserving bits of the edge (11-bit digits, digits every key shares
/// skipped: 3 passes at most for `Float` edges), then a check of each run of
/// equal keys, sorted by the other axis only if it is not already (a grid's
/// runs are).
public struct SpatialIndex: Sendable {
    /// The largest number of cells one item is registered in.
    public static let maxCellsPerItem = 64

    /// The most cells a grid over `n` items has: `4·n + 64`.
    public static func maxCells(forItems n: Int) -> Int { 4 * Swift.max(n, 0) + 64 }

    @usableFromInline let originX: Double
    @usableFromInline let originY: Double
    /// The far edges of the items' extent.
    @usableFromInline let limitX: Double
    @usableFromInline let limitY: Double
    /// Cells per point on each axis, and the origin times it (a cell column is
    /// `⌊x·scaleX − originScaledX⌋`, which cannot overflow for finite `x`).
    @usableFromInline let scaleX: Double
    @usableFromInline let scaleY: Double
    @usableFromInline let originScaledX: Double
    @usableFromInline let originScaledY: Double
    @usableFromInline let cols: Int
    @usableFromInline let rows: Int
    @usableFromInline var cellStart: [Int32]
    @usableFromInline var cellItems: [Int32]
    @usableFromInline var oversized: [Int32]
    /// The items' edges as of the build.
    public let edges: ItemEdges
    /// The items sorted by each edge (0 minX, 1 maxX, 2 minY, 3 maxY), ties by
    /// the lower edge on the other axis, then item order; the keys are read
    /// from ``edges``.
    @usableFromInline var edgeOrder: [[Int32]]

    /// The component of ``ItemEdges`` (minX, minY, maxX, maxY) each edge order sorts by.
    @usableFromInline static let component = [0, 2, 1, 3]

    /// Builds the index over rects.
    /// - Complexity: O(n) time and memory for items of similar size.
    public init(items: [Rect], cellSize: Double? = nil) {
        self.init(edges: ItemEdges(items), cellSize: cellSize)
    }

    /// Builds the index.
    /// - Parameters:
    ///   - edges: the items' edges; an item's index is its id.
    ///   - cellSize: the side of a cell; `nil` chooses it from the items. The
    ///     grid may stretch cells beyond it to stay within ``maxCells(forItems:)``.
    /// - Complexity: O(n) time and memory for items of similar size (the radix
    ///   sorts are linear); never more than O(n) cells.
    public init(edges: ItemEdges, cellSize: Double? = nil) {
        let n = edges.count
        precondition(n < Int(Int32.max), "SpatialIndex: at most 2^31 - 2 items")
        self.edges = edges
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        var sumSide = 0.0, finite = 0
        edges.withReader { rd in
            for i in 0..<n {
                let e = rd[i]
                guard e[0].isFinite, e[1].isFinite, e[2].isFinite, e[3].isFinite else { continue }
                bx0 = Swift.min(bx0, e[0]); by0 = Swift.min(by0, e[1])
                bx1 = Swift.max(bx1, e[2]); by1 = Swift.max(by1, e[3])
                // Halves, so that the sum of sides near 1.8e308 stays finite.
                sumSide += Swift.max(e[2] * 0.5 - e[0] * 0.5, e[3] * 0.5 - e[1] * 0.5)
                finite += 1
            }
        }
        if finite == 0 { bx0 = 0; by0 = 0; bx1 = 1; by1 = 1 }
        // Half extents: finite for any finite coordinates (the full extent may not be).
        let hw = Swift.max(bx1 * 0.5 - bx0 * 0.5, 0.5), hh = Swift.max(by1 * 0.5 - by0 * 0.5, 0.5)
        let cap = Double(Self.maxCells(forItems: n))
        var side: Double
        if let s = cellSize, s > 0, s.isFinite {
            side = s
        } else {
            let meanSide = finite > 0 ? 2 * (sumSide / Double(finite)) : 1
            side = Swift.max(2 * meanSide, 2 * hw.squareRoot() * hh.squareRoot() / Double(Swift.max(n, 1)).squareRoot())
        }
        if !(side > 0) { side = 1 }
        // Cells per axis (in Double until they are known to fit), then the cap.
        var cx = Swift.max(1, (hw / side) * 2), cy = Swift.max(1, (hh / side) * 2)
        if !cx.isFinite { cx = cap }
        if !cy.isFinite { cy = cap }
        cx = Swift.min(cx, cap); cy = Swift.min(cy, cap)
        if cx * cy > cap {
            let f = (cap / (cx * cy)).squareRoot()
            cx *= f; cy *= f
            if cx < 1 { cx = 1; cy = cap }
            if cy < 1 { cy = 1; cx = cap }
        }
        let cols = Swift.max(1, Int(cx.rounded(.down))), rows = Swift.max(1, Int(cy.rounded(.down)))
        self.cols = cols; self.rows = rows
        originX = bx0; originY = by0; limitX = bx1; limitY = by1
        let sx = (Double(cols) / hw) * 0.5, sy = (Double(rows) / hh) * 0.5
        let osx = bx0 * sx, osy = by0 * sy
        scaleX = sx; scaleY = sy; originScaledX = osx; originScaledY = osy
        let cellCount = cols * rows

        var orders: [[Int32]] = []
        orders.reserveCapacity(4)
        var identity: [Int32]? = nil
        for edge in 0..<4 {
            let c = Self.component[edge]
            // Scene order is often already sorted (rows of a list or a grid),
            // and a max edge often sorts like its min edge (items of one size):
            // those orders are checked first (O(n)) and shared, not sorted.
            if Self.isSorted(edges, nil, component: c) {
                if identity == nil {
                    identity = Self.identityOrder(n)
                }
                orders.append(identity!)
            } else if edge == 1 || edge == 3, Self.isSorted(edges, orders[edge - 1], component: c) {
                orders.append(orders[edge - 1])
            } else {
                orders.append(Self.sortedOrder(edges, component: c))
            }
        }
        // (Before the grid: the sorts' scratch space is freed before the grid is allocated.)
        edgeOrder = orders

        // Counting pass, then fill (CSR): a counting sort of the registrations.
        var counts = [Int32](repeating: 0, count: cellCount + 1)
        var big: [Int32] = []
        var total = 0
        edges.withReader { rd in
            counts.withUnsafeMutableBufferPointer { counts in
                for i in 0..<n {
                    let e = rd[i]
                    guard e[0].isFinite, e[1].isFinite, e[2].isFinite, e[3].isFinite else { big.append(Int32(i)); continue }
                    let c0 = Self.cell(e[0], sx, osx, cols), c1 = Self.cell(e[2], sx, osx, cols)
                    let r0 = Self.cell(e[1], sy, osy, rows), r1 = Self.cell(e[3], sy, osy, rows)
                    if (c1 - c0 + 1) * (r1 - r0 + 1) > Self.maxCellsPerItem { big.append(Int32(i)); continue }
                    total += (c1 - c0 + 1) * (r1 - r0 + 1)
                    for row in r0...r1 { for col in c0...c1 { counts[row * cols + col + 1] &+= 1 } }
                }
            }
        }
        precondition(total < Int(Int32.max), "SpatialIndex: too many cell registrations")
        for k in 0..<cellCount { counts[k + 1] += counts[k] }
        var slots = [Int32](repeating: 0, count: total)
        var fill = counts
        edges.withReader { rd in
            fill.withUnsafeMutableBufferPointer { fill in
                slots.withUnsafeMutableBufferPointer { slots in
                    var bigIndex = 0
                    for i in 0..<n {
                        if bigIndex < big.count && big[bigIndex] == Int32(i) { bigIndex += 1; continue }
                        let e = rd[i]
                        let c0 = Self.cell(e[0], sx, osx, cols), c1 = Self.cell(e[2], sx, osx, cols)
                        let r0 = Self.cell(e[1], sy, osy, rows), r1 = Self.cell(e[3], sy, osy, rows)
                        for row in r0...r1 {
                            for col in c0...c1 {
                                let cell = row * cols + col
                                slots[Int(fill[cell])] = Int32(i)
                                fill[cell] &+= 1
                            }
                        }
                    }
                }
            }
        }
        fill = []
        cellStart = counts
        cellItems = slots
        oversized = big

    }

    /// `0 ..< n` as `Int32`s. An empty array is `[]`: the stdlib's
    /// `unsafeUninitializedCapacity: 0` writes the count into the shared
    /// empty-array storage, a data race between two threads building indexes
    /// (ThreadSanitizer found it).
    static func identityOrder(_ n: Int) -> [Int32] {
        guard n > 0 else { return [] }
        return [Int32](unsafeUninitializedCapacity: n) { b, count in
            for i in 0..<n { b[i] = Int32(i) }
            count = n
        }
    }

    /// The items sorted ascending by one component of their edges: an LSD
    /// radix sort (stable, so ties keep item order) on the order-preserving
    /// bits, 32-bit keys for `Float` edges, 64-bit for `Double`.
    /// - Complexity: O(n) per non-trivial 11-bit digit (at most 3 for `Float`, 6 for `Double`).
    static func sortedOrder(_ edges: ItemEdges, component c: Int) -> [Int32] {
        // Ties (a column or row of items sharing an edge) are ordered by the
        // item's lower edge on the other axis: a sorted run per column, so a
        // band crossing a whole column reads only the part it reaches.
        let c2 = c == 0 || c == 2 ? 1 : 0
        var order: [Int32]
        if edges.isSingle {
            var keys = edges.single.map { e -> UInt32 in
                let b = e[c].bitPattern
                return b >> 31 == 1 ? ~b : b | (1 << 31)
            }
            order = radixSort(&keys, digits: 3)
        } else {
            var keys = edges.double.map { Self.orderKey($0[c]) }
            order = radixSort(&keys, digits: 6)
        }
        // Runs of equal keys are in item order (the sort is stable); sort the
        // runs that are not already in other-axis order (a grid's runs are).
        edges.withReader { rd in
            order.withUnsafeMutableBufferPointer { o in
                let n = o.count
                var start = 0
                while start < n {
                    let key = rd.edge(Int(o[start]), c)
                    var end = start + 1, sorted = true
                    while end < n && rd.edge(Int(o[end]), c) == key {
                        if rd.edge(Int(o[end]), c2) < rd.edge(Int(o[end - 1]), c2) { sorted = false }
                        end += 1
                    }
                    if !sorted {
                        o[start..<end].sort { a, b in
                            let x = rd.edge(Int(a), c2), y = rd.edge(Int(b), c2)
                            return x < y || (x == y && a < b)
                        }
                    }
                    start = end
                }
            }
        }
        return order
    }

    /// Whether `order` (nil: item order) sorts the items as an edge order must:
    /// by component `c`, runs of equal keys by the other axis's lower edge.
    /// - Complexity: O(n).
    static func isSorted(_ edges: ItemEdges, _ order: [Int32]?, component c: Int) -> Bool {
        let c2 = c == 0 || c == 2 ? 1 : 0
        let n = edges.count
        if let order, order.count != n { return false }
        func check(_ item: (Int) -> Int) -> Bool {
            edges.withReader { rd in
                var prev = -1
                for p in 0..<n {
                    let i = item(p)
                    if prev >= 0 {
                        let a = rd.edge(prev, c), b = rd.edge(i, c)
                        if b < a || (b == a && rd.edge(i, c2) < rd.edge(prev, c2)) { return false }
                    }
                    prev = i
                }
                return true
            }
        }
        guard let order else { return check { $0 } }
        return order.withUnsafeBufferPointer { o in check { Int(o[$0]) } }
    }

    /// Sorts the items stably by `keys` (indexed by item, consumed) and
    /// returns the item order.
    static func radixSort<K: FixedWidthInteger & UnsignedInteger>(_ keys: inout [K], digits: Int) -> [Int32] {
        let n = keys.count
        let radix = 1 << 11
        var histogram = [Int](repeating: 0, count: digits * radix)
        keys.withUnsafeBufferPointer { keys in
            histogram.withUnsafeMutableBufferPointer { h in
                for k in keys {
                    var v = k
                    for d in 0..<digits { h[d * radix + Int(truncatingIfNeeded: v & 0x7FF)] += 1; v >>= 11 }
                }
            }
        }
        var order = Self.identityOrder(n)
        var keys2: [K] = [], order2: [Int32] = []
        for d in 0..<digits {
            let base = d * radix
            // A digit every key shares does not reorder anything.
            var trivial = false
            for b in 0..<radix where histogram[base + b] != 0 { trivial = histogram[base + b] == n; break }
            if trivial || n < 2 { continue }
            if keys2.isEmpty {
                keys2 = [K](repeating: 0, count: n)
                order2 = [Int32](repeating: 0, count: n)
            }
            var offsets = [Int](repeating: 0, count: radix)
            var sum = 0
            for b in 0..<radix { offsets[b] = sum; sum += histogram[base + b] }
            let shift = 11 * d
            keys.withUnsafeBufferPointer { src in
                order.withUnsafeBufferPointer { srcOrder in
                    keys2.withUnsafeMutableBufferPointer { dst in
                        order2.withUnsafeMutableBufferPointer { dstOrder in
                            offsets.withUnsafeMutableBufferPointer { off in
                                for i in 0..<n {
                                    let k = src[i]
                                    let b = Int(truncatingIfNeeded: (k >> shift) & 0x7FF)
                                    let p = off[b]
                                    off[b] = p + 1
                                    dst[p] = k; dstOrder[p] = srcOrder[i]
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &keys2); swap(&order, &order2)
        }
        return order
    }

    /// The bits of `v` as an unsigned integer that sorts like `v` (NaN last).
    @inlinable static func orderKey(_ v: Double) -> UInt64 {
        if v.isNaN { return UInt64.max }
        let b = v.bitPattern
        return b >> 63 == 1 ? ~b : b | (1 << 63)
    }

    /// `⌊v·scale − originScaled⌋` clamped to `0 … n − 1` before it becomes an
    /// integer (monotone in `v`; NaN and ±∞ clamp, they never trap).
    @inlinable static func cell(_ v: Double, _ scale: Double, _ originScaled: Double, _ n: Int) -> Int {
        let t = v * scale - originScaled
        if t >= Double(n - 1) { return n - 1 }
        if !(t > 0) { return 0 }
        return Int(t)
    }

    /// The first position in edge order `edge` whose key is `>= value`
    /// (`strict == false`) or `> value` (`strict == true`), searched from
    /// position `hint` outward (galloping, then binary search): O(log d) for an
    /// answer d positions from the hint, reading memory near it.
    @inlinable func search(_ rd: EdgeReader, _ edge: Int, _ value: Double, strict: Bool, hint: Int) -> Int {
        let c = Self.component[edge]
        return edgeOrder[edge].withUnsafeBufferPointer { k in
            let n = k.count
            // `before(p)`: position p comes before the answer.
            @inline(__always) func before(_ p: Int) -> Bool {
                let key = rd.edge(Int(k[p]), c)
                return strict ? key <= value : key < value
            }
            let h = Swift.min(Swift.max(hint, 0), n)
            var lo: Int, hi: Int
            if h < n && before(h) {
                lo = h + 1
                var bound = 1
                while lo + bound - 1 < n && before(lo + bound - 1) { lo += bound; bound <<= 1 }
                hi = Swift.min(n, lo + bound - 1)
            } else {
                hi = h
                var bound = 1
                while hi - bound >= 0 && !before(hi - bound) { hi -= bound; bound <<= 1 }
                lo = Swift.max(0, hi - bound + 1)
            }
            while lo < hi {
                let mid = (lo + hi) >> 1
                if before(mid) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// Where the last searches in each edge order ended: the band moves a
    /// little between updates, so the next search starts there
    /// (``forEachCandidate(from:to:rule:fingers:_:)``).
    public struct Fingers: Sendable {
        @usableFromInline var positions: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        /// Fingers at the start of every order.
        public init() {}
        @inlinable subscript(i: Int) -> Int {
            get {
                switch i {
                case 0: return positions.0
                case 1: return positions.1
                case 2: return positions.2
                case 3: return positions.3
                case 4: return positions.4
                case 5: return positions.5
                case 6: return positions.6
                default: return positions.7
                }
            }
            set {
                switch i {
                case 0: positions.0 = newValue
                case 1: positions.1 = newValue
                case 2: positions.2 = newValue
                case 3: positions.3 = newValue
                case 4: positions.4 = newValue
                case 5: positions.5 = newValue
                case 6: positions.6 = newValue
                default: positions.7 = newValue
                }
            }
        }
    }

    /// The number of grid cells the closed box `[x0, x1] × [y0, y1]` touches (0 if none).
    @inlinable func cellsTouched(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int {
        guard x1 >= originX, y1 >= originY, x0 <= limitX, y0 <= limitY else { return 0 }
        let c0 = Self.cell(x0, scaleX, originScaledX, cols), c1 = Self.cell(x1, scaleX, originScaledX, cols)
        let r0 = Self.cell(y0, scaleY, originScaledY, rows), r1 = Self.cell(y1, scaleY, originScaledY, rows)
        return (c1 - c0 + 1) * (r1 - r0 + 1)
    }

    /// Calls `body` with a superset of the items whose hit state can differ
    /// between band rects `old` and `new` under `rule`. An item may be
    /// reported more than once; callers deduplicate.
    ///
    /// An item's hit state is four comparisons between its edges and the
    /// band's, so it can change only if a band edge moved across one of the
    /// item's edges. For each band edge that moved, the engine takes the
    /// cheaper of two exact queries: the items whose matching edge lies
    /// between the old and new band edge (two binary searches in an edge
    /// order, then only those whose other-axis extent meets the band's), or
    /// the grid cells of the strip the band edge swept.
    ///
    /// - Complexity: O(log n + Σ over moved edges of min(items whose edge was
    ///   crossed and whose other-axis extent meets the band's, grid items in the
    ///   swept strip)).
    @inlinable public func forEachCandidate(from old: Rect, to new: Rect, rule: HitRule, _ body: (Int) -> Void) {
        var fingers = Fingers()
        for k in 0..<8 { fingers[k] = edgeOrder[k >> 1].count / 2 }
        forEachCandidate(from: old, to: new, rule: rule, fingers: &fingers, body)
    }

    /// ``forEachCandidate(from:to:rule:_:)`` starting each edge-order search
    /// where the previous one ended (`fingers`, updated): a band that moved a
    /// little costs O(log of the positions it moved), not O(log n) cache misses.
    @inlinable public func forEachCandidate(from old: Rect, to new: Rect, rule: HitRule, fingers: inout Fingers, _ body: (Int) -> Void) {
        let density = Double(cellItems.count) / Double(Swift.max(1, cols * rows))
        let y0 = Swift.min(old.minY, new.minY), y1 = Swift.max(old.maxY, new.maxY)
        let x0 = Swift.min(old.minX, new.minX), x1 = Swift.max(old.maxX, new.maxX)
        edges.withReader { rd in
            // (band edge index: 0 minX, 1 maxX, 2 minY, 3 maxY)
            for bandEdge in 0..<4 {
                let a: Double, b: Double
                switch bandEdge {
                case 0: a = old.minX; b = new.minX
                case 1: a = old.maxX; b = new.maxX
                case 2: a = old.minY; b = new.minY
                default: a = old.maxY; b = new.maxY
                }
                if a == b { continue }
                let lo = Swift.min(a, b), hi = Swift.max(a, b)
                // The item edge compared with this band edge.
                let itemEdge: Int
                switch (rule, bandEdge) {
                case (.intersects, 0): itemEdge = 1  // band.minX < item.maxX
                case (.intersects, 1): itemEdge = 0  // item.minX < band.maxX
                case (.intersects, 2): itemEdge = 3
                case (.intersects, _): itemEdge = 2
                case (.contains, let e): itemEdge = e  // band.minX < item.minX, …
                }
                let s = search(rd, itemEdge, lo, strict: false, hint: fingers[2 * itemEdge])
                let e = search(rd, itemEdge, hi, strict: true, hint: Swift.max(s, fingers[2 * itemEdge + 1]))
                fingers[2 * itemEdge] = s; fingers[2 * itemEdge + 1] = e
                // The swept strip as explicit edges (a Rect's width could round).
                let (sx0, sy0, sx1, sy1) = bandEdge < 2 ? (lo, y0, hi, y1) : (x0, lo, x1, hi)
                let gridCost = Double(cellsTouched(sx0, sy0, sx1, sy1)) * (1 + density)
                if Double(e - s) <= gridCost {
                    // Only items whose other-axis extent touches the swept range can
                    // change (they must meet the old or the new band on that axis).
                    let (p0, p1) = bandEdge < 2 ? (y0, y1) : (x0, x1)
                    let (cLo, cHi) = bandEdge < 2 ? (1, 3) : (0, 2)
                    let c = Self.component[itemEdge]
                    edgeOrder[itemEdge].withUnsafeBufferPointer { owners in
                        var k = s
                        while k < e {
                            let i = Int(owners[k])
                            let v = rd[i]
                            if v[cLo] > p1 {
                                // The rest of this run of equal keys lies beyond the
                                // band on the other axis (runs are sorted by it): skip it.
                                let key = v[c]
                                var l = k + 1, h = e
                                while l < h {
                                    let m = (l + h) >> 1
                                    if rd.edge(Int(owners[m]), c) <= key { l = m + 1 } else { h = m }
                                }
                                k = l
                                continue
                            }
                            if v[cHi] >= p0 { body(i) }
                            k += 1
                        }
                    }
                } else {
                    forEachCandidate(sx0, sy0, sx1, sy1, body)
                }
            }
        }
    }

    /// Calls `body` with every item registered in a cell that the closed
    /// rectangle `r` touches, plus every oversized item. An item may be
    /// reported more than once (once per cell); callers deduplicate.
    ///
    /// - Complexity: O(cells touched + items in them + oversized items).
    @inlinable public func forEachCandidate(in r: Rect, _ body: (Int) -> Void) {
        forEachCandidate(r.minX, r.minY, r.maxX, r.maxY, body)
    }

    /// ``forEachCandidate(in:_:)`` for the closed box `[x0, x1] × [y0, y1]`.
    @inlinable func forEachCandidate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ body: (Int) -> Void) {
        for i in oversized { body(Int(i)) }
        guard x1 >= originX, y1 >= originY, x0 <= limitX, y0 <= limitY else { return }
        let c0 = Self.cell(x0, scaleX, originScaledX, cols), c1 = Self.cell(x1, scaleX, originScaledX, cols)
        let r0 = Self.cell(y0, scaleY, originScaledY, rows), r1 = Self.cell(y1, scaleY, originScaledY, rows)
        cellStart.withUnsafeBufferPointer { starts in
            cellItems.withUnsafeBufferPointer { slots in
                for row in r0...r1 {
                    let base = row * cols
                    let lo = Int(starts[base + c0]), hi = Int(starts[base + c1 + 1])
                    // Cells of one row are contiguous in CSR order.
                    var k = lo
                    while k < hi { body(Int(slots[k])); k += 1 }
                }
            }
        }
    }

    /// The number of grid cells.
    public var cellCount: Int { cols * rows }
    /// The side of a cell in points (the wider of its two sides: cells may be
    /// stretched on one axis to respect the cell cap).
    public var cellSide: Double { Swift.max(1 / scaleX, 1 / scaleY) }
    /// The number of oversized items visited by every query.
    public var oversizedCount: Int { oversized.count }
    /// Bytes held by the index beyond the shared edges (grid and edge orders).
    public var byteCount: Int { 4 * (cellStart.count + cellItems.count + oversized.count + edgeOrder.reduce(0) { $0 + $1.count }) }
}
