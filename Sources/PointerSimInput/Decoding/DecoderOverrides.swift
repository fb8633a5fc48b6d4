/// The checks of the values a user adds to a device's facts
/// (``DeviceEnvironment/extraUdevProperties``, ``DeviceEnvironment/extraQuirks``,
/// ``DeviceEnvironment/dmiModalias``; `pointersim decode --udev`, `--quirk`,
/// `--dmi`): each returns why a value cannot be used, or `nil`.
///
/// The bounds are those the decoder works within (docs/Limits.md): axis
/// values, fuzz and resolutions within ±2²⁸ (`HostileValues.axisLimit`),
/// size and resolution hints 1 … 65,536, a trackpoint multiplier above 0 and at
/// most 100, wheel click angles and counts −360 … 360 (not 0), a mouse's DPI
/// 1 … 100,000. A value outside them is refused rather than clamped: the
/// user asked for something the decoder would not do. The decoder itself
/// also ignores (as libinput does) or clamps such values, so a library caller
/// that skips these checks gets no trap.
@_spi(Fuzz) public enum DecoderOverrides {
    /// The largest magnitude of an axis value, fuzz, flat or resolution.
    @_spi(Fuzz) public static let axisLimit = Int(HostileValues.axisLimit)
    /// The largest size (mm) or resolution (units/mm) hint.
    @_spi(Fuzz) public static let hintLimit = 65_536
    /// The largest trackpoint multiplier.
    @_spi(Fuzz) public static let multiplierLimit = 100.0
    /// The largest DPI of `MOUSE_DPI`.
    @_spi(Fuzz) public static let dpiLimit = 100_000
    /// The longest `--dmi` modalias.
    @_spi(Fuzz) public static let dmiLengthLimit = 4096

    /// An integer within `range`, or `nil`.
    static func integer<S: StringProtocol>(_ s: S, in range: ClosedRange<Int>) -> Int? {
        guard let v = Int(s), range.contains(v) else { return nil }
        return v
    }

    static func quoted<S: StringProtocol>(_ s: S) -> String { "\"" + InputError_excerpt(s) + "\"" }

    /// Why the udev property `key=value` cannot be used, or `nil`.
    @_spi(Fuzz) public static func udevProblem(key: String, value: String) -> String? {
        guard !key.isEmpty, key.utf8.allSatisfy({ isNameByte($0) }) else {
            return "a udev property's name is letters, digits and _, found \(quoted(key))"
        }
        if let p = controlProblem(value) { return p }
        if key.hasPrefix("EVDEV_ABS_") {
            guard let code = absCode(key.dropFirst("EVDEV_ABS_".count)) else {
                return "EVDEV_ABS_ takes an axis code of two hex digits 00…3F, found \(quoted(key))"
            }
            _ = code
            let fields = value.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count <= 5 else { return "\(key) is min:max:resolution:fuzz:flat (at most 5 fields), found \(quoted(value))" }
            let names = fields.count == 1 ? ["resolution"] : ["min", "max", "resolution", "fuzz", "flat"]
            var parsed: [Int?] = []
            for (f, name) in zip(fields, names) {
                if f.isEmpty { parsed.append(nil); continue }
                let range = name == "min" || name == "max" ? -axisLimit...axisLimit : 0...axisLimit
                guard let v = integer(f, in: range) else {
                    return "\(key): \(name) must be an integer within \(range.lowerBound)…\(range.upperBound), found \(quoted(f))"
                }
                parsed.append(v)
            }
            if parsed.count >= 2, let lo = parsed[0], let hi = parsed[1], lo > hi {
                return "\(key): min \(lo) is above max \(hi)"
            }
            return nil
        }
        if key.uppercased().hasPrefix("LIBINPUT_FUZZ_") {
            guard absCode(key.dropFirst("LIBINPUT_FUZZ_".count)) != nil else {
                return "LIBINPUT_FUZZ_ takes an axis code of two hex digits 00…3f, found \(quoted(key))"
            }
            guard integer(value, in: 0...axisLimit) != nil else {
                return "\(key) must be an integer within 0…\(axisLimit), found \(quoted(value))"
            }
            return nil
        }
        if key.hasPrefix("MOUSE_WHEEL_CLICK_") {
            guard let v = integer(value, in: -360...360), v != 0 else {
                return "\(key) must be an integer within -360…360 other than 0, found \(quoted(value))"
            }
            return nil
        }
        if key == "MOUSE_DPI" {
            // "800@125", "400 *800@125 1600@125": each DPI 1…100,000, rates 1…100,000 Hz.
            var sawOne = false
            for token in value.split(separator: " ") {
                let t = token.hasPrefix("*") ? token.dropFirst() : token
                let parts = t.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count <= 2, integer(parts[0], in: 1...dpiLimit) != nil,
                    parts.count == 1 || integer(parts[1], in: 1...dpiLimit) != nil
                else {
                    return "MOUSE_DPI is DPI[@HZ] entries (one starred), each within 1…\(dpiLimit), found \(quoted(token))"
                }
                sawOne = true
            }
            return sawOne ? nil : "MOUSE_DPI is DPI[@HZ] entries (one starred), found \(quoted(value))"
        }
        return nil
    }

    /// The quirks whose value is an integer within 0 … ``axisLimit``.
    static let thresholds: Set<String> = [
        "AttrPalmPressureThreshold", "AttrPalmSizeThreshold", "AttrThumbPressureThreshold", "AttrThumbSizeThreshold",
    ]
    /// The quirks whose value is `upper:lower`.
    static let ranges: Set<String> = ["AttrPressureRange", "AttrTouchSizeRange"]
    /// The quirks whose value is a word from a list.
    static let words: [String: [String]] = [
        "AttrKeyboardIntegration": ["internal", "external"],
        "AttrPointingStickIntegration": ["internal", "external"],
        "AttrTPKComboLayout": ["below"],
        "AttrLidSwitchReliability": ["reliable", "write_open", "unreliable"],
        "AttrMscTimestamp": ["watch"],
    ]
    /// The quirks that are `0` or `1` besides every `Model…`.
    static let booleans: Set<String> = ["AttrUseVelocityAveraging", "AttrTabletSmoothing", "AttrIsVirtual"]
    /// The quirks that are lists of event codes or properties.
    static let codeLists: Set<String> = ["AttrEventCodeDisable", "AttrEventCodeEnable"]
    static let propertyLists: Set<String> = ["AttrInputPropDisable", "AttrInputPropEnable"]

    /// Why the quirk `key=value` cannot be used, or `nil`.
    @_spi(Fuzz) public static func quirkProblem(key: String, value: String) -> String? {
        if let p = controlProblem(value) { return p }
        if key.hasPrefix("Model") && key.count > 5 && key.utf8.allSatisfy({ isNameByte($0) }) || booleans.contains(key) {
            return value == "0" || value == "1" ? nil : "\(key) is 0 or 1, found \(quoted(value))"
        }
        if thresholds.contains(key) {
            return integer(value, in: 0...axisLimit) != nil ? nil : "\(key) must be an integer within 0…\(axisLimit), found \(quoted(value))"
        }
        if ranges.contains(key) {
            let p = value.split(separator: ":", omittingEmptySubsequences: false)
            guard p.count == 2, let hi = integer(p[0], in: 0...axisLimit), let lo = integer(p[1], in: 0...axisLimit) else {
                return "\(key) is upper:lower, integers within 0…\(axisLimit), found \(quoted(value))"
            }
            return lo <= hi ? nil : "\(key): lower \(lo) is above upper \(hi)"
        }
        if key == "AttrSizeHint" || key == "AttrResolutionHint" {
            let p = value.split(separator: "x", omittingEmptySubsequences: false)
            guard p.count == 2, integer(p[0], in: 1...hintLimit) != nil, integer(p[1], in: 1...hintLimit) != nil else {
                return "\(key) is WIDTHxHEIGHT, integers within 1…\(hintLimit), found \(quoted(value))"
            }
            return nil
        }
        if key == "AttrTrackpointMultiplier" {
            guard let m = Double(value), m.isFinite, m > 0, m <= multiplierLimit else {
                return "\(key) must be a number above 0 and at most \(Int(multiplierLimit)), found \(quoted(value))"
            }
            return nil
        }
        if let list = words[key] {
            return list.contains(value) ? nil : "\(key) is \(list.joined(separator: " or ")), found \(quoted(value))"
        }
        if codeLists.contains(key) || propertyLists.contains(key) {
            for raw in value.split(separator: ";") {
                let item = raw.trimmingSpaces
                if item.isEmpty { continue }
                if codeLists.contains(key) ? !isCodeEntry(Substring(item)) : !isPropertyEntry(Substring(item)) {
                    return "\(key): unknown \(codeLists.contains(key) ? "event type or code" : "input property") \(quoted(item))"
                }
            }
            return nil
        }
        return "unknown quirk \(quoted(key)) (Model… takes 0 or 1; the Attr… keys are listed in docs/CommandLine.md)"
    }

    /// Why `--dmi` cannot be used, or `nil`: `dmi:` then printable ASCII.
    @_spi(Fuzz) public static func dmiProblem(_ value: String) -> String? {
        guard value.hasPrefix("dmi:") else { return "a DMI modalias starts with \"dmi:\", found \(quoted(value))" }
        guard value.utf8.count <= dmiLengthLimit else { return "a DMI modalias has at most \(dmiLengthLimit) bytes, found \(value.utf8.count)" }
        guard value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return "a DMI modalias is printable ASCII, found \(quoted(value))" }
        return nil
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    static func controlProblem(_ value: String) -> String? {
        value.utf8.contains { $0 < 0x20 || $0 == 0x7f } ? "a value has no control characters, found \(quoted(value))" : nil
    }

    /// Two hex digits naming an absolute axis (0x00…0x3f).
    static func absCode<S: StringProtocol>(_ s: S) -> UInt16? {
        guard s.utf8.count == 2, let v = UInt16(s, radix: 16), v <= 0x3f else { return nil }
        return v
    }

    /// An `AttrEventCode…` entry: `EV_ABS`, `BTN_RIGHT` or `EV_KEY:0x110`.
    static func isCodeEntry(_ item: Substring) -> Bool {
        let parts = item.split(separator: ":")
        if parts.count == 2, EventCodes.type(named: String(parts[0])) != nil {
            if parts[1].hasPrefix("0x") { return UInt16(parts[1].dropFirst(2), radix: 16) != nil }
            return UInt16(parts[1]) != nil || EventCodes.code(named: String(parts[1])) != nil
        }
        return EventCodes.type(named: String(item)) != nil || EventCodes.code(named: String(item)) != nil
    }

    /// An `AttrInputProp…` entry: a property's name or number (0…31).
    static func isPropertyEntry(_ item: Substring) -> Bool {
        if let n = item.hasPrefix("0x") ? UInt16(item.dropFirst(2), radix: 16) : UInt16(item) { return n < 32 }
        return (0..<32).contains { EventCodes.propertyName(UInt16($0)) == String(item) }
    }
}

/// A token as messages quote it: at most 40 characters, control characters escaped.
func InputError_excerpt<S: StringProtocol>(_ s: S) -> String {
    var out = ""
    var n = 0
    for ch in s.unicodeScalars {
        if n == 40 { out += "…"; break }
        if ch.value < 0x20 || ch.value == 0x7f { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
        n += 1
    }
    return out
}
