import FuzzSupport

/// Any bytes as an evemu recording split in two files, the description
/// (`.desc`) and the events (`.events`), cut at a line `##split`: replayed
/// like `pointersim replay x.desc x.events`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuSplit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (description, events) = Fuzz.split(Fuzz.bytes(data, size))
    Fuzz.replay(paths: [Fuzz.write(description, name: "a.desc"), Fuzz.write(events, name: "a.events")])
    return 0
}
