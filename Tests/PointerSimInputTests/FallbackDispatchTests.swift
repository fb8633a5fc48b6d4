import Foundation
import PointerSimCore
import PointerSimInput
import Testing

/// Hand-checkable libinput 1.22 behaviour of the fallback dispatch.
@Suite struct FallbackDispatchTests {
    static let K: UInt16 = 1, R: UInt16 = 2

    static func device(
        _ name: String = "m",
        bus: UInt16 = 3,
        keys: Set<UInt16> = [272, 273, 274],
        rel: Set<UInt16> = [0, 1, 8],
        props: Set<UInt16> = []
    ) -> DeviceDescription {
        var d = DeviceDescription(name: name)
        d.bustype = bus; d.vendor = 0x1234; d.product = 0x5678
        d.codes = [0: [0], 1: keys, 2: rel]
        d.properties = props
        return d
    }

    /// Runs frames `(ms, events)` through a pipeline; returns the decoded events (without added/removed).
    static func run(
        _ d: DeviceDescription,
        facts: DeviceFacts? = nil,
        configuration: DecoderConfiguration = DecoderConfiguration(),
        _ frames: [(Double, [(UInt16, UInt16, Int32)])]
    ) -> [DecodedEvent] {
        var p = DecodePipeline(configuration: configuration)
        var out: [DecodedEvent] = []
        let i = p.addDevice(d, facts: facts, at: 0, into: &out)
        for (ms, evs) in frames {
            for e in Fx.frame(1000 + ms / 1000, evs) { p.feed(device: i, e, into: &out) }
        }
        p.finish(into: &out)
        return out.filter {
            if case .deviceAdded = $0.kind { return false }; if case .deviceRemoved = $0.kind { return false }; return true
        }
    }

    static func motions(_ evs: [DecodedEvent]) -> [(Double, Double)] {
        evs.compactMap { if case .motion(let dx, let dy, _, _) = $0.kind { return (dx, dy) } else { return nil } }
    }
    static func buttons(_ evs: [DecodedEvent]) -> [String] {
        evs.compactMap {
            guard case .button(let c, let p) = $0.kind else { return nil }
            let src: String
            switch $0.origin {
            case .frame(let n): src = "f\(n)";
            case .timer: src = "timer";
            case .removal: src = "remove";
            case .added: src = "added"
            }
            return "\(c)\(p ? "+" : "-")@\(src)"
        }
    }

    @Test func linearFilterFirstFramesOfTheSaitek() {
        // First motion: velocity 1 unit / (1 s + 1 µs) → factor 10 v + 0.3,
        // Simpson with the previous velocity 0: (0.31 + 0.3 + 4 · 0.305) / 6 = 0.305.
        // Second, 1981 µs later: v = 1/1982 units/µs = 0.5045 units/ms, above the
        // 0.4 threshold: 1.1 · 0.1045 + 1 = 1.1150; mean velocity 0.2523 → 1;
        // (1.1150 + 0.31 + 4) / 6 = 0.90417 (libinput: -0.90416582409855517).
        let out = Self.run(Self.device(), [(0, [(Self.R, 1, -1)]), (1.981, [(Self.R, 1, -1)])])
        let m = Self.motions(out)
        #expect(m.count == 2)
        #expect(abs(m[0].1 - -0.30499999500000496) < 1e-12)
        #expect(abs(m[1].1 - -0.90416582409855517) < 1e-12)
    }

    @Test func lowDPIFilterAndDPIFromTheHwdb() {
        // A Bluetooth MX1000: hwdb MOUSE_DPI=800@80 → the low-dpi filter on device units.
        var d = Self.device("Logitech MX1000 mouse", bus: 5)
        d.vendor = 0x046d; d.product = 0xb003
        let f = DeviceFacts.derive(for: d)
        #expect(f.udev["MOUSE_DPI"] == "800@80")
        let out = Self.run(d, [(0, [(Self.R, 0, 1)]), (4, [(Self.R, 0, 4)])])
        let m = Self.motions(out)
        #expect(abs(m[0].0 - 0.30499999500000496) < 1e-12)
        #expect(abs(m[1].0 - 4.567583462665643) < 1e-9)
    }

    @Test func trackpointFilter() {
        // Curve 10.06254 + (0.3 − 10.06254) / (1 + (v / 0.9205459)^1.15363) at
        // v = 0.001 units/ms, times the speed factor at 0 (1.000875).
        let d = Self.device("TPPS/2 IBM TrackPoint", bus: 0x11, rel: [0, 1], props: [5])
        let out = Self.run(d, [(0, [(Self.R, 0, 1)]), (10, [(Self.R, 0, 1)])])
        let m = Self.motions(out)
        #expect(abs(m[0].0 - 0.3039810759230273) < 1e-9)
        #expect(abs(m[1].0 - 1.0008005223719032) < 1e-9)
    }

    @Test func trackpointMultiplierFromAQuirkThatNeedsTheMachine() {
        // 50-system-lenovo.quirks: a T470's TrackPoint moves at 0.4.
        let d = Self.device("TPPS/2 IBM TrackPoint", bus: 0x11, rel: [0, 1], props: [5])
        var c = DecoderConfiguration()
        c.environment.dmiModalias =
            "dmi:bvnLENOVO:bvrN1QET80W:bd01/01/2019:svnLENOVO:pn20HDCTO1WW:pvrThinkPadT470:rvnLENOVO:rn20HDCTO1WW:rvrNotDefined:cvnLENOVO:ct10:cvrNone:"
        #expect(DeviceFacts.derive(for: d, in: c.environment).quirks["AttrTrackpointMultiplier"] == "0.4")
        let out = Self.run(d, configuration: c, [(0, [(Self.R, 0, 5)])])
        // 5 × 0.4 = 2 units; velocity 2 / (1 s + 1 µs) → 0.002 units/ms on the curve.
        let v = 0.002 / 0.9205459
        let f = (10.06254 + (0.3 - 10.06254) / (1 + _testPow(v, 1.15363))) * 1.0008753254078329
        #expect(abs(Self.motions(out)[0].0 - 2 * f) < 1e-6)
        #expect(out.contains { if case .motion(_, _, 5, 0) = $0.kind { return true } else { return false } })
    }

    @Test func middleButtonEmulationOnlyWithoutAMiddleButton() {
        let twoButton = Self.device(keys: [272, 273])
        // Left then right within 50 ms → middle; a quick left click comes out at its release
        // (the press keeps its own time, so it is not the release frame's).
        let frames: [(Double, [(UInt16, UInt16, Int32)])] = [
            (0, [(Self.K, 272, 1)]), (20, [(Self.K, 273, 1)]), (120, [(Self.K, 272, 0)]), (150, [(Self.K, 273, 0)]),
            (600, [(Self.K, 272, 1)]), (630, [(Self.K, 272, 0)]),
        ]
        #expect(Self.buttons(Self.run(twoButton, frames)) == ["274+@f1", "274-@f2", "272+@timer", "272-@f5"])
        // With a middle button it is off: buttons pass through (debouncing aside).
        #expect(Self.buttons(Self.run(Self.device(), frames)) == ["272+@f0", "273+@f1", "272-@f2", "273-@f3", "272+@f4", "272-@f5"])
    }

    @Test func middleButtonEmulationPressTimesWhenAnotherButtonFollows() {
        // libinput (evdev-middle-button.c): another button after a left-down
        // posts the left press at the other button's time; after a
        // right-down it posts the right press at the first event's time
        // (an earlier time than its frame's: the pipeline labels it a timer event).
        let d = Self.device(keys: [272, 273, 275])
        func pressTime(_ code: UInt16, _ out: [DecodedEvent]) -> Int64? {
            out.first { if case .button(code, true) = $0.kind { return true } else { return false } }?.time
        }
        let left = Self.run(d, [(0, [(Self.K, 272, 1)]), (20, [(Self.K, 275, 1)]), (200, [(Self.K, 275, 0)]), (300, [(Self.K, 272, 0)])])
        #expect(Self.buttons(left) == ["272+@f1", "275+@f1", "275-@f2", "272-@f3"])
        #expect(pressTime(272, left) == 1_000_020_000)
        let right = Self.run(d, [(0, [(Self.K, 273, 1)]), (20, [(Self.K, 275, 1)]), (200, [(Self.K, 275, 0)]), (300, [(Self.K, 273, 0)])])
        #expect(Self.buttons(right) == ["273+@timer", "275+@f1", "275-@f2", "273-@f3"])
        #expect(pressTime(273, right) == 1_000_000_000)
    }

    @Test func debounceDelaysAFastReleaseAndSwallowsABounce() {
        // P, R 5 ms later, P 4 ms later, R 200 ms later: the bounce is filtered.
        let out = Self.run(Self.device(), [(0, [(Self.K, 272, 1)]), (5, [(Self.K, 272, 0)]), (9, [(Self.K, 272, 1)]), (209, [(Self.K, 272, 0)])])
        #expect(Self.buttons(out) == ["272+@f0", "272-@f3"])
        // P then R 10 ms later: the release waits for the 25 ms timer, stamped with its own time.
        let late = Self.run(Self.device(), [(0, [(Self.K, 272, 1)]), (10, [(Self.K, 272, 0)])])
        #expect(Self.buttons(late) == ["272+@f0", "272-@timer"])
        #expect(late.last?.time == 1_000_010_000)
        // ModelBouncingKeys turns debouncing off.
        let off = Self.run(
            Self.device(),
            facts: DeviceFacts(udev: ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"], quirks: ["ModelBouncingKeys": "1"]),
            [(0, [(Self.K, 272, 1)]), (5, [(Self.K, 272, 0)]), (9, [(Self.K, 272, 1)]), (209, [(Self.K, 272, 0)])]
        )
        #expect(Self.buttons(off) == ["272+@f0", "272-@f1", "272+@f2", "272-@f3"])
    }

    @Test func trackpointButtonScrolling() {
        let d = Self.device("TPPS/2 IBM TrackPoint", bus: 0x11, rel: [0, 1], props: [5])
        var frames: [(Double, [(UInt16, UInt16, Int32)])] = [(0, [(Self.K, 274, 1)])]
        for i in 1...30 { frames.append((Double(i) * 10, [(Self.R, 1, 2)])) }  // motion before 200 ms is swallowed
        frames.append((320, [(Self.K, 274, 0)]))
        frames.append((800, [(Self.K, 274, 1)])); frames.append((850, [(Self.K, 274, 0)]))  // a click
        let out = Self.run(d, frames)
        #expect(Self.motions(out).isEmpty)
        let scrolls = out.compactMap { e -> (Double?, Double?)? in
            if case .scroll(.continuous, let v, let h, _, _) = e.kind { return (v, h) } else { return nil }
        }
        // The 200 ms timer fires before the 200 ms frame: from there the 2-unit
        // deltas build up to the 5-unit threshold (the third, at 220 ms), then
        // each scrolls (9 events); the release sends a zero.
        #expect(scrolls.count == 10)
        #expect(scrolls.first!.0 == 2 && scrolls.first!.1 == nil)
        #expect(scrolls.last!.0 == 0)
        // A click shorter than 200 ms: press and release both at the release,
        // the press stamped with its own time (so, as libinput's reference
        // tool labels it, not the release frame's).
        #expect(Self.buttons(out) == ["274+@timer", "274-@f33"])
        #expect(out.first { if case .button(_, true) = $0.kind { return true } else { return false } }?.time == 1_000_800_000)
    }

    @Test func wheels() {
        // A low-resolution wheel: each detent is v120 ±120 and 15°; wheel up is negative.
        let out = Self.run(Self.device(), [(0, [(Self.R, 8, 1)]), (10, [(Self.R, 8, -2)])])
        let s = out.compactMap { e -> (Double?, Double?)? in
            if case .scroll(.wheel, let v, _, let v120, _) = e.kind { return (v, v120) } else { return nil }
        }
        #expect(s.count == 2)
        #expect(s[0].0 == -15 && s[0].1 == -120)
        #expect(s[1].0 == 30 && s[1].1 == 240)
        // A high-resolution wheel accumulates to 60 before the first event, then passes everything.
        let hi = Self.run(
            Self.device(rel: [0, 1, 8, 11]),
            [(0, [(Self.R, 11, 30)]), (10, [(Self.R, 11, 30)]), (20, [(Self.R, 11, 30), (Self.R, 8, 1)])]
        )
        let v = hi.compactMap { e -> Double? in if case .scroll(.wheel, _, _, let v120, _) = e.kind { return v120 } else { return nil } }
        #expect(v == [-60, -30])
    }

    @Test func keysOnceAndReleasedAtRemoval() {
        var kb = DeviceDescription(name: "kbd")
        kb.bustype = 3
        kb.codes = [0: [0], 1: Set((1...127).map { UInt16($0) })]
        let out = Self.run(kb, [(0, [(Self.K, 30, 1)]), (300, [(Self.K, 30, 2)]), (400, [(Self.K, 30, 0)]), (500, [(Self.K, 57, 1)])])
        let keys = out.compactMap { e -> String? in
            guard case .key(let c, let p) = e.kind else { return nil }
            if case .removal = e.origin { return "\(c)\(p ? "+" : "-")@remove" }
            return "\(c)\(p ? "+" : "-")"
        }
        #expect(keys == ["30+", "30-", "57+", "57-@remove"])
    }

    @Test func joysticksAreIgnoredAsLibinputIgnoresThem() {
        // A gamepad: joystick buttons and axes, one media key. udev tags it
        // joystick and key; libinput refuses it, so not even the key comes out.
        var pad = DeviceDescription(name: "pad")
        pad.bustype = 3
        pad.codes = [0: [0], 1: [172, 0x130, 0x131, 0x133], 3: [0, 1]]
        pad.absInfo = [0: AbsInfo(minimum: -32768, maximum: 32767), 1: AbsInfo(minimum: -32768, maximum: 32767)]
        let f = DeviceFacts.derive(for: pad)
        #expect(f.udev["ID_INPUT_JOYSTICK"] == "1" && f.udev["ID_INPUT_KEY"] == "1")
        #expect(Self.run(pad, [(0, [(Self.K, 172, 1)]), (10, [(Self.K, 172, 0)])]).isEmpty)
    }

    @Test func mouseDPIProperty() {
        #expect(FallbackDispatch.parseMouseDPI("400@125 *800@125 1600@125") == 800)
        #expect(FallbackDispatch.parseMouseDPI("1300@1000") == 1300)
        #expect(FallbackDispatch.parseMouseDPI("400 800") == 800)
        #expect(FallbackDispatch.parseMouseDPI("*x") == nil)
        #expect(FallbackDispatch.parseMouseDPI("0@1") == nil)
    }
}

/// `DeviceFacts.derive` on the real devices' descriptions.
@Suite struct DeviceFactsDeriveTests {
    static func d(
        _ name: String,
        bus: UInt16,
        vendor: UInt16 = 2,
        product: UInt16 = 1,
        keys: Set<UInt16>,
        rel: Set<UInt16> = [],
        abs: [UInt16: AbsInfo] = [:],
        props: Set<UInt16> = []
    ) -> DeviceDescription {
        var x = DeviceDescription(name: name)
        x.bustype = bus; x.vendor = vendor; x.product = product
        x.codes = [0: [0], 1: keys]
        if !rel.isEmpty { x.codes[2] = rel }
        if !abs.isEmpty { x.codes[3] = Set(abs.keys); x.absInfo = abs }
        x.properties = props
        return x
    }

    @Test func trackPointByNameAlone() {
        // No INPUT_PROP_POINTING_STICK: 70-pointingstick.hwdb's evdev:name:*[tT]rack[pP]oint*:* tags it.
        let f = DeviceFacts.derive(for: Self.d("TPPS/2 IBM TrackPoint", bus: 0x11, product: 0xa, keys: [272, 273, 274], rel: [0, 1]))
        #expect(f.udev["ID_INPUT_POINTINGSTICK"] == "1")
        #expect(f.udev["ID_INPUT_MOUSE"] == "1")
        #expect(f.udev["ID_SERIAL"] == "noserial")
        // Its sensitivity needs the ThinkPad's DMI data.
        var env = DeviceEnvironment()
        env.dmiModalias =
            "dmi:bvnLENOVO:bvrG2ET86WW:bd05/05/2013:svnLENOVO:pn2325XXX:pvrThinkPadX230:rvnLENOVO:rn2325XXX:rvrNotDefined:cvnLENOVO:ct10:cvrNotAvailable:"
        let x230 = DeviceFacts.derive(for: Self.d("TPPS/2 IBM TrackPoint", bus: 0x11, product: 0xa, keys: [272, 273, 274], rel: [0, 1]), in: env)
        #expect(x230.udev["POINTINGSTICK_SENSITIVITY"] == "200")
    }

    @Test func bluetoothMouseGetsItsDPIButUSBOnlyNatively() {
        let apple = Self.d("mouses", bus: 5, vendor: 0x05ac, product: 0x030d, keys: [272, 273], rel: [0, 1, 6, 8])
        let f = DeviceFacts.derive(for: apple)
        #expect(f.udev["ID_BUS"] == "bluetooth" && f.udev["MOUSE_DPI"] == "1300@1000" && f.udev["ID_SERIAL"] == nil)
        // A USB mouse in the hwdb: no ID_BUS through uinput, so no MOUSE_DPI; natively it has both.
        let usb = Self.d("Logitech USB-PS/2 Optical Mouse", bus: 3, vendor: 0x046d, product: 0xc050, keys: [272, 273, 274], rel: [0, 1, 8])
        #expect(DeviceFacts.derive(for: usb).udev["MOUSE_DPI"] == nil)
        var native = DeviceEnvironment(); native.attachment = .native
        let n = DeviceFacts.derive(for: usb, in: native)
        #expect(n.udev["ID_BUS"] == "usb")
        #expect(n.udev["MOUSE_DPI"] == "1000@142")
    }

    @Test func nativePS2MouseUsesThePsmouseHwdbEntries() {
        let ps2 = Self.d("ImPS/2 Logitech Wheel Mouse", bus: 0x11, vendor: 2, product: 3, keys: [272, 273, 274], rel: [0, 1, 8])
        #expect(DeviceFacts.derive(for: ps2).udev["MOUSE_DPI"] == nil)  // replayed: no psmouse driver
        var native = DeviceEnvironment(); native.attachment = .native
        let f = DeviceFacts.derive(for: ps2, in: native)
        #expect(f.udev["ID_BUS"] == "i8042" && f.udev["MOUSE_DPI"] == "400@100" && f.udev["ID_SERIAL"] == "noserial")
    }

    @Test func quirksByVendorProductAndType() {
        // Logitech K400 Plus (USB 046d:404d), keyboard and mouse: ModelBouncingKeys.
        var keys = Set((1...127).map { UInt16($0) }); keys.formUnion([272, 273, 274])
        let k400 = DeviceFacts.derive(for: Self.d("Logitech K400 Plus", bus: 3, vendor: 0x046d, product: 0x404d, keys: keys, rel: [0, 1, 6, 8]))
        #expect(k400.udev["ID_INPUT_KEYBOARD"] == "1" && k400.udev["ID_INPUT_MOUSE"] == "1" && k400.udev["TAGS"] == ":power-switch:")
        #expect(k400.quirks == ["ModelBouncingKeys": "1"])
        // The IBM ScrollPoint (USB 04b3:3103).
        let sp = DeviceFacts.derive(for: Self.d("HID 04b3:3103", bus: 3, vendor: 0x04b3, product: 0x3103, keys: [272, 273, 274], rel: [0, 1, 6, 8]))
        #expect(sp.quirks["ModelLenovoScrollPoint"] == "1")
        // Extra quirks from the configuration win.
        var env = DeviceEnvironment(); env.extraQuirks = ["AttrTrackpointMultiplier": "1.5"]
        #expect(DeviceFacts.derive(for: Self.d("x", bus: 3, keys: [272], rel: [0, 1]), in: env).quirks["AttrTrackpointMultiplier"] == "1.5")
    }

    @Test func touchpadFuzzAndSize() {
        let abs: [UInt16: AbsInfo] = [
            0: AbsInfo(minimum: 0, maximum: 3260, fuzz: 8, resolution: 32), 1: AbsInfo(minimum: 0, maximum: 2282, fuzz: 8, resolution: 32),
            0x35: AbsInfo(minimum: 0, maximum: 3260, fuzz: 8, resolution: 32), 0x36: AbsInfo(minimum: 0, maximum: 2282, fuzz: 8, resolution: 32),
            0x2f: AbsInfo(minimum: 0, maximum: 4), 0x39: AbsInfo(minimum: 0, maximum: 65535),
        ]
        let f = DeviceFacts.derive(for: Self.d("pad", bus: 0x11, keys: [272, 0x145, 0x14a], abs: abs, props: [0, 2]))
        #expect(f.udev["ID_INPUT_TOUCHPAD"] == "1")
        #expect(f.udev["ID_INPUT_WIDTH_MM"] == "101" && f.udev["ID_INPUT_HEIGHT_MM"] == "71")
        #expect(f.udev["LIBINPUT_FUZZ_00"] == "8" && f.udev["LIBINPUT_FUZZ_36"] == "8")
    }

    @Test func inputIDClassification() {
        // A scroll-wheel-only node is a "key" device; a pen tablet is a tablet; an i2c mouse is a pointing stick.
        #expect(DeviceFacts.derive(for: Self.d("w", bus: 3, keys: [], rel: [8])).udev["ID_INPUT_KEY"] == "1")
        let pen = DeviceFacts.derive(
            for: Self.d(
                "pen",
                bus: 3,
                keys: [0x140, 0x14a, 0x14b],
                abs: [0: AbsInfo(minimum: 0, maximum: 100), 1: AbsInfo(minimum: 0, maximum: 100)]
            )
        )
        #expect(pen.udev["ID_INPUT_TABLET"] == "1")
        #expect(DeviceFacts.derive(for: Self.d("i2c", bus: 0x18, keys: [272], rel: [0, 1])).udev["ID_INPUT_POINTINGSTICK"] == "1")
    }
}

func _testPow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
