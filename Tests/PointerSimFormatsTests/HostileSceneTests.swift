import PointerSimCore
import PointerSimFormats
import Testing

/// Hostile scene files (issue #8): huge or far-apart coordinates, a huge grid
/// pitch, a grid beyond the item cap, far-apart regions, a flood of
/// accessories, huge tokens. Each must end in an exit-65 message that names
/// the file, line and path — or load — quickly, never trap or exhaust memory.
@Suite struct HostileSceneTests {
    static func error(_ text: String) -> InputError? {
        do { _ = try SceneFile.parse(text, file: "h.json"); return nil } catch let e as InputError { return e } catch { return nil }
    }

    static func items(_ items: String) -> String { "{\"format\": \"pointersim-scene/1\", \"items\": [\(items)]}" }

    @Test(arguments: [
        // Items at ±1e308 (trapped in the index bounds before).
        (
            items(#"{"id": "a", "rect": [-1e308, 0, 10, 10]}, {"id": "b", "rect": [1e308, 0, 10, 10]}"#),
            "h.json:1: items[0].rect: coordinates must lie within ±1e15, found -1e+308"
        ),
        // Two items 1e20 apart (asked for a 113 GB grid before).
        (
            items(#"{"id": "a", "rect": [0, 0, 10, 10]}, {"id": "b", "rect": [1e20, 0, 10, 10]}"#),
            "h.json:1: items[1].rect: coordinates must lie within ±1e15, found 1e+20"
        ),
        // A right edge past the limit although x is within it.
        (
            items(#"{"id": "a", "rect": [5e14, 0, 6e14, 10]}"#),
            "h.json:1: items[0].rect: coordinates must lie within ±1e15, found 1100000000000000.0"
        ),
        // A grid whose pitch puts its last item at 2e300 (trapped before).
        (
            #"{"format": "pointersim-scene/1", "items": {"grid": {"rows": 1, "columns": 3, "size": [10, 10], "pitch": [1e300, 0]}}}"#,
            "h.json:1: items.grid: coordinates must lie within ±1e15, found 2e+300"
        ),
        // A grid at the old cap of 50,000,000 items (minutes and gigabytes before).
        (
            #"{"format": "pointersim-scene/1", "items": {"grid": {"rows": 5000, "columns": 10000, "size": [10, 10]}}}"#,
            "h.json:1: items.grid: at most 2,000,000 items, found 50000000"
        ),
        // Regions 1e17 apart (the region index took 11 s and 3.2 GB before).
        (
            #"{"format": "pointersim-scene/1", "regions": [{"id": "a", "rect": [0, 0, 10, 10]}, {"id": "b", "rect": [1e17, 0, 10, 10]}]}"#,
            "h.json:1: regions[1].rect: coordinates must lie within ±1e15, found 1e+17"
        ),
        // Veto rects too.
        (
            #"{"format": "pointersim-scene/1", "band": {"vetoRects": [[0, -1e200, 10, 10]]}}"#,
            "h.json:1: band.vetoRects[0]: coordinates must lie within ±1e15, found -1e+200"
        ),
    ])
    func rejectsOutOfRangeInput(text: String, expected: String) {
        let e = Self.error(text)
        #expect(e?.kind == .malformed)
        #expect(e?.description == expected, "\(e?.description ?? "no error")")
    }

    @Test func coordinatesAtTheLimitLoadAndSelect() throws {
        // Three regions and two items as far apart as the format allows: the
        // index stays within its cell cap and finds them.
        let s = try SceneFile.parse(
            #"""
            {"format": "pointersim-scene/1",
             "items": [{"id": "a", "rect": [-1e15, 0, 10, 10]}, {"id": "b", "rect": [999999999999990, 0, 10, 10]}],
             "regions": [{"id": "r", "rect": [0, 0, 10, 10]}, {"id": "s", "rect": [1e15, 0, 0, 10]}, {"id": "t", "rect": [0, -1e15, 10, 10]}]}
            """#,
            file: "h.json"
        )
        let index = SpatialIndex(items: s.regions.map(\.rect))
        #expect(index.cellCount <= SpatialIndex.maxCells(forItems: 3))
        let provider = SceneRegionProvider(regions: s.regions)
        #expect(provider.region(for: PointerRegionRequest(location: Point(x: 5, y: 5), modifiers: []))?.id == "r")
        #expect(provider.region(for: PointerRegionRequest(location: Point(x: 5, y: -1e15 + 5), modifiers: []))?.id == "t")
        #expect(provider.region(for: PointerRegionRequest(location: Point(x: 5e14, y: 5), modifiers: [])) == nil)
        var engine = SelectionEngine(items: s.items.map(\.rect))
        engine.beginBand(mode: .replace)
        #expect(engine.updateBand(to: Rect(x: 1e15 - 5, y: 0, width: 4, height: 4)).added == [1])
        #expect(engine.updateBand(to: Rect(x: -1e15, y: 0, width: 4, height: 4)) == SelectionDiff(added: [0], removed: [1]))
    }

    @Test func aFloodOfAccessoriesIsSummarised() throws {
        // 100,000 accessories (99,996 warning lines before): the first few are
        // named, the rest counted on one line.
        let n = 100_000
        let acc = Array(repeating: #"{"shape": "arrow", "position": "top"}"#, count: n).joined(separator: ",")
        var warnings: [String] = []
        let s = try SceneFile.parse(
            #"{"format": "pointersim-scene/1", "regions": [{"id": "a", "rect": [0, 0, 10, 10], "style": {"accessories": [\#(acc)]}}]}"#,
            file: "h.json",
            warnings: &warnings
        )
        #expect(s.regions[0].style?.accessories.count == 4)
        #expect(warnings.count == SceneFile.maxRepeatedWarnings + 1)
        #expect(warnings[0] == "h.json:1: regions[0].style.accessories[4]: accessory 5 (arrow at top) ignored: at most 4 accessories are used")
        #expect(warnings.last == "h.json:1: regions[0].style.accessories: … and \(n - 4 - SceneFile.maxRepeatedWarnings) more accessories ignored")
    }

    @Test func messagesQuoteAShortExcerptOfAHugeToken() {
        let long = String(repeating: "x", count: 100_000)
        let e = Self.error(#"{"format": "pointersim-scene/1", "\#(long)": 1}"#)
        #expect(
            e?.description
                == "h.json:1: \(String(repeating: "x", count: 40))…: unknown key \"\(String(repeating: "x", count: 40))…\" (expected one of: format, view, pointer, band, selection, items, regions, itemRegions, regionConfiguration, comment)"
        )
        let d = Self.error(Self.items(#"{"id": "\#(long)", "rect": [0, 0, 1, 1]}, {"id": "\#(long)", "rect": [0, 0, 1, 1]}"#))
        #expect(d?.description == "h.json:1: items[1].id: duplicate item id \"\(String(repeating: "x", count: 40))…\"")
        // A short token is quoted whole.
        #expect(
            Self.error(Self.items(#"{"id": "a", "rect": [0, 0, 1, 1]}, {"id": "a", "rect": [0, 0, 1, 1]}"#))?.description
                == "h.json:1: items[1].id: duplicate item id \"a\""
        )
    }

    @Test func anObjectWithManyKeysIsCheckedForDuplicatesInLinearTime() {
        // 200,000 distinct keys (quadratic before), then one repeated.
        let keys = (0..<200_000).map { "\"k\($0)\": 0" }.joined(separator: ",")
        let e = Self.error(#"{"format": "pointersim-scene/1", "comment": {\#(keys), "k17": 1}}"#)
        #expect(e?.description == "h.json:1: duplicate key \"k17\"")
    }
}
