import PointerSimCore
import PointerSimFormats

/// Draws a replay (`pointersim render`): a self-contained HTML viewer with a
/// timeline in trace time (``html(_:title:)``) or a static SVG summary of the
/// whole session (``svg(_:)``). Both are built from a ``ReplayCapture``.
public enum ReplayRenderer {
    /// The largest number of items the SVG draws; a larger scene draws the
    /// first ones and says how many were left out.
    @usableFromInline package static let maxDrawnItems = 20_000
    /// Up to this many items get their ids as labels (SVG and viewer).
    @usableFromInline package static let maxLabelledItems = 1_000

    /// The colours of the viewer and the SVG, by band mode.
    static let modeColours: [(mode: String, colour: String)] = [
        ("replace", "#2a6bb8"), ("add", "#2e9d4f"), ("toggle", "#8e44ad"), ("addSticky", "#16a0a0"), ("subtract", "#d35400"),
    ]
    static func modeColour(_ mode: String) -> String { modeColours.first { $0.mode == mode }?.colour ?? "#2a6bb8" }

    /// A static SVG in content coordinates: items with their ids (up to
    /// 1,000), the final selection filled, the regions, every
    /// band's final rect (dashed in its mode's colour; cancelled ones red and
    /// crossed), the initial view, the pointer's path coloured by time, and a legend.
    /// - Complexity: O(items drawn + bands + path points (at most 20,000)).
    public static func svg(_ c: ReplayCapture) -> String {
        let scene = c.scene
        let (w, h) = (scene.view.contentSize.width, scene.view.contentSize.height)
        let legendHeight = 64.0
        let finalSelection = c.finalSelection, final = Set(finalSelection)
        var s =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(Swift.max(w, 560))) \(n(h + legendHeight))\" width=\"\(n(Swift.max(w, 560)))\" height=\"\(n(h + legendHeight))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        s += "<rect width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#fafafa\" stroke=\"#999\"/>\n"
        let labelled = scene.items.count <= maxLabelledItems
        s += "<g id=\"items\" stroke=\"#888\" stroke-width=\"0.5\">\n"
        for item in scene.items.prefix(maxDrawnItems) {
            let r = item.rect
            s +=
                "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" fill=\"\(final.contains(item.id) ? "#4a90e2" : "#e4e4e4")\"><title>\(xml(item.id))</title></rect>\n"
        }
        s += "</g>\n"
        if labelled {
            s += "<g id=\"labels\" text-anchor=\"middle\" fill=\"#333\">\n"
            for item in scene.items {
                let r = item.rect
                let size = Swift.max(4, Swift.min(10, r.height * 0.4, r.width / Double(Swift.max(1, item.id.count)) * 1.7))
                s += "<text x=\"\(n(r.midX))\" y=\"\(n(r.midY + size * 0.35))\" font-size=\"\(n(size))\">\(xml(item.id))</text>\n"
            }
            s += "</g>\n"
        }
        if scene.items.count > maxDrawnItems {
            s += "<text x=\"4\" y=\"12\">\(scene.items.count - maxDrawnItems) items not drawn</text>\n"
        }
        if !scene.regions.isEmpty {
            s += "<g id=\"regions\" fill=\"none\" stroke=\"#9b59b6\" stroke-dasharray=\"3 2\">\n"
            for r in scene.regions {
                s +=
                    "<rect x=\"\(n(r.rect.x))\" y=\"\(n(r.rect.y))\" width=\"\(n(r.rect.width))\" height=\"\(n(r.rect.height))\"><title>region \(xml(r.id))</title></rect>\n"
                s += "<text x=\"\(n(r.rect.x + 2))\" y=\"\(n(r.rect.y - 2))\" fill=\"#9b59b6\" stroke=\"none\">\(xml(r.id))</text>\n"
            }
            s += "</g>\n"
        }
        if scene.view.maxOffset != .zero {
            let o = scene.view.contentOffset
            s +=
                "<rect x=\"\(n(o.dx))\" y=\"\(n(o.dy))\" width=\"\(n(scene.view.size.width))\" height=\"\(n(scene.view.size.height))\" fill=\"none\" stroke=\"#777\" stroke-dasharray=\"8 4\"><title>the view at the start</title></rect>\n"
        }
        s += "<g id=\"bands\" fill=\"none\" stroke-width=\"1.5\">\n"
        for (i, b) in c.bands.enumerated() {
            let r = b.rect
            let colour = b.cancelled ? "#d0021b" : modeColour(b.mode)
            s +=
                "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" stroke=\"\(colour)\" stroke-dasharray=\"4 3\"><title>band \(i + 1): \(b.mode)\(b.cancelled ? ", cancelled" : "")</title></rect>\n"
            if b.cancelled {
                s += "<path d=\"M\(n(r.maxX - 8)),\(n(r.maxY - 8))l8,8m0,-8l-8,8\" stroke=\"#d0021b\"/>\n"
            }
        }
        s += "</g>\n"
        if !c.path.isEmpty {
            // The path in 24 pieces, each coloured by its time (blue → red).
            let pieces = 24, duration = Swift.max(c.duration, 1e-9)
            s += "<g id=\"path\" fill=\"none\" stroke-width=\"1.5\" stroke-linejoin=\"round\">\n"
            var start = 0
            for p in 0..<pieces {
                let tEnd = duration * Double(p + 1) / Double(pieces)
                var end = start
                while end < c.path.count - 1 && c.path[end + 1].time <= tEnd { end += 1 }
                if end > start {
                    s += "<polyline stroke=\"\(timeColour(Double(p) / Double(pieces - 1)))\" points=\""
                    s += c.path[start...end].map { "\(n($0.point.x)),\(n($0.point.y))" }.joined(separator: " ") + "\"/>\n"
                }
                start = end
            }
            s += "</g>\n"
            let last = c.path[c.path.count - 1].point
            s +=
                "<circle cx=\"\(n(last.x))\" cy=\"\(n(last.y))\" r=\"9.5\" fill=\"#333\" fill-opacity=\"0.5\"><title>the pointer at the end</title></circle>\n"
        }
        // Legend.
        let y = h + 14
        s += "<g id=\"legend\" font-size=\"11\">\n"
        s +=
            "<rect x=\"4\" y=\"\(n(y - 9))\" width=\"12\" height=\"10\" fill=\"#4a90e2\" stroke=\"#888\"/><text x=\"20\" y=\"\(n(y))\">selected at the end (\(finalSelection.count))</text>\n"
        s +=
            "<rect x=\"180\" y=\"\(n(y - 9))\" width=\"12\" height=\"10\" fill=\"none\" stroke=\"#9b59b6\" stroke-dasharray=\"3 2\"/><text x=\"196\" y=\"\(n(y))\">pointer region</text>\n"
        s +=
            "<rect x=\"300\" y=\"\(n(y - 9))\" width=\"12\" height=\"10\" fill=\"none\" stroke=\"#d0021b\" stroke-dasharray=\"4 3\"/><text x=\"316\" y=\"\(n(y))\">cancelled band</text>\n"
        var x = 4.0
        for (mode, colour) in modeColours {
            s +=
                "<rect x=\"\(n(x))\" y=\"\(n(y + 9))\" width=\"12\" height=\"10\" fill=\"none\" stroke=\"\(colour)\" stroke-dasharray=\"4 3\"/><text x=\"\(n(x + 16))\" y=\"\(n(y + 18))\">\(mode) band</text>\n"
            x += 112
        }
        s += "<text x=\"4\" y=\"\(n(y + 40))\">pointer path: 0 s</text>\n"
        for i in 0..<24 {
            s += "<rect x=\"\(n(100 + Double(i) * 8))\" y=\"\(n(y + 31))\" width=\"8\" height=\"10\" fill=\"\(timeColour(Double(i) / 23))\"/>\n"
        }
        s +=
            "<text x=\"298\" y=\"\(n(y + 40))\">\(formatLogNumber(c.duration)) s (\(c.bands.count) band\(c.bands.count == 1 ? "" : "s"), \(c.recordCount) log lines)</text>\n"
        s += "</g>\n</svg>\n"
        return s
    }

    /// Blue (0) → red (1), through purple.
    static func timeColour(_ f: Double) -> String {
        let hue = 220 + 140 * Swift.min(1, Swift.max(0, f))
        return "hsl(\(Int(hue) % 360),75%,45%)"
    }

    static func n(_ v: Double) -> String { formatLogNumber(v) }

    static func xml(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
