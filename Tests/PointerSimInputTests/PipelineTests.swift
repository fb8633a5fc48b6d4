import PointerSimCore
import PointerSimFormats
import PointerSimInput
import Testing

@Suite struct KernelFilterTests {
    @Test func slotValuesAreFilteredPerSlotAndDoubleTrackingIDsDropped() {
        var f = KernelFilter(Fx.clickpad())
        func pass(_ type: UInt16, _ code: UInt16, _ value: Int32) -> Bool {
            var e = EvdevEvent(sec: 0, usec: 0, type: type, code: code, value: value)
            return f.admit(&e)
        }
        // Slot 0 gets id 5 at (10, 10); x repeated → dropped; a second id on
        // slot 0 → dropped (libevdev); slot 1 has its own values; −1 ends,
        // −1 again → dropped.
        #expect(pass(Fx.A, 0x39, 5)); #expect(pass(Fx.A, 0x35, 10)); #expect(pass(Fx.A, 0x36, 10))
        #expect(!pass(Fx.A, 0x35, 10))
        #expect(!pass(Fx.A, 0x39, 6))
        #expect(pass(Fx.A, 0x2f, 1)); #expect(pass(Fx.A, 0x35, 10))
        #expect(pass(Fx.A, 0x2f, 0)); #expect(pass(Fx.A, 0x39, -1)); #expect(!pass(Fx.A, 0x39, -1))
        // ABS_X is one value; codes the device lacks are dropped; REL 0 is dropped.
        #expect(pass(Fx.A, 0, 7)); #expect(!pass(Fx.A, 0, 7))
        #expect(!pass(Fx.A, 0x30, 3))
        var m = KernelFilter(Fx.mouse())
        var zero = EvdevEvent(sec: 0, usec: 0, type: Fx.R, code: 0, value: 0)
        var one = EvdevEvent(sec: 0, usec: 0, type: Fx.R, code: 0, value: 1)
        do { let ok = m.admit(&zero); #expect(!ok) }; do { let ok = m.admit(&one); #expect(ok) }
        // Keys: a press passes once; a repeat (2) always passes.
        var press = EvdevEvent(sec: 0, usec: 0, type: Fx.K, code: 272, value: 1)
        var again = press
        var rep = EvdevEvent(sec: 0, usec: 0, type: Fx.K, code: 272, value: 2)
        do { let ok = m.admit(&press); #expect(ok) }; do { let ok = m.admit(&again); #expect(!ok) }; do { let ok = m.admit(&rep); #expect(ok) }
        // An out-of-range slot is capped to the last slot.
        var slot = EvdevEvent(sec: 0, usec: 0, type: Fx.A, code: 0x2f, value: 9)
        do { let ok = f.admit(&slot); #expect(ok) }; #expect(slot.value == 4)
    }

    @Test func protocolAPassesMultitouchValuesUnfiltered() {
        var d = Fx.clickpad()
        d.codes[3] = [0, 1, 0x35, 0x36]
        var f = KernelFilter(d)
        var x = EvdevEvent(sec: 0, usec: 0, type: Fx.A, code: 0x35, value: 10)
        var y = x
        var mt = EvdevEvent(sec: 0, usec: 0, type: 0, code: 2, value: 0)
        do { let ok = f.admit(&x); #expect(ok) }; do { let ok = f.admit(&y); #expect(ok) }; do { let ok = f.admit(&mt); #expect(ok) }
    }
}

@Suite struct DecodedLineTests {
    @Test func numbersAndTimesArePrintedExactly() {
        #expect(DecodedLine.exactSeconds(1_344_928_694_025_654) == "1344928694.025654")
        #expect(DecodedLine.exactSeconds(1) == "0.000001")
        #expect(DecodedLine.exactSeconds(2_500_000) == "2.5")
        #expect(DecodedLine.exactSeconds(3_000_000) == "3")
        #expect(Double(DecodedLine.exact(6.7518410504492046)) == 6.7518410504492046)
        #expect(DecodedLine.exact(-0.0) == "0")
        #expect(DecodedLine.exact(15) == "15")
        #expect(Double(DecodedLine.exact(1e-7)) == 1e-7)
    }

    @Test func eachKindHasItsKeysInOrder() {
        let m = DecodedEvent(time: 25_476, device: 0, origin: .frame(1), .motion(dx: 1.5, dy: -2, dxUnaccelerated: 3, dyUnaccelerated: -4))
        #expect(
            DecodedLine.render(m, deviceName: "Pad \"A\"")
                == #"{"t":0.025476,"device":"Pad \"A\"","frame":1,"event":"motion","dx":1.5,"dy":-2,"dxUnaccel":3,"dyUnaccel":-4}"#
        )
        let b = DecodedEvent(time: 1_000_000, device: 0, origin: .removal, .button(code: 272, pressed: false))
        #expect(
            DecodedLine.render(b, deviceName: "m") == #"{"t":1,"device":"m","origin":"removal","event":"button","button":272,"state":"released"}"#
        )
        let w = DecodedEvent(
            time: 0,
            device: 0,
            origin: .frame(0),
            .scroll(source: .wheel, vertical: 15, horizontal: nil, v120Vertical: 120, v120Horizontal: nil)
        )
        #expect(DecodedLine.render(w, deviceName: "m") == #"{"t":0,"device":"m","frame":0,"event":"scroll","source":"wheel","vert":15,"v120":120}"#)
        let f = DecodedEvent(
            time: 0,
            device: 0,
            origin: .timer,
            .scroll(source: .finger, vertical: 0, horizontal: 0, v120Vertical: nil, v120Horizontal: nil)
        )
        #expect(
            DecodedLine.render(f, deviceName: "m") == #"{"t":0,"device":"m","origin":"timer","event":"scroll","source":"finger","vert":0,"horiz":0}"#
        )
        let g = DecodedEvent(time: 0, device: 0, origin: .frame(2), .gesture(.init(kind: .hold, phase: .end, fingers: 2, cancelled: true)))
        #expect(
            DecodedLine.render(g, deviceName: "m")
                == #"{"t":0,"device":"m","frame":2,"event":"gesture","gesture":"hold","phase":"end","fingers":2,"cancelled":true}"#
        )
        #expect(DecodedLine.render(DecodedEvent(time: 0, device: 0, origin: .frame(0), .led(code: 1, on: true)), deviceName: "k") == nil)
    }
}

@Suite struct AdapterTests {
    func adapt(
        _ events: [DecodedEvent],
        devices: [DeviceDescription] = [Fx.mouse(), Fx.keyboard()],
        _ c: DecoderConfiguration = DecoderConfiguration()
    ) -> [PointerEvent] {
        var a = PointerEventAdapter(configuration: c)
        for d in devices { a.addDevice(d) }
        var out: [PointerEvent] = []
        a.adapt(events, into: &out)
        return out
    }

    @Test func buttonsCountOverTheSeatAndMotionScales() {
        var c = DecoderConfiguration(); c.pointsPerUnit = 2
        let out = adapt(
            [
                DecodedEvent(time: 1_000_000, device: 0, origin: .frame(0), .motion(dx: 1, dy: -0.5, dxUnaccelerated: 0, dyUnaccelerated: 0)),
                DecodedEvent(time: 1_000_000, device: 0, origin: .frame(0), .button(code: 272, pressed: true)),
                DecodedEvent(time: 1_100_000, device: 1, origin: .frame(0), .button(code: 272, pressed: true)),
                DecodedEvent(time: 1_200_000, device: 0, origin: .frame(1), .button(code: 272, pressed: false)),
                DecodedEvent(time: 1_300_000, device: 1, origin: .frame(1), .button(code: 272, pressed: false)),
                DecodedEvent(time: 1_300_000, device: 1, origin: .frame(1), .button(code: 275, pressed: true)),
            ],
            c
        )
        #expect(
            out == [
                PointerEvent(time: 1, .delta(Vector(dx: 2, dy: -1))), PointerEvent(time: 1, .press(.primary)),
                PointerEvent(time: 1.3, .release(.primary)),
            ]
        )
    }

    @Test func wheelsByV120AndFingersByValue() {
        var c = DecoderConfiguration(); c.scrollPointsPerDetent = 40; c.pointsPerUnit = 1.5
        let out = adapt(
            [
                DecodedEvent(
                    time: 0,
                    device: 0,
                    origin: .frame(0),
                    .scroll(source: .wheel, vertical: -15, horizontal: nil, v120Vertical: -120, v120Horizontal: nil)
                ),
                DecodedEvent(
                    time: 0,
                    device: 0,
                    origin: .frame(1),
                    .scroll(source: .finger, vertical: 2, horizontal: 0, v120Vertical: nil, v120Horizontal: nil)
                ),
                DecodedEvent(
                    time: 0,
                    device: 0,
                    origin: .frame(2),
                    .scroll(source: .finger, vertical: 0, horizontal: 0, v120Vertical: nil, v120Horizontal: nil)
                ),
            ],
            c
        )
        #expect(Fx.scrolls(out) == [Vector(dx: 0, dy: -40), Vector(dx: 0, dy: 3)])
    }

    @Test func keysGiveOneModifierChangePerBatchThenTheSelectionKeys() {
        let out = adapt([
            DecodedEvent(time: 0, device: 1, origin: .frame(0), .key(code: 42, pressed: true)),
            DecodedEvent(time: 0, device: 1, origin: .frame(0), .key(code: 125, pressed: true)),
            DecodedEvent(time: 0, device: 1, origin: .frame(0), .key(code: 1, pressed: true)),
        ])
        #expect(out.map(\.kind) == [.modifiers([.shift, .command]), .key(.escape)])
        // Caps lock toggles, and its LED wins.
        let caps = adapt([
            DecodedEvent(time: 0, device: 1, origin: .frame(0), .key(code: 58, pressed: true)),
            DecodedEvent(time: 0, device: 1, origin: .frame(0), .led(code: 1, on: false)),
        ])
        #expect(caps.isEmpty)
    }

    @Test func anUnplugWithAButtonHeldCancelsOnce() {
        let out = adapt([
            DecodedEvent(time: 0, device: 0, origin: .frame(0), .button(code: 272, pressed: true)),
            DecodedEvent(time: 1_000_000, device: 0, origin: .frame(1), .releasedOnDisconnect),
            DecodedEvent(time: 1_000_000, device: 0, origin: .frame(1), .button(code: 272, pressed: false)),
            DecodedEvent(time: 1_000_000, device: 0, origin: .removal, .deviceRemoved),
        ])
        #expect(out.map(\.kind) == [.press(.primary), .cancel, .release(.primary), .deviceRemoved("m")])
    }
}
