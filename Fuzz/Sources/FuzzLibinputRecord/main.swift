import FuzzSupport
import PointerSimFormats

/// Any bytes as a `libinput record` YAML file: the whole-file parser and the
/// streaming reader agree on what is valid, and the file replays over the
/// built-in scene (every device decoded) with the invariants holding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    _ = Fuzz.resultOrInputError("the libinput record parser") {
        try LibinputRecordFormat.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz")
    }
    Fuzz.replay(paths: [Fuzz.write(bytes, name: "a.yaml")])
    return 0
}
