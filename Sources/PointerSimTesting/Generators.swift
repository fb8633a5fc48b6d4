import PointerSimCore
import PointerSimInput
import PropertyBased

/// A small seeded generator (SplitMix64): the same seed gives the same
/// sessions on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates scenes and pointer sessions biased toward the edges where
/// implementations break: half-pixel ties, items touching, zero-length
/// moves, presses on item edges, the profile's threshold ± 1, the double
/// click's distance and interval ± 1 (pixel, millisecond).
public struct SessionGenerator: Sendable {
    /// What the sessions exercise.
    public enum Kind: String, Sendable, CaseIterable {
        /// Bands of the primary button from empty space, with modifiers held
        /// at the press and changing while the button is down (for a
        /// ``BandSelectionModel``).
        case band
        /// Everything a selection does: bands, clicks and double clicks on
        /// items, modifiers changing mid-drag, keys, secondary presses, cancels.
        case selection
        /// Pointer regions (styles, latching) and motion over them.
        case regions
    }
    /// The kind (default selection).
    public var kind: Kind
    /// The profile of every scene (`nil`: one of the built-in ones, or a
    /// variant of one, per scene).
    public var profile: BandProfile?
    /// Whole pixels only: scale 1, whole-number rects and points (the real
    /// toolkits' harnesses play only those).
    public var wholePixels: Bool
    /// Grid scenes only: cells of one size filling whole rows of the view from
    /// its corner, nothing selected initially (what a grid view, GTK's
    /// GtkGridView, can show exactly); ``maxItems`` does not apply.
    public var grid = false
    /// The most items in a scene (default 4).
    public var maxItems: Int
    /// The most gestures (drags, clicks, keys) in a session (default 3).
    public var maxGestures: Int

    /// Creates a generator.
    public init(kind: Kind = .selection, profile: BandProfile? = nil, wholePixels: Bool = false, maxItems: Int = 4, maxGestures: Int = 3) {
        self.kind = kind; self.profile = profile; self.wholePixels = wholePixels; self.maxItems = maxItems; self.maxGestures = maxGestures
    }

    /// A session (its scene, then its events).
    public func session<R: RandomNumberGenerator>(using rng: inout R) -> ConformanceSession {
        let s = scene(using: &rng)
        return ConformanceSession(scene: s, events: events(over: s, using: &rng))
    }

    /// The sessions of a seed, in order (`pointersim conform --seed S --sessions N`).
    /// Each is made alone (`session(_:seed:)`): session `k` is the same whatever the count.
    public func sessions(count: Int, seed: UInt64) -> [ConformanceSession] {
        (0..<count).map { session($0, seed: seed) }
    }

    /// Session `index` of a seed's sessions, made alone in constant time
    /// (`pointersim conform --only N`): each session has a generator of its
    /// own, seeded with the `index + 1`-th output of SplitMix64 from `seed`
    /// (computed directly), so no earlier session is generated to reach it.
    @usableFromInline package func session(_ index: Int, seed: UInt64) -> ConformanceSession {
        var rng = SplitMix64(seed: Self.sessionSeed(seed, index))
        return session(using: &rng)
    }

    /// The seed of session `index`: SplitMix64's output after `index` draws
    /// from `seed` (its state advances by a constant, so any draw is one
    /// multiplication away).
    static func sessionSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var r = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: index))
        return r.next()
    }

    /// A swift-property-based generator of sessions, shrinking with
    /// ``Shrinker``'s steps (for `propertyCheck`).
    public var generator: Generator<ConformanceSession, AnySequence<ConformanceSession>> {
        let g = self
        return Generator(run: { rng in g.session(using: &rng) }, shrink: { AnySequence(Shrinker.candidates(of: $0)) })
    }

    /// Whether a session lies in this generator's domain (the shrinker
    /// keeps to it): for ``Kind/band``, no primary press over an item and no
    /// context-click modifiers at a press; for ``wholePixels``, scale 1 and
    /// whole-number coordinates.
    public func accepts(_ session: ConformanceSession) -> Bool {
        let scene = session.scene
        if wholePixels {
            func whole(_ v: Double) -> Bool { v == v.rounded() }
            guard scene.view.scale == 1,
                scene.items.allSatisfy({ whole($0.rect.x) && whole($0.rect.y) && whole($0.rect.width) && whole($0.rect.height) })
            else { return false }
            func inside(_ p: Point) -> Bool {
                whole(p.x) && whole(p.y) && p.x >= 0 && p.y >= 0 && p.x < scene.view.size.width && p.y < scene.view.size.height
            }
            if let p = scene.pointer.start, !inside(p) { return false }
            for e in session.events { if case .move(let p) = e.kind, !inside(p) { return false } }
        }
        if grid {
            guard let first = scene.items.first?.rect, first.width > 0, scene.initialSelection.isEmpty else { return false }
            let cols = Int(scene.view.size.width / first.width)
            guard Double(cols) * first.width == scene.view.size.width, scene.items.count % cols == 0 else { return false }
            for (k, item) in scene.items.enumerated() {
                guard
                    item.rect == Rect(x: Double(k % cols) * first.width, y: Double(k / cols) * first.height, width: first.width, height: first.height)
                else { return false }
            }
        }
        guard kind == .band else { return true }
        let clicks = scene.band.profile.clicks
        var pointer = scene.view.clampPointer(scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2))
        var modifiers: ModifierFlags = []
        for e in session.events {
            switch e.kind {
            case .move(let p): pointer = scene.view.clampPointer(p)
            case .delta(let v): pointer = scene.view.clampPointer(pointer + v)
            case .modifiers(let m): modifiers = m
            case .press(.primary):
                if clicks.isContextClick(modifiers) { return false }
                if scene.items.contains(where: { $0.rect.contains(pointer) || (clicks.pressHitsMaxEdges && $0.rect.containsClosed(pointer)) }) {
                    return false
                }
            case .press, .key, .scroll: return false
            default: break
            }
        }
        return true
    }

    // MARK: Scenes

    /// A scene: a 320 × 240 view, up to ``maxItems`` items on a coarse grid
    /// (some touching, some on half pixels), an initial selection, a profile,
    /// a hit rule; regions for kind ``Kind/regions``.
    public func scene<R: RandomNumberGenerator>(using rng: inout R) -> SimulationScene {
        var s = SimulationScene()
        s.view.size = Size(width: 320, height: 240)
        s.view.contentSize = s.view.size
        s.view.scale = wholePixels ? 1 : [1, 2].randomElement(using: &rng)!
        if grid {
            let cw = [40, 64, 80].randomElement(using: &rng)! as Double, ch = [40, 50].randomElement(using: &rng)! as Double
            let cols = Int(s.view.size.width / cw), rows = Int.random(in: 1...3, using: &rng)
            for k in 0..<(rows * cols) {
                s.items.append(SceneItem(id: "i\(k)", rect: Rect(x: Double(k % cols) * cw, y: Double(k / cols) * ch, width: cw, height: ch)))
            }
            s.band.profile = profile ?? Self.profile(using: &rng)
            return s
        }
        let n = Int.random(in: 1...max(1, maxItems), using: &rng)
        var x = Double(Int.random(in: 0...3, using: &rng) * 20)
        var y = Double(Int.random(in: 0...3, using: &rng) * 20)
        for i in 0..<n {
            var w = [20, 30, 40, 41, 1].randomElement(using: &rng)! as Double
            var h = [20, 30, 40, 1].randomElement(using: &rng)! as Double
            if !wholePixels, Int.random(in: 0..<4, using: &rng) == 0 { w += 0.5 }
            if !wholePixels, Int.random(in: 0..<4, using: &rng) == 0 { h += 1 / s.view.scale / 2 }
            s.items.append(SceneItem(id: "i\(i)", rect: Rect(x: x, y: y, width: w, height: h)))
            // The next item touches this one, or leaves a gap (of a half pixel sometimes), or starts a new row.
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: x += w
            case 1: x += w + (wholePixels ? 1 : 0.5)
            case 2: x = Double(Int.random(in: 0...3, using: &rng) * 20); y += h
            default: x += w + Double(Int.random(in: 1...3, using: &rng) * 10)
            }
            if x + 45 > s.view.size.width { x = 0; y += 50 }
            if y + 45 > s.view.size.height { y = 0 }
        }
        s.initialSelection = s.items.map(\.id).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        // Content that scrolls, for sessions that scroll (not for toolkits: whole pixels).
        if kind == .selection && !wholePixels && Int.random(in: 0..<4, using: &rng) == 0 {
            s.view.contentSize = Size(width: s.view.size.width, height: s.view.size.height * 2)
        }
        // Selection settings other than the defaults, sometimes (not for toolkits).
        if kind == .selection && !wholePixels {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: s.selection.multiple = false
            case 1: s.selection.selectionFollowsFocus = true
            case 2: s.selection.focus = false
            default: break
            }
        }
        s.band.profile = profile ?? Self.profile(using: &rng)
        s.band.hitRule = Int.random(in: 0..<4, using: &rng) == 0 ? .contains : .intersects
        if kind == .regions {
            for k in 0..<Int.random(in: 1...2, using: &rng) {
                let base = s.items.randomElement(using: &rng)!.rect
                var style = PointerStyle(effect: [.highlight, .lift, .hover, .automatic].randomElement(using: &rng)!)
                let latches = Int.random(in: 0..<3, using: &rng) == 0
                if latches { style.shape = .verticalBeam(length: 20) }
                s.regions.append(SceneRegion(id: "r\(k)", rect: base, latchingAxes: latches ? .horizontal : .none, style: style))
            }
        }
        return s
    }

    /// A registered profile, or (one time in three, unless whole pixels) a
    /// variant: another default mode, a threshold of 0 to 4.
    static func profile<R: RandomNumberGenerator>(using rng: inout R) -> BandProfile {
        var p = BandProfile.registered.randomElement(using: &rng)!
        if Int.random(in: 0..<3, using: &rng) == 0 {
            p.name = p.name + "-variant"
            p.defaultMode = SelectionMode.allCases.randomElement(using: &rng)!
            p.threshold = Double(Int.random(in: 0...4, using: &rng))
        }
        return p
    }

    // MARK: Sessions

    /// The events of a session over `scene`: up to ``maxGestures`` gestures.
    public func events<R: RandomNumberGenerator>(over scene: SimulationScene, using rng: inout R) -> [PointerEvent] {
        var b = SessionBuilder(scene: scene, wholePixels: wholePixels)
        for _ in 0..<Int.random(in: 1...max(1, maxGestures), using: &rng) {
            switch kind {
            case .band: b.drag(using: &rng, emptyOnly: true, changeModifiers: true)
            case .regions: b.hover(using: &rng)
            case .selection:
                switch Int.random(in: 0..<11, using: &rng) {
                case 10 where scene.view.contentSize != scene.view.size:
                    b.add(.scroll(Vector(dx: 0, dy: [-40, 40, 13.5].randomElement(using: &rng)!)), after: 0.016)
                case 10: b.key(using: &rng)
                case 0...3: b.drag(using: &rng, emptyOnly: false, changeModifiers: true)
                case 4...6: b.click(using: &rng)
                case 7: b.key(using: &rng)
                case 8: b.secondaryClick(using: &rng)
                default: b.drag(using: &rng, emptyOnly: false, changeModifiers: false, cancel: true)
                }
            }
        }
        return b.events
    }
}

/// Builds a session's events gesture by gesture.
struct SessionBuilder {
    let scene: SimulationScene
    let wholePixels: Bool
    var events: [PointerEvent] = []
    var t = 0.0
    var pointer: Point

    init(scene: SimulationScene, wholePixels: Bool) {
        self.scene = scene; self.wholePixels = wholePixels
        pointer = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
    }

    var profile: BandProfile { scene.band.profile }

    mutating func add(_ k: PointerEvent.Kind, after dt: Double) {
        if !events.isEmpty { t += dt }  // the first event at 0, as replay rebases it
        t = (t * 1e6).rounded() / 1e6  // on the microsecond: traces and toolkits agree on it
        events.append(PointerEvent(time: t, k))
        if case .move(let p) = k { pointer = p }
    }

    mutating func dt<R: RandomNumberGenerator>(_ rng: inout R) -> Double { [0.001, 0.016, 0.05, 0.2].randomElement(using: &rng)! }

    func clamp(_ p: Point) -> Point {
        var q = scene.view.clampPointer(p)
        if wholePixels {
            // Whole pixels of the view: its last column and row are width − 1 and height − 1
            // (a point on the far edge is outside a toolkit's viewport).
            q = Point(x: min(q.x.rounded(), scene.view.size.width - 1), y: min(q.y.rounded(), scene.view.size.height - 1))
        }
        return q
    }

    /// A coordinate near an edge: on it, a half pixel either side, a whole pixel either side.
    func near<R: RandomNumberGenerator>(_ v: Double, _ rng: inout R) -> Double {
        let half = 0.5 / scene.view.scale
        return v + [0, -half, half, -1, 1, 0].randomElement(using: &rng)!
    }

    /// A press point: an item's edge or corner (either side), an item's
    /// inside, or empty space.
    func pressPoint<R: RandomNumberGenerator>(_ rng: inout R) -> Point {
        guard let r = scene.items.randomElement(using: &rng)?.rect else {
            return clamp(Point(x: Double(Int.random(in: 0...300, using: &rng)), y: Double(Int.random(in: 0...220, using: &rng))))
        }
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return clamp(Point(x: near(r.maxX, &rng), y: near(r.minY + r.height / 2, &rng)))
        case 1: return clamp(Point(x: near(r.minX, &rng), y: near(r.maxY, &rng)))
        case 2: return clamp(Point(x: near(r.maxX, &rng), y: near(r.maxY, &rng)))
        case 3: return clamp(Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2))
        default: return clamp(Point(x: Double(Int.random(in: 0...300, using: &rng)), y: Double(Int.random(in: 0...220, using: &rng))))
        }
    }

    func onItem(_ p: Point) -> Bool {
        scene.items.contains { $0.rect.contains(p) || (profile.clicks.pressHitsMaxEdges && $0.rect.containsClosed(p)) }
    }

    /// A point to drag to from `a`: the threshold ± 1 along an axis, zero
    /// length, an item's edge, anywhere.
    func dragPoint<R: RandomNumberGenerator>(from a: Point, _ rng: inout R) -> Point {
        let th = profile.threshold
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return clamp(Point(x: a.x + th + [-1, 0, 1].randomElement(using: &rng)!, y: a.y))
        case 1: return clamp(Point(x: a.x, y: a.y - th + [-1, 0, 1].randomElement(using: &rng)!))
        case 2: return a
        case 3: return pressPoint(&rng)
        default: return clamp(Point(x: a.x + Double(Int.random(in: -60...60, using: &rng)), y: a.y + Double(Int.random(in: -60...60, using: &rng))))
        }
    }

    static let modifierChoices: [ModifierFlags] = [[], [], .shift, .command, .control, .option, [.shift, .command], [.control, .shift]]

    /// A drag of the primary button: modifiers held from before the press,
    /// moves, and (`changeModifiers`) modifiers changing while the button is
    /// down: after a move, just before the release, just after it, so that an
    /// implementation reading them at the wrong moment (the release instead
    /// of the press, or the reverse) diverges.
    mutating func drag<R: RandomNumberGenerator>(using rng: inout R, emptyOnly: Bool, changeModifiers: Bool, cancel: Bool = false) {
        var p = pressPoint(&rng)
        if emptyOnly {
            var tries = 0
            while onItem(p) && tries < 20 { p = pressPoint(&rng); tries += 1 }
            if onItem(p) { return }
        }
        var m = Self.modifierChoices.randomElement(using: &rng)!
        // A band alone never sees a context click (control on macOS-like profiles).
        if emptyOnly && profile.clicks.isContextClick(m) { m = [] }
        if !m.isEmpty { add(.modifiers(m), after: dt(&rng)) }
        if p != pointer || Bool.random(using: &rng) { add(.move(p), after: dt(&rng)) }
        add(.press(.primary), after: dt(&rng))
        var q = p
        var changed = false
        // Where the modifiers change while the button is down: never, after
        // the first move, after the last one, or just before the release.
        let change = changeModifiers ? Int.random(in: 0..<4, using: &rng) : 0
        let moves = Int.random(in: 1...3, using: &rng)
        for k in 0..<moves {
            q = dragPoint(from: q, &rng)
            add(.move(q), after: dt(&rng))
            if (change == 1 && k == 0) || (change == 2 && k == moves - 1) {
                add(.modifiers(Self.heldChoices.randomElement(using: &rng)!), after: dt(&rng))
                changed = true
                // Sometimes a move after the change: the band updates under the new flags.
                if Bool.random(using: &rng) { q = dragPoint(from: q, &rng); add(.move(q), after: dt(&rng)) }
            }
        }
        if cancel { add(.cancel, after: dt(&rng)) }
        if change == 3 { add(.modifiers(Self.heldChoices.randomElement(using: &rng)!), after: 0.001); changed = true }
        add(.release(.primary), after: dt(&rng))
        if !m.isEmpty || changed { add(.modifiers([]), after: changeModifiers && Bool.random(using: &rng) ? 0.001 : dt(&rng)) }
    }

    /// Modifiers taken while the button is down (never none: a change).
    static let heldChoices: [ModifierFlags] = [.shift, .command, .control, .option, [.shift, .command], [.control, .shift], [.option, .shift], []]

    mutating func click<R: RandomNumberGenerator>(using rng: inout R) {
        let p = pressPoint(&rng)
        let m = Self.modifierChoices.randomElement(using: &rng)!
        if !m.isEmpty { add(.modifiers(m), after: dt(&rng)) }
        add(.move(p), after: dt(&rng))
        add(.press(.primary), after: dt(&rng))
        // Sometimes the modifiers change while the button is down.
        var changed = false
        if Int.random(in: 0..<4, using: &rng) == 0 { add(.modifiers(Self.heldChoices.randomElement(using: &rng)!), after: 0.001); changed = true }
        add(.release(.primary), after: 0.016)
        if Bool.random(using: &rng) {
            // A second click at the double click's distance ± 1, after its interval ± 1 ms.
            let c = profile.clicks
            let d = c.doubleClickDistance + [-1, 0, 1].randomElement(using: &rng)!
            let q = clamp(Point(x: p.x + (Bool.random(using: &rng) ? d : 0), y: p.y))
            if q != pointer { add(.move(q), after: 0.001) }
            let interval = c.doubleClickInterval + [-0.001, 0, 0.001].randomElement(using: &rng)!
            add(.press(.primary), after: max(0.001, interval - 0.017))
            add(.release(.primary), after: 0.016)
        }
        if !m.isEmpty || changed { add(.modifiers([]), after: dt(&rng)) }
    }

    mutating func key<R: RandomNumberGenerator>(using rng: inout R) {
        let m: ModifierFlags = [[], [], .shift, .command].randomElement(using: &rng)!
        if !m.isEmpty { add(.modifiers(m), after: dt(&rng)) }
        let k: Key = [.left, .right, .up, .down, .space, .escape, .letter("a")].randomElement(using: &rng)!
        add(.key(k), after: dt(&rng))
        if !m.isEmpty { add(.modifiers([]), after: dt(&rng)) }
    }

    mutating func secondaryClick<R: RandomNumberGenerator>(using rng: inout R) {
        let button: PointerButton = Int.random(in: 0..<3, using: &rng) == 0 ? .middle : .secondary
        add(.move(pressPoint(&rng)), after: dt(&rng))
        add(.press(button), after: dt(&rng))
        add(.release(button), after: dt(&rng))
    }

    mutating func hover<R: RandomNumberGenerator>(using rng: inout R) {
        for _ in 0..<Int.random(in: 1...4, using: &rng) { add(.move(pressPoint(&rng)), after: dt(&rng)) }
        if Bool.random(using: &rng) {
            add(.press(.primary), after: dt(&rng))
            add(.move(dragPoint(from: pointer, &rng)), after: dt(&rng))
            let held = Bool.random(using: &rng)
            if held { add(.modifiers(Self.heldChoices.randomElement(using: &rng)!), after: dt(&rng)) }
            add(.release(.primary), after: dt(&rng))
            if held { add(.modifiers([]), after: dt(&rng)) }
        }
    }
}
