import PointerSimCore
import PointerSimInput
import PointerSimTestSupport
import Testing

@testable import PointerSimFormats

@Suite struct LogFormatTests {
    @Test func numbersHaveAtMostThreeDecimalsRoundedHalfAwayFromZero() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (0.02, "0.02"), (0.1 + 0.2, "0.3"), (40.5, "40.5"), (2.0005, "2.001"),
            (-2.0005, "-2.001"), (0.0125, "0.013"), (0.0004, "0"), (-0.0004, "0"), (1e-5, "0"), (0.9995, "1"),
            (123456789.1234, "123456789.123"), (1e20, "100000000000000000000"), (-7.25, "-7.25"), (1 / 3.0, "0.333"),
            (2 / 3.0, "0.667"), (999.9999, "1000"),
        ]
        for (v, s) in cases { #expect(formatLogNumber(v) == s, "\(v)") }
    }

    /// The thousandths fast path prints what the general (text) path prints.
    @Test func thousandthsFastPathAgreesWithTheGeneralPath() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9;
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB; return z ^ (z >> 31)
        }
        var fast = 0
        for n in 0..<200_000 {
            let r = next()
            let v: Double
            switch n % 4 {
            case 0: v = Double(Int64(bitPattern: r) % 2_000_000_000) / 1000  // thousandths
            case 1: v = Double(Int64(bitPattern: r) % 20_000_000) / 8  // eighths
            case 2: v = Double(Int64(bitPattern: r) % 1_000_000_000_000_000) / 1000  // large thousandths
            default: v = Double(bitPattern: r >> 2) * (r & 1 == 0 ? 1 : -1)  // anything
            }
            guard v.isFinite, v != v.rounded() else { continue }
            if let k = logThousandths(v) {
                fast += 1
                #expect(formatThousandths(k) == formatLogNumberFromText(v), "\(v)")
            }
        }
        #expect(fast > 100_000)
    }

    /// The line writer's bytes (``LogBytes``) are ``formatLogNumber(_:)``'s
    /// and ``appendJSONString(_:to:)``'s text: every kind of number (whole,
    /// thousandths, the general path, huge, negative, non-finite) and strings
    /// with and without escapes.
    @Test func lineBytesAgreeWithTheStringHelpers() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9;
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB; return z ^ (z >> 31)
        }
        var values: [Double] = [
            0, -0.0, 1, -1, 9, 10, -10, 0.5, -0.0004, 0.0125, 999.9999, 1e15, -1e15, 1e15 - 1, 1e12, 1e12 + 0.5, 1e20, -1e20,
            .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, Double(Int64.max), -Double(Int64.max),
        ]
        for n in 0..<100_000 {
            let r = next()
            switch n % 5 {
            case 0: values.append(Double(Int64(bitPattern: r) % 2_000_000_000) / 1000)
            case 1: values.append(Double(Int64(bitPattern: r) % 20_000_000) / 8)
            case 2: values.append(Double(Int64(bitPattern: r) % 1_000_000_000_000_000_000))
            case 3: values.append(Double(Int64(bitPattern: r) % 1_000_000_000_000_000) / 1000)
            default: values.append(Double(bitPattern: r >> 2) * (r & 1 == 0 ? 1 : -1))
            }
        }
        for v in values {
            var w = LogBytes(out: [])
            w.number(v)
            #expect(String(decoding: w.out, as: UTF8.self) == formatLogNumber(v), "\(v)")
        }
        for s in ["", "a1", "r3c4", "k\"n", "back\\slash", "tab\tnew\nline\r", "\u{1}\u{1f}", "é ü 漢字 🎉", "\u{7f}"] {
            var w = LogBytes(out: [])
            w.string(s)
            var t = ""
            appendJSONString(s, to: &t)
            #expect(String(decoding: w.out, as: UTF8.self) == t, "\(s)")
        }
    }

    @Test func linesHaveTheDocumentedKeyOrder() {
        let r = LogRecord(time: 0.02, .bandBegan(rect: Rect(x: 100, y: 200, width: 1, height: 1), modifiers: .shift, mode: .add))
        #expect(LogLine.render(r) == #"{"t":0.02,"event":"band.began","rect":[100,200,1,1],"modifiers":["shift"],"mode":"add"}"#)
        let s = LogRecord(time: 0.036, .bandSelecting(rect: Rect(x: 100, y: 200, width: 40.5, height: 12), added: ["a1"], removed: []))
        #expect(LogLine.render(s) == #"{"t":0.036,"event":"band.selecting","rect":[100,200,40.5,12],"added":["a1"],"removed":[]}"#)
        let e = LogRecord(time: 0.3, .bandEnded(rect: Rect(x: 100, y: 200, width: 80, height: 60), selection: ["a1", "a7"], cancelled: false))
        #expect(LogLine.render(e) == #"{"t":0.3,"event":"band.ended","rect":[100,200,80,60],"selection":["a1","a7"],"cancelled":false}"#)
        #expect(
            LogLine.render(LogRecord(time: 2, .deviceRemoved(device: "/dev/input/event5")))
                == #"{"t":2,"event":"device.removed","device":"/dev/input/event5"}"#
        )
        #expect(
            LogLine.render(LogRecord(time: 0.45, .regionLatched(region: "k\"n", axes: .horizontal)))
                == #"{"t":0.45,"event":"region.latched","region":"k\"n","axes":"horizontal"}"#
        )
    }
}

@Suite struct TraceParserTests {
    @Test func parsesEveryEvent() throws {
        let text = """
            pointersim-trace 1
            # seconds  event      arguments
            0.000      move       100 200        # absolute
            0.010      delta      3 -2
            0.020      press      primary

            0.100      modifiers  shift command
            0.150      modifiers
            0.300      release    primary
            0.350      scroll     0 -12
            0.400      cancel
            0.500      invalidate slider
            0.600      removed    /dev/input/event5
            """
        let events = try PointerSimTrace.parse(text)
        #expect(
            events.map(\.kind) == [
                .move(Point(x: 100, y: 200)), .delta(Vector(dx: 3, dy: -2)), .press(.primary), .modifiers([.shift, .command]), .modifiers([]),
                .release(.primary), .scroll(Vector(dx: 0, dy: -12)), .cancel, .invalidate("slider"), .deviceRemoved("/dev/input/event5"),
            ]
        )
        #expect(events.map(\.time) == [0, 0.01, 0.02, 0.1, 0.15, 0.3, 0.35, 0.4, 0.5, 0.6])
        // render → parse round trip
        #expect(try PointerSimTrace.parse(PointerSimTrace.render(events)) == events)
    }

    @Test func keysAndUnplugs() throws {
        let text = """
            pointersim-trace 1
            0.0 key left
            0.1 key return
            0.2 key z
            0.3 press primary
            0.4 press secondary
            0.5 removed /dev/input/event3
            0.6 release primary
            """
        let events = try PointerSimTrace.parse(text)
        // `removed` while buttons are held cancels the band they drive and releases them first.
        #expect(
            events.map(\.kind) == [
                .key(.left), .key(.return), .key(.letter("z")), .press(.primary), .press(.secondary),
                .cancel, .release(.primary), .release(.secondary), .deviceRemoved("/dev/input/event3"), .release(.primary),
            ]
        )
        #expect(Key.names.count == 34 && Key.names.allSatisfy { Key(name: $0)?.description == $0 })
        let keys = events.filter { if case .key = $0.kind { true } else { false } }
        #expect(try PointerSimTrace.parse(PointerSimTrace.render(keys)) == keys)
        for bad in ["0 key", "0 key F1", "0 key A", "0 key left right"] {
            #expect(throws: InputError.self) { try PointerSimTrace.parse("pointersim-trace 1\n" + bad) }
        }
    }

    @Test func selectionRecordsHaveTheDocumentedKeyOrder() {
        #expect(
            LogLine.render(LogRecord(time: 1.5, .selectionChanged(cause: .click, added: ["a"], removed: ["b", "c"])))
                == #"{"t":1.5,"event":"selection.changed","cause":"click","added":["a"],"removed":["b","c"]}"#
        )
        #expect(LogLine.render(LogRecord(time: 0, .focusMoved(item: "r1c2"))) == #"{"t":0,"event":"focus.moved","item":"r1c2"}"#)
        #expect(LogLine.render(LogRecord(time: 0.25, .itemPrimaryAction(item: "r1c2"))) == #"{"t":0.25,"event":"item.primaryAction","item":"r1c2"}"#)
        #expect(
            LogLine.render(LogRecord(time: 2, .contextMenuRequested(point: Point(x: 10.5, y: 1.0 / 3), items: [])))
                == #"{"t":2,"event":"contextMenu.requested","point":[10.5,0.333],"items":[]}"#
        )
    }

    @Test func errorsNameTheLineAndWhatWasExpected() {
        func message(_ text: String) -> String? {
            do { _ = try PointerSimTrace.parse(text, file: "x.trace"); return nil } catch let e as InputError {
                #expect(e.kind == .malformed)
                return e.description
            } catch { return "\(error)" }
        }
        #expect(message("pointersim-trace 1\n0.1 move 1\n") == "x.trace:2: move takes X Y, found 1 argument")
        #expect(message("pointersim-trace 1\n0.2 press primary\n0.1 release primary\n")?.hasPrefix("x.trace:3: time 0.1 goes backwards") == true)
        #expect(message("pointersim-trace 1\nabc move 1 2\n")?.hasPrefix("x.trace:2: expected a time in seconds") == true)
        #expect(message("pointersim-trace 1\n0 jump 1 2\n")?.hasPrefix("x.trace:2: unknown event \"jump\"") == true)
        #expect(message("pointersim-trace 1\n0 press left\n")?.hasPrefix("x.trace:2: press: unknown button \"left\"") == true)
        #expect(message("pointersim-trace 1\n0 modifiers hyper\n")?.hasPrefix("x.trace:2: modifiers: unknown flag \"hyper\"") == true)
        #expect(message("0 move 1 2\n")?.hasPrefix("x.trace:1: expected the header") == true)
        #expect(message("pointersim-trace 2\n")?.hasPrefix("x.trace:1: unsupported trace version 2") == true)
        #expect(message("pointersim-trace 1\n0 move 1 nan\n")?.hasPrefix("x.trace:2: move: expected a number") == true)
    }
}

@Suite struct SceneFileTests {
    func error(_ json: String) -> String? {
        do { _ = try SceneFile.parse(json, file: "s.json"); return nil } catch let e as InputError { return e.description } catch {
            return "\(error)"
        }
    }

    @Test func unknownKeysAreRejectedWithTheirPath() {
        let json = """
            {"format": "pointersim-scene/1",
             "items": [ {"id": "a", "rect": [0,0,1,1]}, {"id": "b", "rect": [0,0,1,1]}, {"id": "c", "rect": [0,0,1,1]},
                        {"id": "d", "rcet": [0,0,1,1]} ]}
            """
        #expect(error(json)?.hasPrefix("s.json:3: items[3].rcet: unknown key \"rcet\"") == true)
        #expect(error(#"{"format": "pointersim-scene/1", "view": {"widht": 3}}"#)?.contains("view.widht: unknown key") == true)
    }

    @Test func valuesAreValidated() {
        #expect(error(#"{"format": "pointersim-scene/2"}"#)?.contains("format: expected \"pointersim-scene/1\"") == true)
        #expect(error(#"{"items": []}"#)?.contains("missing \"format\"") == true)
        #expect(
            error(#"{"format": "pointersim-scene/1", "items": [{"id": "a", "rect": [0,0,-1,1]}]}"#)?.contains(
                "items[0].rect: width and height must not be negative"
            ) == true
        )
        #expect(
            error(#"{"format": "pointersim-scene/1", "items": [{"id": "a", "rect": [0,0,NaN,1]}]}"#)?.contains(
                "items[0].rect[2]: expected a finite number"
            ) == true
        )
        #expect(error(#"{"format": "pointersim-scene/1", "band": {"profile": "kde"}}"#)?.contains("band.profile: unknown value \"kde\"") == true)
        #expect(
            error(#"{"format": "pointersim-scene/1", "band": {"initialSelection": ["zz"]}}"#)?.contains(
                "band.initialSelection[0]: no item has the id \"zz\""
            ) == true
        )
        #expect(
            error(#"{"format": "pointersim-scene/1", "items": [{"id": "a", "rect": [0,0,1,1]}, {"id": "a", "rect": [0,0,1,1]}]}"#)?.contains(
                "items[1].id: duplicate item id"
            ) == true
        )
        // A trailing comma: the comma's line and column (issue #45), in an object and in an array,
        // also when the closing bracket is on a later line.
        #expect(
            error("{\"format\": \"pointersim-scene/1\",\n \"view\": {\"width\": 3,}}")
                == "s.json:2: column 21: a trailing comma before '}' (JSON allows none: remove it)"
        )
        #expect(
            error("{\"format\": \"pointersim-scene/1\",\n  \"items\": [ {\"id\": \"a\", \"rect\": [1, 2, 3, 4]},\n  ]}")
                == "s.json:2: column 47: a trailing comma before ']' (JSON allows none: remove it)"
        )
        #expect(
            error("{\"format\": \"pointersim-scene/1\", \"band\": {\"vetoRects\": [[0, 0, 1, 1],]}}")?.contains(
                "s.json:1: column 69: a trailing comma before ']'"
            ) == true
        )
        // Not a trailing comma: the messages of before.
        #expect(error("{\"format\": \"pointersim-scene/1\",\n \"view\": {,}}")?.hasPrefix("s.json:2: expected a quoted key") == true)
    }

    @Test func selectionAndClaimsParse() throws {
        let scene = try SceneFile.parse(
            """
            { "format": "pointersim-scene/1",
              "band": { "profile": "qt", "regionsClaimPress": false },
              "selection": { "multiple": false, "focus": false, "selectionFollowsFocus": true, "editing": true },
              "regions": [ { "id": "b", "rect": [0, 0, 10, 10], "claimsPress": true }, { "id": "c", "rect": [0, 0, 10, 10] } ] }
            """,
            file: "s.json"
        )
        #expect(!scene.band.regionsClaimPress && scene.band.profile == .qtItemView)  // `qt` is an alias of qt-itemview
        #expect(!scene.selection.multiple && !scene.selection.focus && scene.selection.selectionFollowsFocus && scene.selection.editing)
        #expect(scene.regions.map(\.claimsPress) == [true, nil])
        let defaults = try SceneFile.parse(#"{"format": "pointersim-scene/1"}"#, file: "d.json")
        #expect(defaults.selection == SelectionConfiguration() && defaults.band.regionsClaimPress)
        #expect(error(#"{"format": "pointersim-scene/1", "selection": {"multi": true}}"#)?.contains("selection.multi: unknown key") == true)
        #expect(
            error(#"{"format": "pointersim-scene/1", "selection": {"editing": 1}}"#)?.contains("selection.editing: expected true or false") == true
        )
        #expect(
            error(#"{"format": "pointersim-scene/1", "regions": [{"id": "b", "rect": [0,0,1,1], "claimsPress": "yes"}]}"#)?.contains(
                "regions[0].claimsPress"
            ) == true
        )
    }

    @Test func fullSceneParses() throws {
        var warnings: [String] = []
        let setup = try SceneFile.parseSetup(
            """
            {"format": "pointersim-scene/1",
             "view": {"width": 800, "height": 600, "scale": 3, "content": {"width": 800, "height": 5000}},
             "pointer": {"start": [10, 20], "device": "touchpad", "acceleration": "flat", "speed": -0.5},
             "band": {"profile": "gtk", "hitRule": "contains", "enabled": true, "beginsOnItems": false, "initialSelection": ["r0c1"],
                      "autoscroll": {"maxSpeed": 600}},
             "items": {"grid": {"rows": 2, "columns": 3, "origin": [5, 5], "size": [10, 10], "pitch": [20, 20]}}}
            """,
            file: "s.json",
            warnings: &warnings
        )
        let scene = setup.scene
        #expect(scene.view.size == Size(width: 800, height: 600) && scene.view.scale == 3 && scene.view.contentSize.height == 5000)
        // The pointer section's decoder settings are the decoder's, not the scene's.
        #expect(scene.pointer.start == Point(x: 10, y: 20) && setup.decoder.acceleration == .flat && setup.decoder.speed == -0.5)
        #expect(scene.band.profile == .gtk && scene.band.hitRule == .contains && !scene.band.beginsOnItems)
        #expect(scene.autoscroll.maxSpeed == 600)
        #expect(scene.items.count == 6 && scene.items[4] == SceneItem(id: "r1c1", rect: Rect(x: 25, y: 25, width: 10, height: 10)))
        #expect(scene.initialSelection == ["r0c1"])
    }

    /// Long lists from a selection (select all, a Shift range, clear) are runs
    /// of scene indices: "all", or {"count","ranges"}; short ones stay ids.
    @Test func longSelectionListsAreWrittenAsRangesOfSceneOrder() throws {
        var scene = SimulationScene()
        scene.items = (0..<3000).map { SceneItem(id: "i\($0)", rect: Rect(x: Double($0 % 60) * 10, y: Double($0 / 60) * 10, width: 8, height: 8)) }
        var sim = Simulator(scene: scene)
        let out = try sim.play(
            """
            0 modifiers command
            0.01 key a
            0.02 modifiers
            0.03 key escape
            """
        )
        assertLog(
            out,
            #"""
            {"t":0.01,"event":"selection.changed","cause":"key","added":"all","removed":[]}
            {"t":0.03,"event":"selection.changed","cause":"key","added":[],"removed":"all"}
            """#
        )
        guard case .selectionChanged(_, let added, _) = out[0].event else { Issue.record("no change"); return }
        #expect(added.count == 3000 && added[0] == "i0" && added[2999] == "i2999" && Array(added) == scene.items.map(\.id))

        let list = LogItemList(runs: [2..<1002, 1500..<1600], of: scene.items)
        #expect(LogLine.itemsJSON(list) == #"{"count":1100,"ranges":[[2,1001],[1500,1599]]}"#)
        #expect(list[1000] == "i1500" && list[999] == "i1001" && list.count == 1100)
        #expect(LogLine.itemsJSON(["a", "b"]) == #"["a","b"]"#)
    }
}
