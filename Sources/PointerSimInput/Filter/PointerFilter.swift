// Derived from libinput 1.22.1: src/filter.c (the velocity and profiles),
// filter-mouse.c, filter-low-dpi.c, filter-flat.c, filter-trackpoint.c,
// filter-trackpoint-flat.c. The logic is re-expressed in Swift. libinput's
// notice (MIT licence), which covers this file (THIRD-PARTY-NOTICES.md lists
// every file it covers):
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
@usableFromInline package struct PointerFilter: Sendable {
    /// Which filter.
    @usableFromInline package enum Kind: String, Sendable, Hashable {
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
    @usableFromInline package let kind: Kind
    /// The device's dpi (1000 for pointing sticks).
    @usableFromInline package let dpi: Int
    /// The speed setting, −1…1.
    @usableFromInline package let speed: Double
    /// `AttrTrackpointMultiplier` (1 for mice).
    @usableFromInline package let multiplier: Double
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
    @usableFromInline package init(
        pointingStick: Bool,
        profile: AccelerationProfile,
        speed: Double,
        dpi: Int,
        multiplier: Double = 1,
        velocityAveraging: Bool = false
    ) {
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
        trackers = PointerTrackers(
            count: velocityAveraging ? 16 : 2,
            smoothener: kind == .trackpoint ? (10_000, 10_000) : nil
        )
    }

    /// libinput's trackpoint `speed_factor`: maps −1…1 to ≈ 0.05…5, 1 at 0.
    static func trackpointSpeedFactor(_ s: Double) -> Double {
        435837.2 + (0.04762636 - 435837.2) / (1 + _pow((s + 1) / 240.4549, 2.377168))
    }

    /// libinput: pointer_accel_profile_linear
    ///
    /// The factor at a normalised velocity (units/µs).
    func linearProfile(_ v: Double) -> Double {
        let f: Double
        if v * 1000 < 0.07 { f = 10 * (v * 1000) + 0.3 } else if v < threshold { f = 1 } else { f = incline * ((v - threshold) * 1000) + 1 }
        return Swift.min(maxAccel, f)
    }

    /// libinput: pointer_accel_profile_linear_low_dpi
    ///
    /// The factor at a device-unit velocity (units/µs).
    func lowDPIProfile(_ v: Double) -> Double {
        let dpiFactor = Double(dpi) / 1000
        let maxA = maxAccel / dpiFactor, thr = threshold * dpiFactor
        let f: Double
        if v * 1000 < 0.07 { f = 10 * (v * 1000) + 0.3 } else if v < thr { f = 1 } else { f = incline * ((v - thr) * 1000) + 1 }
        return Swift.min(maxA, f)
    }

    /// libinput: trackpoint_accel_profile
    ///
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

    /// libinput: filter_dispatch
    ///
    /// The accelerated delta of one frame's device delta at `time` (µs).
    @usableFromInline package mutating func filter(dx: Double, dy: Double, time: Int64) -> (x: Double, y: Double) {
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

    /// libinput: filter_dispatch_constant
    ///
    /// The unaccelerated conversion (normalised
    /// for the linear filter, raw for low-dpi, the flat factor for the flat
    /// filters, × multiplier for the trackpoint filter).
    @usableFromInline package func constant(dx: Double, dy: Double) -> (x: Double, y: Double) {
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

    /// libinput: filter_restart
    ///
    /// The motion history starts again at `time`.
    @usableFromInline package mutating func restart(time: Int64) {
        switch kind {
        case .linear, .lowDPI, .trackpoint: trackers.reset(time: time)
        default: break
        }
    }
}
