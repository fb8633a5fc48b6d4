import PointerSimCore
import Testing

/// The spatial index and the engine with hostile numbers (issue #8): the
/// library takes any `Double`, so extreme, far-apart, infinite and NaN rects
/// must neither trap nor allocate beyond the cell cap, and bands must still
/// select exactly what a scan selects.
@Suite struct HostileIndexTests {
    static let layouts: [(String, [Rect])] = [
        (
            "±1e308",
            [Rect(x: -1e308, y: 0, width: 10, height: 10), Rect(x: 1e308, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 10, height: 10)]
        ),
        ("1e20 apart on one axis", [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 1e20, y: 0, width: 10, height: 10)]),
        ("1e300 pitch", (0..<3).map { Rect(x: Double($0) * 1e300, y: 0, width: 10, height: 10) }),
        (
            "widest finite extent",
            [
                Rect(x: -Double.greatestFiniteMagnitude, y: -Double.greatestFiniteMagnitude, width: 1, height: 1),
                Rect(x: Double.greatestFiniteMagnitude, y: Double.greatestFiniteMagnitude, width: 0, height: 0),
                Rect(x: -1, y: -1, width: Double.greatestFiniteMagnitude, height: 2),
            ]
        ),
        (
            "infinite and NaN",
            [
                Rect(x: -.infinity, y: 0, width: .infinity, height: 10), Rect(x: .nan, y: 0, width: 1, height: 1),
                Rect(x: 5, y: 5, width: 1, height: 1),
            ]
        ),
        (
            "1e17 apart, three",
            [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 1e17, y: 0, width: 10, height: 10), Rect(x: 0, y: 1, width: 10, height: 10)]
        ),
        ("tiny", [Rect(x: 1e-300, y: 0, width: .leastNonzeroMagnitude, height: .leastNormalMagnitude / 4), Rect(x: 0, y: 0, width: 0, height: 0)]),
    ]

    @Test(arguments: layouts.indices)
    func theGridStaysWithinItsCellCap(layout: Int) {
        let items = Self.layouts[layout].1
        let index = SpatialIndex(items: items)
        #expect(index.cellCount <= SpatialIndex.maxCells(forItems: items.count), "\(Self.layouts[layout].0)")
        #expect(index.cellCount >= 1)
        // An explicit cell size far too small for the extent is capped too.
        #expect(SpatialIndex(items: items, cellSize: 1e-9).cellCount <= SpatialIndex.maxCells(forItems: items.count))
    }

    @Test(arguments: layouts.indices)
    func bandsSelectWhatAScanSelects(layout: Int) {
        let items = Self.layouts[layout].1
        let bands = [
            Rect(x: -1, y: -1, width: 20, height: 20), Rect(x: -1e308, y: -1, width: 1e308, height: 20),
            Rect(x: 1e20 - 1, y: -1, width: 20, height: 20), Rect(x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308),
            Rect(x: 1e300 - 1, y: 0, width: 1e300, height: 5), Rect(x: 4, y: 4, width: 3, height: 3),
        ]
        for rule in [HitRule.intersects, .contains] {
            var engine = SelectionEngine(items: items, hitRule: rule)
            engine.beginBand(mode: .replace)
            for band in bands {
                _ = engine.updateBand(to: band)
                var got: [Int] = []
                engine.selection.forEachMember { got.append($0) }
                // NaN items are never hit by the engine (an unordered comparison).
                let want = SelectionEngine.naiveHits(items: items, rect: band, hitRule: rule).filter { !items[$0].minX.isNaN }
                #expect(got == want, "\(Self.layouts[layout].0), \(rule), band \(band)")
            }
        }
    }

    @Test func aPointQueryFindsFarApartItems() {
        // (Widths that survive the rounding at that magnitude: 1e20 + 10 == 1e20.)
        let items = [
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 1e20, y: 0, width: 1e6, height: 10),
            Rect(x: -1e308, y: 1e300, width: 1e300, height: 1e300),
        ]
        let engine = SelectionEngine(items: items)
        #expect(engine.item(at: Point(x: 5, y: 5)) == 0)
        #expect(engine.item(at: Point(x: 1e20 + 5, y: 5)) == 1)
        #expect(engine.item(at: Point(x: -1e308, y: 1e300)) == 2)
        #expect(engine.item(at: Point(x: 5e19, y: 5)) == nil)
    }
}

/// A band that shrinks to zero width or height over an item it never crossed
/// (the item straddles it) must drop the item: under `intersects` an empty
/// band hits nothing, although no band edge crossed an item edge.
@Suite struct EmptyBandTests {
    @Test func aBandThatBecomesEmptyDropsStraddlingItems() {
        let items = [Rect(x: -100, y: -100, width: 300, height: 300), Rect(x: 2, y: 2, width: 2, height: 2)]
        var engine = SelectionEngine(items: items)
        engine.beginBand(mode: .replace)
        #expect(engine.updateBand(to: Rect(x: 0, y: 0, width: 10, height: 10)) == SelectionDiff(added: [0, 1]))
        // Zero width at x = 50: item 0 straddles it, item 1 was passed.
        #expect(engine.updateBand(to: Rect(x: 50, y: 0, width: 0, height: 10)) == SelectionDiff(removed: [0, 1]))
        // Positive again: item 0 is hit again without any edge crossing.
        #expect(engine.updateBand(to: Rect(x: 50, y: 0, width: 1, height: 10)) == SelectionDiff(added: [0]))
        #expect(engine.updateBand(to: Rect(x: 50, y: 5, width: 1, height: 0)) == SelectionDiff(removed: [0]))
    }
}
