import FuzzSupport
import PointerSimCore
import PointerSimFormats

/// Keyboard focus and selection operations (issue #21): the bytes build a
/// scene (each profile; multiple or single selection, focus on or off,
/// selection following focus, editing; a grid of up to 96 × 96 items or up to
/// 40 items that overlap, touch and nest, with an initial selection) and a
/// session that is mostly keys — arrows, Shift+arrows, Space, Return,
/// select-all with each profile's modifier, Escape, Tab, letters — with
/// clicks, Shift-, Command- and Control-clicks, bands and cancels among them.
/// It replays through `pointersim replay`'s path with the simulator's
/// invariants (every selected item valid and selected once, log times in
/// order and finite) and, in this debug build, the selection engine's own
/// checks after every update.
struct Bytes {
    var data: UnsafeBufferPointer<UInt8>, at = 0
    var exhausted: Bool { at >= data.count }
    mutating func byte() -> Int { guard at < data.count else { return 0 }; defer { at += 1 }; return Int(data[at]) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[byte() % xs.count] }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var b = Bytes(data: Fuzz.bytes(data, size))
    let profile = b.pick(["uikit", "qt", "gtk"])
    func flag() -> String { b.byte() % 2 == 0 ? "true" : "false" }
    let selection =
        "{ \"multiple\": \(b.byte() % 4 == 0 ? "false" : "true"), \"focus\": \(b.byte() % 5 == 0 ? "false" : "true"), \"selectionFollowsFocus\": \(flag()), \"editing\": \(b.byte() % 6 == 0 ? "true" : "false") }"
    let items: String
    var initial: [String] = []
    let grid = b.byte() % 3 != 0
    var count = 0
    if grid {
        let rows = 1 + b.byte() % 96, columns = 1 + b.byte() % 96
        count = rows * columns
        let pitch = b.pick(["[12, 10]", "[10, 10]", "[0, 10]", "[10, 0]", "[-12, 10]", "[1, 1]"])
        items = "{ \"grid\": { \"rows\": \(rows), \"columns\": \(columns), \"origin\": [4, 4], \"size\": [10, 8], \"pitch\": \(pitch) } }"
        for _ in 0..<(b.byte() % 4) { initial.append("\"r\(b.byte() % rows)c\(b.byte() % columns)\"") }
    } else {
        count = b.byte() % 41
        var list: [String] = []
        for i in 0..<count {
            list.append(
                "{ \"id\": \"i\(i)\", \"rect\": [\(b.byte() * 4), \(b.byte() * 3), \(b.pick(["0", "1", "20", "300"])), \(b.pick(["0", "1", "20", "300"]))] }"
            )
        }
        items = "[" + list.joined(separator: ", ") + "]"
        if count > 0 { for _ in 0..<(b.byte() % 4) { initial.append("\"i\(b.byte() % count)\"") } }
    }
    _ = count
    let scene = """
        { "format": "pointersim-scene/1", "band": { "profile": "\(profile)", "initialSelection": [\(initial.joined(separator: ", "))] },
          "selection": \(selection), "items": \(items) }
        """
    let selectAll = profile == "uikit" ? "command" : b.pick(["control", "command", "meta"])
    var trace = "pointersim-trace 1\n"
    var t = 0.0
    while !b.exhausted {
        t += [0, 0.001, 0.02, 0.3][b.byte() % 4]
        let time = String(t)
        switch b.byte() % 16 {
        case 0, 1, 2, 3: trace += "\(time) key \(b.pick(["left", "right", "up", "down"]))\n"
        case 4: trace += "\(time) key \(b.pick(["space", "return", "escape", "tab", "a", "z"]))\n"
        case 5: trace += "\(time) modifiers \(b.pick(["", "shift", selectAll, "shift \(selectAll)", "option", "control", "meta"]))\n"
        case 6: trace += "\(time) modifiers \(selectAll)\n\(time) key a\n"
        case 7: trace += "\(time) modifiers shift\n\(time) key \(b.pick(["left", "right", "up", "down"]))\n"
        case 8, 9: trace += "\(time) move \(b.byte() * 4) \(b.byte() * 3)\n\(time) press primary\n\(time) release primary\n"
        case 10: trace += "\(time) press primary\n"
        case 11: trace += "\(time) release primary\n"
        case 12: trace += "\(time) move \(b.byte() * 4) \(b.byte() * 3)\n"
        case 13: trace += "\(time) press secondary\n\(time) release secondary\n"
        case 14: trace += "\(time) cancel\n"
        default: trace += "\(time) modifiers\n"
        }
    }
    if Fuzz.dump { Fuzz.show(scene); Fuzz.show(trace) }
    guard let parsed = Fuzz.resultOrInputError("the scene parser", { try SceneFile.parse(scene, file: "fuzz.scene.json") })
    else { return 0 }
    Fuzz.replay(paths: [Fuzz.write(Array(trace.utf8), name: "a")], scene: parsed)
    return 0
}
