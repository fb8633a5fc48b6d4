import PointerSimInput

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
    @usableFromInline package static func exact(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == 0 { return "0" }
        var t = v.description
        if t.hasSuffix(".0") { t.removeLast(2) }
        return t
    }

    /// Microseconds as exact decimal seconds (`1344928694.025654`, `0.000001`).
    @usableFromInline package static func exactSeconds(_ us: Int64) -> String {
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
