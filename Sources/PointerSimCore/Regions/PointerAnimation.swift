/// How the presented pointer changes over time (docs/Regions.md,
/// "Presentation over time"): transitions between styles, regions and
/// latches animate on the trace clock instead of jumping. Off by default
/// (durations 0): every presented state is then the target at once, as
/// scenes have always behaved.
///
/// Apple says the system animates accessories in and out and "seamlessly"
/// between shapes and positions, but publishes no durations or curves: the
/// numbers of ``standard`` are **our choice**.
public struct PointerAnimation: Sendable, Hashable {
    /// The timing curve of a transition.
    @usableFromInline package enum Curve: String, Sendable, Hashable, CaseIterable {
        /// Progress proportional to time.
        case linear
        /// Cubic ease-out: `1 − (1 − u)³` (fast at first, settling gently).
        case easeOut
        /// Cubic ease-in-out: `4u³` then `1 − (−2u + 2)³ / 2`.
        case easeInOut

        /// The progress at a fraction `u` of the duration (0…1 → 0…1).
        @inlinable package func progress(_ u: Double) -> Double {
            let u = u.clamped(to: 0, 1)
            switch self {
            case .linear: return u
            case .easeOut: let v = 1 - u; return 1 - v * v * v
            case .easeInOut:
                if u < 0.5 { return 4 * u * u * u }
                let v = -2 * u + 2
                return 1 - v * v * v / 2
            }
        }
    }

    /// Seconds a transition of the pointer's shape, position, content offset
    /// and accessories takes (0: none).
    public var duration: Double = 0
    /// Seconds an accessory takes to appear or disappear (fade and move out
    /// from, or in to, the pointer's centre); 0: ``duration``.
    public var accessoryDuration: Double = 0
    /// The curve.
    @usableFromInline package var curve: Curve = .easeOut

    /// No animation.
    public init() {}

    /// Creates an animation.
    @usableFromInline package init(duration: Double, accessoryDuration: Double = 0, curve: Curve = .easeOut) {
        self.duration = duration; self.accessoryDuration = accessoryDuration; self.curve = curve
    }

    /// **Our choice** when animation is on: 0.2 s transitions, 0.25 s for
    /// accessories, ease-out.
    public static let standard = PointerAnimation(duration: 0.2, accessoryDuration: 0.25, curve: .easeOut)

    /// Whether anything animates.
    @usableFromInline package var isEnabled: Bool { duration > 0 || accessoryDuration > 0 }
    /// The accessories' duration in force.
    @usableFromInline package var accessorySeconds: Double { accessoryDuration > 0 ? accessoryDuration : duration }
}

/// The presented pointer over time: the target frame (what the regions say
/// now) approached from the state presented when the last transition began.
///
/// Cuts (the state jumps; docs/Regions.md): a band beginning or ending (the
/// pointer becomes the band rect and back), and shapes that cannot be
/// interpolated (`path`, `hidden`): those switch at once.
@usableFromInline package struct PointerAnimator: Sendable {
    /// The numbers.
    @usableFromInline package var animation: PointerAnimation
    /// The state when the transition began, and its time.
    var from: PointerFrame?
    var start = -Double.infinity

    /// Creates an animator.
    @usableFromInline package init(animation: PointerAnimation) { self.animation = animation }

    /// Whether a transition is in progress at `t`.
    @usableFromInline package func isAnimating(at t: Double) -> Bool {
        from != nil && t < end
    }

    /// When the current transition ends (−∞ before the first).
    @usableFromInline package var end: Double { start + Swift.max(animation.duration, animation.accessorySeconds) }

    /// A transition begins at `t` from what was presented then (`current`);
    /// `cut`: no transition (the state jumps).
    @usableFromInline package mutating func begin(at t: Double, from current: PointerFrame, cut: Bool = false) {
        guard animation.isEnabled, !cut else { from = nil; return }
        from = current
        start = t
    }

    /// The presented frame at `t` for the target `to`, under configuration `c`.
    @usableFromInline package func frame(at t: Double, target to: PointerFrame, configuration c: PointerRegionConfiguration) -> PointerFrame {
        guard let a = from, isAnimating(at: t) else { return to }
        let e = t - start
        let k = animation.duration > 0 ? animation.curve.progress(e / animation.duration) : 1
        let ka = animation.accessorySeconds > 0 ? animation.curve.progress(e / animation.accessorySeconds) : 1
        var out = to
        out.presented = Self.mix(a.presented, to.presented, k)
        out.content = Vector(dx: a.content.dx + (to.content.dx - a.content.dx) * k, dy: a.content.dy + (to.content.dy - a.content.dy) * k)
        out.shape = Self.mix(a.shape, at: a.presented, to.shape, at: to.presented, k, configuration: c) ?? to.shape
        // Accessories: by index; new ones come out from the pointer's centre
        // and fade in, old ones go in to it and fade out.
        var accs: [(center: Point, angle: Double)] = [], alphas: [Double] = []
        let n = Swift.max(a.accessories.count, to.accessories.count)
        for i in 0..<n {
            let inA = i < a.accessories.count, inB = i < to.accessories.count
            if inA && inB {
                let p = a.accessories[i], q = to.accessories[i]
                accs.append((Self.mix(p.center, q.center, ka), p.angle + Self.angleDelta(p.angle, q.angle) * ka))
                alphas.append(Self.alpha(a, i) + (Self.alpha(to, i) - Self.alpha(a, i)) * ka)
            } else if inB {
                let q = to.accessories[i]
                accs.append((Self.mix(out.presented, q.center, ka), q.angle))
                alphas.append(ka)
            } else if ka < 1 {
                let p = a.accessories[i]
                accs.append((Self.mix(p.center, out.presented, ka), p.angle))
                alphas.append(Self.alpha(a, i) * (1 - ka))
            }
        }
        out.accessories = accs
        out.accessoryAlphas = alphas.allSatisfy { $0 == 1 } ? [] : alphas
        return out
    }

    static func alpha(_ f: PointerFrame, _ i: Int) -> Double { i < f.accessoryAlphas.count ? f.accessoryAlphas[i] : 1 }

    static func mix(_ a: Point, _ b: Point, _ k: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k)
    }

    /// The shortest signed turn from angle `a` to `b`.
    static func angleDelta(_ a: Double, _ b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
        return d
    }

    /// A shape as a rounded rect (absolute), for interpolation; nil for paths and hidden.
    static func rect(_ s: PointerShapeValue, at p: Point, beamWidth: Double) -> (Rect, Double)? {
        switch s {
        case .circle(let d): return (Rect(x: p.x - d / 2, y: p.y - d / 2, width: d, height: d), d / 2)
        case .roundedRect(let r, let radius): return (r, radius)
        case .verticalBeam(let l): return (Rect(x: p.x - beamWidth / 2, y: p.y - l / 2, width: beamWidth, height: l), beamWidth / 2)
        case .horizontalBeam(let l): return (Rect(x: p.x - l / 2, y: p.y - beamWidth / 2, width: l, height: beamWidth), beamWidth / 2)
        case .path, .hidden: return nil
        }
    }

    /// The shape between two: circles stay circles, other pairs become a
    /// rounded rect between the two; nil (a cut) with a path or hidden.
    static func mix(
        _ a: PointerShapeValue,
        at pa: Point,
        _ b: PointerShapeValue,
        at pb: Point,
        _ k: Double,
        configuration c: PointerRegionConfiguration
    ) -> PointerShapeValue? {
        if a == b && pa == pb || k >= 1 { return b }
        if k <= 0 { return a }
        if case .circle(let da) = a, case .circle(let db) = b { return .circle(diameter: da + (db - da) * k) }
        guard let (ra, rada) = rect(a, at: pa, beamWidth: c.beamWidth), let (rb, radb) = rect(b, at: pb, beamWidth: c.beamWidth) else { return nil }
        if k >= 1 { return b }
        let r = Rect(
            x: ra.x + (rb.x - ra.x) * k,
            y: ra.y + (rb.y - ra.y) * k,
            width: ra.width + (rb.width - ra.width) * k,
            height: ra.height + (rb.height - ra.height) * k
        )
        return .roundedRect(r, radius: rada + (radb - rada) * k)
    }
}
