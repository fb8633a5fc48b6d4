import Foundation
import PointerSimFormats
@_spi(Fuzz) import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// Issue #21: the checks of `decode --udev`, `--quirk` and `--dmi`
/// (`DecoderOverrides`), and the decoder's own bounds on the same values for
/// a library caller that skips them (these trapped: an `EVDEV_ABS_35` or a
/// `LIBINPUT_FUZZ_35` at Int64's limits).
@Suite struct DecoderOverridesTests {
    @Test func theChecksAcceptWhatLibinputWritesAndRefuseTheRest() {
        let ok: [(String, String)] = [
            ("EVDEV_ABS_00", "0:3000:40"), ("EVDEV_ABS_35", "::12"), ("EVDEV_ABS_01", "40"),
            ("LIBINPUT_FUZZ_35", "8"), ("MOUSE_DPI", "400@125 *800@125 1600@125"),
            ("MOUSE_WHEEL_CLICK_ANGLE", "-15"), ("ID_INPUT_TOUCHPAD", "1"), ("POINTERSIM_X", "anything"),
        ]
        for (k, v) in ok { #expect(DecoderOverrides.udevProblem(key: k, value: v) == nil, "\(k)=\(v)") }
        let bad: [(String, String, String)] = [
            (
                "EVDEV_ABS_35", "-9223372036854775808:9223372036854775807:1:0:0",
                "EVDEV_ABS_35: min must be an integer within -268435456…268435456, found \"-9223372036854775808\""
            ),
            (
                "EVDEV_ABS_35", "::9223372036854775807",
                "EVDEV_ABS_35: resolution must be an integer within 0…268435456, found \"9223372036854775807\""
            ),
            ("EVDEV_ABS_00", "10:5", "EVDEV_ABS_00: min 10 is above max 5"),
            ("LIBINPUT_FUZZ_35", "9223372036854775807", "LIBINPUT_FUZZ_35 must be an integer within 0…268435456, found \"9223372036854775807\""),
            ("MOUSE_DPI", "0", "MOUSE_DPI is DPI[@HZ] entries (one starred), each within 1…100000, found \"0\""),
            ("MOUSE_WHEEL_CLICK_COUNT", "0", "MOUSE_WHEEL_CLICK_COUNT must be an integer within -360…360 other than 0, found \"0\""),
            ("ID-INPUT", "1", "a udev property's name is letters, digits and _, found \"ID-INPUT\""),
            ("ID_INPUT", "1\n", "a value has no control characters, found \"1\\u{a}\""),
        ]
        for (k, v, m) in bad { #expect(DecoderOverrides.udevProblem(key: k, value: v) == m, "\(k)=\(v)") }
        let quirksOK: [(String, String)] = [
            ("AttrResolutionHint", "40x40"), ("AttrSizeHint", "100x55"), ("AttrPressureRange", "10:8"),
            ("AttrTrackpointMultiplier", "0.125"), ("AttrTrackpointMultiplier", "100"),
            ("ModelAppleTouchpad", "1"), ("AttrEventCodeDisable", "EV_ABS;BTN_RIGHT;EV_KEY:0x110"),
            ("AttrInputPropEnable", "INPUT_PROP_BUTTONPAD;0x02"), ("AttrKeyboardIntegration", "internal"),
        ]
        for (k, v) in quirksOK { #expect(DecoderOverrides.quirkProblem(key: k, value: v) == nil, "\(k)=\(v)") }
        for (k, v) in [
            ("AttrResolutionHint", "9223372036854775807x9223372036854775807"), ("AttrTrackpointMultiplier", "1e308"),
            ("AttrTrackpointMultiplier", "inf"), ("AttrTrackpointMultiplier", "nan"), ("AttrTrackpointMultiplier", "-1"),
            ("AttrPressureRange", "8:10"), ("ModelAppleTouchpad", "2"), ("AttrFrob", "1"), ("AttrEventCodeDisable", "BTN_FROB"),
            ("AttrPalmSizeThreshold", "4294967295"),
        ] {
            #expect(DecoderOverrides.quirkProblem(key: k, value: v) != nil, "\(k)=\(v)")
        }
        #expect(DecoderOverrides.dmiProblem("dmi:svnLENOVO:") == nil)
        #expect(DecoderOverrides.dmiProblem("svnLENOVO") == "a DMI modalias starts with \"dmi:\", found \"svnLENOVO\"")
        #expect(DecoderOverrides.dmiProblem("dmi:" + String(repeating: "x", count: 5000)) == "a DMI modalias has at most 4096 bytes, found 5004")
    }

    /// Decodes a recording with unchecked values; every number must be finite.
    func decodeUnchecked(_ file: String, udev: [String: String] = [:], quirks: [String: String] = [:]) throws -> Int {
        var c = DecoderConfiguration()
        c.environment.extraUdevProperties = udev
        c.environment.extraQuirks = quirks
        var n = 0
        try Decode.forEachEvent(paths: [RecordingFiles.path(file)], configuration: c) { e in
            n += 1
            if case .motion(let dx, let dy, let ux, let uy) = e.kind { let finite = [dx, dy, ux, uy].allSatisfy { $0.isFinite }; #expect(finite) }
        }
        return n
    }

    @Test func theDecoderBoundsWhatALibraryCallerPassesUnchecked() throws {
        let pad = "recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"
        let base = try decodeUnchecked(pad)
        #expect(base > 10)
        // These trapped (an axis override or fuzz at Int64's limits); now the
        // values are clamped to ±2^28 and the device is decoded (added and
        // removed at least: such a resolution leaves no visible motion).
        #expect(try decodeUnchecked(pad, udev: ["EVDEV_ABS_35": "-9223372036854775808:9223372036854775807:1:0:0"]) >= 2)
        #expect(try decodeUnchecked(pad, udev: ["EVDEV_ABS_35": "::9223372036854775807", "EVDEV_ABS_36": "::9223372036854775807"]) >= 2)
        #expect(try decodeUnchecked(pad, udev: ["LIBINPUT_FUZZ_35": "9223372036854775807", "LIBINPUT_FUZZ_36": "9223372036854775807"]) >= 2)
        // A touchpad without a resolution, with absurd hints: ignored or at least 1 unit/mm.
        let st = "libinput-record/../libinput/touchpad-alps-dualpoint-st.tap.evemu"
        #expect(try decodeUnchecked(st, quirks: ["AttrResolutionHint": "9223372036854775807x9223372036854775807"]) >= 2)
        #expect(try decodeUnchecked(st, quirks: ["AttrSizeHint": "1000000000x1000000000"]) >= 2)
    }
}
