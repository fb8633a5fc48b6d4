import PointerSimCore
import Testing

@testable import PointerSimInput

/// Hand-checkable numbers of libinput 1.22's touchpad code, as the port
/// computes them.
@Suite struct TouchpadDispatchTests {
    /// The Synaptics clickpad of the shared recordings: 1472…5472 × 1408…4448, no resolution, 2 slots, fuzz 8.
    static func synapticsClickpad() -> DeviceDescription {
        var d = DeviceDescription(name: "SynPS/2 Synaptics TouchPad")
        d.bustype = 0x11; d.vendor = 2; d.product = 7
        d.properties = [0, 2]
        d.codes = [0: [0, 1, 3], 1: [272, 325, 330, 333, 334], 3: [0, 1, 0x18, 0x1c, 0x2f, 0x35, 0x36, 0x39, 0x3a]]
        d.absInfo = [
            0: AbsInfo(minimum: 1472, maximum: 5472, fuzz: 8), 1: AbsInfo(minimum: 1408, maximum: 4448, fuzz: 8),
            0x18: AbsInfo(minimum: 0, maximum: 255), 0x1c: AbsInfo(minimum: 0, maximum: 15),
            0x2f: AbsInfo(minimum: 0, maximum: 1), 0x35: AbsInfo(minimum: 1472, maximum: 5472, fuzz: 8),
            0x36: AbsInfo(minimum: 1408, maximum: 4448, fuzz: 8), 0x39: AbsInfo(minimum: 0, maximum: 65535),
            0x3a: AbsInfo(minimum: 0, maximum: 255),
        ]
        return d
    }

    static func dispatch(
        _ d: DeviceDescription,
        quirks: [String: String] = [:],
        configure: (inout DecoderConfiguration) -> Void = { _ in }
    ) -> TouchpadDispatch {
        var facts = DeviceFacts.derive(for: d)
        facts.quirks = quirks
        var c = DecoderConfiguration()
        configure(&c)
        return TouchpadDispatch(context: DeviceContext(index: 0, description: d, facts: facts, configuration: c))
    }

    @Test func accelerationCurvePoints() {
        let f = TouchpadMotionFilter(profile: .adaptive, speed: 0, dpi: 1000)
        let sf = TouchpadMotionFilter.speedFactor(0)
        #expect(abs(sf - 1.000875) < 0.000001)  // libinput's fitted curve is not exactly 1 at speed 0
        #expect(abs(TouchpadMotionFilter.speedFactor(-1) - 0.0476) < 0.0001)
        #expect(abs(TouchpadMotionFilter.speedFactor(1) - 5.0) < 0.05)
        // mm/s → device units/µs at 1000 dpi: v_mm · 1000 / 25.4 / 1e6.
        func at(_ mmps: Double) -> Double { f.profileFactor(unitsPerMicrosecond: mmps * 1000 / 25.4 / 1_000_000) / sf / 0.2968 }
        #expect(abs(at(0) - 0.3) < 1e-9)
        #expect(abs(at(3) - 0.6) < 1e-9)
        #expect(abs(at(6.5) - 0.9) < 1e-9)  // min(0.9, 0.95)
        #expect(abs(at(100) - 0.9) < 1e-9)
        #expect(abs(at(260) - (0.0025 * 2 * 130 + 0.9)) < 1e-9)
        #expect(abs(at(1000) - (0.0025 * 4 * 390 + 0.9)) < 1e-9)  // capped at 4 × 130 mm/s
    }

    @Test func constantFilterAndFlatProfile() {
        let f = TouchpadMotionFilter(profile: .adaptive, speed: 0, dpi: 1447)
        let c = f.constant(dx: 10, dy: -5)
        #expect(abs(c.dx - 10 * 1000 / 1447 * 0.9 * 0.2968) < 1e-12)
        #expect(abs(c.dy + 5 * 1000 / 1447 * 0.9 * 0.2968) < 1e-12)
        var flat = TouchpadMotionFilter(profile: .flat, speed: 0.5, dpi: 1000)
        let r = flat.filter(dx: 10, dy: 0, time: 0)
        #expect(abs(r.dx - 10 * 0.2968 * 1.5) < 1e-12)
    }

    @Test func trackersUseTheTimeSinceTheRestart() {
        var t = PointerTrackers(count: 2)
        t.reset(time: 1_000_000)
        t.feed(10, 0, time: 1_016_000)
        #expect(abs(t.velocity(at: 1_016_000) - 10.0 / 16_001) < 1e-15)
        // After a pause longer than the motion timeout: the timeout itself.
        t.feed(5, 0, time: 3_000_000)
        #expect(abs(t.velocity(at: 3_000_000) - 5.0 / 1_000_001) < 1e-15)
    }

    @Test func hysteresisMargins() {
        typealias P = TouchpadDispatch.Point
        let m = P(x: 8, y: 8)
        #expect(TouchpadDispatch.hysteresis(P(x: 5, y: 5), center: P(), margin: m) == P())  // inside the ellipse
        #expect(TouchpadDispatch.hysteresis(P(x: 10, y: 0), center: P(), margin: m) == P(x: 2, y: 0))
        #expect(TouchpadDispatch.hysteresis(P(x: 0, y: -10), center: P(), margin: m) == P(x: 0, y: -2))
        // Diagonal: lag 8/√2 = 5.657 on each axis, truncated: 10 − 5.657 = 4.34 → 4.
        #expect(TouchpadDispatch.hysteresis(P(x: 10, y: 10), center: P(), margin: m) == P(x: 4, y: 4))
    }

    @Test func fallbackResolutionAndButtonAreas() {
        let tp = Self.dispatch(Self.synapticsClickpad())
        // 69 × 50 mm: 4000 / 69 = 57, 3040 / 50 = 60 units/mm; libinput's size is 70.18 × 50.67 mm.
        #expect(tp.axisX.resolution == 57 && tp.axisY.resolution == 60)
        #expect(abs(tp.widthMM - 4000.0 / 57) < 1e-12 && abs(tp.heightMM - 3040.0 / 60) < 1e-12)
        #expect(tp.filter.dpi == 1447)  // 57 × 25.4 = 1447.8, truncated
        // Pressure: 12 % / 10 % of 0…255.
        #expect(tp.usePressure && tp.pressureHigh == 30 && tp.pressureLow == 25)
        // Hysteresis from LIBINPUT_FUZZ (8).
        #expect(tp.hysteresis.enabled && tp.hysteresis.margin == .init(x: 8, y: 8))
        // Bottom strip: 15 % of 50.67 mm < 10 mm, so the lower 15 %: 0.85 · 3040 + 1408 = 3992.
        #expect(tp.buttons.bottomTopEdge == 3992)
        #expect(tp.buttons.bottomMiddleLeftEdge == 2972)  // 37.5 %
        #expect(tp.buttons.bottomRightLeftEdge == 3972)  // 62.5 %
        #expect(tp.buttons.clickMethod == .buttonAreas && tp.scroll.method == .twoFinger)
        #expect(tp.thumb.detect)
        // Palm edges: the pad is 70.18 mm wide (≥ 70 mm), so 8 % (5.6 mm) on each side; 50.67 mm high: no top zone.
        #expect(abs(tp.palm.leftEdge - 1792) <= 1 && abs(tp.palm.rightEdge - 5152) <= 1)
        #expect(tp.palm.upperEdge == Int(Int32.min))
    }

    @Test func scrollThresholds() {
        #expect(abs(TouchpadDispatch.edgeScrollThreshold - 3 * 1000 / 25.4) < 1e-12)
        let tp = Self.dispatch(Self.synapticsClickpad())
        #expect(tp.evdevScroll.threshold == 0 && tp.evdevScroll.directionLockThreshold == 5)
        // Edge scroll zone 7 mm from the right and bottom.
        #expect(tp.scroll.rightEdge == Int((4000.0 / 57 - 7) * 57 + 1472))
    }

    @Test func clickfingerOnAppleAndSingleButtonPads() {
        let tp = Self.dispatch(Self.synapticsClickpad(), quirks: ["ModelAppleTouchpad": "1"])
        #expect(tp.buttons.clickMethod == .clickfinger && tp.buttons.bottomTopEdge == Int(Int32.max))
        var d = Self.synapticsClickpad()
        d.properties = [0]
        d.codes[1] = [272, 273, 325, 330, 333, 334]
        let phys = Self.dispatch(d)
        #expect(phys.buttons.clickMethod == .none && phys.middle.enabled)  // no BTN_MIDDLE: emulation on by default
    }

    /// One finger moving right: pressure-based begin, motion from the third frame on, no motion after the lift.
    @Test func oneFingerMovesThePointer() {
        var p = DecodePipeline(configuration: DecoderConfiguration())
        var out: [DecodedEvent] = []
        let d = Self.synapticsClickpad()
        p.addDevice(d, at: 0, into: &out)
        func feed(_ t: Double, _ evs: [(UInt16, UInt16, Int32)]) {
            for e in Fx.frame(t, evs) { p.feed(device: 0, e, into: &out) }
        }
        feed(0.010, [(3, 0x39, 1), (3, 0x35, 3000), (3, 0x36, 2500), (3, 0x3a, 50), (1, 330, 1), (1, 325, 1), (3, 0, 3000), (3, 1, 2500)])
        for k in 1...10 {
            let x = Int32(3000 + 40 * k)
            feed(0.010 + Double(k) * 0.012, [(3, 0x35, x), (3, 0, x)])
        }
        feed(0.2, [(3, 0x39, -1), (1, 330, 0), (1, 325, 0)])
        p.finish(into: &out)
        let motions = out.compactMap { e -> (Int, Double)? in
            if case .motion(_, _, let ux, _) = e.kind, case .frame(let f) = e.origin { return (f, ux) } else { return nil }
        }
        #expect(!motions.isEmpty)
        #expect(motions.first!.0 == 2)  // the first frame after the begin restarts the history (finger count change)
        // Hysteresis (fuzz 8) holds each 40-unit step back by 8 units, after the first.
        #expect(motions.allSatisfy { $0.1 > 0 })
        #expect(!out.contains { if case .button = $0.kind { return true } else { return false } })
    }
}

extension TouchpadDispatchTests {
    /// A one-finger tap with tapping on: left press at the touch-down time
    /// (emitted on the lift); the release is emitted when the 180 ms
    /// tap-and-drag window (160 + 20 ms) after the lift runs out, stamped
    /// with the lift's time as libinput does.
    @Test func oneFingerTapWithTappingOn() {
        var c = DecoderConfiguration()
        c.touchpad.tapping = true
        var p = DecodePipeline(configuration: c)
        var out: [DecodedEvent] = []
        p.addDevice(Self.synapticsClickpad(), at: 0, into: &out)
        func feed(_ t: Double, _ evs: [(UInt16, UInt16, Int32)]) {
            for e in Fx.frame(t, evs) { p.feed(device: 0, e, into: &out) }
        }
        feed(1.000, [(3, 0x39, 1), (3, 0x35, 3000), (3, 0x36, 2500), (3, 0x3a, 50), (1, 330, 1), (1, 325, 1), (3, 0, 3000), (3, 1, 2500)])
        feed(1.012, [(3, 0x3a, 52), (3, 0x18, 52)])
        feed(1.060, [(3, 0x39, -1), (1, 330, 0), (1, 325, 0)])
        p.finish(into: &out)
        let buttons = out.compactMap { e -> (Int64, DecodedEvent.Origin, Bool)? in
            if case .button(272, let pressed) = e.kind { return (e.time, e.origin, pressed) } else { return nil }
        }
        #expect(buttons.count == 2)
        // Produced by the lift's frame but stamped with the touch-down time: reported as libinput's reference tool does (timer).
        #expect(buttons.first?.0 == 1_000_000 && buttons.first?.1 == .timer && buttons.first?.2 == true)
        #expect(buttons.last?.0 == 1_060_000 && buttons.last?.1 == .timer && buttons.last?.2 == false)
    }

    @Test func tappingDefaultsFollowLibinput() {
        #expect(!Self.dispatch(Self.synapticsClickpad()).tap.enabled)
        var d = Self.synapticsClickpad()
        d.codes[1] = [325, 330, 333, 334]  // no BTN_LEFT: tapping on by default
        #expect(Self.dispatch(d).tap.enabled)
    }
}

extension TouchpadDispatchTests {
    /// Disable-while-typing: a key on a paired internal keyboard makes a
    /// touch that begins while typing a palm; 200 ms after the only key the
    /// keyboard is idle and, since that touch began after the last key
    /// press, libinput releases it: it moves the pointer from then on.
    @Test func disableWhileTypingWithAnInternalKeyboard() {
        var tp = Self.dispatch(Self.synapticsClickpad())
        var kbd = Fx.keyboard("AT Translated Set 2 keyboard")
        kbd.codes[1]!.formUnion((16...25).map { UInt16($0) })
        kbd.bustype = 0x11
        let kctx = DeviceContext(
            index: 1,
            description: kbd,
            facts: DeviceFacts(udev: ["ID_INPUT_KEYBOARD": "1"], quirks: ["AttrKeyboardIntegration": "internal"]),
            configuration: DecoderConfiguration()
        )
        tp.seatDeviceAdded(kctx)
        #expect(tp.dwt.pairedKeyboards == [1])
        var out: [DecodedEvent] = []
        func feed(_ t: Double, _ evs: [(UInt16, UInt16, Int32)], frame: Int) {
            let f = Fx.frame(t, evs)
            let us = Int64((t * 1_000_000).rounded())
            tp.fireTimers(upTo: us, into: &out)
            tp.process(frame: f, time: us, frame: frame, into: &out)
        }
        // KEY_A down and up at 1.000 s.
        tp.observe(DecodedEvent(time: 1_000_000, device: 1, origin: .frame(0), .key(code: 30, pressed: true)), into: &out)
        tp.observe(DecodedEvent(time: 1_050_000, device: 1, origin: .frame(1), .key(code: 30, pressed: false)), into: &out)
        #expect(tp.dwt.keyboardActive)
        // A touch begins while typing and moves: no motion until the keyboard's 200 ms timeout.
        feed(1.100, [(3, 0x39, 1), (3, 0x35, 3000), (3, 0x36, 2500), (3, 0x3a, 50), (1, 330, 1), (1, 325, 1)], frame: 0)
        for k in 1...30 { feed(1.100 + Double(k) * 0.012, [(3, 0x35, Int32(3000 + 30 * k))], frame: k) }
        feed(1.5, [(3, 0x39, -1), (1, 330, 0), (1, 325, 0)], frame: 31)
        #expect(!tp.dwt.keyboardActive)  // 200 ms after the only key
        let motionTimes = out.compactMap { e -> Int64? in if case .motion = e.kind { return e.time } else { return nil } }
        #expect(!motionTimes.isEmpty && motionTimes.allSatisfy { $0 > 1_200_000 })
        // A new touch after the timeout moves the pointer.
        feed(2.000, [(3, 0x39, 2), (3, 0x35, 3000), (3, 0x36, 2500), (3, 0x3a, 50), (1, 330, 1), (1, 325, 1)], frame: 32)
        for k in 1...10 { feed(2.000 + Double(k) * 0.012, [(3, 0x35, Int32(3000 + 30 * k))], frame: 32 + k) }
        #expect(out.contains { if case .motion = $0.kind { return true } else { return false } })
    }
}

extension TouchpadDispatchTests {
    /// Model quirks that remove codes or properties change the device as libinput sees it.
    @Test func eventCodeAndPropertyQuirks() {
        var d = Self.synapticsClickpad()
        d.properties = [0]
        d.codes[1] = [272, 273, 325, 330, 333, 334]
        #expect(!Self.dispatch(d).buttons.isClickpad)
        // "clickpad pretending it has a right button": without BTN_RIGHT libinput guesses a clickpad.
        let q = Self.dispatch(d, quirks: ["AttrEventCodeDisable": "BTN_RIGHT"])
        #expect(q.buttons.isClickpad && q.disabledCodes == [UInt32(1) << 16 | 273])
        var withRight = d
        withRight.properties = [0, 2]
        #expect(Self.dispatch(withRight).buttons.isClickpad)
        let noPad = Self.dispatch(withRight, quirks: ["AttrInputPropDisable": "INPUT_PROP_BUTTONPAD"])
        #expect(!noPad.buttons.isClickpad)
        let noPressure = Self.dispatch(Self.synapticsClickpad(), quirks: ["AttrEventCodeDisable": "ABS_MT_PRESSURE;ABS_PRESSURE;"])
        #expect(!noPressure.usePressure && !noPressure.palm.usePressure)
        let byNumber = Self.dispatch(d, quirks: ["AttrEventCodeDisable": "EV_KEY:0x111"])
        #expect(byNumber.buttons.isClickpad)
    }
}

extension TouchpadDispatchTests {
    /// A pinch that begins with both touches at one point: libinput divides
    /// by that zero distance (a NaN or infinite scale); here the first
    /// non-zero distance becomes the reference, so every scale is finite
    /// (found by FuzzDecoder, kept in Fuzz/regressions/FuzzDecoder/).
    @Test func aPinchFromOnePointHasFiniteScales() {
        var tp = Self.dispatch(Self.synapticsClickpad())
        tp.touches[0].point.x = 3000; tp.touches[0].point.y = 2500
        tp.touches[1].point = tp.touches[0].point
        tp.gesture.touches = (0, 1)
        tp.gestureInitPinch()
        #expect(tp.gesture.initialDistance == 0)
        var scales: [Double] = []
        for (k, dx) in [0, 100, 200, 300].enumerated() {
            tp.touches[1].point.x = 3000 + dx
            tp.out.removeAll()
            tp.gestureHandleStatePinch(Int64(k + 1) * 10_000)
            for e in tp.out { if case .gesture(let g) = e.kind, g.kind == .pinch { scales.append(g.scale) } }
        }
        // Nothing moved at first (no event); then 100 units is the reference.
        #expect(scales.count == 3 && scales.allSatisfy(\.isFinite))
        #expect(scales.first == 1 && abs(scales[1] - 2) < 1e-9 && abs(scales[2] - 3) < 1e-9, "\(scales)")
    }
}
