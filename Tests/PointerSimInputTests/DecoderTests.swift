import PointerSimCore
import PointerSimInput
import Testing

/// The whole raw-to-pointer path for the simulator (``InputMerger``: the
/// seat's dispatches, then ``PointerEventAdapter``). libinput's numbers are
/// checked against real libinput in the dispatch and fidelity tests.
@Suite struct DecoderTests {
    var none: DecoderConfiguration { var c = DecoderConfiguration(); c.acceleration = .none; return c }

    @Test func classification() {
        #expect(DeviceKind.classify(Fx.mouse()) == .mouse)
        #expect(DeviceKind.classify(Fx.keyboard()) == .keyboard)
        #expect(DeviceKind.classify(Fx.clickpad()) == .clickpad)
        var tp = Fx.clickpad(); tp.properties = [0]
        #expect(DeviceKind.classify(tp) == .touchpad)
        var stick = Fx.mouse(); stick.properties = [5]
        #expect(DeviceKind.classify(stick) == .trackpoint)
        var screen = Fx.clickpad(); screen.properties = [1]
        #expect(DeviceKind.classify(screen) == .other)
    }

    @Test func mouseSumsAFrameAndActsAtSynReport() throws {
        var d = Fx.Device(Fx.mouse(), configuration: none)
        let evs = Fx.frame(1, [(Fx.R, 0, 3), (Fx.R, 1, -2), (Fx.R, 0, 4), (Fx.K, 272, 1)])
        #expect(evs.dropLast().flatMap { d.feed($0) }.isEmpty)
        let out = d.feed(evs.last!)
        #expect(out.map(\.kind) == [.delta(Vector(dx: 7, dy: -2)), .press(.primary)])
        #expect(out.allSatisfy { $0.time == 1 })
        // A repeated press and an orphan release change nothing; right →
        // secondary; libinput reports a frame's releases before its presses.
        let more = Fx.feed(&d, Fx.frame(2, [(Fx.K, 272, 1)]) + Fx.frame(3, [(Fx.K, 273, 0)]) + Fx.frame(4, [(Fx.K, 273, 1), (Fx.K, 272, 0)]))
        #expect(more.map(\.kind) == [.release(.primary), .press(.secondary)])
    }

    @Test func wheelAndHiResWheel() throws {
        var c = none; c.scrollPointsPerDetent = 40
        // Without hi-res: one detent up = 40 points towards the top (negative dy).
        var plain = Fx.mouse(); plain.codes[2] = [0, 1, 6, 8]
        var d = Fx.Device(plain, configuration: c)
        // libinput reports the vertical and the horizontal wheel as two events.
        #expect(Fx.scrolls(Fx.feed(&d, Fx.frame(0, [(Fx.R, 8, 1), (Fx.R, 6, -2)]))) == [Vector(dx: 0, dy: -40), Vector(dx: -80, dy: 0)])
        // With hi-res: the legacy wheel is ignored, 120 per detent.
        var h = Fx.Device(Fx.mouse(), configuration: c)
        #expect(Fx.scrolls(Fx.feed(&h, Fx.frame(0, [(Fx.R, 8, -1), (Fx.R, 11, -60)]))) == [Vector(dx: 0, dy: 20)])
    }

    @Test func flatAccelerationOnTheRawDelta() throws {
        var c = DecoderConfiguration(); c.acceleration = .flat; c.speed = -0.5; c.pointsPerUnit = 2
        var d = Fx.Device(Fx.mouse(), configuration: c)
        #expect(Fx.deltas(Fx.feed(&d, Fx.frame(0, [(Fx.R, 0, 10)]))) == [Vector(dx: 10, dy: 0)])
    }

    @Test func synDroppedDiscardsUpToTheNextReport() throws {
        var d = Fx.Device(Fx.mouse(), configuration: none)
        var evs = Fx.frame(0, [(Fx.R, 0, 1)])
        evs += [
            EvdevEvent(sec: 0, usec: 10, type: 2, code: 0, value: 300), EvdevEvent(sec: 0, usec: 10, type: 0, code: 3, value: 0),
            EvdevEvent(sec: 0, usec: 20, type: 2, code: 0, value: 500), EvdevEvent(sec: 0, usec: 20, type: 1, code: 272, value: 1),
            EvdevEvent(sec: 0, usec: 30, type: 0, code: 0, value: 0),
        ]
        evs += Fx.frame(1, [(Fx.R, 0, 2)])
        let out = Fx.feed(&d, evs)
        #expect(out.map(\.kind) == [.delta(Vector(dx: 1, dy: 0)), .delta(Vector(dx: 2, dy: 0))])
    }

    @Test func liveResyncAppliesReleasesButStartsNoTouch() throws {
        var m = Fx.Device(Fx.mouse(), configuration: none)
        _ = Fx.feed(&m, Fx.frame(0, [(Fx.K, 272, 1)]))
        let r = m.resync(Fx.frame(1, [(Fx.R, 0, 50), (Fx.K, 272, 0)]))
        #expect(r.map(\.kind) == [.release(.primary)])
        var pad = Fx.Device(Fx.clickpad(), configuration: none)
        _ = pad.resync(Fx.frame(0, [(Fx.A, 0x39, 4), (Fx.A, 0x35, 100), (Fx.A, 0x36, 100)]))
        // The slot never got a touch: motion of it moves nothing.
        #expect(Fx.feed(&pad, Fx.frame(0.012, [(Fx.A, 0x35, 200)])).isEmpty)
    }

    // MARK: Keyboards

    @Test func modifiersCapsLockAndEscape() throws {
        var d = Fx.Device(Fx.keyboard(), configuration: none)
        var out = Fx.feed(&d, Fx.frame(0, [(Fx.K, 42, 0)]))  // orphan release
        #expect(out.isEmpty)
        out = Fx.feed(
            &d,
            Fx.frame(1, [(Fx.K, 42, 1)]) + Fx.frame(1.5, [(Fx.K, 42, 2)], syn: 1) + Fx.frame(2, [(Fx.K, 54, 1), (Fx.K, 125, 1)])
                + Fx.frame(3, [(Fx.K, 42, 0)]) + Fx.frame(4, [(Fx.K, 54, 0)]) + Fx.frame(5, [(Fx.K, 58, 1)]) + Fx.frame(5.1, [(Fx.K, 58, 0)])
                + Fx.frame(6, [(Fx.K, 1, 1)]) + Fx.frame(7, [(Fx.K, 58, 1), (Fx.K, 58, 0)])
        )
        #expect(
            out.map(\.kind) == [
                .modifiers(.shift), .modifiers([.shift, .command]), .modifiers(.command),
                .modifiers([.command, .capsLock]), .key(.escape), .modifiers(.command),
            ]
        )
    }

    @Test func selectionKeysComeAfterTheFrameModifiers() throws {
        var d = Fx.Device(Fx.keyboard(), configuration: none)
        // Shift and Down in one frame: the key sees Shift; autorepeat and releases give nothing;
        // KEY_ENTER and KEY_KPENTER are Return; letters by the kernel's names.
        let out = Fx.feed(
            &d,
            Fx.frame(1, [(Fx.K, 42, 1), (Fx.K, 108, 1)]) + Fx.frame(1.5, [(Fx.K, 108, 2)], syn: 1)
                + Fx.frame(2, [(Fx.K, 108, 0), (Fx.K, 42, 0)]) + Fx.frame(3, [(Fx.K, 103, 1), (Fx.K, 105, 1), (Fx.K, 106, 1)])
                + Fx.frame(4, [(Fx.K, 57, 1), (Fx.K, 28, 1), (Fx.K, 96, 1), (Fx.K, 15, 1), (Fx.K, 30, 1), (Fx.K, 44, 1), (Fx.K, 16, 1)])
        )
        #expect(
            out.map(\.kind) == [
                .modifiers(.shift), .key(.down), .modifiers([]), .key(.up), .key(.left), .key(.right),
                .key(.space), .key(.return), .key(.return), .key(.tab), .key(.letter("a")), .key(.letter("z")), .key(.letter("q")),
            ]
        )
        var quiet = none; quiet.escapeCancels = false
        var e = Fx.Device(Fx.keyboard(), configuration: quiet)
        #expect(Fx.feed(&e, Fx.frame(1, [(Fx.K, 1, 1)])).isEmpty)
    }

    @Test func capsLockLEDWins() throws {
        var d = Fx.Device(Fx.keyboard(capsLED: 1), configuration: none)
        #expect(d.modifiers == .capsLock)
        let out = Fx.feed(&d, Fx.frame(1, [(Fx.K, 58, 1), (0x11, 1, 1)]))  // the toggle says off, the LED says on
        #expect(out.isEmpty && d.modifiers == .capsLock)
        let off = Fx.feed(&d, Fx.frame(2, [(0x11, 1, 0)]))
        #expect(off.map(\.kind) == [.modifiers([])])
    }

    // MARK: Merging

    @Test func mergerUnionsModifiersAndCountsButtons() throws {
        var m = InputMerger(devices: [Fx.keyboard("k1"), Fx.keyboard("k2"), Fx.mouse("m1"), Fx.mouse("m2")], configuration: none)
        func feed(_ dev: Int, _ evs: [EvdevEvent]) -> [PointerEvent.Kind] { evs.flatMap { m.feed(device: dev, $0) }.map(\.kind) }
        #expect(feed(0, Fx.frame(0, [(Fx.K, 42, 1)])) == [.modifiers(.shift)])
        #expect(feed(1, Fx.frame(1, [(Fx.K, 54, 1)])) == [])  // still shift
        #expect(feed(0, Fx.frame(2, [(Fx.K, 42, 0)])) == [])  // k2 still holds it
        #expect(feed(2, Fx.frame(3, [(Fx.K, 272, 1)])) == [.press(.primary)])
        #expect(feed(3, Fx.frame(4, [(Fx.K, 272, 1)])) == [])
        #expect(feed(2, Fx.frame(5, [(Fx.K, 272, 0)])) == [])  // m2 still holds it
        #expect(m.removeDevice(3, at: 6).map(\.kind) == [.cancel, .release(.primary), .deviceRemoved("m2")])
        #expect(m.removeDevice(1, at: 7).map(\.kind) == [.modifiers([]), .deviceRemoved("k2")])
        #expect(feed(1, Fx.frame(8, [(Fx.K, 42, 1)])) == [])  // removed devices are ignored
    }
}

/// Event-code names are libevdev's (Tools/gen-event-codes.py asks libevdev).
@Suite struct EventCodeNameTests {
    @Test func aliasedCodesHaveLibevdevsName() {
        #expect(EventCodes.codeName(type: 1, code: 0x110) == "BTN_LEFT")  // not BTN_MOUSE
        #expect(EventCodes.codeName(type: 1, code: 0x100) == "BTN_0")  // not BTN_MISC
        #expect(EventCodes.codeName(type: 1, code: 0x130) == "BTN_SOUTH")  // not BTN_GAMEPAD / BTN_A
        #expect(EventCodes.codeName(type: 1, code: 0x140) == "BTN_TOOL_PEN")  // not BTN_DIGI
        #expect(EventCodes.codeName(type: 3, code: 0x39) == "ABS_MT_TRACKING_ID")
        #expect(EventCodes.describe(type: 1, code: 0x118) == "280")  // unnamed: its number
    }

    @Test func aliasesStillFindTheirCode() {
        #expect(EventCodes.code(named: "BTN_MOUSE").map { [$0.type, $0.code] } == [1, 0x110])
        #expect(EventCodes.code(named: "BTN_LEFT").map { [$0.type, $0.code] } == [1, 0x110])
        #expect(EventCodes.code(named: "KEY_LEFTSHIFT").map { [$0.type, $0.code] } == [1, 42])
    }
}
