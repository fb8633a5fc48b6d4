import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline

/// Everything the viewer and the SVG summary draw, captured from a replay one
/// step at a time (`Replay.forEachStep(paths:scene:options:_:)`, a
/// `Session`'s steps) in compact
/// columns: memory and page size grow by a few bytes per log line, never by
/// an object per line.
///
/// Per log line: the time delta (ms) and the kind. `pointer` lines: the model
/// pointer (delta), and only when they differ from the line before or from
/// the model pointer, the presented pointer, the shape (a template relative to
/// the presented pointer), the content's parallax offset and the accessories
/// (with their opacities while they fade).
/// `band.selecting` lines: the rect (delta) and the item indices added and
/// removed. Every other line (rare: band.began/ended, region.*, device.removed
/// and kinds this renderer does not know yet) is kept as its log text.
/// Per step, as change lists: the scroll offset, the autoscroll velocity, the
/// buttons and modifiers held, and the current region with its effect, latch
/// and accessory shapes — what the simulator knows and the log does not say.
public struct ReplayCapture {
    /// The scene replayed.
    public let scene: SimulationScene
    /// The most items carried to the page (ids and rects); a larger scene
    /// carries none and its band lines are kept as text.
    @usableFromInline package static let maxItems = 200_000

    // Log lines.
    private(set) var recordCount = 0
    var kinds = ["pointer", "band.began", "band.selecting", "band.ended"]
    var kindIndex: [String: Int] = ["pointer": 0, "band.began": 1, "band.selecting": 2, "band.ended": 3]
    var times = ByteStream()
    var lastTime = 0
    var pointers = ByteStream()
    var pointerCount = 0
    var lastModel = (x: 0, y: 0)
    var shapeTemplates: [String] = [], shapeIndex: [String: Int] = [:], lastShape = -1
    var bandColumn = ByteStream()
    var lastBandRect = (0, 0, 0, 0)
    var rare: [String] = []
    let itemIndex: [String: Int]
    let itemsCarried: Bool

    // Per-step change lists: (record index delta, values…).
    var scrollChanges = ChangeList(), autoscrollChanges = ChangeList(), heldChanges = ChangeList(), regionChanges = ChangeList()
    var accessorySets: [String] = ["[]"], accessorySetIndex: [String: Int] = ["[]": 0]
    let regionIndex: [String: Int]
    static let effects = PointerEffect.allCases.map(\.rawValue)

    // The SVG summary.
    var bands: [(rect: Rect, cancelled: Bool, mode: String)] = []
    var pendingMode = ""
    var path: [(point: Point, time: Double)] = []
    var pathMinDistance = 0.5
    /// The selection after the last log line, kept from the band lines (in scene order on demand).
    var selected: Set<String>
    var finalSelection: [String] { scene.items.compactMap { selected.contains($0.id) ? $0.id : nil } }
    public private(set) var duration = 0.0
    /// The time of the first `band.began`, or nil (`render` says when a band
    /// began over a scene with no items).
    package private(set) var firstBandBegan: Double?

    /// The input events of every source (a recording's decoded ones, a
    /// trace's as written), for the input lanes (nil without any).
    var input: InputLaneCapture?

    /// Several profiles side by side (`render --profiles`): each profile's
    /// selection changes after every input that changed one, as diffs
    /// (`ProfileTrack`); nil without a comparison.
    var profiles: (names: [String], tracks: [ProfileTrack])?

    /// `render --profiles`: at the first input of each difference between the
    /// profiles (and at each activation difference), each profile's deciding
    /// rule as `compare --explain` writes its `"why"` object (JSON text), by
    /// time in ms; the page carries them as `profiles.why`.
    package private(set) var explanations: [(ms: Int, why: String)] = []

    /// Adds the `"why"` object (JSON text) of the input at `time` (simulation clock).
    package mutating func addExplanation(time: Double, why: String) { explanations.append((milli(time), why)) }

    /// An empty capture of a scene.
    public init(scene: SimulationScene) {
        self.scene = scene
        var index: [String: Int] = [:]
        itemsCarried = scene.items.count <= Self.maxItems
        if itemsCarried { for (i, item) in scene.items.enumerated() where index[item.id] == nil { index[item.id] = i } }
        itemIndex = index
        var regions: [String: Int] = [:]
        for (i, r) in scene.regions.enumerated() where regions[r.id] == nil { regions[r.id] = i }
        // Item regions follow in the page's list (only when the items are carried).
        if itemsCarried {
            var k = scene.regions.count
            for r in scene.itemRegions where index[r.item] != nil {
                if regions[r.region.id] == nil { regions[r.region.id] = k }
                k += 1
            }
        }
        regionIndex = regions
        selected = Set(scene.initialSelection)
    }

    /// Replays trace files over a scene (`--verbose`, so every input frame has
    /// a `pointer` line) and captures everything, the input lanes included.
    /// - Throws: `InputError` as `pointersim replay` does.
    public static func replay(paths: [String], scene: SimulationScene, decoder: DecoderConfiguration = DecoderConfiguration()) throws -> ReplayCapture
    {
        try replay(paths: paths, scene: scene, decoder: decoder, profiles: [])
    }

    /// Replays trace files over a scene as ``replay(paths:scene:decoder:)`` does and,
    /// with two or more `profiles`, runs the same inputs under each of them
    /// too (the main replay is the scene's): the viewer shows every profile's
    /// selection side by side on one timeline. Every input is read once.
    /// - Throws: `InputError` as `pointersim replay` does.
    public static func replay(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        profiles: [BandProfile]
    ) throws -> ReplayCapture {
        try replayEach(paths: paths, scene: scene, decoder: decoder, profiles: profiles, keepingEach: false)[0]
    }

    /// `render --profiles`: the inputs read and decoded once and fed, event by
    /// event, to one session per profile (the first profile's replay first,
    /// with the profiles' selection changes; then, with `keepingEach`, each
    /// further profile's own replay). The scene is the caller's with each
    /// profile put in; without `keepingEach` the first replay is the scene's
    /// own profile's and the others only track their selections.
    /// - Complexity: each profile's replay, plus, after an input that changed a
    ///   profile's selection, O(items / 64 + changed) for its diff; inputs that
    ///   change no selection cost O(profiles).
    package static func replayEach(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        profiles: [BandProfile],
        keepingEach: Bool
    ) throws -> [ReplayCapture] {
        var main = scene
        if keepingEach, let p = profiles.first { main.band.profile = p }
        var capture = ReplayCapture(scene: main)
        let comparing = profiles.count >= 2 && capture.itemsCarried
        // A scene whose pointer animates is sampled at 60 Hz while it does
        // (docs/Regions.md, "Presentation over time"), so the page shows the transitions.
        let frames = main.regionConfiguration.animation.isEnabled ? 1.0 / 60 : nil
        let options = SimulationOptions(verbose: true, frameInterval: frames)
        // Further profiles: their own sessions (keepingEach) or bare simulators that only track.
        var others: [ReplayCapture] = [], sessions: [Session] = [], trackers: [Simulator] = []
        if profiles.count >= 2 {
            for (k, p) in profiles.enumerated() where k > 0 || !keepingEach {
                var s = scene
                s.band.profile = p
                if keepingEach {
                    others.append(ReplayCapture(scene: s)); sessions.append(Session(scene: s, options: options))
                } else if comparing {
                    trackers.append(Simulator(scene: s))
                }
            }
        }
        var tracks: [ProfileTrack] = []
        if comparing {
            // The first profile's selection starts as the others' (the scene's initial selection):
            // read from the second session, not from one more simulator of the whole scene.
            if keepingEach { tracks.append(ProfileTrack(sessions[0].simulator)) }
            for s in sessions { tracks.append(ProfileTrack(s.simulator)) }
            for s in trackers { tracks.append(ProfileTrack(s)) }
        }
        // The raw-input lane comes from the same steps: every input is
        // decoded once (`-` and FIFOs have a lane too).
        var lane = InputLaneCapture()
        var scratch: [LogRecord] = []
        _ = try Replay.forEachStep(paths: paths, scene: main, decoder: decoder, options: options) { step, sim in
            capture.add(step.records, simulator: sim)
            guard let e = step.event, let input = step.input else { return }
            // Every input's events, a recording's or a trace's: a press merged in from a trace has its buttons lane too.
            if let l = InputLane.event(for: e) { lane.add(e.time, l) }
            for k in sessions.indices {
                sessions[k].process(e, from: input) { st, s in others[k].add(st.records, simulator: s) }
            }
            for k in trackers.indices {
                scratch.removeAll(keepingCapacity: true)
                trackers[k].process(e, into: &scratch)
            }
            guard comparing else { return }
            if keepingEach {
                tracks[0].update(sim)
                for k in sessions.indices { tracks[k + 1].update(sessions[k].simulator) }
            } else {
                for k in trackers.indices { tracks[k].update(trackers[k]) }
            }
        }
        for k in sessions.indices { sessions[k].finish { st, s in others[k].add(st.records, simulator: s) } }
        // Without the items carried, the names only: the page offers every profile's replay, no tags.
        if comparing || (keepingEach && profiles.count >= 2) { capture.profiles = (profiles.map(\.name), tracks) }
        if lane.count > 0 {
            capture.input = lane
            for k in others.indices { others[k].input = lane }
        }
        return [capture] + others
    }

    /// Adds the records of one step and the simulator's state after it.
    public mutating func add(_ records: [LogRecord], simulator sim: Simulator) {
        guard !records.isEmpty else { return }
        // The state after the step holds from the step's own records on: the
        // pointer frames sampled before its event (`replay --frames`) still
        // show the state before it.
        let first = recordCount + (records.firstIndex { $0.time >= sim.now } ?? records.count - 1)
        for r in records { add(r, scroll: sim.contentOffset) }
        let o = sim.contentOffset
        scrollChanges.set([milli(o.dx), milli(o.dy)], at: first)
        let v = sim.autoscrollVelocity
        autoscrollChanges.set([milli(v.dx), milli(v.dy)], at: first)
        var buttons = 0
        if sim.buttons.contains(.primary) { buttons |= 1 }
        if sim.buttons.contains(.secondary) { buttons |= 2 }
        if sim.buttons.contains(.middle) { buttons |= 4 }
        heldChanges.set([buttons, Int(sim.modifiers.rawValue)], at: first)
        let ri = sim.regions
        if let c = ri.current {
            let maxAcc = Swift.max(0, sim.scene.regionConfiguration.maxAccessories)
            let set = accessorySet((ri.style ?? .system).accessories.prefix(maxAcc), configuration: sim.scene.regionConfiguration)
            regionChanges.set(
                [
                    (regionIndex[c.id] ?? -1) + 1, Self.effects.firstIndex(of: ri.effect.rawValue) ?? 0,
                    ri.isLatched ? Int(c.latchingAxes.rawValue) : 0, set,
                ],
                at: first
            )
        } else {
            regionChanges.set([0, 0, 0, 0], at: first)
        }
    }

    mutating func add(_ r: LogRecord, scroll: Vector) {
        let name = r.event.name
        let kind: Int
        if let k = kindIndex[name] { kind = k } else { kind = kinds.count; kinds.append(name); kindIndex[name] = kind }
        let t = milli(r.time)
        // The time delta (zigzag) and the kind in one varint: (dt << 3) | min(kind, 7),
        // the kind again after it when it is 7 or more.
        let dt = t - lastTime, z = dt >= 0 ? 2 * dt : -2 * dt - 1
        times.u(z * 8 + Swift.min(kind, 7)); lastTime = t
        if kind >= 7 { times.u(kind) }
        recordCount += 1
        duration = Swift.max(duration, r.time)
        switch r.event {
        case .pointer(let f):
            addPointer(f)
            addPathPoint(f.model + scroll, time: r.time)
            return
        case .bandSelecting(let rect, let added, let removed) where itemsCarried:
            selected.subtract(removed); selected.formUnion(added)
            bandRect(rect)
            bandIndices(added); bandIndices(removed)
            return
        case .bandBegan(let rect, _, let mode):
            if firstBandBegan == nil { firstBandBegan = r.time }
            lastBandRect = (milli(rect.x), milli(rect.y), milli(rect.width), milli(rect.height))
            pendingMode = mode.rawValue
        case .bandSelecting(let rect, let added, let removed):
            lastBandRect = (milli(rect.x), milli(rect.y), milli(rect.width), milli(rect.height))
            selected.subtract(removed); selected.formUnion(added)
        case .selectionChanged(_, let added, let removed):
            selected.subtract(removed); selected.formUnion(added)
        case .bandEnded(let rect, let selection, let cancelled):
            lastBandRect = (milli(rect.x), milli(rect.y), milli(rect.width), milli(rect.height))
            bands.append((rect, cancelled, pendingMode))
            selected = Set(selection)
        default:
            break
        }
        rare.append(LogLine.render(r))
    }

    mutating func bandRect(_ rect: Rect) {
        let m = (milli(rect.x), milli(rect.y), milli(rect.width), milli(rect.height))
        bandColumn.s(m.0 - lastBandRect.0); bandColumn.s(m.1 - lastBandRect.1)
        bandColumn.s(m.2 - lastBandRect.2); bandColumn.s(m.3 - lastBandRect.3)
        lastBandRect = m
    }

    mutating func bandIndices(_ ids: LogItemList) {
        bandColumn.u(ids.count)
        var last = -1
        if let (runs, _) = ids.runs {
            for r in runs { for i in r { bandColumn.s(i - last - 1); last = i } }
            return
        }
        for id in ids {
            let i = itemIndex[id] ?? 0
            bandColumn.s(i - last - 1)  // ascending (scene order) → small gaps
            last = i
        }
    }

    mutating func addPointer(_ f: PointerFrame) {
        pointerCount += 1
        let mx = milli(f.model.x), my = milli(f.model.y)
        let px = milli(f.presented.x), py = milli(f.presented.y)
        let cx = milli(f.content.dx), cy = milli(f.content.dy)
        let template = shapeTemplate(f.shape, px: px, py: py)  // -1: written inline
        var flags = 0
        if px != mx || py != my { flags |= 1 }
        if cx != 0 || cy != 0 { flags |= 2 }
        if template != lastShape || template < 0 { flags |= 4 }
        if !f.accessories.isEmpty { flags |= 8 }
        if !f.accessories.isEmpty && !f.accessoryAlphas.isEmpty { flags |= 16 }
        pointers.u(flags)
        pointers.s(mx - lastModel.x); pointers.s(my - lastModel.y)
        lastModel = (mx, my)
        if flags & 1 != 0 { pointers.s(px - mx); pointers.s(py - my) }
        if flags & 2 != 0 { pointers.s(cx); pointers.s(cy) }
        if flags & 4 != 0 {
            pointers.u(template + 1); lastShape = template
            if template < 0 { inlineShape(f.shape, px: px, py: py) }
        }
        if flags & 8 != 0 {
            pointers.u(f.accessories.count)
            for a in f.accessories {
                pointers.s(milli(a.center.x) - px); pointers.s(milli(a.center.y) - py); pointers.s(milli(a.angle))
            }
        }
        if flags & 16 != 0 {
            // Fading accessories: each one's opacity in thousandths (1000 when not given).
            for i in f.accessories.indices { pointers.u(i < f.accessoryAlphas.count ? milli(f.accessoryAlphas[i]) : 1000) }
        }
    }

    /// The shape relative to the presented pointer, as a small JSON template
    /// (numbers in thousandths): `{"c":d}`, `{"r":[dx,dy,w,h,radius]}`,
    /// `{"v":l}`, `{"h":l}`, `{"p":[[dx,dy],…]}`, `{"x":1}` (hidden).
    mutating func shapeTemplate(_ shape: PointerShapeValue, px: Int, py: Int) -> Int {
        let key: String
        switch shape {
        case .circle(let d): key = "{\"c\":\(milli(d))}"
        case .roundedRect(let r, let radius):
            key = "{\"r\":[\(milli(r.x) - px),\(milli(r.y) - py),\(milli(r.width)),\(milli(r.height)),\(milli(radius))]}"
        case .verticalBeam(let l): key = "{\"v\":\(milli(l))}"
        case .horizontalBeam(let l): key = "{\"h\":\(milli(l))}"
        case .path(let points): key = "{\"p\":[" + points.map { "[\(milli($0.x) - px),\(milli($0.y) - py)]" }.joined(separator: ",") + "]}"
        case .hidden: key = "{\"x\":1}"
        }
        if let i = shapeIndex[key] { return i }
        // A shape that keeps changing (a pointer shaped like a growing band)
        // would make a template per line: past 256 templates, new ones go inline.
        guard shapeTemplates.count < Self.maxShapeTemplates else { return -1 }
        shapeTemplates.append(key); shapeIndex[key] = shapeTemplates.count - 1
        return shapeTemplates.count - 1
    }

    static let maxShapeTemplates = 256
    var lastInline = [0, 0, 0, 0, 0]

    /// A shape written in the pointer column: its kind (0 circle, 1 rounded
    /// rect, 2 vertical beam, 3 horizontal beam, 4 path, 5 hidden) and its
    /// numbers in thousandths, relative to the presented pointer; a rounded
    /// rect's as deltas from the previous inline one.
    mutating func inlineShape(_ shape: PointerShapeValue, px: Int, py: Int) {
        switch shape {
        case .circle(let d): pointers.u(0); pointers.s(milli(d))
        case .roundedRect(let r, let radius):
            pointers.u(1)
            let v = [milli(r.x) - px, milli(r.y) - py, milli(r.width), milli(r.height), milli(radius)]
            for i in 0..<5 { pointers.s(v[i] - lastInline[i]) }
            lastInline = v
        case .verticalBeam(let l): pointers.u(2); pointers.s(milli(l))
        case .horizontalBeam(let l): pointers.u(3); pointers.s(milli(l))
        case .path(let points):
            pointers.u(4); pointers.u(points.count)
            for p in points { pointers.s(milli(p.x) - px); pointers.s(milli(p.y) - py) }
        case .hidden: pointers.u(5)
        }
    }

    /// The accessories' shapes as a JSON list the page draws at the centres
    /// and angles of the `pointer` lines: `{"arrow":size}` or `{"shape":{…},"rotates":bool}`.
    mutating func accessorySet(_ accessories: ArraySlice<PointerAccessory>, configuration c: PointerRegionConfiguration) -> Int {
        let key =
            "["
            + accessories.map { a -> String in
                switch a.shape {
                case .arrow: return "{\"arrow\":\(formatLogNumber(c.arrowSize)),\"rotates\":\(a.orientationMatchesAngle)}"
                case .custom(let s): return "{\"shape\":\(Self.styleShapeJSON(s)),\"rotates\":\(a.orientationMatchesAngle)}"
                }
            }.joined(separator: ",") + "]"
        if let i = accessorySetIndex[key] { return i }
        accessorySets.append(key); accessorySetIndex[key] = accessorySets.count - 1
        return accessorySets.count - 1
    }

    /// A style shape (centred, sizes only) as JSON.
    static func styleShapeJSON(_ s: PointerShape) -> String {
        switch s {
        case .roundedRect(let w, let h, let r):
            return "{\"roundedRect\":[\(formatLogNumber(w)),\(formatLogNumber(h)),\(r.map(formatLogNumber) ?? "null")]}"
        case .verticalBeam(let l): return "{\"verticalBeam\":\(formatLogNumber(l))}"
        case .horizontalBeam(let l): return "{\"horizontalBeam\":\(formatLogNumber(l))}"
        case .circle(let d): return "{\"circle\":\(formatLogNumber(d))}"
        case .path(let pts): return "{\"path\":[" + pts.map { "[\(formatLogNumber($0.x)),\(formatLogNumber($0.y))]" }.joined(separator: ",") + "]}"
        }
    }

    /// The pointer path for the SVG, in content coordinates, thinned so that
    /// it never holds more than 20,000 points (the minimum spacing doubles).
    mutating func addPathPoint(_ p: Point, time: Double) {
        if let last = path.last {
            let d = p - last.point
            if d.dx * d.dx + d.dy * d.dy < pathMinDistance * pathMinDistance { return }
        }
        path.append((p, time))
        if path.count > 20_000 {
            path = stride(from: 0, to: path.count, by: 2).map { path[$0] }
            pathMinDistance *= 2
        }
    }
}

/// A change list: entries only where the values change, each as the record
/// index delta from the previous entry and the values (signed varints).
struct ChangeList {
    var stream = ByteStream()
    var last: [Int]? = nil
    var lastIndex = 0
    var count = 0

    mutating func set(_ values: [Int], at index: Int) {
        if values == last { return }
        stream.u(index - lastIndex); lastIndex = index
        for v in values { stream.s(v) }
        last = values
        count += 1
    }
}

extension ReplayCapture {
    /// The number of log lines captured.
    public var lineCount: Int { recordCount }
}

/// One profile's selection over a `render --profiles` replay, as the page
/// reads it: after each input that changed it, the time (ms) and the items
/// added and removed, each as runs of consecutive scene indices, in varints:
/// `dt` (signed), then for the added and the removed items the number of runs
/// and per run its start (signed, from the previous run's end) and its
/// length less one. The page replays these diffs from the scene's initial
/// selection; a change costs the page what it changed, and this file what
/// changed, never the whole selection.
struct ProfileTrack {
    var stream = ByteStream()
    var count = 0
    var lastMs = 0
    var last: ItemBitSet
    var lastChange: UInt64

    init(_ sim: Simulator) {
        last = sim.selectionModel.selection
        lastChange = sim.selectionModel.changeCount
    }

    /// The simulator's selection after an input: a diff when it changed.
    /// - Complexity: O(1) when the model did not change, else O(items / 64 + changed).
    mutating func update(_ sim: Simulator) {
        let model = sim.selectionModel
        guard model.changeCount != lastChange else { return }
        lastChange = model.changeCount
        let now = model.selection
        if last.capacity < now.capacity { last.grow(to: now.capacity) }
        var added: [Range<Int>] = [], removed: [Range<Int>] = []
        now.forEachDifference(from: last) { i in
            if now[i] { Self.extend(&added, i) } else { Self.extend(&removed, i) }
        }
        last = now
        guard !added.isEmpty || !removed.isEmpty else { return }
        let ms = milli(sim.now)
        stream.s(ms - lastMs); lastMs = ms
        Self.write(added, to: &stream); Self.write(removed, to: &stream)
        count += 1
    }

    static func extend(_ runs: inout [Range<Int>], _ i: Int) {
        if let r = runs.last, r.upperBound == i { runs[runs.count - 1] = r.lowerBound..<i + 1 } else { runs.append(i..<i + 1) }
    }

    static func write(_ runs: [Range<Int>], to s: inout ByteStream) {
        s.u(runs.count)
        var end = 0
        for r in runs { s.s(r.lowerBound - end); s.u(r.count - 1); end = r.upperBound }
    }
}
