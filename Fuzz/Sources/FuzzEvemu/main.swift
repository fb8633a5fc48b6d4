import FuzzSupport

/// Any bytes as one evemu recording (description and events in one file):
/// read, decoded as libinput would for the device it describes, and replayed
/// over the built-in scene, with the invariants holding after every step;
/// bad input ends in an InputError naming the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.replay(paths: [Fuzz.write(Fuzz.bytes(data, size), name: "a")])
    return 0
}
