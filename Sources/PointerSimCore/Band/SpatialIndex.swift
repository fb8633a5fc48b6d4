/// A loose uniform grid and four sorted edge orders over item rectangles,
/// for finding the items near a region, or the items whose hit state a band
/// move can change, without scanning them all.
///
/// Memory is close to the data: the items' edges are one flat ``ItemEdges``
/// array (8 bytes per item for items of one size, 16 when the edges are exact
/// `Float`s), shared with the ``SelectionEngine`` that built the index until
/// it changes an item; each edge order is an array of `Int32` item indices
/// (its keys are read from the edges), not stored at all when it is item
/// order, and shared when a max-edge order is its min-edge order; the grid is
/// compressed (CSR): `cellStart[c] ..< cellStart[c + 1]` indexes `cellItems`.
/// An item spanning at most 2 × 2 cells is registered once, in the cell of its
/// min corner (queries reach one cell further on the low side); a bigger one
/// in every cell it touches; one that would span more than
/// ``maxCellsPerItem`` cells is kept in a short list of oversized items that
/// every grid query also visits, so a background-sized item costs O(1)
/// memory, not O(cells). There are no per-item heap objects and no
/// dictionaries.
///
/// The grid covers the items' real extent. The cell side defaults to
/// `max(2 × mean item side, √(area / n))`: at most as many cells as items,
/// nearly every item registered once (the sorted edge orders, not the grid,
/// answer most band moves, so fewer, larger cells make a smaller and faster
/// build at little cost); whatever the coordinates (up to ±1.8e308,
/// two items 10²⁰ apart, a huge pitch), the grid never has more than
/// ``maxCells(forItems:)`` cells (4 per item plus 64): cells stretch instead,
/// on each axis separately. Coordinates reach integers only through clamped
/// conversions, so no input traps or overflows.
///
/// The build runs at memory speed: the items' ``ItemEdges/Summary`` (kept by
/// the uniform layout as items arrive, else one pass), at most one stable LSD
/// radix sort per edge order that item order does not already give (one in
/// all for a grid of one size), and a counting sort
/// into the grid.
@usableFromInline package struct SpatialIndex: Sendable {
    /// The largest number of cells one item is registered in.
    @usableFromInline package static let maxCellsPerItem = 64

    /// The most cells a grid over `n` items has: `4·n + 64`.
    @usableFromInline package static func maxCells(forItems n: Int) -> Int { 4 * Swift.max(n, 0) + 64 }

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
    @usableFromInline package let edges: ItemEdges
    /// The items sorted by each edge (0 minX, 1 maxX, 2 minY, 3 maxY), runs of
    /// equal keys by the lower edge on the other axis; the keys are read from
    /// ``edges``. An order that is item order is stored empty, its bit set in
    /// ``identityOrders``.
    @usableFromInline var edgeOrder: [[Int32]]
    /// Bit `e` set: edge order `e` is item order (`0 ..< n`, not stored).
    @usableFromInline let identityOrders: UInt8
    /// Whether the edge orders were built (else band-move queries use the grid).
    @usableFromInline let hasEdgeOrders: Bool

    /// The component of ``ItemEdges`` (minX, minY, maxX, maxY) each edge order sorts by.
    @usableFromInline static let component = [0, 2, 1, 3]

    /// Builds the index over rects.
    /// - Complexity: O(n) time and memory for items of similar size.
    @usableFromInline package init(items: [Rect], cellSize: Double? = nil) {
        self.init(edges: ItemEdges(items), cellSize: cellSize)
    }

    /// Builds the index.
    /// - Parameters:
    ///   - edges: the items' edges; an item's index is its id.
    ///   - cellSize: the side of a cell; `nil` chooses it from the items. The
    ///     grid may stretch cells beyond it to stay within ``maxCells(forItems:)``.
    /// - Complexity: O(n) time and memory for items of similar size (the radix
    ///   sorts are linear); never more than O(n) cells.
    @usableFromInline package init(edges: ItemEdges, cellSize: Double? = nil) {
        self.init(edges: edges, cellSize: cellSize, edgeOrders: true)
    }

    /// Builds the index, with or without the four edge orders.
    /// - Parameters:
    ///   - edges: the items' edges; an item's index is its id.
    ///   - cellSize: the side of a cell; `nil` chooses it from the items. The
    ///     grid may stretch cells beyond it to stay within ``maxCells(forItems:)``.
    ///   - edgeOrders: whether to build the edge orders that
    ///     ``forEachCandidate(from:to:rule:fingers:_:)`` searches; an index
    ///     that only answers ``forEachCandidate(in:_:)`` (point and rect
    ///     lookups: the region provider) needs the grid alone, and without
    ///     orders a band-move query visits the grid strips.
    /// - Complexity: O(n) time and memory for items of similar size (the radix
    ///   sorts are linear); never more than O(n) cells.
    @usableFromInline package init(edges: ItemEdges, cellSize: Double? = nil, edgeOrders: Bool) {
        let n = edges.count
        precondition(n < Int(Int32.max), "SpatialIndex: at most 2^31 - 2 items")
        self.edges = edges
        // The extent, the mean side, which edge orders item order already
        // satisfies (rows of a list or a grid) and whether each max edge is
        // its min edge plus one size exactly (items of one size: the max-edge
        // order is then the min-edge order): kept by the edges as they were
        // made, else one pass.
        let summary = edges.summary()
        var bx0 = summary.bounds[0], by0 = summary.bounds[1], bx1 = summary.bounds[2], by1 = summary.bounds[3]
        let sumSide = summary.sumHalfSide, finite = summary.finite
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

        // The grid: counting pass, then fill (CSR), a counting sort of the
        // registrations. An item that spans at most 2 × 2 cells (nearly all of
        // them: a cell is twice the mean item side) is registered once, in the
        // cell of its min corner, and queries reach one cell further on the
        // low side of each axis (a loose grid: n registrations, not ~2n); a
        // bigger one in every cell it touches, up to ``maxCellsPerItem``; a
        // bigger one still, or one with an infinite edge, on the oversized list.
        // Items of one size that fits well within a cell (the usual grid of
        // icons or list rows) are all registered at their min corner: only
        // the corners are read, two cell conversions per item.
        let sizeF = edges.size ?? .zero, size = SIMD2<Double>(sizeF)
        let cornersOnly =
            edges.layout == .uniform && size.x.isFinite && size.y.isFinite
            && size.x * sx <= 0.9 && size.y * sy <= 0.9
        // A finite corner's cell: two lanes of one vector computation,
        // clamped as `cell(_:_:_:_:)` clamps (`t ≥ n − 1` → `n − 1`, `t ≤ 0` →
        // `0`, else `⌊t⌋`). With every item finite (the summary counted them)
        // nothing is tested per item.
        let allFinite = finite == n
        let scale = SIMD2(sx, sy), originScaled = SIMD2(osx, osy)
        let lastCell = SIMD2(Double(cols - 1), Double(rows - 1))
        @inline(__always) func cornerCell(_ f: SIMD2<Float>) -> Int {
            let t = pointwiseMin(pointwiseMax(SIMD2<Double>(f) * scale - originScaled, .zero), lastCell)
            return Int(t.y) &* cols &+ Int(t.x)
        }

        // Items of one size, every one finite and whole, in row (or column)
        // order, each within a cell (a grid of icons, the rows of a list):
        // the one edge order they need (by the other axis) and the grid are
        // one counting sort each, done together: one pass counts both, one
        // prefix sum each, one pass places both. Nothing is allocated per
        // item and nothing is tested per item.
        if edgeOrders && cornersOnly && allFinite, let c = Self.singleCountingComponent(edges, summary) {
            // A lane's share of the cell index, exactly as `cornerCell` computes it.
            let lastCol = Double(cols - 1), lastRow = Double(rows - 1)
            @inline(__always) func column(_ x: Float) -> Int { Int(Swift.min(Swift.max(Double(x) * sx - osx, 0), lastCol)) }
            @inline(__always) func rowBase(_ y: Float) -> Int { Int(Swift.min(Swift.max(Double(y) * sy - osy, 0), lastRow)) &* cols }
            let (order, cellStart, cellItems) = edges.corners.withUnsafeBufferPointer { corners in
                c == 0
                    ? Self.countingOrderAndGrid(
                        corners,
                        low: summary.lowest[0],
                        high: summary.highest[0],
                        cells: cellCount,
                        key: { $0.x },
                        other: { $0.y },
                        keyCell: column,
                        otherCell: rowBase
                    )
                    : Self.countingOrderAndGrid(
                        corners,
                        low: summary.lowest[1],
                        high: summary.highest[1],
                        cells: cellCount,
                        key: { $0.y },
                        other: { $0.x },
                        keyCell: rowBase,
                        otherCell: column
                    )
            }
            // Component 0 sorted: the min-X order, shared by max X; the Y orders
            // are item order (and the other way round).
            edgeOrder = c == 0 ? [order, order, [], []] : [[], [], order, order]
            identityOrders = c == 0 ? 0b1100 : 0b0011
            hasEdgeOrders = true
            self.cellStart = cellStart
            self.cellItems = cellItems
            oversized = []
            return
        }

        // The edge orders (before the grid: the sorts' scratch space is freed
        // before the grid is allocated).
        if edgeOrders {
            let (orders, identity) = Self.buildOrders(edges, summary)
            edgeOrder = orders; identityOrders = identity; hasEdgeOrders = true
        } else {
            edgeOrder = [[], [], [], []]; identityOrders = 0; hasEdgeOrders = false
        }

        var counts = [Int32](repeating: 0, count: cellCount + 1)
        var big: [Int32] = []
        var total = 0
        if cornersOnly {
            counts.withUnsafeMutableBufferPointer { counts in
                edges.corners.withUnsafeBufferPointer { corners in
                    for i in 0..<corners.count {
                        // (The max edges as stored: the corner plus the size in `Float`.)
                        let f = corners[i], m = f + sizeF
                        guard allFinite || (f.x.isFinite && f.y.isFinite && m.x.isFinite && m.y.isFinite) else { big.append(Int32(i)); continue }
                        counts[cornerCell(f) &+ 1] &+= 1
                    }
                }
            }
            total = n - big.count
        } else {
            counts.withUnsafeMutableBufferPointer { counts in
                edges.forEach { i, e in
                    guard e[0].isFinite, e[1].isFinite, e[2].isFinite, e[3].isFinite else { big.append(Int32(i)); return }
                    let c0 = Self.cell(e[0], sx, osx, cols), c1 = Self.cell(e[2], sx, osx, cols)
                    let r0 = Self.cell(e[1], sy, osy, rows), r1 = Self.cell(e[3], sy, osy, rows)
                    if c1 &- c0 <= 1 && r1 &- r0 <= 1 {
                        total &+= 1
                        counts[r0 &* cols &+ c0 &+ 1] &+= 1
                        return
                    }
                    let span = (c1 - c0 + 1) * (r1 - r0 + 1)
                    if span > Self.maxCellsPerItem { big.append(Int32(i)); return }
                    total += span
                    for row in r0...r1 { for col in c0...c1 { counts[row * cols + col + 1] &+= 1 } }
                }
            }
        }
        precondition(total < Int(Int32.max), "SpatialIndex: too many cell registrations")
        counts.withUnsafeMutableBufferPointer { c in
            for k in 0..<cellCount { c[k + 1] &+= c[k] }
        }
        // (`[]` when empty: `unsafeUninitializedCapacity: 0` would write into the
        // shared empty-array storage, a data race between threads.)
        var slots = total == 0 ? [] : [Int32](unsafeUninitializedCapacity: total) { _, count in count = total }
        // counts[c] is the start of cell c; used as the fill cursor, it ends
        // as the start of cell c + 1: shifted back by one afterwards.
        counts.withUnsafeMutableBufferPointer { fill in
            slots.withUnsafeMutableBufferPointer { slots in
                var bigIndex = 0
                if cornersOnly {
                    edges.corners.withUnsafeBufferPointer { corners in
                        for i in 0..<corners.count {
                            if bigIndex < big.count && big[bigIndex] == Int32(i) { bigIndex += 1; continue }
                            let cell = cornerCell(corners[i])
                            slots[Int(fill[cell])] = Int32(truncatingIfNeeded: i)
                            fill[cell] &+= 1
                        }
                    }
                } else {
                    edges.forEach { i, e in
                        if bigIndex < big.count && big[bigIndex] == Int32(i) { bigIndex += 1; return }
                        let c0 = Self.cell(e[0], sx, osx, cols), c1 = Self.cell(e[2], sx, osx, cols)
                        let r0 = Self.cell(e[1], sy, osy, rows), r1 = Self.cell(e[3], sy, osy, rows)
                        if c1 &- c0 <= 1 && r1 &- r0 <= 1 {
                            let cell = r0 &* cols &+ c0
                            slots[Int(fill[cell])] = Int32(truncatingIfNeeded: i)
                            fill[cell] &+= 1
                            return
                        }
                        for row in r0...r1 {
                            for col in c0...c1 {
                                let cell = row * cols + col
                                slots[Int(fill[cell])] = Int32(i)
                                fill[cell] &+= 1
                            }
                        }
                    }
                }
                var k = cellCount
                while k > 0 { fill[k] = fill[k - 1]; k -= 1 }
                fill[0] = 0
            }
        }
        cellStart = counts
        cellItems = slots
        oversized = big
    }

    /// The four edge orders and which of them are item order (a bit per
    /// order, stored empty), from the first pass's findings.
    ///
    /// An order must sort its items by its edge, and runs of equal keys by
    /// the other axis's min edge. An order item order satisfies is item order.
    /// Else each is one stable LSD radix sort that starts from an order the
    /// ties must follow: the min-Y order from the min-X order and the other
    /// way round, a max-edge order from the other axis's min-edge order (a
    /// stable sort keeps the starting order within equal keys). Only when
    /// neither min order is item order is one of them sorted from item order
    /// with its runs of equal keys put in order afterwards. A max-edge order
    /// whose edge is its min edge plus one size exactly is the min-edge order.
    static func buildOrders(_ edges: ItemEdges, _ summary: ItemEdges.Summary) -> ([[Int32]], UInt8) {
        let inOrder = summary.inOrder
        let maxFollowsMin = edges.layout == .uniform ? summary.maxFollowsMin : [false, false]
        // Edge order index → component: 0 minX (0), 1 maxX (2), 2 minY (1), 3 maxY (3).
        var orders: [[Int32]?] = [nil, nil, nil, nil]
        var identity: UInt8 = 0
        for edge in 0..<4 where inOrder[Self.component[edge]] {
            orders[edge] = []
            identity |= 1 << UInt8(edge)
        }
        func base(_ edge: Int) -> [Int32]? { identity & (1 << UInt8(edge)) != 0 ? nil : orders[edge]! }
        if orders[0] == nil && orders[2] == nil {
            var o = Self.radixSortedOrder(edges, component: 0, from: nil, summary)
            Self.sortRuns(edges, &o, component: 0)
            orders[0] = o
        }
        if orders[2] == nil { orders[2] = Self.radixSortedOrder(edges, component: 1, from: base(0), summary) }
        if orders[0] == nil { orders[0] = Self.radixSortedOrder(edges, component: 0, from: base(2), summary) }
        for (edge, minEdge, otherMin) in [(1, 0, 2), (3, 2, 0)] where orders[edge] == nil {
            let minOrder = base(minEdge)
            if maxFollowsMin[edge >> 1] || (minOrder != nil && Self.isSorted(edges, minOrder, component: Self.component[edge])) {
                orders[edge] = orders[minEdge]
                if identity & (1 << UInt8(minEdge)) != 0 { identity |= 1 << UInt8(edge) }
            } else {
                orders[edge] = Self.radixSortedOrder(edges, component: Self.component[edge], from: base(otherMin), summary)
            }
        }
        return (orders.map { $0! }, identity)
    }

    /// The component (0: X, 1: Y) whose min-edge order is the only one
    /// ``buildOrders(_:_:)`` would sort, and would sort by a plain counting
    /// sort from item order, or `nil`: items of one size (max edges follow
    /// the min edges), every one finite, item order sorting the other axis
    /// but not this one, whose whole coordinates span at most 2¹⁶ and lie
    /// within ±2²².
    static func singleCountingComponent(_ edges: ItemEdges, _ summary: ItemEdges.Summary) -> Int? {
        let n = edges.count
        guard n > 1, edges.layout == .uniform, summary.finite == n,
            summary.maxFollowsMin[0], summary.maxFollowsMin[1]
        else { return nil }
        let io = summary.inOrder
        let c: Int
        if io[1] && io[3] && !io[0] && !io[2] { c = 0 } else if io[0] && io[2] && !io[1] && !io[3] { c = 1 } else { return nil }
        guard summary.integral[c], summary.lowest[c] > -0x1p22, summary.highest[c] < 0x1p22,
            summary.highest[c] - summary.lowest[c] < 0x1p16
        else { return nil }
        return c
    }

    /// One stable counting sort of the corners by `key` (whole numbers from
    /// `low` to `high`; the same order as ``countingSort(n:buckets:from:key:)``
    /// from item order) and the grid's CSR arrays (every corner registered
    /// once, in its cell), together: one counting pass, two prefix sums, one
    /// placing pass.
    ///
    /// A corner's cell is `keyCell(key) + otherCell(other)`. Neither is
    /// converted per item: `keyCell` is a table over the keys (at most 2¹⁶),
    /// and `other` does not go down in item order (item order sorts that
    /// axis), so its cell is converted only when it changes (once per row of
    /// a grid). A key's bucket is read from its bits (a whole `Float` below
    /// 2²² in magnitude plus 1.5 · 2²³ has the number in its low bits), with
    /// no conversion either.
    /// - Complexity: O(n + (high − low) + cells).
    @inline(__always)
    static func countingOrderAndGrid(
        _ corners: UnsafeBufferPointer<SIMD2<Float>>,
        low: Double,
        high: Double,
        cells: Int,
        key: (SIMD2<Float>) -> Float,
        other: (SIMD2<Float>) -> Float,
        keyCell: (Float) -> Int,
        otherCell: (Float) -> Int
    ) -> ([Int32], [Int32], [Int32]) {
        let n = corners.count, bucketCount = Int(high - low) + 1
        let magic: Float = 0x1.8p23, lowBits = Int((Float(low) + magic).bitPattern)
        @inline(__always) func bucket(_ v: Float) -> Int { Int((v + magic).bitPattern) &- lowBits }
        // The key's share of each cell, per bucket.
        let keyCells = [Int32](unsafeUninitializedCapacity: bucketCount) { t, count in
            for b in 0..<bucketCount { t[b] = Int32(truncatingIfNeeded: keyCell(Float(low + Double(b)))) }
            count = bucketCount
        }
        var next = [Int32](repeating: 0, count: bucketCount)
        var fill = [Int32](repeating: 0, count: cells + 1)
        keyCells.withUnsafeBufferPointer { kc in
            next.withUnsafeMutableBufferPointer { h in
                fill.withUnsafeMutableBufferPointer { g in
                    var lastOther = -Float.infinity, base = 0
                    for i in 0..<n {
                        let f = corners[i], o = other(f)
                        if o != lastOther { lastOther = o; base = otherCell(o) }
                        let b = bucket(key(f))
                        h[b] &+= 1
                        g[Int(kc[b]) &+ base &+ 1] &+= 1
                    }
                    var sum: Int32 = 0
                    for b in 0..<bucketCount { let k = h[b]; h[b] = sum; sum &+= k }
                    for k in 0..<cells { g[k + 1] &+= g[k] }
                }
            }
        }
        var slots: [Int32] = []
        let order = [Int32](unsafeUninitializedCapacity: n) { d, count in
            slots = [Int32](unsafeUninitializedCapacity: n) { s, count in
                keyCells.withUnsafeBufferPointer { kc in
                    next.withUnsafeMutableBufferPointer { h in
                        fill.withUnsafeMutableBufferPointer { g in
                            var lastOther = -Float.infinity, base = 0
                            for i in 0..<n {
                                let f = corners[i], o = other(f), v = Int32(truncatingIfNeeded: i)
                                if o != lastOther { lastOther = o; base = otherCell(o) }
                                let b = bucket(key(f)), q = Int(h[b])
                                h[b] = Int32(truncatingIfNeeded: q &+ 1)
                                d[q] = v
                                let c = Int(kc[b]) &+ base, r = Int(g[c])
                                g[c] = Int32(truncatingIfNeeded: r &+ 1)
                                s[r] = v
                            }
                        }
                    }
                }
                count = n
            }
            count = n
        }
        // Each cell's cursor ended at the next cell's start: shift back by one.
        fill.withUnsafeMutableBufferPointer { g in
            var k = cells
            while k > 0 { g[k] = g[k - 1]; k -= 1 }
            g[0] = 0
        }
        return (order, fill, slots)
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

    /// Sorts the runs of equal keys of `order` (sorted by component `c`) by
    /// the other axis's min edge, where they are not already.
    static func sortRuns(_ edges: ItemEdges, _ order: inout [Int32], component c: Int) {
        let c2 = c == 0 || c == 2 ? 1 : 0
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

    /// The items in `start` order (nil: item order), sorted stably by
    /// component `c` of their edges: an LSD radix sort on the edge's
    /// order-preserving bits (32-bit keys for `Float` layouts, 64-bit for
    /// `Double`), read from the edges at each pass (no key arrays). Only the
    /// bits that differ between items count (`varying`, from the edges'
    /// summary for `Float` layouts, else one pass): a span of up to 16 bits
    /// is one pass straight into the result (no scratch space), a wider one
    /// passes of at most 11 bits.
    /// - Complexity: O(n) per pass (one pass when the keys span 16 bits or
    ///   fewer, as whole coordinates up to about 2¹⁰ apart do; at most 3 for
    ///   `Float` edges, 6 for `Double`).
    static func radixSortedOrder(_ edges: ItemEdges, component c: Int, from start: [Int32]?, _ summary: ItemEdges.Summary) -> [Int32] {
        let n = edges.count
        guard n > 1 else { return identityOrder(n) }
        // Whole numbers: the key is the offset from the lowest (a non-finite
        // value after the highest), so a span of 65,536 is one pass.
        let integral = summary.integral[c] && edges.layout != .double && summary.lowest[c].isFinite
        let low = integral ? Int64(summary.lowest[c]) : 0
        let top = integral ? Int64(summary.highest[c]) - low + 1 : 0
        var v = integral ? (UInt64(1) << (64 - UInt64(top).leadingZeroBitCount)) - 1 : 0
        @inline(__always) func offset(_ x: Float) -> UInt32 {
            x.isFinite ? UInt32(truncatingIfNeeded: Int64(x) &- low) : UInt32(truncatingIfNeeded: top)
        }
        // Offsets of every item finite (the summary counted them) within 2¹⁶:
        // one plain counting sort, nothing tested per key; the same order
        // the radix sort gives (a stable sort of the same keys).
        let counting = integral && summary.finite == n && top <= 1 << 16
        @inline(__always) func sortOffsets(_ key: (Int) -> Float) -> [Int32] {
            counting
                ? countingSort(n: n, buckets: Int(top), from: start) { Int(Int64(key($0)) &- low) }
                : radixSort(n: n, varying: v, from: start) { offset(key($0)) }
        }
        typealias K = ItemEdges.Summary
        if !integral && edges.layout != .double {
            // The bits of the `Float` keys that differ between items.
            var or: UInt32 = 0, and = UInt32.max
            edges.withReader { rd in
                for i in 0..<n { let k = K.key(rd.floatEdge(i, c)); or |= k; and &= k }
            }
            v = UInt64(or ^ and)
        }
        // One loop per layout and component: nothing is decided per item.
        switch edges.layout {
        case .uniform:
            let s = edges.size ?? .zero
            return edges.corners.withUnsafeBufferPointer { b in
                if integral {
                    switch c {
                    case 0: return sortOffsets { b[$0].x }
                    case 1: return sortOffsets { b[$0].y }
                    case 2: return sortOffsets { b[$0].x + s.x }
                    default: return sortOffsets { b[$0].y + s.y }
                    }
                }
                switch c {
                case 0: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].x) }
                case 1: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].y) }
                case 2: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].x + s.x) }
                default: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].y + s.y) }
                }
            }
        case .single:
            return edges.single.withUnsafeBufferPointer { b in
                if integral {
                    switch c {
                    case 0: return sortOffsets { b[$0].x }
                    case 1: return sortOffsets { b[$0].y }
                    case 2: return sortOffsets { b[$0].z }
                    default: return sortOffsets { b[$0].w }
                    }
                }
                switch c {
                case 0: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].x) }
                case 1: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].y) }
                case 2: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].z) }
                default: return radixSort(n: n, varying: v, from: start) { K.key(b[$0].w) }
                }
            }
        case .double:
            return edges.double.withUnsafeBufferPointer { b in
                var or: UInt64 = 0, and = UInt64.max
                for i in 0..<n { let k = Self.orderKey(b[i][c]); or |= k; and &= k }
                return radixSort(n: n, varying: or ^ and, from: start) { Self.orderKey(b[$0][c]) }
            }
        }
    }

    /// A stable counting sort of the items in `start` order (nil: item
    /// order) by `key`, which must lie in `0 ..< buckets` for every item.
    /// - Complexity: O(n + buckets), two passes.
    @inline(__always)
    static func countingSort(n: Int, buckets: Int, from start: [Int32]?, key: (Int) -> Int) -> [Int32] {
        var next = [Int32](repeating: 0, count: buckets)
        next.withUnsafeMutableBufferPointer { h in
            for i in 0..<n { h[key(i)] &+= 1 }
        }
        // One key for every item: nothing moves.
        if next.contains(Int32(n)) { return start ?? identityOrder(n) }
        next.withUnsafeMutableBufferPointer { h in
            var sum: Int32 = 0
            for b in 0..<buckets { let k = h[b]; h[b] = sum; sum &+= k }
        }
        return [Int32](unsafeUninitializedCapacity: n) { d, count in
            next.withUnsafeMutableBufferPointer { o in
                @inline(__always) func place(_ i: Int) {
                    let k = key(i), q = Int(o[k])
                    o[k] = Int32(truncatingIfNeeded: q &+ 1)
                    d[q] = Int32(truncatingIfNeeded: i)
                }
                if let start {
                    start.withUnsafeBufferPointer { s in for p in 0..<n { place(Int(s[p])) } }
                } else {
                    for i in 0..<n { place(i) }
                }
            }
            count = n
        }
    }

    /// The LSD radix sort behind ``radixSortedOrder(_:component:from:varying:)``:
    /// digits cover the bits from the lowest to the highest varying one.
    @inline(__always)
    static func radixSort<K: FixedWidthInteger & UnsignedInteger>(n: Int, varying: UInt64, from start: [Int32]?, key: (Int) -> K) -> [Int32] {
        guard varying != 0 else { return start ?? identityOrder(n) }
        let lo = varying.trailingZeroBitCount, hi = 63 - varying.leadingZeroBitCount
        let span = hi - lo + 1
        let digits = span <= 16 ? 1 : (span + 10) / 11
        let width = (span + digits - 1) / digits
        let radix = 1 << width, mask = K(radix - 1)
        var histogram = [Int32](repeating: 0, count: digits * radix)
        histogram.withUnsafeMutableBufferPointer { h in
            for i in 0..<n {
                var v = key(i) >> K(lo)
                for d in 0..<digits { h[d &* radix &+ Int(truncatingIfNeeded: v & mask)] &+= 1; v >>= K(width) }
            }
        }
        var order = start ?? []
        var isIdentity = start == nil, ownsOrder = false
        var scratch: [Int32] = []
        var offsets = [Int32](repeating: 0, count: radix)
        for d in 0..<digits {
            let base = d * radix
            // A digit every key shares does not reorder anything.
            var trivial = false
            for b in 0..<radix where histogram[base + b] != 0 { trivial = Int(histogram[base + b]) == n; break }
            if trivial { continue }
            if scratch.isEmpty { scratch = [Int32](unsafeUninitializedCapacity: n) { _, count in count = n } }
            var sum: Int32 = 0
            for b in 0..<radix { offsets[b] = sum; sum &+= histogram[base + b] }
            let shift = K(lo + width * d)
            order.withUnsafeBufferPointer { src in
                scratch.withUnsafeMutableBufferPointer { dst in
                    offsets.withUnsafeMutableBufferPointer { off in
                        for p in 0..<n {
                            let i = isIdentity ? p : Int(src[p])
                            let b = Int(truncatingIfNeeded: (key(i) >> shift) & mask)
                            let q = Int(off[b])
                            off[b] = Int32(truncatingIfNeeded: q &+ 1)
                            dst[q] = Int32(truncatingIfNeeded: i)
                        }
                    }
                }
            }
            // The sorted order moves to `order`; the next pass writes into the
            // old one if it is ours (not the identity, not the caller's).
            if ownsOrder {
                swap(&order, &scratch)
            } else {
                order = scratch
                scratch = []
                ownsOrder = true
            }
            isIdentity = false
        }
        return isIdentity ? identityOrder(n) : order
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
        return withOrder(edge) { k in
            let n = k.count
            // `before(p)`: position p comes before the answer.
            @inline(__always) func before(_ p: Int) -> Bool {
                let key = rd.edge(k[p], c)
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
    @usableFromInline package struct Fingers: Sendable {
        @usableFromInline var positions: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        /// Fingers at the start of every order.
        @usableFromInline package init() {}
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

    /// The number of grid cells a query of the closed box `[x0, x1] × [y0, y1]`
    /// visits (0 if none): the cells it touches and, for the items registered
    /// at their min corner, one more column and row on the low side.
    @inlinable func cellsTouched(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int {
        guard x1 >= originX, y1 >= originY, x0 <= limitX, y0 <= limitY else { return 0 }
        let c0 = Swift.max(Self.cell(x0, scaleX, originScaledX, cols) - 1, 0), c1 = Self.cell(x1, scaleX, originScaledX, cols)
        let r0 = Swift.max(Self.cell(y0, scaleY, originScaledY, rows) - 1, 0), r1 = Self.cell(y1, scaleY, originScaledY, rows)
        return (c1 - c0 + 1) * (r1 - r0 + 1)
    }

    /// A view of edge order `edge`: position → item.
    @inlinable func withOrder<R>(_ edge: Int, _ body: (OrderView) -> R) -> R {
        if identityOrders & (1 << UInt8(edge)) != 0 { return body(OrderView(items: nil, count: edges.count)) }
        return edgeOrder[edge].withUnsafeBufferPointer { body(OrderView(items: $0.baseAddress, count: $0.count)) }
    }

    /// Position → item in one edge order (item order when not stored).
    @usableFromInline struct OrderView {
        @usableFromInline let items: UnsafePointer<Int32>?
        @usableFromInline let count: Int
        @inlinable init(items: UnsafePointer<Int32>?, count: Int) { self.items = items; self.count = count }
        @inlinable @inline(__always) subscript(p: Int) -> Int {
            if let items { return Int(items[p]) }
            return p
        }
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
    @inlinable package func forEachCandidate(from old: Rect, to new: Rect, rule: HitRule, _ body: (Int) -> Void) {
        var fingers = Fingers()
        for k in 0..<8 { fingers[k] = edges.count / 2 }
        forEachCandidate(from: old, to: new, rule: rule, fingers: &fingers, body)
    }

    /// ``forEachCandidate(from:to:rule:_:)`` starting each edge-order search
    /// where the previous one ended (`fingers`, updated): a band that moved a
    /// little costs O(log of the positions it moved), not O(log n) cache misses.
    @inlinable package func forEachCandidate(from old: Rect, to new: Rect, rule: HitRule, fingers: inout Fingers, _ body: (Int) -> Void) {
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
                // The swept strip as explicit edges (a Rect's width could round).
                let (sx0, sy0, sx1, sy1) = bandEdge < 2 ? (lo, y0, hi, y1) : (x0, lo, x1, hi)
                guard hasEdgeOrders else { forEachCandidate(sx0, sy0, sx1, sy1, body); continue }
                let s = search(rd, itemEdge, lo, strict: false, hint: fingers[2 * itemEdge])
                let e = search(rd, itemEdge, hi, strict: true, hint: Swift.max(s, fingers[2 * itemEdge + 1]))
                fingers[2 * itemEdge] = s; fingers[2 * itemEdge + 1] = e
                let gridCost = Double(cellsTouched(sx0, sy0, sx1, sy1)) * (1 + density)
                if Double(e - s) <= gridCost {
                    // Only items whose other-axis extent touches the swept range can
                    // change (they must meet the old or the new band on that axis).
                    let (p0, p1) = bandEdge < 2 ? (y0, y1) : (x0, x1)
                    let (cLo, cHi) = bandEdge < 2 ? (1, 3) : (0, 2)
                    let c = Self.component[itemEdge]
                    withOrder(itemEdge) { owners in
                        var k = s
                        while k < e {
                            let i = owners[k]
                            let v = rd[i]
                            if v[cLo] > p1 {
                                // The rest of this run of equal keys lies beyond the
                                // band on the other axis (runs are sorted by it): skip it.
                                let key = v[c]
                                var l = k + 1, h = e
                                while l < h {
                                    let m = (l + h) >> 1
                                    if rd.edge(owners[m], c) <= key { l = m + 1 } else { h = m }
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

    /// Calls `body` with every item that can meet the closed rectangle `r`:
    /// the items registered in a cell it touches, the items registered at
    /// their min corner one cell before it on either axis, and every oversized
    /// item. An item may be reported more than once (once per cell); callers
    /// deduplicate.
    ///
    /// - Complexity: O(cells touched + items in them + oversized items).
    @inlinable package func forEachCandidate(in r: Rect, _ body: (Int) -> Void) {
        forEachCandidate(r.minX, r.minY, r.maxX, r.maxY, body)
    }

    /// ``forEachCandidate(in:_:)`` for the closed box `[x0, x1] × [y0, y1]`.
    @inlinable func forEachCandidate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ body: (Int) -> Void) {
        for i in oversized { body(Int(i)) }
        guard x1 >= originX, y1 >= originY, x0 <= limitX, y0 <= limitY else { return }
        // One cell further on the low side: an item spanning at most 2 × 2
        // cells is registered only in the cell of its min corner.
        let c0 = Swift.max(Self.cell(x0, scaleX, originScaledX, cols) - 1, 0), c1 = Self.cell(x1, scaleX, originScaledX, cols)
        let r0 = Swift.max(Self.cell(y0, scaleY, originScaledY, rows) - 1, 0), r1 = Self.cell(y1, scaleY, originScaledY, rows)
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

    /// The grid's arrays, the edge orders as stored and which are item
    /// order: for tests comparing two builds of the same items.
    package var _storage: (cellStart: [Int32], cellItems: [Int32], oversized: [Int32], orders: [[Int32]], identityOrders: UInt8) {
        (cellStart, cellItems, oversized, edgeOrder, identityOrders)
    }

    /// Checks the index against its items (tests; O(n log n)): every edge
    /// order is a permutation of the items sorted by its edge, runs of equal
    /// keys by the other axis's min edge; an order stored empty is item
    /// order; the grid's cells are consistent, and a query of any item's own
    /// rect finds it.
    @usableFromInline package func _checkInvariants() {
        let n = edges.count
        if hasEdgeOrders {
            for edge in 0..<4 {
                let c = Self.component[edge], c2 = c == 0 || c == 2 ? 1 : 0
                precondition(
                    (identityOrders & (1 << UInt8(edge)) != 0) == edgeOrder[edge].isEmpty || n == 0,
                    "edge order \(edge): stored and identity"
                )
                var seen = [Bool](repeating: false, count: n)
                edges.withReader { rd in
                    withOrder(edge) { o in
                        precondition(o.count == n, "edge order \(edge): \(o.count) items of \(n)")
                        for p in 0..<n {
                            let i = o[p]
                            precondition(i >= 0 && i < n && !seen[i], "edge order \(edge): not a permutation at \(p)")
                            seen[i] = true
                            guard p > 0 else { continue }
                            let a = rd.edge(o[p - 1], c), b = rd.edge(i, c)
                            precondition(a < b || (a == b && rd.edge(o[p - 1], c2) <= rd.edge(i, c2)), "edge order \(edge): unsorted at \(p)")
                        }
                    }
                }
            }
        }
        precondition(cellStart.count == cols * rows + 1 && cellStart.first == 0 && Int(cellStart.last!) == cellItems.count, "cell starts")
        for k in 0..<(cols * rows) { precondition(cellStart[k] <= cellStart[k + 1], "cell starts go down at \(k)") }
        for i in 0..<n {
            var found = false
            let e = edges[i]
            forEachCandidate(e[0], e[1], e[2], e[3]) { if $0 == i { found = true } }
            precondition(found, "item \(i) is not found by a query of its own rect")
        }
    }

    /// The number of grid cells.
    @usableFromInline package var cellCount: Int { cols * rows }
    /// The side of a cell in points (the wider of its two sides: cells may be
    /// stretched on one axis to respect the cell cap).
    @usableFromInline package var cellSide: Double { Swift.max(1 / scaleX, 1 / scaleY) }
    /// The number of oversized items visited by every query.
    @usableFromInline package var oversizedCount: Int { oversized.count }
    /// Bytes held by the index beyond the shared edges (grid and edge orders).
    /// (An order that is item order, or that another order already is, counts once or not at all.)
    @usableFromInline package var byteCount: Int {
        var orders = 0
        for e in 0..<4 where !edgeOrder[e].isEmpty {
            let shared =
                (e == 1 || e == 3)
                && edgeOrder[e].withUnsafeBufferPointer { a in edgeOrder[e - 1].withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
            if !shared { orders += edgeOrder[e].count }
        }
        return 4 * (cellStart.count + cellItems.count + oversized.count + orders)
    }
}
