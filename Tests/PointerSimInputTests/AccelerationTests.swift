import Foundation
import PointerSimInput
import Testing

/// libinput's curves, checked against values worked out by hand from the
/// formulas in linux-input.md §2.
@Suite struct AccelerationTests {
    @Test func adaptiveCurveAtDefaultSpeed() {
        let a = MouseAccelerator(profile: .adaptive, speed: 0)
        #expect(a.threshold == 0.4 && a.maxFactor == 2.0 && a.incline == 1.1)
        #expect(abs(a.factor(atUnitsPerMillisecond: 0.05) - 0.8) < 1e-12)   // 10·0.05 + 0.3
        #expect(a.factor(atUnitsPerMillisecond: 0.07) == 1)                 // plateau starts
        #expect(a.factor(atUnitsPerMillisecond: 0.39) == 1)
        #expect(abs(a.factor(atUnitsPerMillisecond: 0.5) - 1.11) < 1e-12)   // 1.1·0.1 + 1
        #expect(a.factor(atUnitsPerMillisecond: 2.0) == 2.0)                // capped at accel
    }

    @Test func adaptiveCurveAtOtherSpeeds() {
        let fast = MouseAccelerator(profile: .adaptive, speed: 0.5)
        // threshold 0.4 − 0.125 = 0.275, accel 2.75, incline 1.475
        #expect(abs(fast.factor(atUnitsPerMillisecond: 0.5) - (1.475 * 0.225 + 1)) < 1e-12)
        #expect(fast.factor(atUnitsPerMillisecond: 5) == 2.75)
        let fastest = MouseAccelerator(profile: .adaptive, speed: 1)
        // threshold max(0.2, 0.15) = 0.2, accel 3.5, incline 1.85
        #expect(fastest.threshold == 0.2)
        #expect(abs(fastest.factor(atUnitsPerMillisecond: 1.0) - (1.85 * 0.8 + 1)) < 1e-12)
        let slowest = MouseAccelerator(profile: .adaptive, speed: -1)
        // threshold 0.65, accel 0.5: the plateau is capped at 0.5; the slow ramp is not
        #expect(slowest.factor(atUnitsPerMillisecond: 0.3) == 0.5)
        #expect(abs(slowest.factor(atUnitsPerMillisecond: 0.05) - 0.8) < 1e-12)
        let clamped = MouseAccelerator(profile: .adaptive, speed: 7)
        #expect(clamped.speed == 1)
    }

    @Test func adaptiveFilterUsesVelocityAndSimpson() {
        var a = MouseAccelerator(profile: .adaptive, speed: 0)
        // First delta: no previous tracker → velocity over MOTION_TIMEOUT (1 s + 1 µs).
        let t0: Int64 = 5_000_000
        let out1 = a.filter(dx: 10, dy: 0, time: t0)
        let v1 = 10.0 / 1_000_001 * 1000                     // units/ms
        let f = { (s: Double) -> Double in s < 0.07 ? 10 * s + 0.3 : s < 0.4 ? 1 : min(2, 1.1 * (s - 0.4) + 1) }
        let k1 = (f(v1) + f(0) + 4 * f(v1 / 2)) / 6
        #expect(abs(out1.dx - 10 * k1) < 1e-9 && out1.dy == 0)
        // Second delta 10 ms later: 10 units / 10001 µs.
        let out2 = a.filter(dx: 10, dy: 0, time: t0 + 10_000)
        let v2 = 10.0 / 10_001 * 1000
        let k2 = (f(v2) + f(v1) + 4 * f((v1 + v2) / 2)) / 6
        #expect(abs(out2.dx - 10 * k2) < 1e-9)
        #expect(abs(k2 - (1.1 * (v2 - 0.4) + 1 + 0.3 + 10 * v1 + 4 * (1.1 * ((v1 + v2) / 2 - 0.4) + 1)) / 6) < 1e-12)
        // After a pause longer than 1 s the velocity is again over MOTION_TIMEOUT.
        let out3 = a.filter(dx: 3, dy: 4, time: t0 + 3_000_000)
        let v3 = 5.0 / 1_000_001 * 1000
        let k3 = (f(v3) + f(v2) + 4 * f((v2 + v3) / 2)) / 6
        #expect(abs(out3.dx - 3 * k3) < 1e-9 && abs(out3.dy - 4 * k3) < 1e-9)
    }

    @Test func adaptiveNormalisesForDPI() {
        var a = MouseAccelerator(profile: .adaptive, speed: 0, dpi: 2000)
        var b = MouseAccelerator(profile: .adaptive, speed: 0, dpi: 1000)
        let x = a.filter(dx: 20, dy: 0, time: 1), y = b.filter(dx: 10, dy: 0, time: 1)
        // Both give 10 normalised units; the 2000-dpi profile sees half the velocity
        // (libinput normalises the velocity a second time in the profile).
        let v = 10.0 / 1_000_001 * 1000
        #expect(abs(y.dx - 10 * (0.3 + 10 * v + 0.3 + 4 * (0.3 + 10 * v / 2)) / 6) < 1e-12)
        #expect(abs(x.dx - 10 * (0.3 + 10 * v / 2 + 0.3 + 4 * (0.3 + 10 * v / 4)) / 6) < 1e-12)
    }

    @Test func flatAndNone() {
        var flat = MouseAccelerator(profile: .flat, speed: 0.5)
        #expect(flat.filter(dx: 4, dy: -2, time: 0) == (6, -3))
        var slowest = MouseAccelerator(profile: .flat, speed: -1)
        #expect(slowest.filter(dx: 200, dy: 0, time: 0).dx == 1)    // max(0.005, 0) × 200
        var none = MouseAccelerator(profile: .none, speed: 1)
        #expect(none.filter(dx: 7, dy: 9, time: 0) == (7, 9))
    }

    @Test func touchpadCurve() {
        let tp = TouchpadAccelerator(profile: .adaptive, speed: 0, unitsPerMM: 32)
        // libinput's curve fit through (0, 0), (1, 1), (2, 5): 1.000 at speed 0.
        func speedFactor(_ sp: Double) -> Double { 435837.2 + (0.04762636 - 435837.2) / (1 + pow((sp + 1) / 240.4549, 2.377168)) }
        #expect(abs(tp.speedFactor - speedFactor(0)) < 1e-9 && abs(tp.speedFactor - 1) < 1e-3)
        let k = tp.speedFactor
        #expect(abs(tp.factor(atMillimetresPerSecond: 3) - 0.6 * k * 0.2968) < 1e-12)       // 0.1·3 + 0.3
        #expect(abs(tp.factor(atMillimetresPerSecond: 100) - 0.9 * k * 0.2968) < 1e-12)
        let s = 260.0
        #expect(abs(tp.factor(atMillimetresPerSecond: s) - (0.0025 * 2 * 130 + 0.9) * k * 0.2968) < 1e-12)
        #expect(tp.factor(atMillimetresPerSecond: 10_000) == tp.factor(atMillimetresPerSecond: 520))  // capped at 4 × 130
        let fast = TouchpadAccelerator(profile: .adaptive, speed: 1, unitsPerMM: 32)
        #expect(abs(fast.speedFactor - speedFactor(1)) < 1e-9 && abs(fast.speedFactor - 5) < 0.01)
        let slow = TouchpadAccelerator(profile: .adaptive, speed: -0.5, unitsPerMM: 32)
        #expect(abs(slow.speedFactor - speedFactor(-0.5)) < 1e-9)
        #expect(abs(TouchpadAccelerator(profile: .adaptive, speed: -1, unitsPerMM: 32).speedFactor - 0.04762636) < 1e-9)
    }

    @Test func touchpadPlateauIsAboutTenUnitsPerMillimetre() {
        // 1 mm (32 units) every 12 ms = 83 mm/s: on the plateau after the first frames.
        var tp = TouchpadAccelerator(profile: .adaptive, speed: 0, unitsPerMM: 32)
        var last = (dx: 0.0, dy: 0.0)
        for i in 0..<10 { last = tp.filter(dx: 32, dy: 0, time: 1_000_000 + Int64(i) * 12_000) }
        #expect(abs(last.dx - 1000 / 25.4 * 0.9 * 0.2968 * tp.speedFactor) < 1e-9)   // ≈ 10.52
        var flat = TouchpadAccelerator(profile: .flat, speed: 0, unitsPerMM: 32)
        #expect(abs(flat.filter(dx: 32, dy: 0, time: 0).dx - 1000 / 25.4 * 0.2968) < 1e-9)
        var none = TouchpadAccelerator(profile: .none, speed: 0, unitsPerMM: 32)
        #expect(abs(none.filter(dx: 32, dy: 64, time: 0).dy - 2000 / 25.4) < 1e-9)
        #expect(abs(none.scroll(dx: 0, dy: 32).dy - 1000 / 25.4 * 0.9 * 0.2968) < 1e-9)
    }
}
