import PointerSimCore

/// Serialises log records as JSON Lines exactly as docs/Formats/Log.md specifies:
/// keys in a fixed order, numbers through `formatLogNumber(_:)`, so that a
/// replay is byte-for-byte reproducible.
public enum LogLine {
    /// The JSON object for one record, without the newline.
    public static func render(_ record: LogRecord) -> String {
        var s = ""
        s.reserveCapacity(192)
        s += "{\"t\":"; appendLogNumber(record.time, to: &s); s += ",\"event\":"
        appendJSONString(record.event.name, to: &s)
        switch record.event {
        case .bandBegan(let rect, let modifiers, let mode):
            s += ",\"rect\":" + rectJSON(rect) + ",\"modifiers\":" + stringsJSON(modifiers.names)
            s += ",\"mode\":"; appendJSONString(mode.rawValue, to: &s)
        case .bandSelecting(let rect, let added, let removed):
            s += ",\"rect\":"; appendRect(rect, to: &s)
            s += ",\"added\":"; appendItems(added, to: &s)
            s += ",\"removed\":"; appendItems(removed, to: &s)
        case .bandEnded(let rect, let selection, let cancelled):
            s += ",\"rect\":" + rectJSON(rect) + ",\"selection\":" + itemsJSON(selection)
            s += ",\"cancelled\":" + (cancelled ? "true" : "false")
        case .regionEntered(let region, let effect):
            s += ",\"region\":"; appendJSONString(region, to: &s)
            s += ",\"effect\":"; appendJSONString(effect, to: &s)
        case .regionLatched(let region, let axes):
            s += ",\"region\":"; appendJSONString(region, to: &s)
            s += ",\"axes\":"; appendJSONString(axes.name, to: &s)
        case .regionUnlatched(let region), .regionExited(let region), .regionStyleChanged(let region):
            s += ",\"region\":"; appendJSONString(region, to: &s)
        case .deviceRemoved(let device):
            s += ",\"device\":"; appendJSONString(device, to: &s)
        case .pointer(let f):
            s += ",\"model\":" + pointJSON(f.model) + ",\"presented\":" + pointJSON(f.presented)
            s += ",\"shape\":" + shapeJSON(f.shape) + ",\"content\":" + numbersJSON([f.content.dx, f.content.dy])
            s += ",\"accessories\":["
            for (i, a) in f.accessories.enumerated() {
                if i > 0 { s += "," }
                s += "{\"center\":" + pointJSON(a.center) + ",\"angle\":" + formatLogNumber(a.angle)
                if i < f.accessoryAlphas.count { s += ",\"alpha\":" + formatLogNumber(f.accessoryAlphas[i]) }
                s += "}"
            }
            s += "]"
        case .selectionChanged(let cause, let added, let removed):
            s += ",\"cause\":"; appendJSONString(cause.rawValue, to: &s)
            s += ",\"added\":" + itemsJSON(added) + ",\"removed\":" + itemsJSON(removed)
        case .focusMoved(let item), .itemPrimaryAction(let item):
            s += ",\"item\":"; appendJSONString(item, to: &s)
        case .itemKeyCommand(let item, let key, let modifiers):
            s += ",\"item\":"; appendJSONString(item, to: &s)
            s += ",\"key\":"; appendJSONString(key, to: &s)
            s += ",\"modifiers\":" + stringsJSON(modifiers.names)
        case .contextMenuRequested(let point, let items), .contextMenuFlocked(let point, let items), .editingBegan(let point, let items):
            s += ",\"point\":" + pointJSON(point) + ",\"items\":" + stringsJSON(items)
        case .dragBegan(let point, let items):
            s += ",\"point\":" + pointJSON(point) + ",\"items\":" + itemsJSON(items)
        case .dragMoved(let point, let offset):
            s += ",\"point\":" + pointJSON(point) + ",\"offset\":" + numbersJSON([offset.dx, offset.dy])
        case .dragEnded(let point, let offset, let items, let cancelled):
            s += ",\"point\":" + pointJSON(point) + ",\"offset\":" + numbersJSON([offset.dx, offset.dy]) + ",\"items\":" + itemsJSON(items)
            s += ",\"cancelled\":" + (cancelled ? "true" : "false")
        case .itemGeometryChanged(let item, let rect):
            s += ",\"item\":"; appendJSONString(item, to: &s)
            s += ",\"rect\":" + rectJSON(rect)
        }
        s += "}"
        return s
    }

    /// ``rectJSON(_:)`` appended to `s`.
    static func appendRect(_ r: Rect, to s: inout String) {
        s += "["; appendLogNumber(r.x, to: &s); s += ","; appendLogNumber(r.y, to: &s)
        s += ","; appendLogNumber(r.width, to: &s); s += ","; appendLogNumber(r.height, to: &s); s += "]"
    }

    /// ``itemsJSON(_:)`` appended to `s`.
    static func appendItems(_ list: LogItemList, to s: inout String) {
        guard list.runs == nil else { s += itemsJSON(list); return }
        s += "["
        var first = true
        for v in list {
            if !first { s += "," }
            first = false
            appendJSONString(v, to: &s)
        }
        s += "]"
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
