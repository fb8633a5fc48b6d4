import PointerSimFormats

/// Any bytes: the pointersim-trace parser either returns events or throws an
/// InputError with a line; it must never crash, and what it returns must
/// render and parse back to the same events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let events = try? PointerSimTrace.parse(text, file: "fuzz") else { return 0 }
    let again = try? PointerSimTrace.parse(PointerSimTrace.render(events), file: "fuzz-rendered")
    precondition(again?.count == events.count, "render → parse lost events")
    return 0
}
