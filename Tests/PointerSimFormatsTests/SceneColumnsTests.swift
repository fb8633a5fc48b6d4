import Foundation
import PointerSimCore
import PointerSimFormats
import Testing

/// Plain `{"id", "rect"}` item and region lists are read as columns, without
/// a JSON node per value (issue #10); anything wrong in them sends the text
/// through the ordinary parser, so every message stays exact: file, line, path.
@Suite struct SceneColumnsTests {
    static func error(_ text: String) -> String? {
        do { _ = try SceneFile.parse(text, file: "c.json"); return nil } catch let e as InputError { return e.description } catch {
            return "\(error)"
        }
    }

    @Test func plainListsLoadAsWritten() throws {
        let s = try SceneFile.parse(
            """
            {"format": "pointersim-scene/1",
             "band": {"initialSelection": ["b"]},
             "items": [ {"id": "a", "rect": [0, 0, 10, 10]},
                        {"rect": [-5.5, 1e2, 0, 3.25], "id": "b"},
                        {"id": "c\\u00e9", "rect": [20, 20, 1, 1]} ],
             "regions": [ {"id": "r", "rect": [1, 2, 3, 4]}, {"id": "s", "rect": [0, 0, 1e15, 1]} ] }
            """,
            file: "c.json"
        )
        #expect(
            s.items == [
                SceneItem(id: "a", rect: Rect(x: 0, y: 0, width: 10, height: 10)),
                SceneItem(id: "b", rect: Rect(x: -5.5, y: 100, width: 0, height: 3.25)),
                SceneItem(id: "cé", rect: Rect(x: 20, y: 20, width: 1, height: 1)),
            ]
        )
        #expect(s.initialSelection == ["b"])
        #expect(s.regions.map(\.id) == ["r", "s"] && s.regions[0] == SceneRegion(id: "r", rect: Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    static let listErrors: [(String, String)] = [
        // A negative width on line 4: the ordinary parser names it.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"c\", \"rect\": [0, 0, -1, 1]}]}",
            "c.json:4: items[2].rect: width and height must not be negative"
        ),
        // A duplicate id far from the first.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1]}]}",
            "c.json:4: items[2].id: duplicate item id \"a\""
        ),
        // Beyond the coordinate limit.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [{\"id\": \"a\", \"rect\": [0, 0, 1, 1]}, {\"id\": \"b\", \"rect\": [2e15, 0, 1, 1]}]}",
            "c.json:1: items[1].rect: coordinates must lie within ±1e15, found 2000000000000000.0"
        ),
        // An unknown key in one element.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [{\"id\": \"a\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"b\", \"rct\": [0, 0, 1, 1]}]}",
            "c.json:2: items[1].rct: unknown key \"rct\" (expected one of: id, rect)"
        ),
        // A syntax error after the list: the line count went through it.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1]}],\n\n \"view\": {\"width\" 3}}",
            "c.json:5: expected ':' after key \"width\""
        ),
        // A syntax error inside the list.
        (
            "{\"format\": \"pointersim-scene/1\", \"items\": [\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"b\", \"rect\": [0, 0, 1 1]}]}",
            "c.json:3: expected ',' or ']' in an array"
        ),
        // An initial selection naming no item.
        (
            "{\"format\": \"pointersim-scene/1\", \"band\": {\"initialSelection\": [\"z\"]}, \"items\": [{\"id\": \"a\", \"rect\": [0, 0, 1, 1]}]}",
            "c.json:1: band.initialSelection[0]: no item has the id \"z\""
        ),
        // Regions: an empty id, a duplicate.
        (
            "{\"format\": \"pointersim-scene/1\", \"regions\": [{\"id\": \"\", \"rect\": [0, 0, 1, 1]}]}",
            "c.json:1: regions[0].id: expected a non-empty region id"
        ),
        (
            "{\"format\": \"pointersim-scene/1\", \"regions\": [{\"id\": \"k\", \"rect\": [0, 0, 1, 1]},\n{\"id\": \"k\", \"rect\": [0, 0, 1, 1]}]}",
            "c.json:2: regions[1].id: duplicate region id \"k\""
        ),
    ]

    @Test(arguments: listErrors)
    func errorsInAListAreTheOrdinaryOnes(text: String, expected: String) {
        #expect(Self.error(text) == expected)
    }

    /// A scene file read from disk: the text is let go once parsed, and the
    /// scene, or the error, is what parsing the same text gives.
    static func load(_ text: String, bytes: [UInt8]? = nil) -> (SimulationScene?, String?, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-columns-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes ?? Array(text.utf8))) else {
            return (nil, "the test could not create \(path)", path)
        }
        do { return (try SceneFile.load(path: path), nil, path) } catch let e as InputError { return (nil, e.description, path) } catch {
            return (nil, "\(error)", path)
        }
    }

    @Test(arguments: listErrors)
    func errorsInAListFromAFileAreTheOrdinaryOnes(text: String, expected: String) {
        let (_, message, path) = Self.load(text)
        #expect(message == expected.replacingOccurrences(of: "c.json", with: path))
    }

    @Test func aFileGivesTheSceneItsTextGives() throws {
        var text = "{\"format\": \"pointersim-scene/1\",\n \"band\": {\"initialSelection\": [\"i7\"]},\n \"items\": [\n"
        text += (0..<500).map { "{\"id\": \"i\($0)\", \"rect\": [\(50 * ($0 % 20)), \(40 * ($0 / 20)), 40, 30]}" }.joined(separator: ",\n")
        text += "],\n \"regions\": [\n"
        text += (0..<300).map { "{\"rect\": [\($0 * 3), 0.5, 2, 2], \"id\": \"r\($0)\"}" }.joined(separator: ",\n")
        text += "]}"
        let (scene, message, _) = Self.load(text)
        #expect(message == nil)
        let parsed = try SceneFile.parse(text, file: "c.json")
        #expect(scene?.items == parsed.items && scene?.regions == parsed.regions && scene?.initialSelection == ["i7"])
        #expect(parsed.items.count == 500 && parsed.regions.count == 300)
    }

    @Test func aFileThatIsNotUTF8IsRefused() {
        let (_, message, path) = Self.load(
            "",
            bytes: Array("{\"format\": \"pointersim-scene/1\", \"items\": [{\"id\": \"".utf8) + [0xC3, 0x28]
                + Array("\", \"rect\": [0, 0, 1, 1]}]}".utf8)
        )
        #expect(message == "\(path): is not valid UTF-8 text")
    }

    /// A region whose style's shape is `path` (the text of the path's value).
    static func pathScene(_ path: String) -> String {
        "{\"format\": \"pointersim-scene/1\", \"regions\": [{\"id\": \"p\", \"rect\": [0, 0, 50, 50],\n \"style\": {\"effect\": \"none\", \"shape\":\n {\"path\": \(path)}}}]}"
    }

    @Test func pathPointsAreReadAsAColumnWithTheOrdinaryErrors() throws {
        // Pairs of finite numbers: a column, the points as written.
        let s = try SceneFile.parse(Self.pathScene("[[0, -2.5], [2, 2],\n [-2e1, 2], [1e-3, -0]]"), file: "c.json")
        #expect(s.regions[0].style?.shape == .path([Point(x: 0, y: -2.5), Point(x: 2, y: 2), Point(x: -20, y: 2), Point(x: 0.001, y: 0)]))
        // The same from a file.
        let (scene, message, _) = Self.load(Self.pathScene("[[0, -2.5], [2, 2], [-2e1, 2], [1e-3, -0]]"))
        #expect(message == nil && scene?.regions[0].style?.shape == s.regions[0].style?.shape)
        // Errors: too few points (at the path's line), and elements that are
        // not pairs of finite numbers (the ordinary parser names them).
        #expect(
            Self.error(Self.pathScene("\n[[0, 0], [1, 1]]")) == "c.json:4: regions[0].style.shape.path: a path needs at least 3 points [[x, y], …]"
        )
        #expect(Self.error(Self.pathScene("[[0, 0], [1, 1],\n [1, 2, 3]]")) == "c.json:4: regions[0].style.shape.path[2]: expected [x, y]")
        #expect(
            Self.error(Self.pathScene("[[0, 0], [1, 1], [NaN, 3]]"))
                == "c.json:3: regions[0].style.shape.path[2][0]: expected a finite number, found nan"
        )
        #expect(
            Self.error(Self.pathScene("[[0, 0], [1, 1], [1e999, 3]]"))
                == "c.json:3: regions[0].style.shape.path[2][0]: expected a finite number, found inf"
        )
        #expect(Self.error(Self.pathScene("[[0, 0], [1, 1], [\"1\", 3]]")) == "c.json:3: regions[0].style.shape.path[2][0]: expected a number")
        // A path key where none belongs: still an unknown key, whatever its value.
        #expect(
            Self.error("{\"format\": \"pointersim-scene/1\",\n \"path\": [[0, 0], [1, 1], [2, 2]]}")
                == "c.json:2: path: unknown key \"path\" (expected one of: format, view, pointer, band, selection, items, regions, itemRegions, regionConfiguration, comment)"
        )
    }

    /// Regions with a style, latching, modifier styles, a press claim or a
    /// comment are read as columns too (issue #22): each distinct value is
    /// parsed once, exactly; anything the ordinary decoder would report (or
    /// warn about) sends the text through it.
    @Test func regionsWithStylesLoadAsWritten() throws {
        let text = """
            {"format": "pointersim-scene/1",
             "regions": [ {"id": "a", "rect": [0, 0, 10, 10], "style": {"effect": "highlight"}},
                          {"style": {"effect": "highlight"}, "id": "b", "rect": [20, 0, 10, 10], "claimsPress": false},
                          {"id": "k", "rect": [40, 0, 10, 10], "latchingAxes": "horizontal", "comment": ["any", {"thing": 1}],
                           "style": {"effect": "lift", "accessories": [{"shape": "arrow", "position": "left"}, {"shape": {"circle": 4}, "position": {"angle": 1.5}}]}},
                          {"id": "m", "rect": [60, 0, 10, 10], "styles": [{"modifiers": ["shift"], "style": {"shape": {"path": [[0, 0], [4, 0], [0, 4]]}}}]},
                          {"id": "p", "rect": [80, 0, 10, 10]} ],
             "regionConfiguration": {"defaultAccessoryOffset": 20} }
            """
        let s = try SceneFile.parse(text, file: "c.json")
        let highlight = PointerStyle(effect: .highlight)
        let lift = PointerStyle(
            effect: .lift,
            accessories: [
                PointerAccessory(shape: .arrow, position: AccessoryPosition(offset: 20, angle: 3 * .pi / 2)),
                PointerAccessory(shape: .custom(.circle(diameter: 4)), position: AccessoryPosition(offset: 20, angle: 1.5)),
            ]
        )
        #expect(
            s.regions == [
                SceneRegion(id: "a", rect: Rect(x: 0, y: 0, width: 10, height: 10), style: highlight),
                SceneRegion(id: "b", rect: Rect(x: 20, y: 0, width: 10, height: 10), style: highlight, claimsPress: false),
                SceneRegion(id: "k", rect: Rect(x: 40, y: 0, width: 10, height: 10), latchingAxes: .horizontal, style: lift),
                SceneRegion(
                    id: "m",
                    rect: Rect(x: 60, y: 0, width: 10, height: 10),
                    modifierStyles: [
                        ModifierStyle(
                            modifiers: .shift,
                            style: PointerStyle(effect: .none, shape: .path([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)]))
                        )
                    ]
                ),
                SceneRegion(id: "p", rect: Rect(x: 80, y: 0, width: 10, height: 10)),
            ]
        )
        let (loaded, message, _) = Self.load(text)
        #expect(message == nil && loaded?.regions == s.regions)
    }

    static let regionErrors: [(String, String)] = [
        // An error inside a style, named at its line and path.
        (
            "{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\": \"highlight\"}},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\": \"glow\"}}",
            "c.json:3: regions[1].style.effect: unknown value \"glow\""
        ),
        // A latching region without a style.
        (
            "{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\": \"lift\"}},\n{\"id\": \"k\", \"rect\": [0, 0, 1, 1], \"latchingAxes\": \"both\"}",
            "c.json:3: regions[1]: region \"k\" latches (both) but has no \"style\""
        ),
        // A key twice.
        ("{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {}, \"style\": {}}", "duplicate key \"style\""),
        // A syntax error inside a value the column reader skipped.
        ("{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\": [}}", "c.json:2:"),
        ("{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\" \"lift\"}}", "c.json:2:"),
        ("{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"claimsPress\": tru}", "c.json:2:"),
        // The same value at two places: still an error at the first.
        (
            "{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"claimsPress\": 1},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1], \"claimsPress\": 1}",
            "c.json:2: regions[0].claimsPress: expected true or false"
        ),
    ]

    @Test(arguments: regionErrors)
    func regionErrorsAreTheOrdinaryParsers(regions: String, expected: String) {
        let text = "{\"format\": \"pointersim-scene/1\", \"regions\": [\n" + regions + "]}"
        let message = Self.error(text)
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
        let (_, loaded, path) = Self.load(text)
        #expect(loaded?.replacingOccurrences(of: path, with: "c.json") == message)
    }

    @Test func accessoryWarningsNameTheirRegion() throws {
        let five = (0..<5).map { _ in "{\"shape\": \"arrow\", \"position\": \"left\"}" }.joined(separator: ", ")
        let text =
            "{\"format\": \"pointersim-scene/1\", \"regions\": [\n{\"id\": \"a\", \"rect\": [0, 0, 1, 1], \"style\": {\"effect\": \"lift\"}},\n{\"id\": \"b\", \"rect\": [0, 0, 1, 1], \"style\": {\"accessories\": [\(five)]}}]}"
        var warnings: [String] = []
        let s = try SceneFile.parse(text, file: "c.json", warnings: &warnings)
        #expect(s.regions.count == 2 && s.regions[1].style?.accessories.count == 4)
        #expect(warnings == ["c.json:3: regions[1].style.accessories[4]: accessory 5 (arrow at left) ignored: at most 4 accessories are used"])
    }
}
