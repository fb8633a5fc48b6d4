import PointerSimInput

/// `pointersim decode`: raw recordings in, what libinput would emit for them
/// out, one JSON object per line (docs/Formats/Decoded.md).
public enum Decode {
    /// Decodes `paths` (evemu or `libinput record` recordings; a `.desc`
    /// followed by its `.events` counts as one) through one seat, merged by
    /// timestamp, and writes each decoded event to `sink` as it is produced.
    /// After the last event, timers run for `tail` µs more and every device is
    /// removed, as libinput's reference runs do.
    /// - Throws: ``InputError`` for unreadable or malformed input; lines
    ///   already written stay complete.
    public static func run(paths: [String], configuration: DecoderConfiguration, tail: Int64 = 2_000_000, sink: OutputSink) throws {
        var names: [String] = []
        try forEachEvent(paths: paths, configuration: configuration, tail: tail, devices: { names = $0 }) { e in
            if let line = DecodedLine.render(e, deviceName: names[e.device]) { try sink.writeLine(line) }
        }
    }

    /// Decodes `paths` and hands every decoded event to `body` in order.
    /// `devices` is called once, before the first event, with each device's
    /// display name (its name; a repeated name gets ` #2`, ` #3`…).
    public static func forEachEvent(
        paths: [String], configuration: DecoderConfiguration, tail: Int64 = 2_000_000,
        devices: ([String]) throws -> Void = { _ in }, _ body: (DecodedEvent) throws -> Void
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

/// One decoded event as a JSON object (the `decode` output format): keys in a
/// fixed order — `t` (seconds, the frame's `SYN_REPORT` time), `device`,
/// `frame` (the 0-based `SYN_REPORT` index among the device's frames; an event
/// not made by a frame has `origin` instead: `timer`, `removal` or `added`),
/// `event`, then the event's fields. Numbers are printed exactly (the
/// shortest text that reads back as the same double).
public enum DecodedLine {
    /// The line, or `nil` for events that are not libinput's (LED changes,
    /// the kernel's release on unplug).
    public static func render(_ e: DecodedEvent, deviceName: String) -> String? {
        var s = "{\"t\":" + exactSeconds(e.time) + ",\"device\":"
        appendJSONString(deviceName, to: &s)
        switch e.origin {
        case .frame(let n): s += ",\"frame\":" + String(n)
        case .timer: s += ",\"origin\":\"timer\""
        case .removal: s += ",\"origin\":\"removal\""
        case .added: s += ",\"origin\":\"added\""
        }
        switch e.kind {
        case .deviceAdded: s += ",\"event\":\"device.added\""
        case .deviceRemoved: s += ",\"event\":\"device.removed\""
        case .motion(let dx, let dy, let ux, let uy):
            s += ",\"event\":\"motion\",\"dx\":" + exact(dx) + ",\"dy\":" + exact(dy)
            s += ",\"dxUnaccel\":" + exact(ux) + ",\"dyUnaccel\":" + exact(uy)
        case .button(let code, let pressed):
            s += ",\"event\":\"button\",\"button\":" + String(code) + ",\"state\":" + (pressed ? "\"pressed\"" : "\"released\"")
        case .key(let code, let pressed):
            s += ",\"event\":\"key\",\"key\":" + String(code) + ",\"state\":" + (pressed ? "\"pressed\"" : "\"released\"")
        case .scroll(let source, let v, let h, let v120v, let v120h):
            s += ",\"event\":\"scroll\",\"source\":\"" + source.rawValue + "\""
            if let v { s += ",\"vert\":" + exact(v) }
            if let h { s += ",\"horiz\":" + exact(h) }
            if source == .wheel {
                if v != nil, let x = v120v { s += ",\"v120\":" + exact(x) }
                if let x = v120h {
                    s += (v == nil ? ",\"v120\":" : ",\"v120Horiz\":") + exact(x)
                }
            }
        case .gesture(let g):
            s += ",\"event\":\"gesture\",\"gesture\":\"" + g.kind.rawValue + "\",\"phase\":\"" + g.phase.rawValue + "\""
            s += ",\"fingers\":" + String(g.fingers)
            switch g.phase {
            case .begin: break
            case .update:
                s += ",\"dx\":" + exact(g.dx) + ",\"dy\":" + exact(g.dy)
                s += ",\"dxUnaccel\":" + exact(g.dxUnaccelerated) + ",\"dyUnaccel\":" + exact(g.dyUnaccelerated)
                if g.kind == .pinch { s += ",\"scale\":" + exact(g.scale) + ",\"angleDelta\":" + exact(g.angleDelta) }
            case .end: s += ",\"cancelled\":" + (g.cancelled ? "true" : "false")
            }
        case .led, .releasedOnDisconnect:
            return nil
        }
        return s + "}"
    }

    /// A double printed exactly: the shortest text that reads back as the
    /// same value (`-0` as `0`; integral values without `.0`).
    public static func exact(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == 0 { return "0" }
        var t = v.description
        if t.hasSuffix(".0") { t.removeLast(2) }
        return t
    }

    /// Microseconds as exact decimal seconds (`1344928694.025654`, `0.000001`).
    public static func exactSeconds(_ us: Int64) -> String {
        let neg = us < 0
        let m = neg ? UInt64(0) &- UInt64(bitPattern: us) : UInt64(us)
        let whole = m / 1_000_000, frac = m % 1_000_000
        var s = neg ? "-" + String(whole) : String(whole)
        if frac != 0 {
            var f = String(frac)
            while f.count < 6 { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            s += "." + f
        }
        return s
    }
}
