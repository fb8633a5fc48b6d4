// Ported from libinput 1.22.1 (MIT licence; © 2006-2009 Simon Thum,
// © 2012 Jonas Ådahl, © 2014-2018 Red Hat, Inc.): src/filter.c,
// filter-mouse.c, filter-low-dpi.c, filter-flat.c, filter-trackpoint.c,
// filter-trackpoint-flat.c. The logic is re-expressed in Swift.

import PointerSimCore

/// libinput's motion history (`struct pointer_trackers`, filter.c): a ring of
/// trackers, each holding the delta accumulated since its time.
///
/// Mice and pointing sticks get 2 trackers, or 16 with the
/// `AttrUseVelocityAveraging` quirk (`trackers_init(…, use_velocity_averaging ? 16 : 2)`).
/// Zeroed trackers have time 0 on libinput's monotonic clock, which is
/// always more than `MOTION_TIMEOUT` in the past; here that is a sentinel
/// far in the past, so a recording whose timeline starts near 0 behaves the
/// same. O(trackers) per event.
struct PointerTrackers: Sendable {
    struct Tracker: Sendable {
        var dx = 0.0, dy = 0.0
        var time: Int64 = PointerTrackers.never
        var dir: UInt32 = 0
    }
    /// "Time 0 on the monotonic clock": long before any event.
    static let never: Int64 = -(1 << 60)
    /// libinput's `MOTION_TIMEOUT` (1 s), µs.
    static let motionTimeout: Int64 = 1_000_000
    /// libinput's `UNDEFINED_DIRECTION`.
    static let undefinedDirection: UInt32 = 0xff

    var trackers: [Tracker]
    var current = 0
    /// The trackpoint filter's timestamp smoothener (threshold, value), µs.
    let smoothener: (threshold: Int64, value: Int64)?

    init(count: Int, smoothener: (threshold: Int64, value: Int64)? = nil) {
        trackers = [Tracker](repeating: Tracker(), count: Swift.max(1, count))
        self.smoothener = smoothener
    }

    func byOffset(_ offset: Int) -> Tracker {
        trackers[(current + trackers.count - offset) % trackers.count]
    }

    /// `trackers_feed`.
    mutating func feed(_ dx: Double, _ dy: Double, time: Int64) {
        for i in trackers.indices { trackers[i].dx += dx; trackers[i].dy += dy }
        current = (current + 1) % trackers.count
        trackers[current] = Tracker(dx: 0, dy: 0, time: time, dir: Self.direction(dx, dy))
    }

    /// `trackers_reset`.
    mutating func reset(time: Int64) {
        for offset in 1..<Swift.max(1, trackers.count) {
            let i = (current + trackers.count - offset) % trackers.count
            trackers[i] = Tracker(dx: 0, dy: 0, time: 0, dir: 0)
        }
        trackers[current].time = time
        trackers[current].dir = Self.undefinedDirection
    }

    func velocity(of t: Tracker, at time: Int64) -> Double {
        var tdelta = Double(time &- t.time &+ 1)
        if let s = smoothener, time &- t.time &+ 1 < s.threshold { tdelta = Double(s.value) }
        return _hypot(t.dx, t.dy) / tdelta
    }

    /// `trackers_velocity`: units/µs.
    func velocity(at time: Int64) -> Double {
        let maxDiff = 1.0 / 1000  // v_ms2us(1)
        var result = 0.0, initial = 0.0
        var dir = byOffset(0).dir
        for offset in 1..<trackers.count {
            let t = byOffset(offset)
            if t.time > time { break }
            if time &- t.time > Self.motionTimeout {
                if offset == 1 { result = velocity(of: t, at: t.time &+ Self.motionTimeout) }
                break
            }
            let v = velocity(of: t, at: time)
            dir &= t.dir
            if dir == 0 {
                if offset == 1 { result = v }
                break
            }
            if initial == 0 || offset <= 2 {
                result = v; initial = v
            } else {
                if abs(initial - v) > maxDiff { break }
                result = v
            }
        }
        return result
    }

    /// libinput's `xy_get_direction` (libinput-private.h): the one or two
    /// compass octants (bit 0 = N, clockwise) a delta points into.
    static func direction(_ x: Double, _ y: Double) -> UInt32 {
        let N: UInt32 = 1, NE: UInt32 = 2, E: UInt32 = 4, SE: UInt32 = 8, S: UInt32 = 16, SW: UInt32 = 32, W: UInt32 = 64, NW: UInt32 = 128
        if abs(x) < 2 && abs(y) < 2 {
            if x > 0 && y > 0 { return S | SE | E }
            if x > 0 && y < 0 { return N | NE | E }
            if x < 0 && y > 0 { return S | SW | W }
            if x < 0 && y < 0 { return N | NW | W }
            if x > 0 { return NE | E | SE }
            if x < 0 { return NW | W | SW }
            if y > 0 { return SE | S | SW }
            if y < 0 { return NE | N | NW }
            return undefinedDirection
        }
        // A fast atan2 (error < 0.002 in r) decides unless r lies within 0.01
        // of a boundary, where the exact one does: the same octants as
        // libinput's atan2, at a fraction of the cost.
        var r = octantCoordinate(fastAtan2(y, x))
        let f1 = (r + 0.9) - (r + 0.9).rounded(.down), f2 = (r + 0.1) - (r + 0.1).rounded(.down)
        if f1 < 0.01 || f1 > 0.99 || f2 < 0.01 || f2 > 0.99 { r = octantCoordinate(_atan2(y, x)) }
        let d1 = Int(r + 0.9) % 8, d2 = Int(r + 0.1) % 8
        return (1 << UInt32(d1)) | (1 << UInt32(d2))
    }

    /// libinput's r ∈ [0, 8): the angle from north, clockwise, in octants.
    @inline(__always) static func octantCoordinate(_ angle: Double) -> Double {
        (angle + 2.5 * Double.pi).truncatingRemainder(dividingBy: 2 * Double.pi) * (4 / Double.pi)
    }

    /// atan2 within 0.0015 rad (the classic `π/4·v − v(|v|−1)(0.2447 + 0.0663|v|)`
    /// on |v| ≤ 1, mirrored for the other octants).
    @inline(__always) static func fastAtan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let swap = ay > ax
        let v = swap ? ax / ay : ay / ax   // in [0, 1]
        var a = Double.pi / 4 * v - v * (v - 1) * (0.2447 + 0.0663 * v)
        if swap { a = Double.pi / 2 - a }
        if x < 0 { a = Double.pi - a }
        return y < 0 ? -a : a
    }
}

/// atan2 for the pure module (relative error ~1e-15): two argument halvings,
/// then the Taylor series.
func _atan2(_ y: Double, _ x: Double) -> Double {
    func atan(_ v: Double) -> Double {
        if v < 0 { return -atan(-v) }
        if v > 1 { return Double.pi / 2 - atan(1 / v) }
        var t = v
        for _ in 0..<3 { t = t / (1 + (1 + t * t).squareRoot()) }
        var sum = 0.0, term = t, k = 1.0
        let t2 = t * t
        while abs(term / k) > 1e-18 { sum += term / k; term *= -t2; k += 2 }
        return 8 * sum
    }
    if x > 0 { return atan(y / x) }
    if x < 0 { return y >= 0 ? atan(y / x) + Double.pi : atan(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
}

/// libinput's motion filters for devices of the fallback dispatch, as
/// `evdev_init_accel` picks them:
///
/// - pointing sticks: the trackpoint filter (`filter-trackpoint.c`), or its
///   flat variant, both scaled by `AttrTrackpointMultiplier`;
/// - mice below 1000 dpi: the low-dpi adaptive filter (`filter-low-dpi.c`);
/// - other mice: the linear adaptive filter (`filter-mouse.c`), or flat
///   (`filter-flat.c`, a constant factor on the device's own counts).
///
/// `filter` returns the accelerated delta, `constant` libinput's
/// `filter_dispatch_constant` (button scrolling and the ScrollPoint use it).
public struct PointerFilter: Sendable {
    /// Which filter.
    public enum Kind: String, Sendable, Hashable {
        /// `create_pointer_accelerator_filter_linear`.
        case linear
        /// `create_pointer_accelerator_filter_linear_low_dpi`.
        case lowDPI
        /// `create_pointer_accelerator_filter_flat`.
        case flat
        /// `create_pointer_accelerator_filter_trackpoint`.
        case trackpoint
        /// `create_pointer_accelerator_filter_trackpoint_flat`.
        case trackpointFlat
        /// Not a libinput filter (**our choice**, the `none` profile): the
        /// constant (unaccelerated) conversion only.
        case none
    }
    /// Which filter.
    public let kind: Kind
    /// The device's dpi (1000 for pointing sticks).
    public let dpi: Int
    /// The speed setting, −1…1.
    public let speed: Double
    /// `AttrTrackpointMultiplier` (1 for mice).
    public let multiplier: Double
    /// The adaptive curve's threshold (units/µs), maximum factor and incline.
    let threshold: Double, maxAccel: Double, incline: Double
    /// The flat factor, or the trackpoint speed factor.
    let factor: Double
    var trackers: PointerTrackers
    var lastVelocity = 0.0

    /// Creates the filter libinput would create.
    /// - Parameters:
    ///   - pointingStick: the device is tagged `EVDEV_TAG_TRACKPOINT`.
    ///   - profile: the acceleration profile (libinput's default adaptive).
    ///   - speed: the speed setting, −1…1.
    ///   - dpi: `MOUSE_DPI` or 1000.
    ///   - multiplier: the pointing stick's `AttrTrackpointMultiplier` (1 otherwise).
    ///   - velocityAveraging: the `AttrUseVelocityAveraging` quirk (16 trackers instead of 2).
    public init(pointingStick: Bool, profile: AccelerationProfile, speed: Double, dpi: Int,
                multiplier: Double = 1, velocityAveraging: Bool = false) {
        let sp = Swift.min(1, Swift.max(-1, speed))
        self.speed = sp
        self.dpi = dpi
        self.multiplier = pointingStick ? multiplier : 1
        switch (pointingStick, profile) {
        case (_, .none): kind = .none
        case (true, .flat): kind = .trackpointFlat
        case (true, _): kind = .trackpoint
        case (false, .flat): kind = .flat
        case (false, _): kind = dpi < 1000 ? .lowDPI : .linear
        }
        threshold = Swift.max(0.2 / 1000, 0.4 / 1000 - 0.25 / 1000 * sp)
        maxAccel = 2.0 + 1.5 * sp
        incline = 1.1 + 0.75 * sp
        switch kind {
        case .flat: factor = Swift.max(0.005, 1 + sp)
        case .trackpoint, .trackpointFlat: factor = Self.trackpointSpeedFactor(sp)
        default: factor = 1
        }
        trackers = PointerTrackers(count: velocityAveraging ? 16 : 2,
                                   smoothener: kind == .trackpoint ? (10_000, 10_000) : nil)
    }

    /// libinput's trackpoint `speed_factor`: maps −1…1 to ≈ 0.05…5, 1 at 0.
    static func trackpointSpeedFactor(_ s: Double) -> Double {
        435837.2 + (0.04762636 - 435837.2) / (1 + _pow((s + 1) / 240.4549, 2.377168))
    }

    /// `pointer_accel_profile_linear`: the factor at a normalised velocity (units/µs).
    func linearProfile(_ v: Double) -> Double {
        let f: Double
        if v * 1000 < 0.07 { f = 10 * (v * 1000) + 0.3 }
        else if v < threshold { f = 1 }
        else { f = incline * ((v - threshold) * 1000) + 1 }
        return Swift.min(maxAccel, f)
    }

    /// `pointer_accel_profile_linear_low_dpi`: the factor at a device-unit velocity (units/µs).
    func lowDPIProfile(_ v: Double) -> Double {
        let dpiFactor = Double(dpi) / 1000
        let maxA = maxAccel / dpiFactor, thr = threshold * dpiFactor
        let f: Double
        if v * 1000 < 0.07 { f = 10 * (v * 1000) + 0.3 }
        else if v < thr { f = 1 }
        else { f = incline * ((v - thr) * 1000) + 1 }
        return Swift.min(maxA, f)
    }

    /// `trackpoint_accel_profile` at a velocity (units/µs).
    func trackpointProfile(_ v: Double) -> Double {
        let ms = v * 1000
        let f = 10.06254 + (0.3 - 10.06254) / (1 + _pow(ms / 0.9205459, 1.15363))
        return f * factor
    }

    /// Simpson's rule over the profile between the last and this velocity
    /// (`calculate_acceleration_simpsons`).
    func simpsons(_ profile: (Double) -> Double, _ v: Double, _ last: Double) -> Double {
        var f = profile(v)
        f += profile(last)
        f += 4.0 * profile((last + v) / 2)
        return f / 6.0
    }

    /// `filter_dispatch`: the accelerated delta of one frame's device delta at `time` (µs).
    public mutating func filter(dx: Double, dy: Double, time: Int64) -> (x: Double, y: Double) {
        switch kind {
        case .linear:
            let nx = dx * 1000 / Double(dpi), ny = dy * 1000 / Double(dpi)
            trackers.feed(nx, ny, time: time)
            let v = trackers.velocity(at: time)
            let f = simpsons(linearProfile, v, lastVelocity)
            lastVelocity = v
            return (nx * f, ny * f)
        case .lowDPI:
            trackers.feed(dx, dy, time: time)
            let v = trackers.velocity(at: time)
            let f = simpsons(lowDPIProfile, v, lastVelocity)
            lastVelocity = v
            return (f * dx, f * dy)
        case .flat:
            return (factor * dx, factor * dy)
        case .trackpoint:
            let mx = dx * multiplier, my = dy * multiplier
            trackers.feed(mx, my, time: time)
            let v = trackers.velocity(at: time)
            let f = trackpointProfile(v)
            return (mx * f, my * f)
        case .trackpointFlat:
            return (factor * multiplier * dx, factor * multiplier * dy)
        case .none:
            return constant(dx: dx, dy: dy)
        }
    }

    /// `filter_dispatch_constant`: the unaccelerated conversion (normalised
    /// for the linear filter, raw for low-dpi, the flat factor for the flat
    /// filters, × multiplier for the trackpoint filter).
    public func constant(dx: Double, dy: Double) -> (x: Double, y: Double) {
        switch kind {
        case .linear, .none:
            if kind == .none && multiplier != 1 { return (dx * multiplier, dy * multiplier) }
            return (dx * 1000 / Double(dpi), dy * 1000 / Double(dpi))
        case .lowDPI: return (dx, dy)
        case .flat: return (factor * dx, factor * dy)
        case .trackpoint: return (dx * multiplier, dy * multiplier)
        case .trackpointFlat: return (factor * multiplier * dx, factor * multiplier * dy)
        }
    }

    /// `filter_restart`: the motion history starts again at `time`.
    public mutating func restart(time: Int64) {
        switch kind {
        case .linear, .lowDPI, .trackpoint: trackers.reset(time: time)
        default: break
        }
    }
}
