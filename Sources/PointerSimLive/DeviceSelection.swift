#if os(Linux)
import PointerSimInput

// Which devices `pointersim live` reads by default, and their kind names.

private let EV_KEY_: UInt16 = 1, EV_REL_: UInt16 = 2, EV_ABS_: UInt16 = 3

/// The kind of a device as `pointersim devices` prints it: `mouse`,
/// `touchpad`, `clickpad`, `trackpoint`, `keyboard` or `other`.
public func liveKindName(_ d: DeviceDescription) -> String {
    if d.properties.contains(5) { return "trackpoint" }                      // INPUT_PROP_POINTING_STICK
    if d.has(type: EV_ABS_, code: 0) && d.has(type: EV_ABS_, code: 1)
        && d.has(type: EV_KEY_, code: 0x145) && !d.properties.contains(1) {   // BTN_TOOL_FINGER, not DIRECT
        return d.properties.contains(2) ? "clickpad" : "touchpad"            // INPUT_PROP_BUTTONPAD
    }
    if d.has(type: EV_REL_, code: 0) && d.has(type: EV_REL_, code: 1) && d.has(type: EV_KEY_, code: 0x110) {
        return "mouse"
    }
    for k: UInt16 in [42, 54, 29, 97, 56, 100, 125, 126] where d.has(type: EV_KEY_, code: k) { return "keyboard" }
    return "other"
}

/// Whether `pointersim live` reads this device when no `--device` is given:
/// every pointer device and keyboard.
public func isLiveInput(_ d: DeviceDescription) -> Bool { liveKindName(d) != "other" }
#endif
