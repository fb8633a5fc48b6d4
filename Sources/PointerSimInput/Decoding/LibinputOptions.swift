/// libinput's configuration options for pointers, touchpads and keyboards, with
/// the names and values of `libinput debug-events` (libinput 1.22's
/// `tools/shared.c`): `--enable-tap`, `--set-tap-map=lmr`, `--set-speed=0.5`, …
///
/// Options are given as on the command line, by name and value:
/// `try LibinputOptions.parse(["--enable-tap", "--set-speed=0.5"])`, or one at
/// a time with ``set(_:)``; ``arguments`` gives them back in that form and
/// ``options`` lists every one with its help. An option not given leaves the
/// device at libinput's default (which depends on the device). A set of
/// options applies to every device, or with `--apply-to=PATTERN` only to the
/// devices whose name matches that pattern (a shell glob, `*`, `?` and `[…]`,
/// matched against the whole name as `fnmatch(3)` without flags).
///
/// ``DecoderConfiguration/libinput`` holds a list of them, applied in order to
/// each device as it is added: a later set overrides an earlier one where
/// both set an option. An option a
/// device does not have (tapping on a mouse, a click method on a mouse, the
/// rotation of a touchpad) is ignored for that device, as libinput's
/// `libinput_device_config_*_set` returns `LIBINPUT_CONFIG_STATUS_UNSUPPORTED`.
public struct LibinputOptions: Sendable, Hashable {
    /// `--set-tap-map`: the buttons of one-, two- and three-finger taps.
    @usableFromInline package enum TapButtonMap: String, Sendable, Hashable, CaseIterable {
        /// Left, right, middle (libinput's default).
        case lrm
        /// Left, middle, right.
        case lmr
    }
    /// `--set-click-method`.
    @usableFromInline package enum ClickMethod: String, Sendable, Hashable, CaseIterable {
        case none, clickfinger, buttonareas
    }
    /// `--set-scroll-method`.
    @usableFromInline package enum ScrollMethod: String, Sendable, Hashable, CaseIterable {
        case none, twofinger, edge, button
    }
    /// `--set-profile`.
    @usableFromInline package enum Profile: String, Sendable, Hashable, CaseIterable {
        case adaptive, flat
    }

    /// `--apply-to=PATTERN`: only devices whose name matches (`nil`: every device).
    @usableFromInline package var applyTo: String? = nil
    /// `--disable-sendevents=PATTERN`: devices whose name matches send no events
    /// (libinput: `LIBINPUT_CONFIG_SEND_EVENTS_DISABLED`). Not affected by ``applyTo``.
    @usableFromInline package var disableSendEvents: String? = nil
    /// `--enable-tap` / `--disable-tap`.
    @usableFromInline package var tap: Bool? = nil
    /// `--enable-drag` / `--disable-drag` (tap-and-drag).
    @usableFromInline package var drag: Bool? = nil
    /// `--enable-drag-lock` / `--disable-drag-lock`.
    @usableFromInline package var dragLock: Bool? = nil
    /// `--enable-natural-scrolling` / `--disable-natural-scrolling`.
    @usableFromInline package var naturalScrolling: Bool? = nil
    /// `--enable-left-handed` / `--disable-left-handed`.
    @usableFromInline package var leftHanded: Bool? = nil
    /// `--enable-middlebutton` / `--disable-middlebutton` (middle-button emulation).
    @usableFromInline package var middleButton: Bool? = nil
    /// `--enable-dwt` / `--disable-dwt` (disable-while-typing).
    @usableFromInline package var dwt: Bool? = nil
    /// `--enable-dwtp` / `--disable-dwtp` (disable-while-trackpointing).
    @usableFromInline package var dwtp: Bool? = nil
    /// `--enable-scroll-button-lock` / `--disable-scroll-button-lock`.
    @usableFromInline package var scrollButtonLock: Bool? = nil
    /// `--set-click-method=none|clickfinger|buttonareas`.
    @usableFromInline package var clickMethod: ClickMethod? = nil
    /// `--set-scroll-method=none|twofinger|edge|button`.
    @usableFromInline package var scrollMethod: ScrollMethod? = nil
    /// `--set-scroll-button=BTN_…` (an `EV_KEY` code).
    @usableFromInline package var scrollButton: UInt16? = nil
    /// `--set-profile=adaptive|flat`.
    @usableFromInline package var profile: Profile? = nil
    /// `--set-speed=S`, −1 … 1.
    @usableFromInline package var speed: Double? = nil
    /// `--set-tap-map=lrm|lmr`.
    @usableFromInline package var tapButtonMap: TapButtonMap? = nil
    /// `--set-rotation-angle=DEGREES`, 0 … 359 (libinput's
    /// `libinput_device_config_rotation_set_angle`; the option name is that of
    /// libinput 1.23's tool, 1.22's tool has none).
    @usableFromInline package var rotationAngle: Int? = nil

    /// No option: libinput's defaults.
    public init() {}

    /// Whether no option is set.
    public var isEmpty: Bool { self == LibinputOptions() }

    /// One option of the table: its name without `--`, the values it takes, and what it does.
    public struct Option: Sendable {
        /// The name without the leading `--` (e.g. `enable-tap`).
        public let name: String
        /// The value's syntax (`lrm|lmr`, `S`), or `nil` for a switch.
        public let value: String?
        /// One line of help.
        public let help: String
    }

    /// Every option, in `libinput debug-events --help`'s order.
    public static let options: [Option] = [
        Option(name: "apply-to", value: "PATTERN", help: "apply the options only to devices whose name matches the pattern (shell glob)"),
        Option(name: "disable-sendevents", value: "PATTERN", help: "devices whose name matches send no events"),
        Option(name: "enable-tap", value: nil, help: "tap-to-click on"),
        Option(name: "disable-tap", value: nil, help: "tap-to-click off"),
        Option(name: "enable-drag", value: nil, help: "tap-and-drag on"),
        Option(name: "disable-drag", value: nil, help: "tap-and-drag off"),
        Option(name: "enable-drag-lock", value: nil, help: "drag lock on"),
        Option(name: "disable-drag-lock", value: nil, help: "drag lock off"),
        Option(name: "enable-natural-scrolling", value: nil, help: "natural scrolling on"),
        Option(name: "disable-natural-scrolling", value: nil, help: "natural scrolling off"),
        Option(name: "enable-left-handed", value: nil, help: "left-handed buttons on"),
        Option(name: "disable-left-handed", value: nil, help: "left-handed buttons off"),
        Option(name: "enable-middlebutton", value: nil, help: "middle-button emulation on"),
        Option(name: "disable-middlebutton", value: nil, help: "middle-button emulation off"),
        Option(name: "enable-dwt", value: nil, help: "disable-while-typing on"),
        Option(name: "disable-dwt", value: nil, help: "disable-while-typing off"),
        Option(name: "enable-dwtp", value: nil, help: "disable-while-trackpointing on"),
        Option(name: "disable-dwtp", value: nil, help: "disable-while-trackpointing off"),
        Option(name: "enable-scroll-button-lock", value: nil, help: "scroll button lock on"),
        Option(name: "disable-scroll-button-lock", value: nil, help: "scroll button lock off"),
        Option(name: "set-click-method", value: "none|clickfinger|buttonareas", help: "the click method"),
        Option(name: "set-scroll-method", value: "none|twofinger|edge|button", help: "the scroll method"),
        Option(name: "set-scroll-button", value: "BTN_MIDDLE", help: "the button of button scrolling (an EV_KEY name)"),
        Option(name: "set-profile", value: "adaptive|flat", help: "the pointer acceleration profile"),
        Option(name: "set-speed", value: "S", help: "the pointer acceleration speed, -1 … 1"),
        Option(name: "set-tap-map", value: "lrm|lmr", help: "the buttons of 1-, 2- and 3-finger taps"),
        Option(name: "set-rotation-angle", value: "DEGREES", help: "rotate relative motion clockwise, 0 … 359"),
    ]

    /// Why an option cannot be used: the message names the allowed values.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The message (without the program's name).
        public let description: String
    }

    /// Whether `argument` (`--name` or `--name=value`) names one of ``options``.
    @usableFromInline package static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("--") else { return false }
        let body = argument.dropFirst(2)
        let name = body.firstIndex(of: "=").map { String(body[..<$0]) } ?? String(body)
        return options.contains { $0.name == name }
    }

    /// Parses a list of arguments (`--enable-tap`, `--set-speed=0.5`, or
    /// `--set-speed 0.5` as two arguments) into one set.
    public static func parse(_ arguments: [String]) throws(ParseError) -> LibinputOptions {
        var o = LibinputOptions()
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            guard a.hasPrefix("--") else { throw ParseError(description: "\(quote(a)) is not a libinput option (they start with --)") }
            let body = a.dropFirst(2)
            if body.contains("=") {
                try o.set(a)
            } else if let opt = options.first(where: { $0.name == body }), opt.value != nil {
                guard i + 1 < arguments.count else {
                    throw ParseError(description: "--\(opt.name) takes a value: \(opt.value!)")
                }
                try o.set(a + "=" + arguments[i + 1])
                i += 1
            } else {
                try o.set(a)
            }
            i += 1
        }
        return o
    }

    /// Sets one option from `--name` or `--name=value`.
    public mutating func set(_ argument: String) throws(ParseError) {
        guard argument.hasPrefix("--") else { throw ParseError(description: "\(Self.quote(argument)) is not a libinput option (they start with --)") }
        let body = argument.dropFirst(2)
        let name: String, value: String?
        if let eq = body.firstIndex(of: "=") {
            name = String(body[..<eq]); value = String(body[body.index(after: eq)...])
        } else {
            name = String(body); value = nil
        }
        guard let opt = Self.options.first(where: { $0.name == name }) else {
            throw ParseError(
                description: "unknown libinput option --\(Self.excerpt(name)); the options are "
                    + Self.options.map { "--" + $0.name }.joined(separator: ", ")
            )
        }
        if opt.value == nil {
            if let v = value { throw ParseError(description: "--\(name) takes no value, found \(Self.quote(v))") }
            let on = name.hasPrefix("enable-")
            switch name.dropFirst(on ? 7 : 8) {
            case "tap": tap = on
            case "drag": drag = on
            case "drag-lock": dragLock = on
            case "natural-scrolling": naturalScrolling = on
            case "left-handed": leftHanded = on
            case "middlebutton": middleButton = on
            case "dwt": dwt = on
            case "dwtp": dwtp = on
            case "scroll-button-lock": scrollButtonLock = on
            default: preconditionFailure("option table and switch disagree: \(name)")
            }
            return
        }
        guard let v = value else { throw ParseError(description: "--\(name) takes a value: \(opt.value!)") }
        func choice<E: RawRepresentable & CaseIterable>(_: E.Type) throws(ParseError) -> E where E.RawValue == String {
            if let e = E(rawValue: v) { return e }
            throw ParseError(description: "--\(name): unknown value \(Self.quote(v)); allowed: " + E.allCases.map(\.rawValue).joined(separator: ", "))
        }
        switch name {
        case "apply-to":
            guard !v.isEmpty else { throw ParseError(description: "--apply-to: the pattern is empty") }
            applyTo = v
        case "disable-sendevents":
            guard !v.isEmpty else { throw ParseError(description: "--disable-sendevents: the pattern is empty") }
            disableSendEvents = v
        case "set-click-method": clickMethod = try choice(ClickMethod.self)
        case "set-scroll-method": scrollMethod = try choice(ScrollMethod.self)
        case "set-profile": profile = try choice(Profile.self)
        case "set-tap-map": tapButtonMap = try choice(TapButtonMap.self)
        case "set-scroll-button":
            guard let code = Self.keyCode(named: v) else {
                throw ParseError(
                    description:
                        "--set-scroll-button: unknown button \(Self.quote(v)); allowed: a key or button name such as BTN_MIDDLE, BTN_RIGHT, BTN_SIDE, BTN_EXTRA"
                )
            }
            scrollButton = code
        case "set-speed":
            guard let s = Double(v), s.isFinite, s >= -1, s <= 1 else {
                throw ParseError(description: "--set-speed: \(Self.quote(v)) is not a number within -1 … 1")
            }
            speed = s
        case "set-rotation-angle":
            guard let a = Int(v), a >= 0, a < 360 else {
                throw ParseError(description: "--set-rotation-angle: \(Self.quote(v)) is not an integer within 0 … 359")
            }
            rotationAngle = a
        default: preconditionFailure("option table and switch disagree: \(name)")
        }
    }

    /// The options as arguments, in the table's order (parsing them gives `self` back).
    public var arguments: [String] {
        var a: [String] = []
        if let p = applyTo { a.append("--apply-to=\(p)") }
        if let p = disableSendEvents { a.append("--disable-sendevents=\(p)") }
        func flag(_ v: Bool?, _ n: String) { if let v { a.append((v ? "--enable-" : "--disable-") + n) } }
        flag(tap, "tap"); flag(drag, "drag"); flag(dragLock, "drag-lock")
        flag(naturalScrolling, "natural-scrolling"); flag(leftHanded, "left-handed")
        flag(middleButton, "middlebutton"); flag(dwt, "dwt"); flag(dwtp, "dwtp")
        flag(scrollButtonLock, "scroll-button-lock")
        if let v = clickMethod { a.append("--set-click-method=\(v.rawValue)") }
        if let v = scrollMethod { a.append("--set-scroll-method=\(v.rawValue)") }
        if let v = scrollButton { a.append("--set-scroll-button=\(EventCodes.codeName(type: EventCodes.EV_KEY, code: v) ?? String(v))") }
        if let v = profile { a.append("--set-profile=\(v.rawValue)") }
        if let v = speed { a.append("--set-speed=\(v)") }
        if let v = tapButtonMap { a.append("--set-tap-map=\(v.rawValue)") }
        if let v = rotationAngle { a.append("--set-rotation-angle=\(v)") }
        return a
    }

    /// Whether the options apply to a device of this name (``applyTo``).
    @usableFromInline package func applies(toDeviceNamed name: String) -> Bool {
        guard let p = applyTo else { return true }
        return Self.globMatches(p, name)
    }

    /// Applies the options to `c` (for one device whose name ``applies(toDeviceNamed:)``).
    @usableFromInline package func apply(to c: inout DecoderConfiguration) {
        if let v = tap { c.touchpad.tapping = v }
        if let v = drag { c.touchpad.tapAndDrag = v }
        if let v = dragLock { c.touchpad.dragLock = v }
        if let v = tapButtonMap { c.touchpad.tapButtonMap = v }
        if let v = naturalScrolling { c.touchpad.naturalScrolling = v; c.fallback.naturalScrolling = v }
        if let v = leftHanded { c.touchpad.leftHanded = v; c.fallback.leftHanded = v }
        if let v = middleButton { c.touchpad.middleEmulation = v; c.fallback.middleButtonEmulation = v }
        if let v = dwt { c.touchpad.disableWhileTyping = v }
        if let v = dwtp { c.touchpad.disableWhileTrackpointing = v }
        if let v = scrollButtonLock { c.fallback.scrollButtonLock = v }
        if let v = clickMethod {
            switch v {
            case .none: c.touchpad.clickMethod = TouchpadConfiguration.ClickMethod.none
            case .clickfinger: c.touchpad.clickMethod = .clickfinger
            case .buttonareas: c.touchpad.clickMethod = .buttonAreas
            }
        }
        if let v = scrollMethod {
            switch v {
            case .none:
                c.touchpad.scrollMethod = TouchpadConfiguration.ScrollMethod.none
                c.fallback.scrollMethod = FallbackConfiguration.ScrollMethod.none
            case .twofinger: c.touchpad.scrollMethod = .twoFinger
            case .edge: c.touchpad.scrollMethod = .edge
            case .button: c.fallback.scrollMethod = .onButtonDown
            }
        }
        if let v = scrollButton { c.fallback.scrollButton = v }
        if let v = profile {
            c.acceleration = v == .flat ? .flat : .adaptive
            c.touchpad.accelerationProfile = c.acceleration
        }
        if let v = speed { c.speed = v; c.touchpad.speed = v }
        if let v = rotationAngle { c.fallback.rotationAngle = v }
    }

    // MARK: helpers

    /// The code of an `EV_KEY` name (`BTN_MIDDLE`, `KEY_A`), as libevdev's
    /// `libevdev_event_code_from_name` finds it.
    static func keyCode(named name: String) -> UInt16? {
        guard name.hasPrefix("BTN_") || name.hasPrefix("KEY_") else { return nil }
        for (type, code, n) in EventCodes.codeTable where type == EventCodes.EV_KEY && n == name { return code }
        return nil
    }

    static func excerpt(_ s: String) -> String { s.count > 60 ? String(s.prefix(60)) + "…" : s }
    static func quote(_ s: String) -> String { "\"" + excerpt(s) + "\"" }

    /// `fnmatch(pattern, name, 0)`: `*` any run, `?` any one character,
    /// `[abc]`, `[a-z]`, `[!a]` a class, `\x` a literal `x`. Linear in practice
    /// (the usual two-pointer backtracking on the last `*`).
    @usableFromInline package static func globMatches(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.unicodeScalars), s = Array(name.unicodeScalars)
        var pi = 0, si = 0, starP = -1, starS = 0
        func classEnd(_ at: Int) -> Int? {  // index after the closing ] of a class starting at `at` ([)
            var j = at + 1
            if j < p.count && (p[j] == "!" || p[j] == "^") { j += 1 }
            if j < p.count && p[j] == "]" { j += 1 }
            while j < p.count && p[j] != "]" { j += 1 }
            return j < p.count ? j + 1 : nil
        }
        func classMatches(_ at: Int, _ end: Int, _ c: Unicode.Scalar) -> Bool {
            var j = at + 1
            var negate = false
            if p[j] == "!" || p[j] == "^" { negate = true; j += 1 }
            var hit = false
            var first = true
            while j < end - 1 {
                if p[j] == "]" && !first { break }
                first = false
                if j + 2 < end - 1 && p[j + 1] == "-" {
                    if p[j].value <= c.value && c.value <= p[j + 2].value { hit = true }
                    j += 3
                } else {
                    if p[j] == c { hit = true }
                    j += 1
                }
            }
            return hit != negate
        }
        while si < s.count {
            if pi < p.count {
                let pc = p[pi]
                if pc == "*" { starP = pi; starS = si; pi += 1; continue }
                if pc == "?" { pi += 1; si += 1; continue }
                if pc == "[", let end = classEnd(pi) {
                    if classMatches(pi, end, s[si]) { pi = end; si += 1; continue }
                } else if pc == "\\" && pi + 1 < p.count {
                    if p[pi + 1] == s[si] { pi += 2; si += 1; continue }
                } else if pc == s[si] {
                    pi += 1; si += 1; continue
                }
            }
            if starP >= 0 { pi = starP + 1; starS += 1; si = starS; continue }
            return false
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

extension DecoderConfiguration {
    /// The configuration for one device: ``libinput``'s option sets whose
    /// ``LibinputOptions/applyTo`` matches `name`, applied in order.
    @usableFromInline package func resolved(forDeviceNamed name: String) -> DecoderConfiguration {
        var c = self
        for o in libinput where o.applies(toDeviceNamed: name) { o.apply(to: &c) }
        return c
    }

    /// Whether a `--disable-sendevents` pattern of ``libinput`` matches the device.
    @usableFromInline package func sendEventsDisabled(forDeviceNamed name: String) -> Bool {
        libinput.contains { o in o.disableSendEvents.map { LibinputOptions.globMatches($0, name) } ?? false }
    }
}
