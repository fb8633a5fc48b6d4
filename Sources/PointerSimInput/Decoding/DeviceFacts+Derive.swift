extension DeviceFacts {
    /// The facts udev and libinput's quirks give for a device.
    ///
    /// Placeholder: the udev `input_id` tags from ``DeviceKind/classify(_:)``
    /// and libinput's fuzz rule (a touchpad's x/y fuzz moves to
    /// `LIBINPUT_FUZZ_<code>`). Replaced by the full udev/hwdb/quirks model.
    public static func derive(for d: DeviceDescription) -> DeviceFacts {
        typealias C = EventCodes
        var u: [String: String] = ["ID_INPUT": "1"]
        switch DeviceKind.classify(d) {
        case .mouse: u["ID_INPUT_MOUSE"] = "1"
        case .touchpad, .clickpad: u["ID_INPUT_TOUCHPAD"] = "1"
        case .trackpoint: u["ID_INPUT_POINTINGSTICK"] = "1"; u["ID_INPUT_MOUSE"] = "1"
        case .keyboard: u["ID_INPUT_KEY"] = "1"; u["ID_INPUT_KEYBOARD"] = "1"
        case .other: break
        }
        if u["ID_INPUT_TOUCHPAD"] != nil {
            for code in [C.ABS_X, C.ABS_Y, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y] {
                if let a = d.absInfo[code], a.fuzz > 0 { u["LIBINPUT_FUZZ_" + hex2(code)] = String(a.fuzz) }
            }
        }
        return DeviceFacts(udev: u)
    }

    /// Two lowercase hex digits, as udev's `LIBINPUT_FUZZ_%02x`.
    static func hex2(_ v: UInt16) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(v >> 4) & 15], digits[Int(v) & 15]])
    }
}
