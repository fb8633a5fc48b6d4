// Derived from libinput 1.22.1: the pointer trackers of src/filter.c, shared
// by every acceleration filter. The logic is re-expressed in Swift. libinput's
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

    /// The tracker `offset` (0 ..< count) steps back from the current one.
    @inline(__always) func byOffset(_ offset: Int) -> Tracker {
        var k = current - offset
        if k < 0 { k += trackers.count }
        return trackers[k]
    }

    /// libinput: trackers_feed
    mutating func feed(_ dx: Double, _ dy: Double, time: Int64) {
        let dir = Self.direction(dx, dy)
        var c = current + 1
        if c == trackers.count { c = 0 }
        current = c
        // One uniqueness check for the whole update.
        trackers.withUnsafeMutableBufferPointer { t in
            for i in t.indices { t[i].dx += dx; t[i].dy += dy }
            t[c] = Tracker(dx: 0, dy: 0, time: time, dir: dir)
        }
    }

    /// libinput: trackers_reset
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

    /// libinput: trackers_velocity
    ///
    /// Units/µs.
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
        let d1 = Int(r + 0.9) & 7, d2 = Int(r + 0.1) & 7  // r ≥ 0: & 7 is % 8
        return (1 << UInt32(d1)) | (1 << UInt32(d2))
    }

    /// libinput's r ∈ [0, 8): the angle from north, clockwise, in octants.
    @inline(__always) static func octantCoordinate(_ angle: Double) -> Double {
        // fmod(angle + 2.5π, 2π) for an angle in [-π, π]: the sum lies in
        // [1.5π, 3.5π], so it is the sum or the sum less 2π, which is exact
        // (Sterbenz: 2π ≤ x < 4π), as fmod is; fmod itself only elsewhere.
        let twoPi = 2 * Double.pi
        let x = angle + 2.5 * Double.pi
        let m: Double
        if x >= 0 && x < twoPi { m = x } else if x >= twoPi && x < 2 * twoPi { m = x - twoPi } else { m = x.truncatingRemainder(dividingBy: twoPi) }
        return m * (4 / Double.pi)
    }

    /// atan2 within 0.0015 rad (the classic `π/4·v − v(|v|−1)(0.2447 + 0.0663|v|)`
    /// on |v| ≤ 1, mirrored for the other octants).
    @inline(__always) static func fastAtan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let swap = ay > ax
        let v = swap ? ax / ay : ay / ax  // in [0, 1]
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
