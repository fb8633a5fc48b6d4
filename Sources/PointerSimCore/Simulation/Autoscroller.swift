/// Autoscroll while a band is active (as UICollectionView and the list views of the other profiles do it),
/// usable on its own: ask ``velocity(pointer:contentOffset:bandActive:)`` for
/// the speed, call ``schedule(at:velocity:)`` after each input and
/// ``step(until:velocity:)`` before the next one; each step is a scroll to
/// apply (and, with a band, a `selecting` update with the anchor kept in
/// content coordinates). Runs on the caller's clock, never on wall time.
@usableFromInline package struct Autoscroller: Sendable {
    /// The numbers.
    @usableFromInline package var configuration: AutoscrollConfiguration
    /// The view: its size and how far its content scrolls.
    @usableFromInline package var view: ViewGeometry
    /// When the next step is due, if one is scheduled.
    @usableFromInline package private(set) var nextTick: Double? = nil
    var origin = 0.0
    var steps = 0

    /// Creates an autoscroller.
    @usableFromInline package init(configuration: AutoscrollConfiguration = AutoscrollConfiguration(), view: ViewGeometry = ViewGeometry()) {
        self.configuration = configuration
        self.view = view
    }

    /// The scroll velocity in points per second for a pointer at `pointer`
    /// (view coordinates): toward an edge when within `edgeZone` of it (or
    /// beyond), linear in the depth into the zone up to `maxSpeed`, zero when
    /// the content cannot scroll further that way or no band is active. A
    /// point within both zones of an axis (a view narrower than two zones)
    /// belongs to the nearer edge.
    @usableFromInline package func velocity(pointer: Point, contentOffset: Vector, bandActive: Bool) -> Vector {
        let a = configuration
        guard a.isEnabled, bandActive, a.edgeZone > 0 else { return .zero }
        let size = view.size, maxOffset = view.maxOffset
        func axis(_ p: Double, _ length: Double, _ offset: Double, _ maxOff: Double) -> Double {
            guard maxOff > 0 else { return 0 }
            let fromLow = p, fromHigh = length - p
            // In a view narrower than two zones a point can be in both: it
            // belongs to the nearer edge (none when exactly between them), so
            // the content never swings from one edge to the other.
            let low = fromLow < a.edgeZone && (fromHigh >= a.edgeZone || fromLow < fromHigh)
            let high = fromHigh < a.edgeZone && (fromLow >= a.edgeZone || fromHigh < fromLow)
            if low && offset > 0 {
                return -a.maxSpeed * Swift.min(1, (a.edgeZone - Swift.max(0, fromLow)) / a.edgeZone)
            }
            if high && offset < maxOff {
                return a.maxSpeed * Swift.min(1, (a.edgeZone - Swift.max(0, fromHigh)) / a.edgeZone)
            }
            return 0
        }
        return Vector(
            dx: axis(pointer.x, size.width, contentOffset.dx, maxOffset.dx),
            dy: axis(pointer.y, size.height, contentOffset.dy, maxOffset.dy)
        )
    }

    /// After an input at time `t`: starts the step grid when scrolling
    /// starts, stops it when the velocity is zero.
    @usableFromInline package mutating func schedule(at t: Double, velocity v: Vector) {
        if v == .zero {
            nextTick = nil
        } else if nextTick == nil {
            origin = t
            steps = 1
            nextTick = t + configuration.tickInterval
        }
    }

    /// The next step due at or before `t` (call repeatedly until nil, with the
    /// velocity after each applied step): its time and the scroll to apply.
    /// A step due at the same instant as an input comes first; steps sit on a
    /// grid from where scrolling started, so rounding never accumulates.
    @usableFromInline package mutating func step(until t: Double, velocity v: Vector) -> (time: Double, delta: Vector)? {
        let dt = configuration.tickInterval
        guard dt > 0 else { nextTick = nil; return nil }
        // The nanosecond tolerance absorbs binary rounding of origin + n·dt.
        guard let tick = nextTick, tick <= t + 1e-9 else { return nil }
        if v == .zero { nextTick = nil; return nil }
        steps += 1
        nextTick = origin + Double(steps) * dt
        return (Swift.min(tick, t), v * dt)
    }

    /// How many steps are due at or before `t` (0 when none is scheduled).
    @usableFromInline package func dueSteps(until t: Double) -> Int {
        let dt = configuration.tickInterval
        guard dt > 0, let tick = nextTick, tick <= t + 1e-9 else { return 0 }
        let limit = t + 1e-9
        let estimate = ((limit - origin) / dt).rounded(.down)
        guard estimate < 1e15 else { return Int.max / 2 }
        var last = Swift.max(steps, Int(estimate))
        while last > steps && origin + Double(last) * dt > limit { last -= 1 }
        while origin + Double(last + 1) * dt <= limit { last += 1 }
        return last - steps + 1
    }

    /// Takes `k` due steps at once (see `Simulator.loggedAutoscrollSteps`):
    /// returns the time of the last, not after `t`; the grid moves on by `k`.
    @usableFromInline package mutating func advance(by k: Int, until t: Double) -> Double {
        let dt = configuration.tickInterval
        let last = origin + Double(steps + k - 1) * dt
        steps += k
        nextTick = origin + Double(steps) * dt
        return Swift.min(last, t)
    }

    /// Drops every step due by `t` (the grid moves past it).
    @usableFromInline package mutating func skip(until t: Double) {
        let k = dueSteps(until: t)
        if k > 0 { _ = advance(by: k, until: t) }
    }
}
