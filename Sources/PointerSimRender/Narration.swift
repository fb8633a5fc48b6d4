import PointerSimCore
import PointerSimFormats

/// A replay told in words, one line per moment (`pointersim replay --narrate`,
/// the demos): what a band selects, which handles appear with which arrows,
/// latches, resizes, the accessories fading out. Built from the log records
/// (with `pointer` lines, for the accessories) and the scene.
package struct Narration {
    let scene: SimulationScene
    /// Each item's rect as the log last gave it (resizes say from → to).
    var rects: [String: Rect] = [:]
    var selected: Set<String>
    /// The accessories shown by the last `pointer` line: none, shown (or fading
    /// in), fading out; and their least opacity then.
    var accessories = AccessoryState.none
    var lastAlpha = 1.0
    enum AccessoryState { case none, shown, fadingOut }
    /// The region the pointer is in (its arrows name the accessories).
    var region: String?

    /// A narration of replays over `scene`.
    package init(scene: SimulationScene) {
        self.scene = scene
        for item in scene.items where rects[item.id] == nil { rects[item.id] = item.rect }
        selected = Set(scene.initialSelection)
    }

    /// The lines, in words, that `record` adds (none for most `pointer` lines).
    package mutating func describe(_ record: LogRecord) -> [String] {
        let t = record.time
        return describeEvent(record.event).map { Self.time(t) + "  " + $0 }
    }

    static func time(_ t: Double) -> String {
        let s = formatLogNumber((t * 1000).rounded() / 1000)
        return String(repeating: " ", count: Swift.max(0, 7 - s.count)) + s + " s"
    }

    static func list(_ ids: some Collection<String>, limit: Int = 6) -> String {
        if ids.isEmpty { return "nothing" }
        let shown = ids.prefix(limit).joined(separator: ", ")
        return ids.count > limit ? shown + " and \(ids.count - limit) more" : shown
    }

    static func point(_ p: Point) -> String { "(\(formatLogNumber(p.x)), \(formatLogNumber(p.y)))" }

    /// The arrows of a region's style, as the directions they point: "←→".
    func arrows(ofRegion id: String) -> String {
        let style = scene.regions.first { $0.id == id }?.style ?? scene.itemRegions.first { $0.region.id == id }?.region.style
        guard let accessories = style?.accessories, !accessories.isEmpty else { return "" }
        let marks = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
        let glyphs = accessories.map { a -> String in
            let k = Int(((a.position.angle / (2 * .pi) * 8).rounded()).truncatingRemainder(dividingBy: 8) + 8) % 8
            if case .arrow = a.shape { return marks[k] }
            return "◆"
        }
        // left before right, top before bottom: ← → and ↑ ↓ read as the axis they latch
        let order = ["←", "↑", "↖", "↙", "→", "↓", "↗", "↘", "◆"]
        let sorted = glyphs.sorted { (order.firstIndex(of: $0) ?? 9) < (order.firstIndex(of: $1) ?? 9) }
        return " with " + (glyphs.allSatisfy { $0 != "◆" } ? "arrows " : "accessories ") + sorted.joined()
    }

    /// The handles (item regions) of items, by item.
    func handles(of items: [String]) -> [String] {
        scene.itemRegions.filter { items.contains($0.item) && $0.presence != .focused }.map(\.region.id)
    }

    mutating func selectionChange(added: [String], removed: [String]) -> [String] {
        let before = selected
        selected.subtract(removed); selected.formUnion(added)
        let appear = handles(of: scene.items.map(\.id).filter { selected.contains($0) && !before.contains($0) })
        let go = handles(of: scene.items.map(\.id).filter { !selected.contains($0) && before.contains($0) })
        var out: [String] = []
        if !appear.isEmpty { out.append("handles " + Self.list(appear) + " appear") }
        if !go.isEmpty { out.append("handles " + Self.list(go) + " go") }
        return out
    }

    mutating func describeEvent(_ e: LogEvent) -> [String] {
        switch e {
        case .bandBegan(let r, _, let mode):
            return ["band begins at \(Self.point(Point(x: r.x, y: r.y))) (\(mode.rawValue))"]
        case .bandSelecting(_, let added, let removed):
            var out: [String] = []
            if added.count > 0 { out.append("band selects " + Self.list(Array(added))) }
            if removed.count > 0 { out.append("band lets go of " + Self.list(Array(removed))) }
            return out + selectionChange(added: Array(added), removed: Array(removed))
        case .bandEnded(_, let selection, let cancelled):
            let now = Array(selection)
            let added = now.filter { !selected.contains($0) }, removed = selected.filter { !now.contains($0) }
            let head = cancelled ? "band cancelled: the selection is back to " + Self.list(now)
                : "band ends: \(now.count) selected (" + Self.list(now) + ")"
            return [head] + selectionChange(added: added, removed: Array(removed))
        case .selectionChanged(let cause, let added, let removed):
            var parts: [String] = []
            if added.count > 0 { parts.append("selects " + Self.list(Array(added))) }
            if removed.count > 0 { parts.append("deselects " + Self.list(Array(removed))) }
            return ["\(cause.rawValue) " + (parts.isEmpty ? "changes nothing" : parts.joined(separator: ", "))]
                + selectionChange(added: Array(added), removed: Array(removed))
        case .regionEntered(let region, let effect):
            self.region = region
            return ["pointer enters \(region) (\(effect))" + arrows(ofRegion: region)]
        case .regionLatched(let region, let axes):
            let how = axes == .horizontal ? "horizontally" : axes == .vertical ? "vertically" : "on both axes"
            return ["latched \(how) to \(region): the pointer rubber-bands across the other axis"]
        case .regionUnlatched(let region):
            return ["unlatched from \(region)"]
        case .regionExited(let region):
            return ["pointer leaves \(region)"]
        case .regionStyleChanged(let region):
            return ["\(region)'s pointer style changes"]
        case .deviceRemoved(let device):
            return ["device removed: \(device)"]
        case .focusMoved(let item):
            return ["focus moves to \(item)"]
        case .itemPrimaryAction(let item):
            return ["\(item)'s primary action (activated)"]
        case .itemKeyCommand(let item, let key, let modifiers):
            return ["key command \((modifiers.names + [key]).joined(separator: "+")) to \(item)"]
        case .contextMenuRequested(let p, let items):
            return ["context menu requested at \(Self.point(p))" + (items.isEmpty ? " on empty space" : " for " + Self.list(items))]
        case .contextMenuFlocked(let p, let items):
            return ["\(Self.list(items)) flock together at \(Self.point(p))"]
        case .itemGeometryChanged(let item, let r):
            let old = rects[item]
            rects[item] = r
            guard let o = old else { return ["\(item) is now \(formatLogNumber(r.width)) × \(formatLogNumber(r.height))"] }
            var parts: [String] = []
            if o.width != r.width { parts.append("width \(formatLogNumber(o.width)) → \(formatLogNumber(r.width))") }
            if o.height != r.height { parts.append("height \(formatLogNumber(o.height)) → \(formatLogNumber(r.height))") }
            if o.x != r.x || o.y != r.y { parts.append("origin \(Self.point(Point(x: o.x, y: o.y))) → \(Self.point(Point(x: r.x, y: r.y)))") }
            return ["resize \(item): " + (parts.isEmpty ? "unchanged" : parts.joined(separator: ", "))]
        case .editingBegan(let p, let items):
            return ["editing begins (a band outside edit mode) at \(Self.point(p))" + (items.isEmpty ? "" : " on " + Self.list(items))]
        case .dragBegan(_, let items):
            return ["drag begins with " + Self.list(Array(items))]
        case .dragMoved:
            return []
        case .dragEnded(_, let offset, let items, let cancelled):
            return [(cancelled ? "drag cancelled: " : "drag drops ") + Self.list(Array(items)) + " moved by (\(formatLogNumber(offset.dx)), \(formatLogNumber(offset.dy)))"]
        case .pointer(let f):
            let alpha = f.accessoryAlphas.min() ?? 1
            let now: AccessoryState = f.accessories.isEmpty ? .none
                : accessories != .none && alpha < 1 && (alpha < lastAlpha || accessories == .fadingOut) ? .fadingOut : .shown
            let what = region.map { arrows(ofRegion: $0) }.flatMap { $0.hasPrefix(" with arrows ") ? "arrows " + $0.dropFirst(" with arrows ".count) : nil }
                ?? (f.accessories.count == 1 ? "the accessory" : "the accessories")
            defer { accessories = now; lastAlpha = f.accessories.isEmpty ? 1 : alpha }
            switch (accessories, now) {
            case (.none, .shown), (.none, .fadingOut): return ["\(what) appear around the pointer"]
            case (.shown, .fadingOut): return ["\(what) fade out"]
            case (.fadingOut, .shown): return ["\(what) come back"]
            case (.shown, .none), (.fadingOut, .none): return ["\(what) are gone"]
            default: return []
            }
        }
    }
}
