import FuzzSupport
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimPipeline

/// The JSON log (issue #21; the viewer has no reader of its own in Swift:
/// its page carries the log as columns the renderer writes, and the log's
/// lines are JSON read by `JSONParser`). Any bytes as JSON Lines: each of
/// the first 32 lines parses to a node or an `InputError` naming the line;
/// then the first 48 bytes drive
/// a short session whose log is rendered, and every rendered line must
/// parse back as one JSON object with a finite `t`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    var n = 0
    for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
        n += 1
        let text = String(decoding: line, as: UTF8.self)
        if let node = Fuzz.resultOrInputError("the JSON parser", { try JSONParser.parse(text, file: "fuzz.jsonl") }) {
            _ = node
        }
        if n >= 32 { break }
    }
    // The log the simulator writes for a trace the bytes make: every line is JSON.
    var trace = "pointersim-trace 1\n"
    var t = 0.0
    for (k, byte) in bytes.prefix(48).enumerated() {
        t += Double(byte % 7) * 0.013
        switch byte % 9 {
        case 0, 1: trace += "\(t) move \(Int(byte) * 4 % 1024) \(k * 7 % 768)\n"
        case 2: trace += "\(t) press primary\n"
        case 3: trace += "\(t) release primary\n"
        case 4: trace += "\(t) modifiers \(["", "shift", "command", "control"][Int(byte) % 4])\n"
        case 5: trace += "\(t) key \(["left", "right", "up", "down", "space", "a", "escape"][Int(byte) % 7])\n"
        case 6: trace += "\(t) scroll 0 \(Int(byte) - 128)\n"
        case 7: trace += "\(t) press secondary\n\(t) release secondary\n"
        default: trace += "\(t) cancel\n"
        }
    }
    let path = Fuzz.write(Array(trace.utf8), name: "session.trace")
    var checker = Invariants()
    _ = Fuzz.resultOrInputError("replay") {
        try Replay.forEachStep(paths: [path], scene: .default, options: SimulationOptions(verbose: true)) { step, sim in
            checker.check(step.records, sim)
            for r in step.records {
                let line = LogLine.render(r)
                guard case .object(let fields)? = (try? JSONParser.parse(line, file: "log"))?.value else {
                    preconditionFailure("a log line that is not a JSON object: \(line)")
                }
                guard let tNode = fields.first(where: { $0.0 == "t" })?.1, case .number(let tv) = tNode.value, tv.isFinite else {
                    preconditionFailure("a log line without a finite t: \(line)")
                }
            }
        }
    }
    return 0
}
