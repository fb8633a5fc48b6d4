import FuzzSupport
@_spi(Fuzz) import PointerSimFormats
@_spi(Fuzz) import PointerSimInput
import PointerSimPipeline

/// The reference reader of `pointersim decode --compare` (issue #21): any
/// bytes as a libinput reference file, compared with what a real recording
/// decodes to. The streaming reader (one pass over the bytes, what the
/// command runs) must end in figures or an `InputError`; its figures must be
/// consistent (matches never above totals); and for plain ASCII text (no
/// carriage return, tab, vertical tab, form feed or byte order mark, where
/// Swift's `String` and the byte reader see the same lines and words) they
/// must equal those of the whole-text reader, `LibinputReference(text:)`.
let root: String = {
    var path = "\(#filePath)"
    for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// Device 0's decoded events of a touchpad, a mouse and a trackpoint, chosen by the first byte.
let decoded: [[DecodedEvent]] = [
    ["Traces/libinput/touchpad-alps-dualpoint-st.tap.evemu"],
    ["Traces/libinput/mouse-ps2-generic.desc", "Traces/libinput/mouse-ps2-generic.events"],
    ["Traces/libinput/touchpad-alps-glidepoint-semimt.two-finger-tap.evemu"],
].map { paths in
    var out: [DecodedEvent] = []
    try! Decode.forEachEvent(paths: paths.map { root + "/" + $0 }, configuration: DecoderConfiguration()) { if $0.device == 0 { out.append($0) } }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let first = bytes.first else { return 0 }
    let events = decoded[Int(first) % decoded.count]
    let path = Fuzz.write(bytes.dropFirst(), name: "a")
    guard let streamed = Fuzz.resultOrInputError("the streaming reference reader", { try FidelityReport(decoded: events, referencePath: path) })
    else { return 0 }
    precondition(
        streamed.motionMatched <= streamed.motionFrames && streamed.scrollMatched <= streamed.scrollEvents
            && streamed.buttonsMatched <= streamed.buttons,
        "inconsistent figures: \(streamed)"
    )
    precondition(streamed.firstMotionMismatches.count <= 10)
    _ = streamed.summary
    let plain = bytes.dropFirst().allSatisfy { $0 < 0x80 && $0 != 13 && $0 != 9 && $0 != 11 && $0 != 12 }
    if plain {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let whole = FidelityReport(decoded: events, reference: LibinputReference(text: text))
        precondition(whole == streamed, "the streaming reader's figures \(streamed.summary) differ from the whole text's \(whole.summary)")
    }
    return 0
}
