// The engine's hit tests: which item is under a point, the nearest item in a
// direction, whether a band hits an item.

extension BandEngine {
    /// The item nearest to item `from` in a direction, by the rule of
    /// ``SelectionController/nearest(from:direction:items:isRemoved:)`` (the
    /// same item), found through the spatial index: boxes doubling in size
    /// from the item until one holds an item close enough that nothing
    /// outside the box can beat it.
    /// - Complexity: O(log(distance) × items in the boxes visited), about
    ///   O(log n) for items of similar sizes; O(n) when the index has no
    ///   finite extent.
    @usableFromInline package func nearestItem(from: Int, direction d: FocusDirection) -> Int? {
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
    @usableFromInline package func isRemoved(_ i: Int) -> Bool { removedItems[i] }

    /// The topmost item (the highest index) whose rect contains the point
    /// (half-open), or nil.
    /// - Complexity: O(items in the point's grid cell + oversized + changed items).
    @usableFromInline package func item(at p: Point) -> Int? {
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

    /// The first item (in scene order) whose rect contains the point (half-open).
    @usableFromInline package func firstItem(at p: Point) -> Int? {
        var best = Int.max
        let probe = Rect(x: p.x, y: p.y, width: 0, height: 0)
        func test(_ i: Int) {
            guard i < best && !removedItems[i] else { return }
            let e = edges[i]
            if p.x >= e[0] && p.x < e[2] && p.y >= e[1] && p.y < e[3] { best = i }
        }
        index.forEachCandidate(in: probe) { test($0) }
        for i in changedItems { test(i) }
        return best < Int.max ? best : nil
    }

    /// The topmost item whose rect contains the point, its max edges included
    /// when `closed` (measured in GTK 4.8.3: a press on the bottom edge of a
    /// grid's last row hits that row; our reading of why is that GTK's
    /// picking includes a widget's max edges).
    /// - Complexity: that of ``item(at:)``, four times when `closed`.
    @usableFromInline package func item(at p: Point, closed: Bool) -> Int? {
        guard closed else { return item(at: p) }
        // Closed containment is half-open containment of p or of p nudged
        // down to the previous double on either or both axes.
        let x0 = p.x.nextDown, y0 = p.y.nextDown
        let hits = [item(at: p), item(at: Point(x: x0, y: p.y)), item(at: Point(x: p.x, y: y0)), item(at: Point(x: x0, y: y0))]
        return hits.compactMap { $0 }.max()
    }

    /// Whether an item with these edges is hit by the band (the rule's test on
    /// ``edges(_:)``, so a NaN item is never hit).
    /// Whether an item with these edges is hit by the band, with ``hitsEmptyBands``.
    @usableFromInline func hitsItem(_ b: SIMD4<Double>, _ band: Rect) -> Bool {
        guard hitsEmptyBands && hitRule == .intersects else { return Self.hits(b, band, hitRule) }
        return band.minX < b[2] && band.maxX > b[0] && band.minY < b[3] && band.maxY > b[1]
    }

    @usableFromInline static func hits(_ b: SIMD4<Double>, _ band: Rect, _ rule: HitRule) -> Bool {
        switch rule {
        case .contains: return band.minX < b[0] && b[2] < band.maxX && band.minY < b[1] && b[3] < band.maxY
        case .intersects: return Swift.max(band.minX, b[0]) < Swift.min(band.maxX, b[2]) && Swift.max(band.minY, b[1]) < Swift.min(band.maxY, b[3])
        }
    }

    /// The items a band rect hits, by scanning every item: the reference the
    /// indexed engine is tested against.
    /// - Complexity: O(n).
    @usableFromInline package static func naiveHits(items: [Rect], rect: Rect, hitRule: HitRule) -> [Int] {
        items.indices.filter { hitRule.hits(item: items[$0], band: rect) }
    }
}
