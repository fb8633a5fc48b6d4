/// A uniform grid over item rectangles, for finding the items near a region
/// without scanning them all.
///
/// Each item is registered in every cell its closed rectangle touches, in a
/// compressed (CSR) layout: `cellStart[c] ..< cellStart[c + 1]` indexes
/// `cellItems`. Items that would span more than ``maxCellsPerItem`` cells are
/// kept in a short list of oversized items that every query also visits, so a
/// background-sized item costs O(1) memory, not O(cells).
///
/// The cell side defaults to `max(mean item side, √(area / n))`, so there are
/// about as many cells as items and about one item per cell.
public struct SpatialIndex: Sendable {
    /// The largest number of cells one item is registered in.
    public static let maxCellsPerItem = 64

    @usableFromInline let originX: Double
    @usableFromInline let originY: Double
    @usableFromInline let cellSize: Double
    @usableFromInline let inverseCell: Double
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
    ///   - cellSize: the side of a cell; `nil` chooses it from the items.
    /// - Complexity: O(n) time and memory for items of similar size.
    public init(items: [Rect], cellSize: Double? = nil) {
        let n = items.count
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        var sumSide = 0.0
        for r in items {
            bx0 = Swift.min(bx0, r.minX); by0 = Swift.min(by0, r.minY)
            bx1 = Swift.max(bx1, r.maxX); by1 = Swift.max(by1, r.maxY)
            sumSide += Swift.max(r.length(.horizontal), r.length(.vertical))
        }
        if n == 0 || !bx0.isFinite || !by0.isFinite || !bx1.isFinite || !by1.isFinite { bx0 = 0; by0 = 0; bx1 = 1; by1 = 1 }
        let w = Swift.max(bx1 - bx0, 1), h = Swift.max(by1 - by0, 1)
        var c = cellSize ?? Swift.max(n > 0 ? sumSide / Double(n) : 1, (w * h / Double(Swift.max(n, 1))).squareRoot())
        // Never more than about 4 cells per item (and never fewer than one cell).
        let minCell = (w * h / Double(4 * Swift.max(n, 1) + 64)).squareRoot()
        if !(c >= minCell) || !c.isFinite { c = Swift.max(minCell, 1e-9) }
        originX = bx0; originY = by0; self.cellSize = c; inverseCell = 1 / c
        cols = Swift.max(1, Int((w / c).rounded(.up)) + 1)
        rows = Swift.max(1, Int((h / c).rounded(.up)) + 1)
        let cellCount = cols * rows

        // Counting pass, then fill (CSR).
        var counts = [Int32](repeating: 0, count: cellCount + 1)
        var big: [Int32] = []
        func span(_ r: Rect, _ ox: Double, _ oy: Double, _ inv: Double, _ cols: Int, _ rows: Int) -> (Int, Int, Int, Int) {
            Self.cellRange(r, originX: ox, originY: oy, inverseCell: inv, cols: cols, rows: rows)
        }
        for (i, r) in items.enumerated() {
            guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { big.append(Int32(i)); continue }
            let (c0, c1, r0, r1) = span(r, bx0, by0, inverseCell, cols, rows)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > Self.maxCellsPerItem { big.append(Int32(i)); continue }
            for row in r0...r1 { for col in c0...c1 { counts[row * cols + col + 1] += 1 } }
        }
        for k in 0..<cellCount { counts[k + 1] += counts[k] }
        var fill = counts
        var slots = [Int32](repeating: 0, count: Int(counts[cellCount]))
        var bigIndex = 0
        for (i, r) in items.enumerated() {
            if bigIndex < big.count && big[bigIndex] == Int32(i) { bigIndex += 1; continue }
            let (c0, c1, r0, r1) = span(r, bx0, by0, inverseCell, cols, rows)
            for row in r0...r1 {
                for col in c0...c1 {
                    let cell = row * cols + col
                    slots[Int(fill[cell])] = Int32(i)
                    fill[cell] += 1
                }
            }
        }
        cellStart = counts
        cellItems = slots
        oversized = big
        var keys: [[Double]] = [], owners: [[Int32]] = [], spans: [[SIMD2<Float>]] = []
        for edge in 0..<4 {
            func key(_ r: Rect) -> Double {
                switch edge { case 0: return r.minX; case 1: return r.maxX; case 2: return r.minY; default: return r.maxY }
            }
            let order = (0..<Int32(n)).sorted { key(items[Int($0)]) < key(items[Int($1)]) }
            keys.append(order.map { key(items[Int($0)]) })
            owners.append(order)
            spans.append(order.map { i in
                let r = items[Int(i)]
                return edge < 2 ? Self.outward(r.minY, r.maxY) : Self.outward(r.minX, r.maxX)
            })
        }
        edgeKeys = keys
        edgeItems = owners
        edgeSpans = spans
    }

    /// The columns and rows of the cells a closed rectangle touches, clamped to
    /// the grid (callers first check that the rectangle meets the grid at all).
    @inlinable static func cellRange(
        _ r: Rect, originX: Double, originY: Double, inverseCell: Double, cols: Int, rows: Int
    ) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        func cell(_ v: Double, _ o: Double, _ n: Int) -> Int { Swift.max(0, Swift.min(n - 1, Int(((v - o) * inverseCell).rounded(.down)))) }
        return (cell(r.minX, originX, cols), cell(r.maxX, originX, cols), cell(r.minY, originY, rows), cell(r.maxY, originY, rows))
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

    /// The number of grid cells the closed rectangle touches (0 if none).
    @inlinable func cellsTouched(by r: Rect) -> Int {
        let maxX = originX + Double(cols) * cellSize, maxY = originY + Double(rows) * cellSize
        guard r.maxX >= originX, r.maxY >= originY, r.minX <= maxX, r.minY <= maxY else { return 0 }
        let (c0, c1, r0, r1) = Self.cellRange(r, originX: originX, originY: originY, inverseCell: inverseCell, cols: cols, rows: rows)
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
            let strip = bandEdge < 2
                ? Rect(x: lo, y: y0, width: hi - lo, height: y1 - y0)
                : Rect(x: x0, y: lo, width: x1 - x0, height: hi - lo)
            let gridCost = Double(cellsTouched(by: strip)) * (1 + density)
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
                forEachCandidate(in: strip, body)
            }
        }
    }

    /// Calls `body` with every item registered in a cell that the closed
    /// rectangle `r` touches, plus every oversized item. An item may be
    /// reported more than once (once per cell); callers deduplicate.
    ///
    /// - Complexity: O(cells touched + items in them + oversized items).
    @inlinable public func forEachCandidate(in r: Rect, _ body: (Int) -> Void) {
        for i in oversized { body(Int(i)) }
        let maxX = originX + Double(cols) * cellSize, maxY = originY + Double(rows) * cellSize
        guard r.maxX >= originX, r.maxY >= originY, r.minX <= maxX, r.minY <= maxY else { return }
        let (c0, c1, r0, r1) = Self.cellRange(r, originX: originX, originY: originY, inverseCell: inverseCell, cols: cols, rows: rows)
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
    /// The side of a cell in points.
    public var cellSide: Double { cellSize }
    /// The number of oversized items visited by every query.
    public var oversizedCount: Int { oversized.count }
}
