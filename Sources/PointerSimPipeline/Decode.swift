import PointerSimFormats
import PointerSimInput

/// `pointersim decode`: raw recordings in, what libinput would emit for them
/// out, one JSON object per line (docs/Formats/Decoded.md).
public enum Decode {
    /// Decodes `paths` (evemu or `libinput record` recordings; a `.desc`
    /// followed by its `.events` counts as one) through one seat, merged by
    /// timestamp, and writes each decoded event to `sink` as it is produced.
    /// After the last event, timers run for `tail` µs more and every device is
    /// removed, as libinput's reference runs do.
    /// - Throws: `InputError` for unreadable or malformed input; lines
    ///   already written stay complete.
    @usableFromInline package static func run(paths: [String], configuration: DecoderConfiguration, tail: Int64 = 2_000_000, sink: OutputSink) throws
    {
        var names: [String] = []
        try forEachEvent(paths: paths, configuration: configuration, tail: tail, devices: { names = $0 }) { e in
            if let line = DecodedLine.render(e, deviceName: names[e.device]) { try sink.writeLine(line) }
        }
    }

    /// Decodes `paths` and hands every decoded event to `body` in order.
    /// `devices` is called once, before the first event, with each device's
    /// display name (its name; a repeated name gets ` #2`, ` #3`…).
    public static func forEachEvent(
        paths: [String],
        configuration: DecoderConfiguration,
        tail: Int64 = 2_000_000,
        devices: ([String]) throws -> Void = { _ in },
        _ body: (DecodedEvent) throws -> Void
    ) throws {
        let readers = try TraceInputs.openRecordings(paths: paths)
        let all = readers.flatMap(\.devices)
        var seen: [String: Int] = [:]
        var names: [String] = []
        for d in all {
            let n = seen[d.name, default: 0] + 1
            seen[d.name] = n
            names.append(n == 1 ? d.name : d.name + " #\(n)")
        }
        try devices(names)
        // The one raw merge (earliest first, ties to the lower device), on raw
        // times; the devices are added at the time of the first event.
        var raw = RawEventMerge(rebasing: false)
        for r in readers { for (d, s) in zip(r.devices, r.streams) { _ = raw.addDevice(d, stream: s) } }
        var pipeline = DecodePipeline(configuration: configuration)
        var out: [DecodedEvent] = []
        out.reserveCapacity(64)
        // What was decoded before a malformed line is out before its error.
        while let item = try raw.next() {
            switch item {
            case .added(let d, let t): pipeline.addDevice(raw.devices[d], at: t, into: &out)
            case .event(let d, let e): pipeline.feed(device: d, e, into: &out)
            case .removed(let d, let t): pipeline.removeDevice(d, at: t, into: &out)
            }
            if !out.isEmpty {
                for e in out { try body(e) }
                out.removeAll(keepingCapacity: true)
            }
        }
        pipeline.finish(tail: tail, into: &out)
        for e in out { try body(e) }
    }
}
