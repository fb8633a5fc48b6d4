import PointerSimCore
import PointerSimInput
import Testing

/// When a device is unplugged the kernel first releases every key it holds
/// (`input_disconnect_device` → `input_dev_release_keys`, then `SYN_REPORT`
/// with value 1), and only then do readers get -ENODEV. Seen on a real
/// kernel by Tools/vm-test. A band held through an unplug must end cancelled.
@Suite struct DisconnectReleaseTests {
    static func mouse() -> DeviceDescription {
        var d = DeviceDescription(name: "test mouse")
        d.codes = [0: [0], 1: [EventCodes.BTN_LEFT], 2: [EventCodes.REL_X, EventCodes.REL_Y]]
        return d
    }

    static func frame(_ decoder: inout InputMerger, usec: Int32, _ events: [(UInt16, UInt16, Int32)], syn: Int32 = 0) -> [PointerEvent.Kind] {
        var out: [PointerEvent] = []
        for (t, c, v) in events { out += decoder.feed(device: 0, EvdevEvent(sec: 0, usec: usec, type: t, code: c, value: v)) }
        out += decoder.feed(device: 0, EvdevEvent(sec: 0, usec: usec, type: 0, code: 0, value: syn))
        return out.map(\.kind)
    }

    // Releases come 199 ms after the press, past libinput's 25 ms debouncing.
    @Test func theKernelsReleaseOnUnplugCancelsTheHeldButton() throws {
        var d = InputMerger(devices: [Self.mouse()], configuration: DecoderConfiguration())
        #expect(Self.frame(&d, usec: 1000, [(1, EventCodes.BTN_LEFT, 1)]) == [.press(.primary)])
        #expect(Self.frame(&d, usec: 200_000, [(1, EventCodes.BTN_LEFT, 0)], syn: 1) == [.cancel, .release(.primary)])
    }

    @Test func anOrdinaryReleaseDoesNotCancel() throws {
        var d = InputMerger(devices: [Self.mouse()], configuration: DecoderConfiguration())
        _ = Self.frame(&d, usec: 1000, [(1, EventCodes.BTN_LEFT, 1)])
        #expect(Self.frame(&d, usec: 200_000, [(1, EventCodes.BTN_LEFT, 0)]) == [.release(.primary)])
    }

    @Test func aKeyRepeatFrameIsNotAnUnplug() throws {
        var k = DeviceDescription(name: "test keyboard")
        k.codes = [0: [0], 1: [EventCodes.KEY_LEFTSHIFT, 30]]
        var d = InputMerger(devices: [k], configuration: DecoderConfiguration())
        #expect(Self.frame(&d, usec: 1000, [(1, EventCodes.KEY_LEFTSHIFT, 1)]) == [.modifiers(.shift)])
        #expect(Self.frame(&d, usec: 2000, [(1, EventCodes.KEY_LEFTSHIFT, 2)], syn: 1) == [])
        // Released on unplug: the modifier goes, nothing is cancelled (no button was held).
        #expect(Self.frame(&d, usec: 3000, [(1, EventCodes.KEY_LEFTSHIFT, 0)], syn: 1) == [.modifiers([])])
    }
}
