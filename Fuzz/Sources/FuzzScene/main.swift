import FuzzSupport
import PointerSimCore
import PointerSimFormats

/// Any bytes as a scene file: the JSON parser and scene decoder either return
/// a scene or throw an InputError naming a line; a scene they return
/// simulates a fixed short session (a band across the view, a click, a
/// scroll) with the invariants holding after every step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    var warnings: [String] = []
    guard let scene = Fuzz.resultOrInputError("the scene parser", { try SceneFile.parse(text, file: "fuzz", warnings: &warnings) })
    else { return 0 }
    precondition(warnings.count <= 1000, "\(warnings.count) warnings: repeated ones must be summarised")
    Fuzz.replay(paths: [Fuzz.session], scene: scene)
    return 0
}
