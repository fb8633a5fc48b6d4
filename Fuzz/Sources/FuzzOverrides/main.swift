import FuzzSupport
@_spi(Fuzz) import PointerSimFormats
@_spi(Fuzz) import PointerSimInput
import PointerSimPipeline

/// The values of `pointersim decode --udev KEY=VALUE`, `--quirk KEY=VALUE` and
/// `--dmi` (issue #21): the bytes choose keys (every udev property and quirk
/// the decoder reads, and others) and values (numbers at and beyond every
/// bound, Int64's limits, `1e308`, `inf`, `nan`, separators, code names,
/// raw bytes). The checks (`DecoderOverrides`, what the command runs before
/// decoding) must answer for every value; then five recordings (a
/// single-touch and a multitouch touchpad, a mouse, a trackpoint, a keyboard)
/// are decoded twice, with the values the checks accept and with every value
/// unchecked (a library caller), and neither may trap: every number the
/// decoder emits is finite and its times never precede the recording's start.
let root: String = {
    var path = "\(#filePath)"
    for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

let recordings: [[String]] = [
    ["Traces/libinput/touchpad-alps-dualpoint-st.tap.evemu"],
    ["Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"],
    ["Traces/libinput-record/minimal.yaml"],
    ["Traces/libinput/trackpoint-ibm-tpps2.desc", "Traces/hostile/options-clock-outputs/trackpoint.events"],
    ["Traces/recordings/keyboard-logitech-k400plus.evemu"],
].map { $0.map { root + "/" + $0 } }

let udevKeys = [
    "EVDEV_ABS_00", "EVDEV_ABS_01", "EVDEV_ABS_35", "EVDEV_ABS_36", "EVDEV_ABS_2F", "EVDEV_ABS_18",
    "LIBINPUT_FUZZ_00", "LIBINPUT_FUZZ_01", "LIBINPUT_FUZZ_35", "LIBINPUT_FUZZ_36", "MOUSE_DPI",
    "MOUSE_WHEEL_CLICK_ANGLE", "MOUSE_WHEEL_CLICK_COUNT", "MOUSE_WHEEL_CLICK_ANGLE_HORIZONTAL",
    "MOUSE_WHEEL_CLICK_COUNT_HORIZONTAL", "ID_INPUT", "ID_INPUT_TOUCHPAD", "ID_INPUT_MOUSE",
    "ID_INPUT_POINTINGSTICK", "ID_INPUT_KEYBOARD", "ID_INPUT_KEY", "ID_INPUT_TOUCHPAD_INTEGRATION",
    "ID_INPUT_WIDTH_MM", "POINTINGSTICK_SENSITIVITY",
]
let quirkKeys = [
    "AttrSizeHint", "AttrResolutionHint", "AttrTouchSizeRange", "AttrPressureRange",
    "AttrPalmPressureThreshold", "AttrPalmSizeThreshold", "AttrThumbPressureThreshold",
    "AttrThumbSizeThreshold", "AttrTrackpointMultiplier", "AttrKeyboardIntegration",
    "AttrPointingStickIntegration", "AttrTPKComboLayout", "AttrLidSwitchReliability",
    "AttrMscTimestamp", "AttrUseVelocityAveraging", "AttrEventCodeDisable", "AttrEventCodeEnable",
    "AttrInputPropDisable", "AttrInputPropEnable", "ModelAppleTouchpad", "ModelALPSSerialTouchpad",
    "ModelSynapticsSerialTouchpad", "ModelLenovoT450Touchpad", "ModelWacomTouchpad",
    "ModelTouchpadVisibleMarker", "ModelBouncingKeys", "ModelLenovoScrollPoint",
    "ModelInvertHorizontalScrolling", "ModelHPPavilionDM4Touchpad", "ModelLenovoX1Gen6Touchpad", "AttrFrob",
]
let tokens = [
    "0", "1", "-1", "2", "8", "40", "100", "125", "360", "361", "-360", "65536", "65537", "100000", "100001",
    "268435456", "268435457", "-268435456", "2147483647", "-2147483648", "4294967295",
    "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1e308", "-1e308", "inf", "-inf",
    "nan", "0.5", "1.5", "2.5", "1e-300", "0x10", "", " ", "*", "@", "internal", "external", "below",
    "reliable", "watch", "BTN_LEFT", "BTN_RIGHT", "EV_REL", "EV_ABS", "EV_KEY:0x110", "EV_ABS:53",
    "INPUT_PROP_BUTTONPAD", "0x02", "KEY_A", "BTN_FROB",
]
let separators = [":", "x", "@", ";", " ", "*", ""]

struct Bytes {
    var data: UnsafeBufferPointer<UInt8>, at = 0
    var exhausted: Bool { at >= data.count }
    mutating func byte() -> Int { guard at < data.count else { return 0 }; defer { at += 1 }; return Int(data[at]) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[byte() % xs.count] }
    /// A value: up to five tokens joined by separators, or raw bytes.
    mutating func value() -> String {
        if byte() % 8 == 0 {
            var raw: [UInt8] = []
            for _ in 0..<(byte() % 24) { raw.append(UInt8(byte())) }
            return String(decoding: raw, as: UTF8.self)
        }
        var s = pick(tokens)
        for _ in 0..<(byte() % 5) { s += pick(separators) + pick(tokens) }
        return s
    }
}

/// Decodes a recording; every emitted number must be finite.
func decode(_ paths: [String], _ configuration: DecoderConfiguration) {
    _ = Fuzz.resultOrInputError("decode") {
        try Decode.forEachEvent(paths: paths, configuration: configuration, tail: 2_000_000) { e in
            precondition(e.time >= 0, "an event at \(e.time) µs")
            switch e.kind {
            case .motion(let dx, let dy, let ux, let uy):
                precondition([dx, dy, ux, uy].allSatisfy(\.isFinite), "motion \(dx) \(dy) \(ux) \(uy)")
            case .scroll(_, let v, let h, let v120, let h120):
                precondition([v, h, v120, h120].allSatisfy { $0?.isFinite ?? true }, "scroll \(String(describing: v)) \(String(describing: h))")
            case .gesture(let g):
                precondition([g.dx, g.dy, g.dxUnaccelerated, g.dyUnaccelerated, g.scale, g.angleDelta].allSatisfy(\.isFinite), "gesture \(g)")
            default: break
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOverrides(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var b = Bytes(data: Fuzz.bytes(data, size))
    var checked = DecoderConfiguration(), unchecked = DecoderConfiguration()
    var pairs = 0
    while !b.exhausted && pairs < 8 {
        pairs += 1
        switch b.byte() % 8 {
        case 0:
            let dmi = b.pick(["dmi:", "dmi:svnLENOVO:pnThinkPad:", "", "svnLENOVO"]) + b.value()
            let problem = DecoderOverrides.dmiProblem(dmi)
            precondition(problem.map { !$0.isEmpty && $0.utf8.count < 4096 } ?? true)
            if problem == nil { checked.environment.dmiModalias = dmi }
            unchecked.environment.dmiModalias = dmi
        case 1, 2, 3:
            let key = b.byte() % 16 == 0 ? b.value() : b.pick(udevKeys), value = b.value()
            let problem = DecoderOverrides.udevProblem(key: key, value: value)
            precondition(problem.map { !$0.isEmpty && $0.utf8.count < 4096 } ?? true)
            if problem == nil { checked.environment.extraUdevProperties[key] = value }
            unchecked.environment.extraUdevProperties[key] = value
        default:
            let key = b.byte() % 16 == 0 ? b.value() : b.pick(quirkKeys), value = b.value()
            let problem = DecoderOverrides.quirkProblem(key: key, value: value)
            precondition(problem.map { !$0.isEmpty && $0.utf8.count < 4096 } ?? true)
            if problem == nil { checked.environment.extraQuirks[key] = value }
            unchecked.environment.extraQuirks[key] = value
        }
    }
    if Fuzz.dump {
        Fuzz.show("checked: \(checked.environment.extraUdevProperties) \(checked.environment.extraQuirks) \(checked.environment.dmiModalias ?? "-")")
        Fuzz.show(
            "unchecked: \(unchecked.environment.extraUdevProperties) \(unchecked.environment.extraQuirks) \(unchecked.environment.dmiModalias ?? "-")"
        )
    }
    let which = recordings[b.byte() % recordings.count]
    decode(which, checked)
    decode(which, unchecked)
    return 0
}
