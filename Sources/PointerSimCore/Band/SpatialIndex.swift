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
            let c0 = Swift.max(0, Swift.min(cols - 1, Int(((r.minX - ox) * inv).rounded(.down))))
            let c1 = Swift.max(0, Swift.min(cols - 1, Int(((r.maxX - ox) * inv).rounded(.down))))
            let r0 = Swift.max(0, Swift.min(rows - 1, Int(((r.minY - oy) * inv).rounded(.down))))
            let r1 = Swift.max(0, Swift.min(rows - 1, Int(((r.maxY - oy) * inv).rounded(.down))))
            return (c0, c1, r0, r1)
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
        let c0 = Swift.max(0, Swift.min(cols - 1, Int(((r.minX - originX) * inverseCell).rounded(.down))))
        let c1 = Swift.max(0, Swift.min(cols - 1, Int(((r.maxX - originX) * inverseCell).rounded(.down))))
        let r0 = Swift.max(0, Swift.min(rows - 1, Int(((r.minY - originY) * inverseCell).rounded(.down))))
        let r1 = Swift.max(0, Swift.min(rows - 1, Int(((r.maxY - originY) * inverseCell).rounded(.down))))
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
