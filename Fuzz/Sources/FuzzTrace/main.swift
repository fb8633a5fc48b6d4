import FuzzSupport
import PointerSimFormats

/// Any bytes as a `pointersim-trace 1` file: the parser either returns events
/// or throws an InputError with a line; what it returns renders and parses
/// back to the same events; and the file replays over the built-in scene
/// (through the streaming reader `pointersim replay` uses) with the
/// simulator's invariants holding after every step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    if let events = Fuzz.resultOrInputError("the trace parser", { try PointerSimTrace.parse(text, file: "fuzz") }) {
        let again = try? PointerSimTrace.parse(PointerSimTrace.render(events), file: "fuzz-rendered")
        precondition(again?.count == events.count, "render → parse lost events")
    }
    Fuzz.replay(paths: [Fuzz.write(bytes, name: "a")])
    return 0
}
