import FuzzSupport
import PointerSimCore
import PointerSimFormats

/// Random scenes and sessions: the bytes build a scene file (view and
/// content sizes from tiny to the documented limits, each profile and hit
/// rule, up to 48 items and 8 pointer regions with latching, effects, shapes
/// and accessories, coordinates from small to ±1e15) and a trace of moves,
/// deltas, presses, modifier changes, scrolls, keys and cancels, which
/// replays through `pointersim replay`'s path with the simulator's
/// invariants (and, in this debug build, the selection engine's internal
/// checks) holding after every step.
struct Bytes {
    var data: UnsafeBufferPointer<UInt8>, at = 0
    var exhausted: Bool { at >= data.count }
    mutating func byte() -> Int { guard at < data.count else { return 0 }; defer { at += 1 }; return Int(data[at]) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[byte() % xs.count] }
    /// A coordinate: mostly on a small grid, sometimes huge or fractional.
    mutating func coordinate() -> String {
        let b = byte()
        switch b >> 5 {
        case 0, 1, 2, 3: return String((b & 31) * 40 + byte() % 40)
        case 4: return pick(["0", "-1", "0.5", "1e-9", "-1e-9", "4000.25"])
        case 5: return pick(["1e6", "-1e6", "1e9", "1e12", "-1e12"])
        case 6: return pick(["1e15", "-1e15", "1e14", "123456789.125"])
        default: return String(-(b & 31) * 37)
        }
    }
    mutating func size() -> String { pick(["0", "1", "10", "40", "100", "250", "1000", "1e6", "0.25", "1e12"]) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var b = Bytes(data: Fuzz.bytes(data, size))
    let width = b.pick(["1", "100", "1024", "1e6"]), height = b.pick(["1", "80", "768", "1e6"])
    let content = b.pick([
        "", ", \"content\": { \"width\": 1024, \"height\": 4000 }",
        ", \"content\": { \"width\": 1e12, \"height\": 1e12, \"offset\": [1e11, 5e11] }",
        ", \"content\": { \"width\": 2000, \"height\": 3000, \"offset\": [500, 700] }",
    ])
    let profile = b.pick([
        "\"uikit\"", "\"qt\"", "\"gtk\"",
        "{ \"base\": \"uikit\", \"apply\": \"atEnd\", \"threshold\": 5 }",
        "{ \"base\": \"gtk\", \"modifiersAt\": \"press\", \"rules\": [ { \"flags\": [\"shift\"], \"mode\": \"subtract\" } ] }",
    ])
    let hitRule = b.pick(["intersects", "contains"])
    let autoscroll = b.pick([
        "", ", \"autoscroll\": { \"enabled\": false }",
        // 100 steps a second at most: at the smallest interval
        // (10⁻⁴ s, tested in Fuzz/regressions) every input
        // can be followed by 3,600 logged steps, seconds of
        // this debug build per input and no new code reached
        ", \"autoscroll\": { \"maxSpeed\": 1e9, \"edgeZone\": 1e6, \"tickInterval\": 0.01 }",
    ])
    var items: [String] = []
    let nItems = b.byte() % 49
    for i in 0..<nItems {
        items.append("{ \"id\": \"i\(i)\", \"rect\": [\(b.coordinate()), \(b.coordinate()), \(b.size()), \(b.size())] }")
    }
    let itemsJSON =
        b.byte() % 8 == 0
        ? "{ \"grid\": { \"rows\": \(1 + b.byte() % 40), \"columns\": \(1 + b.byte() % 40), \"origin\": [\(b.coordinate()), \(b.coordinate())], \"size\": [\(b.size()), \(b.size())], \"pitch\": [\(b.coordinate()), \(b.coordinate())] } }"
        : "[" + items.joined(separator: ", ") + "]"
    let initial = nItems > 0 && b.byte() % 2 == 0 ? "\"i0\"" : ""
    var regions: [String] = []
    for i in 0..<(b.byte() % 9) {
        var accessories: [String] = []
        for _ in 0..<(b.byte() % 6) {
            accessories.append(
                b.pick([
                    "{ \"shape\": \"arrow\", \"position\": \"left\" }",
                    "{ \"shape\": \"arrow\", \"position\": { \"offset\": -5, \"angle\": 1.5 } }",
                    "{ \"shape\": { \"circle\": 6 }, \"position\": { \"angle\": 1e9 } }",
                ])
            )
        }
        let shape = b.pick([
            "", ", \"shape\": { \"verticalBeam\": 1e9 }", ", \"shape\": { \"roundedRect\": [0, 0] }",
            ", \"shape\": { \"path\": [[0, 0], [1e6, 0], [0, 1e-6]] }", ", \"shape\": { \"circle\": 0 }",
        ])
        let style =
            "{ \"effect\": \(b.pick(["\"automatic\"", "\"highlight\"", "\"lift\"", "\"hover\"", "\"hidden\""]))\(shape), \"constrainedAxes\": \(b.pick(["\"none\"", "\"both\""])), \"accessories\": [\(accessories.joined(separator: ", "))] }"
        regions.append(
            "{ \"id\": \"g\(i)\", \"rect\": [\(b.coordinate()), \(b.coordinate()), \(b.size()), \(b.size())], \"latchingAxes\": \(b.pick(["\"none\"", "\"horizontal\"", "\"vertical\"", "\"both\""])), \"style\": \(style) }"
        )
    }
    let scene = """
        { "format": "pointersim-scene/1",
          "view": { "width": \(width), "height": \(height)\(content) },
          "band": { "profile": \(profile), "hitRule": "\(hitRule)", "initialSelection": [\(initial)]\(autoscroll) },
          "items": \(itemsJSON),
          "regions": [\(regions.joined(separator: ", "))] }
        """
    var trace = "pointersim-trace 1\n"
    var t = 0.0
    while !b.exhausted {
        t += [0, 0.001, 0.016, 0.1, 0.5, 3][b.byte() % 6]
        let time = String(t)
        switch b.byte() % 12 {
        case 0, 1, 2: trace += "\(time) move \(b.coordinate()) \(b.coordinate())\n"
        case 3: trace += "\(time) delta \(b.coordinate()) \(b.coordinate())\n"
        case 4: trace += "\(time) press \(b.pick(["primary", "primary", "secondary", "middle"]))\n"
        case 5: trace += "\(time) release \(b.pick(["primary", "primary", "secondary", "middle"]))\n"
        case 6: trace += "\(time) modifiers \(b.pick(["", "shift", "command", "shift command", "control", "option capsLock"]))\n"
        case 7: trace += "\(time) scroll \(b.coordinate()) \(b.coordinate())\n"
        case 8: trace += "\(time) key \(b.pick(["left", "right", "up", "down", "space", "return", "escape", "tab", "a"]))\n"
        case 9: trace += "\(time) cancel\n"
        case 10: trace += "\(time) invalidate g\(b.byte() % 9)\n"
        default: trace += "\(time) move \(b.byte() * 4) \(b.byte() * 3)\n"
        }
    }
    if Fuzz.dump {  // POINTERSIM_FUZZ_DUMP=1: show the scene and trace an input makes
        Fuzz.show(scene); Fuzz.show(trace)
    }
    // A value outside a documented range is refused clearly: nothing to simulate.
    guard let parsed = Fuzz.resultOrInputError("the scene parser", { try SceneFile.parse(scene, file: "fuzz.scene.json") })
    else { return 0 }
    Fuzz.replay(paths: [Fuzz.write(Array(trace.utf8), name: "a")], scene: parsed)
    return 0
}
