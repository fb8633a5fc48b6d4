/// A pointer-acceleration profile (libinput's `LIBINPUT_CONFIG_ACCEL_PROFILE_*`).
public enum AccelerationProfile: String, Sendable, CaseIterable {
    /// Raw deltas: a mouse moves by its counts; a touchpad by its motion
    /// normalised to 1000 dpi (1 mm = 39.37 units). **Our choice** (libinput has no such profile).
    case none
    /// A constant factor (`max(0.005, 1 + speed)`), libinput's flat profile.
    case flat
    /// libinput's default velocity-dependent curve.
    case adaptive
}

/// The velocity estimate libinput's filters use, with its default of two
/// trackers (`trackers_init(…, 2)`): the speed of the latest delta over the
/// time since the previous one (plus 1 µs), or over 1 s after a pause longer
/// than `MOTION_TIMEOUT` (1 s) or at the first delta. With two trackers the
/// direction test never changes the result, so it is not modelled.
struct VelocityTracker: Sendable {
    /// Microsecond time of the previous delta.
    var previous: Int64? = nil
    static let motionTimeout: Int64 = 1_000_000

    /// Feeds a delta (in the filter's units) at a time in µs; returns units/µs.
    mutating func feed(_ dx: Double, _ dy: Double, time: Int64) -> Double {
        defer { previous = time }
        let length = _hypot(dx, dy)
        guard let p = previous, time - p <= Self.motionTimeout else {
            return length / Double(Self.motionTimeout + 1)
        }
        if p > time { return 0 }
        return length / Double(time - p + 1)
    }

    mutating func reset() { previous = nil }
}

/// libinput's mouse acceleration (`filter-mouse.c`, `filter-flat.c`).
///
/// - `adaptive`: deltas normalised to 1000 dpi, multiplied by the Simpson
///   average of the curve `f` at the current velocity, the previous velocity
///   and their mean. `f(s)` (s in units/ms) = `10 s + 0.3` below 0.07; 1 up to
///   the threshold; then `incline · (s − threshold) + 1`, capped at `accel`.
///   threshold = max(0.2, 0.4 − 0.25 sp), accel = 2 + 1.5 sp, incline = 1.1 + 0.75 sp.
/// - `flat`: raw delta × max(0.005, 1 + sp). `none`: raw delta.
public struct MouseAccelerator: Sendable {
    /// The profile.
    public let profile: AccelerationProfile
    /// The speed setting, −1…1.
    public let speed: Double
    /// The device resolution in dots per inch (libinput's default 1000;
    /// libinput's separate low-dpi filter for mice below 1000 dpi is not modelled).
    public let dpi: Double
    /// The curve's threshold in units/ms.
    public let threshold: Double
    /// The curve's maximum factor.
    public let maxFactor: Double
    /// The curve's incline.
    public let incline: Double
    var tracker = VelocityTracker()
    var lastVelocity = 0.0

    /// Creates a filter; `speed` is clamped to −1…1.
    public init(profile: AccelerationProfile, speed: Double, dpi: Double = 1000) {
        let sp = Swift.min(1, Swift.max(-1, speed))
        self.profile = profile; self.speed = sp; self.dpi = dpi
        threshold = Swift.max(0.2, 0.4 - 0.25 * sp)
        maxFactor = 2.0 + 1.5 * sp
        incline = 1.1 + 0.75 * sp
    }

    /// The curve `f` at a velocity in units/ms (libinput's
    /// `pointer_accel_profile_linear`).
    public func factor(atUnitsPerMillisecond s: Double) -> Double {
        if s < 0.07 { return 10 * s + 0.3 }
        let f = s < threshold ? 1 : incline * (s - threshold) + 1
        return Swift.min(maxFactor, f)
    }

    /// The Simpson average of the curve between two velocities (units/ms).
    public func simpsonFactor(velocity v: Double, lastVelocity last: Double) -> Double {
        (factor(atUnitsPerMillisecond: v) + factor(atUnitsPerMillisecond: last) + 4 * factor(atUnitsPerMillisecond: (v + last) / 2)) / 6
    }

    /// Accelerates one frame's summed delta at a time in µs. O(1).
    public mutating func filter(dx: Double, dy: Double, time: Int64) -> (dx: Double, dy: Double) {
        switch profile {
        case .none: return (dx, dy)
        case .flat:
            let f = Swift.max(0.005, 1 + speed)
            return (dx * f, dy * f)
        case .adaptive:
            let nx = dx * 1000 / dpi, ny = dy * 1000 / dpi
            // libinput's profile normalises the (already normalised) velocity
            // for dpi once more (`pointer_accel_profile_linear`); a no-op at 1000 dpi.
            let v = tracker.feed(nx, ny, time: time) * 1000 * 1000 / dpi  // units/ms
            let f = simpsonFactor(velocity: v, lastVelocity: lastVelocity)
            lastVelocity = v
            return (nx * f, ny * f)
        }
    }
}

/// libinput's touchpad acceleration (`filter-touchpad.c`,
/// `filter-touchpad-flat.c`). Input deltas are in device units with y
/// already scaled to the x resolution; output is in 1000-dpi units.
///
/// - `adaptive`: speed s in mm/s; factor = min(0.9, 0.1 s + 0.3) below 7 mm/s,
///   0.9 up to 130 mm/s, then 0.0025 (s/130)(s − 130) + 0.9 (s capped at 4×130),
///   times libinput's speed factor (`touchpad_speed_factor`, ≈ `(sp+1)^2.38 · 0.95 + 0.05`)
///   and `TP_MAGIC_SLOWDOWN` 0.2968, Simpson-averaged;
///   applied to the device delta, then normalised (× 1000 / dpi, dpi = res × 25.4).
/// - `flat`: normalised × 0.2968 × max(0.005, 1 + sp). `none`: normalised.
public struct TouchpadAccelerator: Sendable {
    /// libinput's `TP_MAGIC_SLOWDOWN`.
    public static let magicSlowdown = 0.2968
    /// The plateau factor (libinput's `baseline`).
    public static let baseline = 0.9
    /// The profile.
    public let profile: AccelerationProfile
    /// The speed setting, −1…1.
    public let speed: Double
    /// The pad's x resolution as dots per inch (units/mm × 25.4).
    public let dpi: Double
    /// libinput's `touchpad_speed_factor(sp)`: with s = sp + 1,
    /// `435837.2 + (0.04762636 − 435837.2) / (1 + (s / 240.4549)^2.377168)`
    /// (≈ 0.0476 + 0.9523 s^2.377: 0.048 at −1, 1.000 at 0, 5.0 at 1).
    public let speedFactor: Double
    /// The threshold in mm/s (130).
    public let threshold = 130.0
    var tracker = VelocityTracker()
    var lastVelocity = 0.0

    /// Creates a filter for a pad with x resolution `unitsPerMM`.
    public init(profile: AccelerationProfile, speed: Double, unitsPerMM: Double) {
        let sp = Swift.min(1, Swift.max(-1, speed))
        self.profile = profile; self.speed = sp; dpi = unitsPerMM * 25.4
        speedFactor = 435837.2 + (0.04762636 - 435837.2) / (1 + _pow((sp + 1) / 240.4549, 2.377168))
    }

    /// The curve at a speed in mm/s, including the speed factor and the magic slowdown.
    public func factor(atMillimetresPerSecond s: Double) -> Double {
        var f: Double
        if s < 7 { f = Swift.min(Self.baseline, 0.1 * s + 0.3) }
        else if s < threshold { f = Self.baseline }
        else {
            let c = Swift.min(s, 4 * threshold)
            f = 0.0025 * (c / threshold) * (c - threshold) + Self.baseline
        }
        return f * speedFactor * Self.magicSlowdown
    }

    /// Accelerates a device-unit delta at a time in µs. O(1).
    public mutating func filter(dx: Double, dy: Double, time: Int64) -> (dx: Double, dy: Double) {
        let norm = 1000 / dpi
        switch profile {
        case .none: return (dx * norm, dy * norm)
        case .flat:
            let f = Self.magicSlowdown * Swift.max(0.005, 1 + speed) * norm
            return (dx * f, dy * f)
        case .adaptive:
            let v = tracker.feed(dx, dy, time: time)  // units/µs
            let toMM = 1_000_000 * 25.4 / dpi
            let f1 = factor(atMillimetresPerSecond: v * toMM), f2 = factor(atMillimetresPerSecond: lastVelocity * toMM)
            let f3 = factor(atMillimetresPerSecond: (v + lastVelocity) / 2 * toMM)
            lastVelocity = v
            let f = (f1 + f2 + 4 * f3) / 6
            return (dx * f * norm, dy * f * norm)
        }
    }

    /// The unaccelerated scroll conversion (`touchpad_constant_filter`):
    /// normalised × 0.9 × 0.2968.
    public func scroll(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        let f = 1000 / dpi * Self.baseline * Self.magicSlowdown
        return (dx * f, dy * f)
    }

    mutating func reset() { tracker.reset(); lastVelocity = 0 }
}
