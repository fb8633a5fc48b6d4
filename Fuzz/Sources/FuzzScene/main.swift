import PointerSimFormats

/// Any bytes: the JSON parser and scene decoder either return a scene or throw
/// an InputError naming a line; they must never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? SceneFile.parse(text, file: "fuzz")
    return 0
}
