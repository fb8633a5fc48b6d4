/// A uniform grid over item rectangles, for finding the items near a region
/// without scanning them all.
///
/// Each item is registered in every cell its closed rectangle touches, in a
/// compressed (CSR) layout: `cellStart[c] ..< cellStart[c + 1]` indexes
/// `cellItems`. Items that would span more than ``maxCellsPerItem`` cells are
/// kept in a short list of oversized items that every query also visits, so a
/// background-sized item costs O(1) memory, not O(cells).
///
/// The grid covers the items' real extent. The cell side defaults to
/// `max(mean item side, √(area / n))`, so there are about as many cells as
/// items and about one item per cell; whatever the coordinates (up to ±1.8e308,
/// two items 10²⁰ apart, a huge pitch), the grid never has more than
/// ``maxCells(forItems:)`` cells (4 per item plus 64): cells stretch instead,
/// on each axis separately. Coordinates reach integers only through clamped
/// conversions, so no input traps or overflows.
///
/// The build is memory-speed: one pass for the extent, a counting sort into
/// the grid, and one LSD radix sort (11-bit digits on the order-preserving bits
/// of the `Double` edge, trivial digits skipped) per edge list.
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
    /// Item edges sorted ascending, one list per edge (minX, maxX, minY, maxY),
    /// with the items they belong to: the edge-crossing queries.
    @usableFromInline var edgeKeys: [[Double]]
    @usableFromInline var edgeItems: [[Int32]]
    /// For each sorted edge list, the item's extent on the other axis
    /// (`lo`, `hi` pairs, rounded outward to `Float`): a contiguous prefilter
    /// that skips items the band cannot reach without touching their rects.
    @usableFromInline var edgeSpans: [[SIMD2<Float>]]

    /// Builds the index.
    /// - Parameters:
    ///   - items: the item rectangles; an item's index in this array is its id.
    ///   - cellSize: the side of a cell; `nil` chooses it from the items. The
    ///     grid may stretch cells beyond it to stay within ``maxCells(forItems:)``.
    /// - Complexity: O(n) time and memory for items of similar size (the radix
    ///   sorts are linear); never more than O(n) cells.
    public init(items: [Rect], cellSize: Double? = nil) {
        let n = items.count
        precondition(n < Int(Int32.max), "SpatialIndex: at most 2^31 - 2 items")
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        var sumSide = 0.0, finite = 0
        for r in items {
            let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { continue }
            bx0 = Swift.min(bx0, x0); by0 = Swift.min(by0, y0)
            bx1 = Swift.max(bx1, x1); by1 = Swift.max(by1, y1)
            // Halves, so that the sum of sides near 1.8e308 stays finite.
            sumSide += Swift.max(x1 * 0.5 - x0 * 0.5, y1 * 0.5 - y0 * 0.5)
            finite += 1
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
            side = Swift.max(meanSide, 2 * hw.squareRoot() * hh.squareRoot() / Double(Swift.max(n, 1)).squareRoot())
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
        scaleX = sx; scaleY = sy; originScaledX = bx0 * sx; originScaledY = by0 * sy
        let cellCount = cols * rows

        // Counting pass, then fill (CSR).
        var counts = [Int32](repeating: 0, count: cellCount + 1)
        var big: [Int32] = []
        let geometry = (sx, sy, bx0 * sx, by0 * sy, cols, rows)
        func span(_ r: Rect) -> (Int, Int, Int, Int) {
            Self.cellRange(r, scaleX: geometry.0, scaleY: geometry.1, originScaledX: geometry.2, originScaledY: geometry.3, cols: geometry.4, rows: geometry.5)
        }
        var total = 0
        items.withUnsafeBufferPointer { items in
            counts.withUnsafeMutableBufferPointer { counts in
                for i in 0..<n {
                    let r = items[i]
                    guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { big.append(Int32(i)); continue }
                    let (c0, c1, r0, r1) = span(r)
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
        items.withUnsafeBufferPointer { items in
            fill.withUnsafeMutableBufferPointer { fill in
                slots.withUnsafeMutableBufferPointer { slots in
                    var bigIndex = 0
                    for i in 0..<n {
                        if bigIndex < big.count && big[bigIndex] == Int32(i) { bigIndex += 1; continue }
                        let (c0, c1, r0, r1) = span(items[i])
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
        cellStart = counts
        cellItems = slots
        oversized = big
        var keys: [[Double]] = [], owners: [[Int32]] = [], spans: [[SIMD2<Float>]] = []
        keys.reserveCapacity(4); owners.reserveCapacity(4); spans.reserveCapacity(4)
        for edge in 0..<4 {
            let (sortedKeys, order) = Self.sortedEdge(items, edge: edge)
            keys.append(sortedKeys)
            spans.append(items.withUnsafeBufferPointer { items in
                order.map { i in
                    let r = items[Int(i)]
                    return edge < 2 ? Self.outward(r.minY, r.maxY) : Self.outward(r.minX, r.maxX)
                }
            })
            owners.append(order)
        }
        edgeKeys = keys
        edgeItems = owners
        edgeSpans = spans
    }

    /// One edge of every item (0 minX, 1 maxX, 2 minY, 3 maxY), sorted
    /// ascending by an LSD radix sort on its order-preserving bits (stable, so
    /// equal edges keep item order; NaN sorts last), with the owning items.
    /// - Complexity: O(n) per non-trivial 11-bit digit (at most 6).
    static func sortedEdge(_ items: [Rect], edge: Int) -> (keys: [Double], items: [Int32]) {
        let n = items.count
        var keys = [UInt64](repeating: 0, count: n)
        var order = [Int32](repeating: 0, count: n)
        let digits = 6, radix = 1 << 11
        var histogram = [Int](repeating: 0, count: digits * radix)
        items.withUnsafeBufferPointer { items in
            keys.withUnsafeMutableBufferPointer { keys in
                order.withUnsafeMutableBufferPointer { order in
                    histogram.withUnsafeMutableBufferPointer { h in
                        for i in 0..<n {
                            let r = items[i]
                            let v: Double
                            switch edge { case 0: v = r.minX; case 1: v = r.maxX; case 2: v = r.minY; default: v = r.maxY }
                            let k = Self.orderKey(v)
                            keys[i] = k; order[i] = Int32(i)
                            for d in 0..<digits { h[d * radix + Int(truncatingIfNeeded: (k >> UInt64(11 * d)) & 0x7FF)] += 1 }
                        }
                    }
                }
            }
        }
        var keys2 = [UInt64](repeating: 0, count: n)
        var order2 = [Int32](repeating: 0, count: n)
        for d in 0..<digits {
            let base = d * radix
            // A digit every key shares does not reorder anything.
            var trivial = false
            for b in 0..<radix where histogram[base + b] != 0 { trivial = histogram[base + b] == n; break }
            if trivial || n < 2 { continue }
            var offsets = [Int](repeating: 0, count: radix)
            var sum = 0
            for b in 0..<radix { offsets[b] = sum; sum += histogram[base + b] }
            keys.withUnsafeBufferPointer { src in
                order.withUnsafeBufferPointer { srcOrder in
                    keys2.withUnsafeMutableBufferPointer { dst in
                        order2.withUnsafeMutableBufferPointer { dstOrder in
                            offsets.withUnsafeMutableBufferPointer { off in
                                let shift = UInt64(11 * d)
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
        return (keys.map(Self.double(orderKey:)), order)
    }

    /// The bits of `v` as an unsigned integer that sorts like `v` (NaN last).
    @inlinable static func orderKey(_ v: Double) -> UInt64 {
        if v.isNaN { return UInt64.max }
        let b = v.bitPattern
        return b >> 63 == 1 ? ~b : b | (1 << 63)
    }

    /// The inverse of ``orderKey(_:)``.
    @inlinable static func double(orderKey k: UInt64) -> Double {
        if k == UInt64.max { return .nan }
        return Double(bitPattern: k >> 63 == 1 ? k & ~(1 << 63) : ~k)
    }

    /// The columns and rows of the cells a closed rectangle touches, clamped to
    /// the grid (callers first check that the rectangle meets the grid at all).
    @inlinable static func cellRange(
        _ r: Rect, scaleX: Double, scaleY: Double, originScaledX: Double, originScaledY: Double, cols: Int, rows: Int
    ) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        (cell(r.minX, scaleX, originScaledX, cols), cell(r.maxX, scaleX, originScaledX, cols),
         cell(r.minY, scaleY, originScaledY, rows), cell(r.maxY, scaleY, originScaledY, rows))
    }

    /// `⌊v·scale − originScaled⌋` clamped to `0 … n − 1` before it becomes an
    /// integer (monotone in `v`; NaN and ±∞ clamp, they never trap).
    @inlinable static func cell(_ v: Double, _ scale: Double, _ originScaled: Double, _ n: Int) -> Int {
        let t = v * scale - originScaled
        if t >= Double(n - 1) { return n - 1 }
        if !(t > 0) { return 0 }
        return Int(t)
    }


    /// `[lo, hi]` as `Float`s rounded outward, so the interval never shrinks.
    @usableFromInline static func outward(_ lo: Double, _ hi: Double) -> SIMD2<Float> {
        var l = Float(lo), h = Float(hi)
        if Double(l) > lo { l = l.nextDown }
        if Double(h) < hi { h = h.nextUp }
        return SIMD2(l.isNaN ? -.infinity : l, h.isNaN ? .infinity : h)
    }

    /// The first position in `edgeKeys[edge]` whose key is `>= value`.
    @inlinable func lowerBound(_ edge: Int, _ value: Double) -> Int {
        edgeKeys[edge].withUnsafeBufferPointer { k in
            var lo = 0, hi = k.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if k[mid] < value { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// The first position in `edgeKeys[edge]` whose key is `> value`.
    @inlinable func upperBound(_ edge: Int, _ value: Double) -> Int {
        edgeKeys[edge].withUnsafeBufferPointer { k in
            var lo = 0, hi = k.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if k[mid] <= value { lo = mid + 1 } else { hi = mid }
            }
            return lo
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
    /// between the old and new band edge (two binary searches in a sorted
    /// edge list), or the grid cells of the strip the band edge swept.
    ///
    /// - Complexity: O(log n + Σ over moved edges of min(items whose edge was
    ///   crossed, grid items in the swept strip)).
    @inlinable public func forEachCandidate(from old: Rect, to new: Rect, rule: HitRule, _ body: (Int) -> Void) {
        let density = Double(cellItems.count) / Double(Swift.max(1, cols * rows))
        let y0 = Swift.min(old.minY, new.minY), y1 = Swift.max(old.maxY, new.maxY)
        let x0 = Swift.min(old.minX, new.minX), x1 = Swift.max(old.maxX, new.maxX)
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
            let s = lowerBound(itemEdge, lo), e = upperBound(itemEdge, hi)
            // The swept strip as explicit edges (a Rect's width could round).
            let (sx0, sy0, sx1, sy1) = bandEdge < 2 ? (lo, y0, hi, y1) : (x0, lo, x1, hi)
            let gridCost = Double(cellsTouched(sx0, sy0, sx1, sy1)) * (1 + density)
            if Double(e - s) <= gridCost {
                // Only items whose other-axis extent touches the swept range can
                // change (they must meet the old or the new band on that axis).
                let (p0, p1) = bandEdge < 2 ? (y0, y1) : (x0, x1)
                let lo = Self.outward(p0, p0).x, hi = Self.outward(p1, p1).y
                edgeItems[itemEdge].withUnsafeBufferPointer { owners in
                    edgeSpans[itemEdge].withUnsafeBufferPointer { spans in
                        var k = s
                        while k < e {
                            let span = spans[k]
                            if span.y >= lo && span.x <= hi { body(Int(owners[k])) }
                            k += 1
                        }
                    }
                }
            } else {
                forEachCandidate(sx0, sy0, sx1, sy1, body)
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
}
