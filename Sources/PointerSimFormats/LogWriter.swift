import PointerSimCore

/// Serialises log records as JSON Lines exactly as docs/Formats/Log.md specifies:
/// keys in a fixed order, numbers through `formatLogNumber(_:)`, so that a
/// replay is byte-for-byte reproducible.
public enum LogLine {
    /// The JSON object for one record, without the newline.
    public static func render(_ record: LogRecord) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        append(record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``render(_:)``'s bytes appended to `out` (no newline): the writer's
    /// form, with no `String` made for the line, its numbers or its ids.
    /// - Complexity: O(length of the line).
    @usableFromInline package static func append(_ record: LogRecord, to out: inout [UInt8]) {
        var w = LogBytes(out: [])
        swap(&w.out, &out)
        defer { swap(&w.out, &out) }
        w.literal("{\"t\":"); w.number(record.time); w.literal(",\"event\":")
        w.string(record.event.name)
        switch record.event {
        case .bandBegan(let rect, let modifiers, let mode):
            w.literal(",\"rect\":"); w.rect(rect)
            w.literal(",\"modifiers\":"); w.strings(modifiers.names)
            w.literal(",\"mode\":"); w.string(mode.rawValue)
        case .bandSelecting(let rect, let added, let removed):
            w.literal(",\"rect\":"); w.rect(rect)
            w.literal(",\"added\":"); w.items(added)
            w.literal(",\"removed\":"); w.items(removed)
        case .bandEnded(let rect, let selection, let cancelled):
            w.literal(",\"rect\":"); w.rect(rect)
            w.literal(",\"selection\":"); w.items(selection)
            w.literal(",\"cancelled\":"); w.literal(cancelled ? "true" : "false")
        case .regionEntered(let region, let effect):
            w.literal(",\"region\":"); w.string(region)
            w.literal(",\"effect\":"); w.string(effect)
        case .regionLatched(let region, let axes):
            w.literal(",\"region\":"); w.string(region)
            w.literal(",\"axes\":"); w.string(axes.name)
        case .regionUnlatched(let region), .regionExited(let region), .regionStyleChanged(let region):
            w.literal(",\"region\":"); w.string(region)
        case .deviceRemoved(let device):
            w.literal(",\"device\":"); w.string(device)
        case .pointer(let f):
            w.literal(",\"model\":"); w.point(f.model)
            w.literal(",\"presented\":"); w.point(f.presented)
            w.literal(",\"shape\":"); w.text(shapeJSON(f.shape))
            w.literal(",\"content\":"); w.pair(f.content.dx, f.content.dy)
            w.literal(",\"accessories\":[")
            for (i, a) in f.accessories.enumerated() {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                w.literal("{\"center\":"); w.point(a.center)
                w.literal(",\"angle\":"); w.number(a.angle)
                if i < f.accessoryAlphas.count { w.literal(",\"alpha\":"); w.number(f.accessoryAlphas[i]) }
                w.byte(UInt8(ascii: "}"))
            }
            w.byte(UInt8(ascii: "]"))
        case .selectionChanged(let cause, let added, let removed):
            w.literal(",\"cause\":"); w.string(cause.rawValue)
            w.literal(",\"added\":"); w.items(added)
            w.literal(",\"removed\":"); w.items(removed)
        case .focusMoved(let item), .itemPrimaryAction(let item):
            w.literal(",\"item\":"); w.string(item)
        case .itemKeyCommand(let item, let key, let modifiers):
            w.literal(",\"item\":"); w.string(item)
            w.literal(",\"key\":"); w.string(key)
            w.literal(",\"modifiers\":"); w.strings(modifiers.names)
        case .contextMenuRequested(let point, let items), .contextMenuFlocked(let point, let items):
            w.literal(",\"point\":"); w.point(point)
            w.literal(",\"items\":"); w.items(items)
        case .editingBegan(let point, let items):
            w.literal(",\"point\":"); w.point(point)
            w.literal(",\"items\":"); w.strings(items)
        case .dragBegan(let point, let items):
            w.literal(",\"point\":"); w.point(point)
            w.literal(",\"items\":"); w.items(items)
        case .dragMoved(let point, let offset):
            w.literal(",\"point\":"); w.point(point)
            w.literal(",\"offset\":"); w.pair(offset.dx, offset.dy)
        case .dragEnded(let point, let offset, let items, let cancelled):
            w.literal(",\"point\":"); w.point(point)
            w.literal(",\"offset\":"); w.pair(offset.dx, offset.dy)
            w.literal(",\"items\":"); w.items(items)
            w.literal(",\"cancelled\":"); w.literal(cancelled ? "true" : "false")
        case .itemGeometryChanged(let item, let rect):
            w.literal(",\"item\":"); w.string(item)
            w.literal(",\"rect\":"); w.rect(rect)
        }
        w.byte(UInt8(ascii: "}"))
    }

    /// `[x, y, width, height]`.
    @usableFromInline package static func rectJSON(_ r: Rect) -> String { numbersJSON([r.x, r.y, r.width, r.height]) }
    /// `[x, y]`.
    @usableFromInline package static func pointJSON(_ p: Point) -> String { numbersJSON([p.x, p.y]) }

    /// A JSON array of numbers.
    @usableFromInline package static func numbersJSON(_ values: [Double]) -> String {
        "[" + values.map(formatLogNumber).joined(separator: ",") + "]"
    }

    /// A JSON array of strings.
    @usableFromInline package static func stringsJSON(_ values: [String]) -> String {
        var s = "["
        for (i, v) in values.enumerated() {
            if i > 0 { s += "," }
            appendJSONString(v, to: &s)
        }
        return s + "]"
    }

    /// A list of items: `["a1","a7"]`; a list kept as runs (more than
    /// `LogItemList.compactThreshold` items from a selection) as `"all"`
    /// when it is every item of the scene, else
    /// `{"count":N,"ranges":[[FIRST,LAST],…]}` in scene indices, both ends
    /// included (docs/Formats/Log.md, "Long lists").
    @usableFromInline package static func itemsJSON(_ list: LogItemList) -> String {
        guard let (runs, itemCount) = list.runs else { return stringsJSON(Array(list)) }
        if runs.count == 1, runs[0] == 0..<itemCount { return "\"all\"" }
        var s = "{\"count\":" + String(list.count) + ",\"ranges\":["
        for (k, r) in runs.enumerated() {
            if k > 0 { s += "," }
            s += "[" + String(r.lowerBound) + "," + String(r.upperBound - 1) + "]"
        }
        return s + "]}"
    }

    /// A shape object: `{"circle":19}`, `{"roundedRect":[x,y,w,h,r]}`,
    /// `{"verticalBeam":l}`, `{"horizontalBeam":l}`, `{"path":[[x,y],…]}`, `{"hidden":true}`.
    @usableFromInline package static func shapeJSON(_ shape: PointerShapeValue) -> String {
        switch shape {
        case .circle(let d): return "{\"circle\":" + formatLogNumber(d) + "}"
        case .roundedRect(let r, let radius): return "{\"roundedRect\":" + numbersJSON([r.x, r.y, r.width, r.height, radius]) + "}"
        case .verticalBeam(let l): return "{\"verticalBeam\":" + formatLogNumber(l) + "}"
        case .horizontalBeam(let l): return "{\"horizontalBeam\":" + formatLogNumber(l) + "}"
        case .path(let points): return "{\"path\":[" + points.map(pointJSON).joined(separator: ",") + "]}"
        case .hidden: return "{\"hidden\":true}"
        }
    }
}

/// The log line's bytes as ``LogLine/append(_:to:)`` writes them: the same
/// text as the `String` helpers (``formatLogNumber(_:)``,
/// ``appendJSONString(_:to:)``, ``LogLine/itemsJSON(_:)``), appended in place.
struct LogBytes {
    var out: [UInt8]

    @inline(__always) mutating func byte(_ b: UInt8) { out.append(b) }

    /// ASCII text known at compile time.
    @inline(__always) mutating func literal(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Any text, as its UTF-8 bytes.
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    /// ``formatLogNumber(_:)`` of `value`, with no `String` for the usual
    /// values (whole numbers below 10¹⁵, thousandths below 10¹²).
    mutating func number(_ value: Double) {
        guard value.isFinite else { byte(UInt8(ascii: "0")); return }
        if value == value.rounded(), abs(value) < 1e15 {
            let i = Int64(value)
            if i < 0 { byte(UInt8(ascii: "-")) }
            digits(i.magnitude)
            return
        }
        if let k = logThousandths(value) {
            // As formatThousandths: k is not a multiple of 1000.
            if k < 0 { byte(UInt8(ascii: "-")) }
            let m = k.magnitude
            digits(m / 1000)
            byte(UInt8(ascii: "."))
            var f = Int(m % 1000), place = 100
            while f > 0 { byte(UInt8(truncatingIfNeeded: f / place) &+ 48); f %= place; place /= 10 }
            return
        }
        text(formatLogNumberFromText(value))
    }

    /// The decimal digits of `v` (at least one).
    @inline(__always) mutating func digits(_ v: UInt64) {
        if v < 10 { byte(UInt8(truncatingIfNeeded: v) &+ 48); return }
        var t: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a UInt64 has at most 20 digits
        var n = 0
        var m = v
        withUnsafeMutableBytes(of: &t) { d in
            repeat { d[n] = UInt8(truncatingIfNeeded: m % 10) &+ 48; m /= 10; n &+= 1 } while m > 0
            while n > 0 { n &-= 1; out.append(d[n]) }
        }
    }

    /// ``appendJSONString(_:to:)``: quotes, escapes where needed.
    mutating func string(_ s: String) {
        var s = s
        let plain = s.withUTF8 { u -> Bool in
            for b in u where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: u)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !plain {
            var t = ""
            appendJSONString(s, to: &t)
            text(t)
        }
    }

    /// `[x,y]`.
    mutating func pair(_ x: Double, _ y: Double) {
        byte(UInt8(ascii: "[")); number(x); byte(UInt8(ascii: ",")); number(y); byte(UInt8(ascii: "]"))
    }

    mutating func point(_ p: Point) { pair(p.x, p.y) }

    /// `[x,y,width,height]`.
    mutating func rect(_ r: Rect) {
        byte(UInt8(ascii: "[")); number(r.x); byte(UInt8(ascii: ",")); number(r.y)
        byte(UInt8(ascii: ",")); number(r.width); byte(UInt8(ascii: ",")); number(r.height); byte(UInt8(ascii: "]"))
    }

    /// A JSON array of strings.
    mutating func strings(_ values: [String]) {
        byte(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            string(v)
        }
        byte(UInt8(ascii: "]"))
    }

    /// ``LogLine/itemsJSON(_:)``.
    mutating func items(_ list: LogItemList) {
        guard list.runs == nil else { text(LogLine.itemsJSON(list)); return }
        byte(UInt8(ascii: "["))
        var first = true
        for v in list {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            string(v)
        }
        byte(UInt8(ascii: "]"))
    }
}
