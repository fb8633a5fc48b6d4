// Derived from libinput 1.22.1: src/filter-touchpad.c and the direction
// helpers of src/libinput-util.c. The logic is re-expressed in Swift.
// libinput's notice (MIT licence), which covers this file
// (THIRD-PARTY-NOTICES.md lists every file it covers):
//
// Copyright © 2006-2009 Simon Thum
// Copyright © 2012 Jonas Ådahl
// Copyright © 2014-2018 Red Hat, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining a
// copy of this software and associated documentation files (the "Software"),
// to deal in the Software without restriction, including without limitation
// the rights to use, copy, modify, merge, publish, distribute, sublicense,
// and/or sell copies of the Software, and to permit persons to whom the
// Software is furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice (including the next
// paragraph) shall be included in all copies or substantial portions of the
// Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
// THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
// FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
// DEALINGS IN THE SOFTWARE.

import PointerSimCore

/// The eight compass directions as libinput encodes them (`enum directions`
/// in `libinput-private.h`): N = bit 0, NE, E, SE, S, SW, W, NW = bit 7;
/// `undefined` (0xff) is every direction.
enum Direction {
    static let N: UInt32 = 1 << 0, NE: UInt32 = 1 << 1, E: UInt32 = 1 << 2, SE: UInt32 = 1 << 3,
        S: UInt32 = 1 << 4, SW: UInt32 = 1 << 5, W: UInt32 = 1 << 6, NW: UInt32 = 1 << 7
    static let undefined: UInt32 = 0xff

    /// libinput's `xy_get_direction` (shared with the fallback dispatch's filters).
    static func of(x: Double, y: Double) -> UInt32 { PointerTrackers.direction(x, y) }
}

/// libinput's touchpad acceleration filters (`filter-touchpad.c`,
/// `filter-touchpad-flat.c`); follows libinput 1.22's algorithms.
///
/// Input deltas are in device units with y already scaled to the x axis'
/// resolution (`tp_scale_to_xaxis`); output is in libinput's normalised
/// 1000-dpi units. `dpi` is the x resolution × 25.4, truncated to an
/// integer as libinput stores it.
///
/// - adaptive (default): the velocity from libinput's pointer trackers (2 trackers,
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
@usableFromInline package struct TouchpadMotionFilter: Sendable {
    /// libinput's `TP_MAGIC_SLOWDOWN`.
    @usableFromInline package static let magicSlowdown = 0.2968
    /// The plateau of the adaptive curve (`baseline`).
    @usableFromInline package static let baseline = 0.9
    /// The adaptive curve's threshold in mm/s.
    @usableFromInline package static let threshold = 130.0
    /// The profile.
    @usableFromInline package let profile: AccelerationProfile
    /// The speed setting, −1…1.
    @usableFromInline package let speed: Double
    /// libinput's `dpi`: the x resolution × 25.4, truncated.
    @usableFromInline package let dpi: Int
    /// `speed_factor(speed)` (adaptive) or `max(0.005, 1 + speed)` (flat).
    @usableFromInline package let speedFactor: Double
    var trackers: PointerTrackers
    var lastVelocity = 0.0

    /// Creates a filter.
    /// - Parameters:
    ///   - profile: the acceleration profile.
    ///   - speed: the speed setting, −1…1.
    ///   - dpi: the pad's x resolution as dots per inch.
    ///   - velocityAveraging: 16 trackers instead of 2 (`AttrUseVelocityAveraging`).
    ///   - bluetooth: a Bluetooth touchpad's delta smoothener (time deltas below 50 ms count as 10 ms).
    @usableFromInline package init(profile: AccelerationProfile, speed: Double, dpi: Int, velocityAveraging: Bool = false, bluetooth: Bool = false) {
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
    @usableFromInline package static func speedFactor(_ speed: Double) -> Double {
        let s = speed + 1
        return 435837.2 + (0.04762636 - 435837.2) / (1 + _pow(s / 240.4549, 2.377168))
    }

    /// libinput: touchpad_accel_profile_linear
    ///
    /// `touchpad_accel_profile_linear` at a velocity in device units/µs.
    @usableFromInline package func profileFactor(unitsPerMicrosecond v: Double) -> Double {
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

    /// libinput: accelerator_filter_touchpad
    ///
    /// (`filter_dispatch` of the touchpad filters; the flat profile is
    /// `accelerator_filter_touchpad_flat`.) Accelerates a delta at `time` (µs).
    @usableFromInline package mutating func filter(dx: Double, dy: Double, time: Int64) -> (dx: Double, dy: Double) {
        switch profile {
        case .adaptive:
            trackers.feed(dx, dy, time: time)
            let v = trackers.velocity(at: time)
            let f =
                (profileFactor(unitsPerMicrosecond: v) + profileFactor(unitsPerMicrosecond: lastVelocity)
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

    /// libinput: touchpad_constant_filter
    ///
    /// The unaccelerated conversion used for scrolling.
    @usableFromInline package func constant(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
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

    /// libinput: touchpad_accelerator_restart
    ///
    /// The trackers start again at `time`.
    @usableFromInline package mutating func restart(time: Int64) {
        if profile == .adaptive { trackers.reset(time: time) }
    }

    /// libinput: normalize_for_dpi
    func normalize(_ x: Double, _ y: Double) -> (dx: Double, dy: Double) {
        (x * 1000 / Double(dpi), y * 1000 / Double(dpi))
    }
}
