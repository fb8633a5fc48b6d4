/// The eight compass directions as libinput encodes them (`enum directions`
/// in `libinput-private.h`): N = bit 0, NE, E, SE, S, SW, W, NW = bit 7;
/// `undefined` (0xff) is every direction.
enum Direction {
    static let N: UInt32 = 1 << 0, NE: UInt32 = 1 << 1, E: UInt32 = 1 << 2, SE: UInt32 = 1 << 3,
        S: UInt32 = 1 << 4, SW: UInt32 = 1 << 5, W: UInt32 = 1 << 6, NW: UInt32 = 1 << 7
    static let undefined: UInt32 = 0xff

    /// libinput's `xy_get_direction`: for deltas below 2 units a fixed set
    /// of three octants by sign; otherwise the one or two octants within
    /// 0.1 octant of the vector's angle (0 = north, clockwise).
    static func of(x: Double, y: Double) -> UInt32 {
        if abs(x) < 2.0 && abs(y) < 2.0 {
            if x > 0 && y > 0 { return S | SE | E }
            if x > 0 && y < 0 { return N | NE | E }
            if x < 0 && y > 0 { return S | SW | W }
            if x < 0 && y < 0 { return N | NW | W }
            if x > 0 { return NE | E | SE }
            if x < 0 { return NW | W | SW }
            if y > 0 { return SE | S | SW }
            if y < 0 { return NE | N | NW }
            return undefined
        }
        var r = _atan2(y, x)
        r = _fmod(r + 2.5 * Double.pi, 2 * Double.pi)
        r *= 4 * (1 / Double.pi)
        let d1 = Int(r + 0.9) % 8, d2 = Int(r + 0.1) % 8
        return (1 << UInt32(d1)) | (1 << UInt32(d2))
    }
}

/// atan(x) by two argument halvings and the Taylor series (relative error ~1e-15).
func _atan(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x.isInfinite { return x > 0 ? Double.pi / 2 : -Double.pi / 2 }
    if abs(x) > 1 { return (x > 0 ? Double.pi / 2 : -Double.pi / 2) - _atan(1 / x) }
    // atan(x) = 2 atan(x / (1 + sqrt(1 + x²))), twice: |z| <= tan(π/16).
    var z = x / (1 + (1 + x * x).squareRoot())
    z = z / (1 + (1 + z * z).squareRoot())
    let z2 = z * z
    var term = z, sum = 0.0, k = 1.0
    while true {
        let add = term / k
        if abs(add) < 1e-19 { break }
        sum += add; term *= -z2; k += 2
    }
    return 4 * sum
}

/// atan2(y, x) as C's, in (−π, π].
func _atan2(_ y: Double, _ x: Double) -> Double {
    if x > 0 { return _atan(y / x) }
    if x < 0 { return y >= 0 ? _atan(y / x) + Double.pi : _atan(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
}

/// fmod for a non-negative dividend and positive divisor.
func _fmod(_ a: Double, _ b: Double) -> Double { a - (a / b).rounded(.towardZero) * b }

/// libinput's pointer trackers (`struct pointer_trackers`, `filter.c`): a
/// ring of `count` trackers, each summing the deltas fed since it was the
/// current one, with its start time and the direction of the delta that
/// started it. The velocity is that of the least recent tracker that is
/// within the 1 s motion timeout, in the same direction, and (beyond the
/// second) within 1 unit/ms of the first; an optional smoothener replaces
/// too-short time deltas (Bluetooth touchpads: below 50 ms count as 10 ms).
/// Follows libinput 1.22's `trackers_feed`, `trackers_velocity` and
/// `trackers_reset`.
struct PointerTrackers: Sendable {
    struct Tracker: Sendable { var dx = 0.0, dy = 0.0; var time: Int64 = 0; var dir: UInt32 = 0 }
    var trackers: [Tracker]
    var current = 0
    /// `(threshold, value)` in µs, or nil.
    var smoothener: (threshold: Int64, value: Int64)?
    static let motionTimeout: Int64 = 1_000_000

    init(count: Int, smoothener: (threshold: Int64, value: Int64)? = nil) {
        trackers = [Tracker](repeating: Tracker(), count: Swift.max(2, count))
        self.smoothener = smoothener
    }

    func byOffset(_ offset: Int) -> Tracker {
        trackers[(current + trackers.count - offset) % trackers.count]
    }

    /// `trackers_reset`: the current tracker starts at `time` in every direction, the others are cleared.
    mutating func reset(time: Int64) {
        let n = trackers.count
        for offset in 1..<n { trackers[(current + n - offset) % n] = Tracker() }
        trackers[current].time = time
        trackers[current].dir = Direction.undefined
    }

    /// `trackers_feed`.
    mutating func feed(dx: Double, dy: Double, time: Int64) {
        for i in trackers.indices { trackers[i].dx += dx; trackers[i].dy += dy }
        current = (current + 1) % trackers.count
        trackers[current] = Tracker(dx: 0, dy: 0, time: time, dir: Direction.of(x: dx, y: dy))
    }

    func trackerVelocity(_ t: Tracker, time: Int64) -> Double {
        var tdelta = time &- t.time &+ 1
        if let s = smoothener, UInt64(bitPattern: tdelta) < UInt64(s.threshold) { tdelta = s.value }
        return (t.dx * t.dx + t.dy * t.dy).squareRoot() / Double(UInt64(bitPattern: tdelta))
    }

    /// `trackers_velocity`, in units/µs.
    func velocity(time: Int64) -> Double {
        let maxDiff = 1.0 / 1000.0  // v_ms2us(1)
        var result = 0.0, initial = 0.0
        var dir = byOffset(0).dir
        for offset in 1..<trackers.count {
            let t = byOffset(offset)
            if t.time > time { break }
            if time - t.time > Self.motionTimeout {
                if offset == 1 { result = trackerVelocity(t, time: t.time + Self.motionTimeout) }
                break
            }
            let v = trackerVelocity(t, time: time)
            dir &= t.dir
            if dir == 0 {
                if offset == 1 { result = v }
                break
            }
            if initial == 0.0 || offset <= 2 {
                result = v; initial = v
            } else {
                if abs(initial - v) > maxDiff { break }
                result = v
            }
        }
        return result
    }
}

/// libinput's touchpad acceleration filters (`filter-touchpad.c`,
/// `filter-touchpad-flat.c`); follows libinput 1.22's algorithms.
///
/// Input deltas are in device units with y already scaled to the x axis'
/// resolution (`tp_scale_to_xaxis`); output is in libinput's normalised
/// 1000-dpi units. `dpi` is the x resolution × 25.4, truncated to an
/// integer as libinput stores it.
///
/// - adaptive (default): the velocity from ``PointerTrackers`` (2 trackers,
///   16 with `AttrUseVelocityAveraging`) in mm/s drives
///   `touchpad_accel_profile_linear`: `min(0.9, 0.1 v + 0.3)` below 7 mm/s,
///   0.9 up to 130 mm/s, then `0.0025 (v/130)(v − 130) + 0.9` with v capped
///   at 520 mm/s; times the speed factor (1 at speed 0) and
///   `TP_MAGIC_SLOWDOWN` 0.2968. The factor is the Simpson average over the
///   previous and current velocity; the delta is multiplied by it and then
///   normalised (× 1000 / dpi).
/// - flat: normalised × 0.2968 × max(0.005, 1 + speed), for accelerated and
///   unaccelerated (scroll) motion alike.
/// - none (**our choice**, libinput has no such profile): normalised deltas.
///
/// The constant filter (`touchpad_constant_filter`, used for scrolling):
/// normalised × 0.9 × 0.2968.
public struct TouchpadMotionFilter: Sendable {
    /// libinput's `TP_MAGIC_SLOWDOWN`.
    public static let magicSlowdown = 0.2968
    /// The plateau of the adaptive curve (`baseline`).
    public static let baseline = 0.9
    /// The adaptive curve's threshold in mm/s.
    public static let threshold = 130.0
    /// The profile.
    public let profile: AccelerationProfile
    /// The speed setting, −1…1.
    public let speed: Double
    /// libinput's `dpi`: the x resolution × 25.4, truncated.
    public let dpi: Int
    /// `speed_factor(speed)` (adaptive) or `max(0.005, 1 + speed)` (flat).
    public let speedFactor: Double
    var trackers: PointerTrackers
    var lastVelocity = 0.0

    /// Creates a filter.
    /// - Parameters:
    ///   - velocityAveraging: 16 trackers instead of 2 (`AttrUseVelocityAveraging`).
    ///   - bluetooth: a Bluetooth touchpad's delta smoothener (time deltas below 50 ms count as 10 ms).
    public init(profile: AccelerationProfile, speed: Double, dpi: Int, velocityAveraging: Bool = false, bluetooth: Bool = false) {
        let sp = Swift.min(1, Swift.max(-1, speed))
        self.profile = profile; self.speed = sp; self.dpi = Swift.max(1, dpi)
        switch profile {
        case .flat: speedFactor = Swift.max(0.005, 1 + sp)
        default: speedFactor = Self.speedFactor(sp)
        }
        trackers = PointerTrackers(count: velocityAveraging ? 16 : 2, smoothener: bluetooth ? (50_000, 10_000) : nil)
    }

    /// libinput's `speed_factor` for the touchpad profile: with s = speed + 1,
    /// `435837.2 + (0.04762636 − 435837.2) / (1 + (s / 240.4549)^2.377168)`.
    public static func speedFactor(_ speed: Double) -> Double {
        let s = speed + 1
        return 435837.2 + (0.04762636 - 435837.2) / (1 + _pow(s / 240.4549, 2.377168))
    }

    /// `touchpad_accel_profile_linear` at a velocity in device units/µs.
    public func profileFactor(unitsPerMicrosecond v: Double) -> Double {
        var s = v * 1_000_000 * 25.4 / Double(dpi)  // mm/s
        var f: Double
        if s < 7.0 {
            f = Swift.min(Self.baseline, 0.1 * s + 0.3)
        } else if s < Self.threshold {
            f = Self.baseline
        } else {
            s = Swift.min(s, Self.threshold * 4)
            f = 0.0025 * (s / Self.threshold) * (s - Self.threshold) + Self.baseline
        }
        f *= speedFactor
        return f * Self.magicSlowdown
    }

    /// `filter_dispatch`: accelerates a delta at `time` (µs).
    public mutating func filter(dx: Double, dy: Double, time: Int64) -> (dx: Double, dy: Double) {
        switch profile {
        case .adaptive:
            trackers.feed(dx: dx, dy: dy, time: time)
            let v = trackers.velocity(time: time)
            let f = (profileFactor(unitsPerMicrosecond: v) + profileFactor(unitsPerMicrosecond: lastVelocity)
                + 4.0 * profileFactor(unitsPerMicrosecond: (lastVelocity + v) / 2)) / 6.0
            lastVelocity = v
            return normalize(dx * f, dy * f)
        case .flat:
            let n = normalize(dx, dy)
            return (Self.magicSlowdown * speedFactor * n.dx, Self.magicSlowdown * speedFactor * n.dy)
        case .none:
            return normalize(dx, dy)
        }
    }

    /// `filter_dispatch_constant`: the unaccelerated conversion used for scrolling.
    public func constant(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        switch profile {
        case .adaptive:
            let n = normalize(dx, dy)
            return (Self.baseline * Self.magicSlowdown * n.dx, Self.baseline * Self.magicSlowdown * n.dy)
        case .flat:
            let n = normalize(dx, dy)
            return (Self.magicSlowdown * speedFactor * n.dx, Self.magicSlowdown * speedFactor * n.dy)
        case .none:
            return normalize(dx, dy)
        }
    }

    /// `filter_restart`: the trackers start again at `time`.
    public mutating func restart(time: Int64) {
        if profile == .adaptive { trackers.reset(time: time) }
    }

    /// `normalize_for_dpi`.
    func normalize(_ x: Double, _ y: Double) -> (dx: Double, dy: Double) {
        (x * 1000 / Double(dpi), y * 1000 / Double(dpi))
    }
}
