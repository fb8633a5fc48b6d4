import PointerSimCore
import PointerSimFormats

/// A replay told in words, one line per moment (`pointersim replay --narrate`,
/// the demos): what a band selects, which handles appear with which arrows,
/// latches, resizes, the accessories fading out. Built from the log records
/// (with `pointer` lines, for the accessories) and the scene.
@_spi(Benchmarks) public struct Narration {
    let scene: SimulationScene
    /// The rects the log gave items (resizes say from → to); an item not
    /// resized yet has its first scene item's rect (`sceneRects`, built at the
    /// first resize).
    var rects: [String: Rect] = [:]
    var sceneRects: [String: Rect]?
    /// The handles (item regions shown for a selected item), by item: their
    /// positions in the scene's item regions.
    let handleRegions: [String: [Int]]
    /// The selected items that have handles (only those are followed: the
    /// narration reads each line's diff, never the whole selection).
    var selectedWithHandles: Set<String> = []
    /// The accessories shown by the last `pointer` line: none, shown (or fading
    /// in), fading out; and their least opacity then.
    var accessories = AccessoryState.none
    var lastAlpha = 1.0
    enum AccessoryState { case none, shown, fadingOut }
    /// The region the pointer is in (its arrows name the accessories).
    var region: String?
    /// Why nothing happened: the primary press held now (where, in which
    /// region, whether the region took it, whether the pointer went past the
    /// band threshold), whether a line said something happened since it,
    /// and the inputs and presses seen.
    var held: (point: Point, region: String?, claimed: Bool, reached: Bool)?
    var happened = false
    var inputs = 0, presses = 0, lastTime = 0.0

    /// A narration of replays over `scene`.
    @_spi(Benchmarks) public init(scene: SimulationScene) {
        self.scene = scene
        var handles: [String: [Int]] = [:]
        for (k, r) in scene.itemRegions.enumerated() where r.presence != .focused { handles[r.item, default: []].append(k) }
        handleRegions = handles
        if !handles.isEmpty { selectedWithHandles = Set(scene.initialSelection.filter { handles[$0] != nil }) }
    }

    /// The lines, in words, that `record` adds (none for most `pointer` lines).
    @_spi(Benchmarks) public mutating func describe(_ record: LogRecord) -> [String] {
        let t = record.time
        lastTime = t
        return describeEvent(record.event).map { Self.time(t) + "  " + $0 }
    }

    /// The lines of one replay step: its records (``describe(_:)``) and, when
    /// a primary press and its release changed nothing, why (the region took
    /// the press, the pointer stayed under the band threshold, the scene has
    /// no items). `simulator` is the simulator after the step.
    package mutating func describe(step event: PointerEvent?, records: [LogRecord], simulator sim: Simulator) -> [String] {
        guard let e = event else { return records.flatMap { describe($0) } }
        inputs += 1
        lastTime = e.time
        switch e.kind {
        case .press(.primary):
            presses += 1
            happened = false
            let out = records.flatMap { describe($0) }
            held = (sim.contentPoint, sim.regions.current?.id, sim.regionClaimsPress, false)
            return out
        case .release(.primary):
            let out = records.flatMap { describe($0) }
            defer { held = nil }
            guard let h = held, !happened else { return out }
            return out + [Self.time(e.time) + "  " + quietPress(h, at: sim.contentPoint)]
        default:
            let out = records.flatMap { describe($0) }
            if var h = held, !h.reached, scene.band.profile.thresholdReached(by: sim.contentPoint - h.point) { h.reached = true; held = h }
            return out
        }
    }

    /// Why a press and its release changed nothing.
    func quietPress(_ h: (point: Point, region: String?, claimed: Bool, reached: Bool), at end: Point) -> String {
        let at = "press at \(Self.point(h.point)) and release: nothing happened"
        if h.claimed, let r = h.region { return at + ", the press went to \(r) (a control: it takes the press, so no band and no click)" }
        if scene.items.isEmpty {
            return at + (h.reached ? ", a band would have selected here but the scene has no items" : ", the scene has no items")
        }
        if !h.reached {
            let p = scene.band.profile
            let d = end - h.point
            let moved = p.thresholdMetric == .euclidean ? (d.dx * d.dx + d.dy * d.dy).squareRoot() : Swift.max(Swift.abs(d.dx), Swift.abs(d.dy))
            return at
                + ", the pointer moved \(formatLogNumber((moved * 100).rounded() / 100)) pt, under the band threshold of \(formatLogNumber(p.threshold)) pt (\(p.name)), and the click changed nothing"
        }
        return at + ": the click and the drag changed nothing"
    }

    /// The lines at the end of a replay: when there was no primary press at
    /// all, that says so (nothing was clicked, no band drawn).
    package func finish() -> [String] {
        guard presses == 0 else { return [] }
        return [
            Self.time(lastTime) + "  " + "no press in \(inputs) input\(inputs == 1 ? "" : "s"): no click, no band, nothing selected by the pointer"
        ]
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

    /// The handles of these items, in the scene's order of item regions.
    func handles(of items: Set<String>) -> [String] {
        items.flatMap { handleRegions[$0] ?? [] }.sorted().map { scene.itemRegions[$0].region.id }
    }

    /// The handles that appear and go with a change of the selection: read
    /// from the diff (O(changed)), and not at all in a scene without handles.
    mutating func selectionChange(added: some Collection<String>, removed: some Collection<String>) -> [String] {
        guard !handleRegions.isEmpty else { return [] }
        var appear = Set<String>(), go = Set<String>()
        for id in removed where handleRegions[id] != nil { if selectedWithHandles.remove(id) != nil { go.insert(id) } }
        for id in added where handleRegions[id] != nil {
            if selectedWithHandles.insert(id).inserted, go.remove(id) == nil { appear.insert(id) }
        }
        var out: [String] = []
        if !appear.isEmpty { out.append("handles " + Self.list(handles(of: appear)) + " appear") }
        if !go.isEmpty { out.append("handles " + Self.list(handles(of: go)) + " go") }
        return out
    }

    mutating func describeEvent(_ e: LogEvent) -> [String] {
        switch e {
        case .bandBegan(let r, _, let mode):
            happened = true
            return ["band begins at \(Self.point(Point(x: r.x, y: r.y))) (\(mode.rawValue))"]
        case .bandSelecting(_, let added, let removed):
            var out: [String] = []
            if added.count > 0 { out.append("band selects " + Self.list(added)) }
            if removed.count > 0 { out.append("band lets go of " + Self.list(removed)) }
            if !out.isEmpty { happened = true }
            return out + selectionChange(added: added, removed: removed)
        case .bandEnded(_, let selection, let cancelled):
            let head =
                cancelled
                ? "band cancelled: the selection is back to " + Self.list(selection)
                : "band ends: \(selection.count) selected (" + Self.list(selection) + ")"
            var out = [head]
            if !cancelled && scene.items.isEmpty {
                out.append("the scene has no items, so the band had nothing to select (give the scene \"items\")")
            }
            // The band's whole selection is read only when handles follow it.
            guard !handleRegions.isEmpty else { return out }
            let handles = handleRegions, now = Set(selection.lazy.filter { handles[$0] != nil })
            return out + selectionChange(added: now.subtracting(selectedWithHandles), removed: selectedWithHandles.subtracting(now))
        case .selectionChanged(let cause, let added, let removed):
            var parts: [String] = []
            if added.count > 0 { parts.append("selects " + Self.list(added)) }
            if removed.count > 0 { parts.append("deselects " + Self.list(removed)) }
            if !parts.isEmpty { happened = true }
            return ["\(cause.rawValue) " + (parts.isEmpty ? "changes nothing" : parts.joined(separator: ", "))]
                + selectionChange(added: added, removed: removed)
        case .regionEntered(let region, let effect):
            self.region = region
            return ["pointer enters \(region) (\(effect))" + arrows(ofRegion: region)]
        case .regionLatched(let region, let axes):
            happened = true
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
            happened = true
            return ["focus moves to \(item)"]
        case .itemPrimaryAction(let item):
            happened = true
            return ["\(item)'s primary action (activated)"]
        case .itemKeyCommand(let item, let key, let modifiers):
            return ["key command \((modifiers.names + [key]).joined(separator: "+")) to \(item)"]
        case .contextMenuRequested(let p, let items):
            happened = true
            return ["context menu requested at \(Self.point(p))" + (items.isEmpty ? " on empty space" : " for " + Self.list(items))]
        case .contextMenuFlocked(let p, let items):
            return ["\(Self.list(items)) flock together at \(Self.point(p))"]
        case .itemGeometryChanged(let item, let r):
            happened = true
            if sceneRects == nil {
                var first: [String: Rect] = [:]
                for item in scene.items where first[item.id] == nil { first[item.id] = item.rect }
                sceneRects = first
            }
            let old = rects[item] ?? sceneRects?[item]
            rects[item] = r
            guard let o = old else { return ["\(item) is now \(formatLogNumber(r.width)) × \(formatLogNumber(r.height))"] }
            var parts: [String] = []
            if o.width != r.width { parts.append("width \(formatLogNumber(o.width)) → \(formatLogNumber(r.width))") }
            if o.height != r.height { parts.append("height \(formatLogNumber(o.height)) → \(formatLogNumber(r.height))") }
            if o.x != r.x || o.y != r.y { parts.append("origin \(Self.point(Point(x: o.x, y: o.y))) → \(Self.point(Point(x: r.x, y: r.y)))") }
            return ["resize \(item): " + (parts.isEmpty ? "unchanged" : parts.joined(separator: ", "))]
        case .editingBegan(let p, let items):
            happened = true
            return ["editing begins (a band outside edit mode) at \(Self.point(p))" + (items.isEmpty ? "" : " on " + Self.list(items))]
        case .dragBegan(_, let items):
            happened = true
            return ["drag begins with " + Self.list(items)]
        case .dragMoved:
            return []
        case .dragEnded(_, let offset, let items, let cancelled):
            return [
                (cancelled ? "drag cancelled: " : "drag drops ") + Self.list(items)
                    + " moved by (\(formatLogNumber(offset.dx)), \(formatLogNumber(offset.dy)))"
            ]
        case .pointer(let f):
            let alpha = f.accessoryAlphas.min() ?? 1
            let now: AccessoryState =
                f.accessories.isEmpty
                ? .none
                : accessories != .none && alpha < 1 && (alpha < lastAlpha || accessories == .fadingOut) ? .fadingOut : .shown
            let what =
                region.map { arrows(ofRegion: $0) }.flatMap { $0.hasPrefix(" with arrows ") ? "arrows " + $0.dropFirst(" with arrows ".count) : nil }
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
