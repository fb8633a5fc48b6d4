import PointerSimCore
import PropertyBased
import Testing

/// The item store's layouts and summary, and the spatial index built from
/// them (issue #10): the uniform layout, the orders that are item order or
/// shared, the one-pass radix sort of whole numbers and of other `Float`s,
/// the loose grid. Every layout must give the engine exactly what a scan
/// gives.
@Suite struct SpatialIndexTests {
    /// Items of one size on a lattice (`step` apart, a fraction when
    /// `step` < 1), in row-major order or shuffled by `shuffle`.
    static func grid(
        count: Int,
        columns: Int,
        pitch: (Double, Double),
        size: (Double, Double),
        origin: (Double, Double) = (0, 0),
        shuffle: Int = 0
    ) -> [Rect] {
        var ids = Array(0..<count)
        if shuffle > 0 {
            // A fixed permutation (multiplicative, the count made prime to it).
            var k = shuffle | 1
            while gcd(k, count) != 1 { k += 2 }
            ids = (0..<count).map { ($0 * k) % count }
        }
        return ids.map { id in
            Rect(x: origin.0 + pitch.0 * Double(id % columns), y: origin.1 + pitch.1 * Double(id / columns), width: size.0, height: size.1)
        }
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Checks the index and drags bands over the items: the engine's hits after
    /// every update are a scan's.
    static func checkAgainstScan(_ items: [Rect], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let index = SpatialIndex(items: items)
        index._checkInvariants()
        var extent = Rect(x: 0, y: 0, width: 1, height: 1)
        for r in items where r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite { extent = extent.union(r) }
        for rule in [HitRule.intersects, .contains] {
            var engine = SelectionEngine(items: items, hitRule: rule)
            engine.beginBand(mode: .replace)
            // A diagonal drag out and back, then a sweep across, in steps that
            // land on and between item edges.
            let steps = 24
            var rects: [Rect] = []
            for k in 0...steps {
                let f = Double(k) / Double(steps)
                rects.append(
                    Rect(
                        corner: Point(x: extent.minX - 1, y: extent.minY - 1),
                        Point(x: extent.minX + f * extent.width * 0.7, y: extent.minY + f * extent.height * 0.6)
                    )
                )
            }
            for k in 0...steps {
                let f = Double(k) / Double(steps)
                let x = extent.minX + f * extent.width
                rects.append(Rect(corner: Point(x: x, y: extent.minY + extent.height * 0.3), Point(x: x + extent.width * 0.2, y: extent.midY)))
            }
            for rect in rects {
                _ = engine.updateBand(to: rect)
                // (NaN items are never hit by the engine: an unordered comparison.)
                let hits = Set(SelectionEngine.naiveHits(items: items, rect: rect, hitRule: rule).filter { !items[$0].minX.isNaN })
                #expect(Set(engine.inRect.members) == hits, "\(name), \(rule), band \(rect)", sourceLocation: sourceLocation)
            }
            // Point lookups: the topmost item containing the point, as a scan finds it.
            for rect in rects.prefix(8) {
                let p = Point(x: rect.maxX, y: rect.maxY)
                let scan = items.indices.last { items[$0].minX <= p.x && p.x < items[$0].maxX && items[$0].minY <= p.y && p.y < items[$0].maxY }
                #expect(engine.item(at: p) == scan, "\(name): item at \(p)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aGridOfOneSizeIsStoredAsCornersAndNeedsOneSortedOrder() {
        let items = Self.grid(count: 2000, columns: 40, pitch: (50, 40), size: (40, 30))
        let edges = ItemEdges(items)
        #expect(edges.layout == .uniform)
        #expect(edges.byteCount == 8 * items.count)
        for (i, r) in items.enumerated() { #expect(edges.rect(i) == r) }
        let s = edges.summary()
        // Row-major: item order sorts the y edges, not the x edges.
        #expect(s.inOrder == [false, true, false, true])
        #expect(s.integral == [true, true, true, true])
        #expect(s.maxFollowsMin == [true, true])
        #expect(s.bounds == SIMD4<Double>(0, 0, 50 * 39 + 40, 40 * 49 + 30))
        let index = SpatialIndex(edges: edges)
        index._checkInvariants()
        // Only the min-x order is stored (4 bytes per item), shared by max-x;
        // the y orders are item order; the grid holds each item once.
        #expect(index.byteCount == 4 * (items.count + index.cellCount + 1 + items.count))
        Self.checkAgainstScan(items, "row-major grid")
    }

    /// Items of one size in row (or column) order with whole coordinates: the
    /// one sorted order and the grid are built together (one counting pass,
    /// one placing pass). The grid must be the one the grid-only build makes
    /// (cell by cell, in item order), the order a stable sort by the edge.
    @Test func theCombinedBuildOfOneOrderAndTheGridEqualsTheSeparateBuilds() {
        func columnMajor(_ rects: [Rect]) -> [Rect] { rects.map { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) } }
        var cases: [(String, [Rect])] = [
            ("row-major", Self.grid(count: 3000, columns: 80, pitch: (50, 40), size: (40, 30))),
            ("negative origin", Self.grid(count: 2500, columns: 33, pitch: (17, 9), size: (5, 8), origin: (-4000, -1234))),
            ("a partial last row", Self.grid(count: 1001, columns: 7, pitch: (3, 3), size: (2, 2), origin: (11, -5))),
            ("overlapping pitch", Self.grid(count: 900, columns: 30, pitch: (10, 10), size: (10, 10))),
            ("near 2^22", Self.grid(count: 400, columns: 20, pitch: (1000, 1000), size: (30, 30), origin: (4_174_000, -4_194_000))),
        ]
        // Column order (item order sorts x, not y) and duplicated items.
        cases.append(("column-major", columnMajor(cases[0].1)))
        cases.append(("duplicates", Self.grid(count: 1200, columns: 40, pitch: (50, 40), size: (40, 30)).flatMap { [$0, $0] }))
        for (name, items) in cases {
            let edges = ItemEdges(items)
            let combined = SpatialIndex(edges: edges), gridOnly = SpatialIndex(edges: edges, edgeOrders: false)
            combined._checkInvariants()
            let a = combined._storage, b = gridOnly._storage
            #expect(a.cellStart == b.cellStart, "\(name): cell starts")
            #expect(a.cellItems == b.cellItems, "\(name): cell items")
            #expect(a.oversized.isEmpty && b.oversized.isEmpty, "\(name): oversized")
            // The sorted axis: a stable sort of item order by the min edge (ties
            // stay in item order, which sorts the other axis).
            // Item order sorts y (row-major): the x order is the stored one.
            let byX = edges.summary().inOrder[1]
            let sorted = items.indices.sorted { i, j in
                let (ki, kj) = byX ? (items[i].minX, items[j].minX) : (items[i].minY, items[j].minY)
                return ki < kj || (ki == kj && i < j)
            }.map { Int32($0) }
            let stored = byX ? [0, 1] : [2, 3]
            #expect(a.identityOrders == (byX ? 0b1100 : 0b0011), "\(name): identity orders")
            for e in stored { #expect(a.orders[e] == sorted, "\(name): edge order \(e)") }
            Self.checkAgainstScan(items, name)
        }
    }

    @Test func theRunningSummaryOfTheUniformLayoutEqualsAPass() {
        for (name, items) in [
            ("row-major", Self.grid(count: 500, columns: 20, pitch: (50, 40), size: (40, 30))),
            ("shuffled", Self.grid(count: 500, columns: 20, pitch: (50, 40), size: (40, 30), shuffle: 7)),
            ("negative origin", Self.grid(count: 300, columns: 30, pitch: (10, 10), size: (8, 8), origin: (-1000, -77))),
        ] {
            let edges = ItemEdges(items)
            #expect(edges.layout == .uniform, "\(name)")
            let running = edges.summary()
            // A replaced item drops the running summary: the same items through a pass.
            var replaced = edges
            replaced.set(0, ItemEdges.edges(items[0]))
            #expect(replaced.layout == .uniform)
            let pass = replaced.summary()
            #expect(running.inOrder == pass.inOrder, "\(name)")
            #expect(running.integral == pass.integral, "\(name)")
            #expect(running.bounds == pass.bounds, "\(name)")
            #expect(running.lowest == pass.lowest && running.highest == pass.highest, "\(name)")
            #expect(running.finite == pass.finite, "\(name)")
            // (The pass cannot vouch for exact sums, so it does not share max orders.)
            #expect(running.maxFollowsMin == [true, true] && pass.maxFollowsMin == [false, false], "\(name)")
            SpatialIndex(edges: replaced)._checkInvariants()
        }
    }

    @Test func theUniformLayoutTellsWholeNumbersExactly() {
        // The uniform layout's running summary decides "whole" from the min
        // corners alone; a wrong "whole" would sort by truncated offsets
        // (the counting sort). Values on both sides of 2²³ and 2²⁴,
        // fractions, −0 and tiny ones.
        let values: [Double] = [
            0, -0.0, 3, -3, 0.5, -0.5, 1.5, 2.5, 0.1, 1e-30, -1e-30,
            0x1p22 + 0.5, -0x1p22 - 0.5, 0x1p23 - 0.5, 0x1p23 - 1, 0x1p23, 0x1p23 + 1, 0x1p24 - 1, 0x1p24 - 2, -0x1p24 + 2, 12345.25,
        ]
        for v in values {
            let f = Double(Float(v))
            // Items of one size (whole numbers where the value is 0), the
            // value on each axis in turn.
            let items = [Rect(x: f, y: 0, width: 2, height: 2), Rect(x: 0, y: f, width: 2, height: 2), Rect(x: 7, y: 7, width: 2, height: 2)]
            let edges = ItemEdges(items)
            // (0.1 + 2, say, is no `Float`: those items need Doubles.)
            let fits = [f, f + 2].allSatisfy { Double(Float($0)) == $0 }
            #expect((edges.layout == .uniform) == fits, "\(v)")
            // Per component: every item's edge is a whole number.
            let expected = (0..<4).map { c in
                items.allSatisfy {
                    let e = ItemEdges.edges($0)[c]; return e == e.rounded(.towardZero)
                }
            }
            #expect(edges.summary().integral == expected, "\(v)")
            Self.checkAgainstScan(items, "\(v)")
        }
    }

    @Test func layoutsWidenOnlyAsFarAsTheItemsNeedAndKeepEveryValue() {
        var edges = ItemEdges([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)])
        #expect(edges.layout == .uniform)
        // −0 survives the uniform layout bit for bit.
        edges.append(ItemEdges.edges(Rect(x: -0.0, y: 5, width: 10, height: 10)))
        #expect(edges.layout == .uniform && edges[2][0].sign == .minus)
        edges.append(ItemEdges.edges(Rect(x: 1, y: 1, width: 3, height: 4)))
        #expect(edges.layout == .single)
        edges.append(ItemEdges.edges(Rect(x: 0.1, y: 1, width: 3, height: 4)))
        #expect(edges.layout == .double)
        #expect(edges[4] == SIMD4(0.1, 1, 3.1, 5))
        #expect(edges[0] == SIMD4(0, 0, 10, 10) && edges[2][0].sign == .minus && edges[3] == SIMD4(1, 1, 4, 5))
        edges._checkInvariants()
        // A NaN edge is stored as +∞ four times, in any layout.
        var u = ItemEdges([Rect(x: 0, y: 0, width: 10, height: 10)])
        u.append(ItemEdges.edges(Rect(x: .nan, y: 0, width: 10, height: 10)))
        #expect(u.layout == .uniform && u[1] == SIMD4(repeating: .infinity))
        // Setting an item to a value of another size widens.
        u.set(0, SIMD4(0, 0, 5, 5))
        #expect(u.layout == .single && u[0] == SIMD4(0, 0, 5, 5) && u[1] == SIMD4(repeating: .infinity))
    }

    @Test func everyLayoutAndOrderPathSelectsWhatAScanSelects() {
        var cases: [(String, [Rect])] = [
            ("row-major grid", Self.grid(count: 1200, columns: 30, pitch: (50, 40), size: (40, 30))),
            (
                "column-major grid",
                Self.grid(count: 1200, columns: 30, pitch: (50, 40), size: (40, 30)).map { Rect(x: $0.minY, y: $0.minX, width: 30, height: 40) }
            ),
            ("shuffled grid", Self.grid(count: 1200, columns: 30, pitch: (50, 40), size: (40, 30), shuffle: 13)),
            ("half-point lattice (Float keys, not whole)", Self.grid(count: 900, columns: 30, pitch: (2.5, 1.5), size: (2, 1), shuffle: 5)),
            ("overlapping, bigger than the pitch", Self.grid(count: 900, columns: 30, pitch: (10, 10), size: (35, 25), shuffle: 3)),
            ("beyond 2^24 (Float, not whole offsets)", Self.grid(count: 400, columns: 20, pitch: (64, 64), size: (32, 32), origin: (0x1p26, 0x1p25))),
            ("Double edges", Self.grid(count: 400, columns: 20, pitch: (0.1, 0.3), size: (0.05, 0.2), shuffle: 3)),
            ("one column", Self.grid(count: 300, columns: 1, pitch: (50, 40), size: (40, 30))),
            ("one row", Self.grid(count: 300, columns: 300, pitch: (50, 40), size: (40, 30))),
            ("all at one point", Array(repeating: Rect(x: 5, y: 5, width: 10, height: 10), count: 50)),
        ]
        // A NaN item (stored at +∞) and a huge one among a grid of one size.
        var withNaN = Self.grid(count: 600, columns: 30, pitch: (50, 40), size: (40, 30))
        withNaN[17] = Rect(x: .nan, y: 0, width: 40, height: 30)
        cases.append(("a NaN item in a grid", withNaN))
        var withBig = Self.grid(count: 600, columns: 30, pitch: (50, 40), size: (40, 30), shuffle: 11)
        withBig.append(Rect(x: -10, y: -10, width: 2000, height: 900))
        cases.append(("a background item over a grid", withBig))
        // Mixed sizes, both orders of the min edges unsorted.
        var mixed: [Rect] = []
        for i in 0..<700 {
            let x = Double((i * 37) % 211), y = Double((i * 53) % 197)
            mixed.append(Rect(x: x, y: y, width: Double(1 + i % 23), height: Double(1 + i % 17)))
        }
        cases.append(("mixed sizes", mixed))
        for (name, items) in cases { Self.checkAgainstScan(items, name) }
    }

    @Test func uniformScenesSelectWhatAScanSelects() async {
        // Random grids of one size: lattice step, size, columns, order, and a
        // half-point offset that leaves the whole numbers.
        await propertyCheck(
            count: 60,
            input: Gen<Int>.int(in: 1...400),
            Gen<Int>.int(in: 1...20),
            Gen<Int>.int(in: 1...60),
            Gen<Int>.int(in: 1...60),
            Gen<Int>.int(in: 0...9),
            Gen<Bool>.bool
        ) { count, columns, size, pitch, shuffle, half in
            let step = half ? Double(pitch) / 2 : Double(pitch)
            let items = Self.grid(
                count: count,
                columns: columns,
                pitch: (step, step * 0.75),
                size: (Double(size), Double(size) / 2),
                origin: (half ? 0.5 : -3, 7),
                shuffle: shuffle
            )
            Self.checkAgainstScan(items, "\(count) items, \(columns) columns, size \(size), pitch \(step), shuffle \(shuffle)")
        }
    }

    @Test func anIndexWithoutEdgeOrdersAnswersTheSameQueries() {
        let items = Self.grid(count: 800, columns: 25, pitch: (50, 40), size: (40, 30), shuffle: 9)
        let full = SpatialIndex(items: items), gridOnly = SpatialIndex(edges: ItemEdges(items), edgeOrders: false)
        gridOnly._checkInvariants()
        #expect(gridOnly.byteCount < full.byteCount)
        let old = Rect(x: 100, y: 100, width: 300, height: 200), new = Rect(x: 100, y: 100, width: 420, height: 160)
        for rule in [HitRule.intersects, .contains] {
            var a = Set<Int>(), b = Set<Int>()
            full.forEachCandidate(from: old, to: new, rule: rule) { a.insert($0) }
            gridOnly.forEachCandidate(from: old, to: new, rule: rule) { b.insert($0) }
            // Both are supersets of the items whose hit state changes.
            let changed = Set(items.indices.filter { rule.hits(item: items[$0], band: old) != rule.hits(item: items[$0], band: new) })
            #expect(changed.isSubset(of: a) && changed.isSubset(of: b))
        }
        for p in [Point(x: 125, y: 95), Point(x: 0, y: 0), Point(x: 1249, y: 1279)] {
            var a = Set<Int>(), b = Set<Int>()
            full.forEachCandidate(in: Rect(x: p.x, y: p.y, width: 0, height: 0)) { a.insert($0) }
            gridOnly.forEachCandidate(in: Rect(x: p.x, y: p.y, width: 0, height: 0)) { b.insert($0) }
            #expect(a == b)
        }
    }
}
