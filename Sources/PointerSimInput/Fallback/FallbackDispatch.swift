// Ported from libinput 1.22.1 (MIT licence, © 2010 Intel Corporation,
// © 2013 Jonas Ådahl, © 2013-2018 Red Hat, Inc.): src/evdev-fallback.c,
// evdev-wheel.c, evdev-debounce.c, evdev-middle-button.c and the button,
// scroll and configuration parts of evdev.c. The logic is re-expressed in Swift.

/// libinput's fallback dispatch (`evdev-fallback.c`): mice, pointing sticks,
/// keyboards and every other device that is not a touchpad.
///
/// Per frame, as `fallback_handle_state` orders it: keys as they arrive,
/// then the frame's relative motion (or button scrolling), then the wheel,
/// then buttons through debouncing (`evdev-debounce.c`), middle-button
/// emulation (`evdev-middle-button.c`), button scrolling and the seat's
/// press counts. Timers (debounce 25/12 ms, middle button 50 ms, button
/// scroll 200 ms, wheel 500 ms) run on the trace clock. At removal every key
/// and button still down is released. Absolute pointers, touchscreens,
/// switches and tablets are not modelled (no events). O(events in the frame)
/// per frame; button frames scan the key range once, as libinput does.
public struct FallbackDispatch: DeviceDispatch {
    typealias C = EventCodes
    let context: DeviceContext
    let settings: FallbackConfiguration
    /// `EVDEV_DEVICE_POINTER` / `EVDEV_DEVICE_KEYBOARD` seat capabilities.
    public let isPointer: Bool, isKeyboard: Bool
    /// `EVDEV_TAG_TRACKPOINT`.
    public let isPointingStick: Bool
    /// The motion filter (`nil` without `REL_X`/`REL_Y`).
    public private(set) var filter: PointerFilter?
    /// Codes the quirks disable (`AttrEventCodeDisable`), by type << 16 | code.
    let disabled: Set<UInt32>
    let keyBits: [Bool]

    // Keys and buttons.
    static let keyCount = 0x300
    var hwKeys: [Bool], lastHwKeys: [Bool]
    var downCount: [Int]
    var pendingKey = false

    // Relative motion.
    var relX = 0, relY = 0, pendingRel = false

    // Wheel (evdev-wheel.c).
    enum WheelState { case none, accumulating, scrolling }
    enum WheelDirection { case unknown, vpos, vneg, hpos, hneg }
    var wheelState = WheelState.none
    var wheelDir = WheelDirection.unknown
    var loResX = 0, loResY = 0, hiResX = 0, hiResY = 0
    var emulateHiRes = false, hiResReceived = false
    var wheelTimer: Int64? = nil
    /// `MOUSE_WHEEL_CLICK_ANGLE` / `_COUNT` (degrees per detent; default 15).
    public let wheelClickAngle: (horizontal: Double, vertical: Double)
    let isScrollPoint: Bool
    let invertHorizontal: Bool

    // Debounce (evdev-debounce.c).
    enum DebounceState {
        case isUp, isDown, isDownWaiting, isUpDelaying, isUpDelayingSpurious, isUpDetectingSpurious
        case isDownDetectingSpurious, isUpWaiting, isDownDelaying, disabled
    }
    enum DebounceEvent { case press, release, timeout, timeoutShort, otherButton }
    var debounceState: DebounceState
    var debounceCode: UInt16 = 0
    var debounceTime: Int64 = 0
    var debounceTimer: Int64? = nil, debounceTimerShort: Int64? = nil
    var spuriousEnabled = false

    // Middle-button emulation (evdev-middle-button.c).
    enum MiddleState { case idle, leftDown, rightDown, middle, leftUpPending, rightUpPending, passthrough, ignoreLR, ignoreL, ignoreR }
    enum MiddleEvent { case lDown, rDown, other, lUp, rUp, timeout, allUp }
    let middleEnabled: Bool
    var middleState = MiddleState.idle
    var middleFirstTime: Int64 = 0
    var middleTimer: Int64? = nil
    var middleMask: UInt32 = 0

    // Button scrolling and scroll posting (evdev.c).
    enum ButtonScrollState { case idle, buttonDown, ready, scrolling }
    enum ScrollLock { case disabled, idle, firstDown, firstUp, secondDown }
    /// The effective scroll method and button.
    public let scrollMethod: FallbackConfiguration.ScrollMethod
    public let scrollButton: UInt16
    var scrollLock: ScrollLock
    var buttonScrollState = ButtonScrollState.idle
    var buttonScrollTimer: Int64? = nil
    var buttonDownTime: Int64 = 0
    var buildupX = 0.0, buildupY = 0.0
    var scrollVertical = false, scrollHorizontal = false
    let scrollThreshold = 5.0, directionLockThreshold = 5.0
    let natural: Bool
    let leftHanded: Bool

    /// Where emitted events come from, while processing.
    var origin = DecodedEvent.Origin.added

    /// Creates the dispatch, configured as `evdev_configure_device` and
    /// `fallback_dispatch_create` configure a device.
    public init(context c: DeviceContext) {
        context = c
        settings = c.configuration.fallback
        let d = c.description, f = c.facts
        var dis = Set<UInt32>()
        var enabledExtra = Set<UInt32>()
        for (key, into) in [("AttrEventCodeDisable", 0), ("AttrEventCodeEnable", 1)] {
            guard let v = f.quirks[key] else { continue }
            for name in v.split(separator: ";") where !name.isEmpty {
                let n = String(name)
                var codes: [UInt32] = []
                if let tc = EventCodes.code(named: n) { codes = [UInt32(tc.type) << 16 | UInt32(tc.code)] }
                else if let t = EventCodes.type(named: n) { codes = (d.codes[t] ?? []).map { UInt32(t) << 16 | UInt32($0) } }
                if into == 0 { dis.formUnion(codes) } else { enabledExtra.formUnion(codes) }
            }
        }
        disabled = dis
        func has(_ type: UInt16, _ code: UInt16) -> Bool {
            let k = UInt32(type) << 16 | UInt32(code)
            if dis.contains(k) { return false }
            return d.has(type: type, code: code) || enabledExtra.contains(k)
        }
        var kb = [Bool](repeating: false, count: Self.keyCount)
        for code in d.codes[C.EV_KEY] ?? [] where Int(code) < Self.keyCount && has(C.EV_KEY, code) { kb[Int(code)] = true }
        keyBits = kb
        hwKeys = [Bool](repeating: false, count: Self.keyCount)
        lastHwKeys = hwKeys
        downCount = [Int](repeating: 0, count: Self.keyCount)

        // Udev tags (evdev_device_get_udev_tags) → seat capabilities.
        let mouse = f.udevFlag("ID_INPUT_MOUSE"), stick = f.udevFlag("ID_INPUT_POINTINGSTICK")
        let keyboardTag = f.udevFlag("ID_INPUT_KEYBOARD") || f.udevFlag("ID_INPUT_KEY")
        let tagged = f.udevFlag("ID_INPUT") && !Self.ignoredByLibinput(d, f, has: has)
        let hasWheel = has(C.EV_REL, C.REL_WHEEL) || has(C.EV_REL, C.REL_HWHEEL)
        isPointer = tagged && (mouse || stick || (keyboardTag && hasWheel))
        isKeyboard = tagged && keyboardTag
        let isTrackpoint = (mouse || stick) && (d.properties.contains(C.INPUT_PROP_POINTING_STICK) || stick)
        isPointingStick = isTrackpoint
        let hasRel = has(C.EV_REL, C.REL_X) && has(C.EV_REL, C.REL_Y)
        if isPointer && hasRel {
            var multiplier = 1.0
            if isTrackpoint, let m = f.quirkDouble("AttrTrackpointMultiplier"), m > 0, m <= DecoderOverrides.multiplierLimit { multiplier = m }
            let dpi = isTrackpoint || !(mouse || stick) ? 1000 : (f.udev["MOUSE_DPI"].flatMap(Self.parseMouseDPI) ?? 1000)
            filter = PointerFilter(pointingStick: isTrackpoint, profile: c.configuration.acceleration,
                                   speed: c.configuration.speed, dpi: dpi, multiplier: multiplier,
                                   velocityAveraging: f.quirkBool("AttrUseVelocityAveraging") ?? false)
        }
        wheelClickAngle = Self.wheelClickAngles(f)
        isScrollPoint = f.quirkBool("ModelLenovoScrollPoint") ?? false
        invertHorizontal = f.quirkBool("ModelInvertHorizontalScrolling") ?? false
        emulateHiRes = (has(C.EV_REL, C.REL_WHEEL) && !has(C.EV_REL, C.REL_WHEEL_HI_RES))
            || (has(C.EV_REL, C.REL_HWHEEL) && !has(C.EV_REL, C.REL_HWHEEL_HI_RES))
        let bouncing = f.quirkBool("ModelBouncingKeys") ?? false
        debounceState = (settings.debouncing ?? !bouncing) ? .isUp : .disabled

        let pointerOptions = (mouse || stick) && tagged
        leftHanded = pointerOptions && settings.leftHanded
        natural = settings.naturalScrolling
        // Middle-button emulation: default on with left and right but no middle.
        if has(C.EV_KEY, C.BTN_LEFT) && has(C.EV_KEY, C.BTN_RIGHT) {
            let hasMiddle = has(C.EV_KEY, C.BTN_MIDDLE)
            // Without a middle button the option is not exposed: the default stands.
            middleEnabled = hasMiddle ? (settings.middleButtonEmulation ?? false) : true
        } else {
            middleEnabled = false
        }
        // Button scrolling (evdev_init_button_scroll), wanted for pointers with REL_X/REL_Y.
        if pointerOptions && (has(C.EV_REL, C.REL_X) || has(C.EV_REL, C.REL_Y)) {
            let defaultMethod: FallbackConfiguration.ScrollMethod
            if isTrackpoint { defaultMethod = .onButtonDown }
            else if !has(C.EV_REL, C.REL_WHEEL) && !has(C.EV_REL, C.REL_HWHEEL) && has(C.EV_KEY, C.BTN_MIDDLE) { defaultMethod = .onButtonDown }
            else { defaultMethod = .none }
            scrollMethod = settings.scrollMethod ?? defaultMethod
            var button: UInt16 = 0
            if has(C.EV_KEY, C.BTN_MIDDLE) { button = C.BTN_MIDDLE }
            else if let side = (0x113...0x117).first(where: { has(C.EV_KEY, UInt16($0)) }) { button = UInt16(side) }
            else if has(C.EV_KEY, C.BTN_RIGHT) { button = C.BTN_RIGHT }
            scrollButton = settings.scrollButton ?? button
        } else {
            scrollMethod = .none
            scrollButton = 0
        }
        scrollLock = settings.scrollButtonLock ? .idle : .disabled
    }

    /// Whether `evdev_configure_device` refuses the device or hands it to a
    /// dispatch other than fallback or touchpad: nothing but the `INPUT` tag,
    /// a pure accelerometer, a joystick or gamepad
    /// (`evdev_device_is_joystick_or_gamepad`), a tablet or tablet pad, or
    /// inconsistent axes (`evdev_reject_device`).
    static func ignoredByLibinput(_ d: DeviceDescription, _ f: DeviceFacts, has: (UInt16, UInt16) -> Bool) -> Bool {
        let tagNames = ["ID_INPUT_KEYBOARD", "ID_INPUT_KEY", "ID_INPUT_MOUSE", "ID_INPUT_TOUCHPAD", "ID_INPUT_TOUCHSCREEN",
                        "ID_INPUT_TABLET", "ID_INPUT_TABLET_PAD", "ID_INPUT_JOYSTICK", "ID_INPUT_ACCELEROMETER",
                        "ID_INPUT_POINTINGSTICK", "ID_INPUT_TRACKBALL", "ID_INPUT_SWITCH"]
        let tags = Set(tagNames.filter { f.udevFlag($0) })
        if tags.isEmpty || tags == ["ID_INPUT_ACCELEROMETER"] { return true }
        // Joysticks and gamepads.
        if tags.contains("ID_INPUT_JOYSTICK") && !tags.contains("ID_INPUT_TABLET") && !tags.contains("ID_INPUT_TABLET_PAD") {
            let wellKnown: [UInt16] = [29, 58, 69, 110, 113, 140, 144, 155, 164, 224]
            let keys = d.codes[C.EV_KEY] ?? []
            if wellKnown.filter({ keys.contains($0) }).count < 4 {
                let joystickButtons = keys.filter { ($0 >= 0x120 && $0 < 0x140) || ($0 >= 0x2c0 && $0 <= 0x2e7) }.count
                let keyboardKeys = keys.filter { ($0 >= 1 && $0 <= 248) || ($0 >= 0x160 && $0 <= 0x21e) || ($0 >= 0x230 && $0 < 0x2c0) }.count
                if joystickButtons >= 2 && keyboardKeys < 10 { return true }
            }
        }
        // Tablets and pads go to libinput's tablet code.
        if tags.contains("ID_INPUT_TABLET_PAD") { return true }
        if tags.contains("ID_INPUT_TABLET") && !tags.contains("ID_INPUT_TOUCHPAD") && !tags.contains("ID_INPUT_TOUCHSCREEN") { return true }
        // evdev_reject_device.
        if has(C.EV_ABS, C.ABS_X) != has(C.EV_ABS, C.ABS_Y) { return true }
        if has(C.EV_REL, C.REL_X) != has(C.EV_REL, C.REL_Y) { return true }
        if let x = d.absInfo[C.ABS_X], let y = d.absInfo[C.ABS_Y], has(C.EV_ABS, C.ABS_X), (x.resolution == 0) != (y.resolution == 0) { return true }
        for (code, a) in d.absInfo where has(C.EV_ABS, code) && a.minimum == a.maximum {
            if code == 0x28 || code == C.ABS_MT_SLOT || code == C.ABS_MT_TOOL_TYPE { continue }
            if a.minimum == 0 && code >= 0x28 && code < C.ABS_MT_SLOT { continue }  // disabled, not refused
            return true
        }
        return false
    }

    /// libinput's `parse_mouse_dpi_property`: `400@125 *800@125 1600@125`
    /// → the starred entry, else the last one; `nil` when invalid.
    public static func parseMouseDPI(_ s: String) -> Int? {
        var dpi = 0
        var rest = Substring(s)
        while let c = rest.first {
            if c == " " { rest = rest.dropFirst(); continue }
            var isDefault = false
            if c == "*" {
                rest = rest.dropFirst(); isDefault = true
                guard let n = rest.first, n.isASCII, n.isNumber else { return nil }
            }
            let token = rest.prefix { $0 != " " }
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, let d = Int(parts[0]), d > 0 else { return nil }
            if parts.count == 2 { guard let r = Int(parts[1]), r > 0 else { return nil } }
            dpi = d
            if isDefault { break }
            rest = rest.dropFirst(token.count)
        }
        return dpi > 0 ? dpi : nil
    }

    /// `evdev_read_wheel_click_props`: degrees per detent from
    /// `MOUSE_WHEEL_CLICK_COUNT` (360/count, preferred) or
    /// `MOUSE_WHEEL_CLICK_ANGLE`, default 15; horizontal falls back to vertical.
    static func wheelClickAngles(_ f: DeviceFacts) -> (horizontal: Double, vertical: Double) {
        func parse(_ key: String) -> Int? {
            guard let v = f.udev[key], let i = Int(v), i != 0, abs(i) <= 360 else { return nil }
            return i
        }
        var vertical = 15.0
        if let n = parse("MOUSE_WHEEL_CLICK_COUNT") { vertical = 360.0 / Double(n) }
        else if let a = parse("MOUSE_WHEEL_CLICK_ANGLE") { vertical = Double(a) }
        var horizontal = vertical
        if let n = parse("MOUSE_WHEEL_CLICK_COUNT_HORIZONTAL") { horizontal = 360.0 / Double(n) }
        else if let a = parse("MOUSE_WHEEL_CLICK_ANGLE_HORIZONTAL") { horizontal = Double(a) }
        return (horizontal, vertical)
    }

    // MARK: Frames

    /// Processes one frame (`fallback_interface_process` per event, then
    /// `fallback_handle_state` at the `SYN_REPORT`).
    public mutating func process(frame events: [EvdevEvent], time: Int64, frame: Int, into out: inout [DecodedEvent]) {
        origin = .frame(frame)
        for e in events {
            if !disabled.isEmpty && disabled.contains(UInt32(e.type) << 16 | UInt32(e.code)) { continue }
            switch e.type {
            case C.EV_REL: processRelative(e, time: time)
            case C.EV_KEY: processKey(e, time: time, into: &out)
            case C.EV_SYN where e.code == C.SYN_REPORT: handleState(time: time, into: &out)
            default: break
            }
        }
    }

    mutating func processRelative(_ e: EvdevEvent, time: Int64) {
        switch e.code {
        case C.REL_X:
            guard isPointer else { return }
            relX += Int(e.value); pendingRel = true
        case C.REL_Y:
            guard isPointer else { return }
            relY += Int(e.value); pendingRel = true
        case C.REL_WHEEL:
            loResY += Int(e.value)
            if emulateHiRes { hiResY += Int(e.value) * 120 }
            wheelEvent(.scroll, time: time)
        case C.REL_HWHEEL:
            loResX += Int(e.value)
            if emulateHiRes { hiResX += Int(e.value) * 120 }
            wheelEvent(.scroll, time: time)
        case C.REL_WHEEL_HI_RES:
            hiResY += Int(e.value); hiResReceived = true
            wheelDirectionChange(e.value > 0 ? .vpos : .vneg, time: time)
            wheelEvent(.scroll, time: time)
        case C.REL_HWHEEL_HI_RES:
            hiResX += Int(e.value); hiResReceived = true
            wheelDirectionChange(e.value > 0 ? .hpos : .hneg, time: time)
            wheelEvent(.scroll, time: time)
        default: break
        }
    }

    /// libinput's `get_key_type`.
    enum KeyType { case none, key, button }
    static func keyType(_ code: UInt16) -> KeyType {
        switch code {
        case 0x140...0x148, 0x14a, 0x14d, 0x14e, 0x14f: return .none  // BTN_TOOL_*, BTN_TOUCH
        default: break
        }
        if code >= 1 && code <= 248 { return .key }  // KEY_ESC … KEY_MICMUTE
        if code >= 0x100 && code <= 0x151 { return .button }  // BTN_MISC … BTN_GEAR_UP
        if code >= 0x160 && code <= 0x21e { return .key }  // KEY_OK … KEY_LIGHTS_TOGGLE
        if code >= 0x220 && code <= 0x223 { return .button }  // BTN_DPAD_*
        if code >= 0x230 && code < 0x2c0 { return .key }  // KEY_ALS_TOGGLE … < BTN_TRIGGER_HAPPY
        if code >= 0x2c0 && code <= 0x2e7 { return .button }  // BTN_TRIGGER_HAPPY1 … 40
        return .none
    }

    mutating func processKey(_ e: EvdevEvent, time: Int64, into out: inout [DecodedEvent]) {
        guard e.value != 2, Int(e.code) < Self.keyCount else { return }
        if e.code == C.BTN_TOUCH { return }
        let type = Self.keyType(e.code)
        let down = hwKeys[Int(e.code)]
        switch type {
        case .none: break
        case .key, .button:
            if (e.value != 0 && down) || (e.value == 0 && !down) { return }
            pendingKey = true
        }
        hwKeys[Int(e.code)] = e.value != 0
        if type == .key { keyboardNotify(e.code, pressed: e.value != 0, time: time, into: &out) }
    }

    mutating func keyboardNotify(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        let i = Int(code)
        if pressed { downCount[i] += 1 } else { guard downCount[i] > 0 else { return }; downCount[i] -= 1 }
        if (pressed && downCount[i] == 1) || (!pressed && downCount[i] == 0) {
            if isKeyboard { out.append(DecodedEvent(time: time, device: context.index, origin: origin, .key(code: code, pressed: pressed))) }
        }
    }

    /// `fallback_handle_state`.
    mutating func handleState(time: Int64, into out: inout [DecodedEvent]) {
        if pendingRel { flushRelative(time: time, into: &out) }
        wheelHandleState(time: time, into: &out)
        if pendingKey {
            var wantDebounce = false
            for code in 0..<Self.keyCount where hwKeys[code] != lastHwKeys[code] && Self.keyType(UInt16(code)) == .button {
                wantDebounce = true; break
            }
            if wantDebounce { debounceHandleState(time: time, into: &out) }
            lastHwKeys = hwKeys
        }
        pendingRel = false
        pendingKey = false
    }

    /// `fallback_flush_relative_motion`.
    mutating func flushRelative(time: Int64, into out: inout [DecodedEvent]) {
        guard isPointer else { return }
        let raw = (x: Double(relX), y: Double(relY))
        relX = 0; relY = 0
        if postButtonScroll(raw, time: time, into: &out) { return }
        guard filter != nil else { return }
        let a = filter!.filter(dx: raw.x, dy: raw.y, time: time)  // in place: no copy of the trackers
        if a.x == 0 && a.y == 0 { return }
        out.append(DecodedEvent(time: time, device: context.index, origin: origin,
                                .motion(dx: a.x, dy: a.y, dxUnaccelerated: raw.x, dyUnaccelerated: raw.y)))
    }

    /// `post_button_scroll`: motion while the scroll button is held.
    mutating func postButtonScroll(_ raw: (x: Double, y: Double), time: Int64, into out: inout [DecodedEvent]) -> Bool {
        guard scrollMethod == .onButtonDown else { return false }
        switch buttonScrollState {
        case .idle: return false
        case .buttonDown: return true
        case .ready, .scrolling:
            buttonScrollState = .scrolling
            let n = filter?.constant(dx: raw.x, dy: raw.y) ?? raw
            postScroll(n, time: time, into: &out)
            return true
        }
    }

    /// `evdev_post_scroll` for the continuous source.
    mutating func postScroll(_ delta: (x: Double, y: Double), time: Int64, into out: inout [DecodedEvent]) {
        if !scrollVertical { buildupY += delta.y }
        if !scrollHorizontal { buildupX += delta.x }
        if !scrollHorizontal && !scrollVertical {
            if abs(buildupY) >= scrollThreshold { scrollVertical = true }
            if abs(buildupX) >= scrollThreshold { scrollHorizontal = true }
        } else if !scrollVertical {
            if abs(delta.y) >= directionLockThreshold { scrollVertical = true }
        } else if !scrollHorizontal {
            if abs(delta.x) >= directionLockThreshold { scrollHorizontal = true }
        }
        var ex = delta.x, ey = delta.y
        if !scrollVertical { ey = 0 }
        if !scrollHorizontal { ex = 0 }
        guard ex != 0 || ey != 0 else { return }
        if natural { ex = -ex; ey = -ey }
        out.append(DecodedEvent(time: time, device: context.index, origin: origin,
                                .scroll(source: .continuous, vertical: ey != 0 ? ey : nil, horizontal: ex != 0 ? ex : nil,
                                        v120Vertical: nil, v120Horizontal: nil)))
    }

    /// `evdev_stop_scroll`: a zero event on the axes that scrolled.
    mutating func stopScroll(time: Int64, into out: inout [DecodedEvent]) {
        if scrollVertical || scrollHorizontal {
            if isPointer {
                out.append(DecodedEvent(time: time, device: context.index, origin: origin,
                                        .scroll(source: .continuous, vertical: scrollVertical ? 0 : nil,
                                                horizontal: scrollHorizontal ? 0 : nil, v120Vertical: nil, v120Horizontal: nil)))
            }
        }
        buildupX = 0; buildupY = 0
        scrollVertical = false; scrollHorizontal = false
    }

    // MARK: Wheel (evdev-wheel.c)

    enum WheelEvent { case accumulated, scroll, timeout, dirChanged }

    mutating func wheelEvent(_ event: WheelEvent, time: Int64) {
        switch wheelState {
        case .none:
            if event == .scroll { wheelState = .accumulating }
        case .accumulating:
            switch event {
            case .accumulated: wheelState = .scrolling; wheelTimer = time + 500_000
            case .dirChanged: wheelState = .none
            default: break
            }
        case .scrolling:
            switch event {
            case .scroll: wheelTimer = time + 500_000
            case .timeout: wheelState = .none
            case .dirChanged: wheelTimer = nil; wheelState = .none
            case .accumulated: break
            }
        }
    }

    mutating func wheelDirectionChange(_ dir: WheelDirection, time: Int64) {
        if dir != wheelDir {
            wheelDir = dir
            wheelEvent(.dirChanged, time: time)
        }
    }

    /// `fallback_wheel_handle_state`.
    mutating func wheelHandleState(time: Int64, into out: inout [DecodedEvent]) {
        guard isPointer else { return }
        if !emulateHiRes && !hiResReceived && (loResX != 0 || loResY != 0) {
            emulateHiRes = true
            hiResX = loResX * 120; hiResY = loResY * 120
        }
        switch wheelState {
        case .none: break
        case .accumulating:
            if abs(hiResX) >= 60 || abs(hiResY) >= 60 {
                wheelEvent(.accumulated, time: time)
                wheelFlush(time: time, into: &out)
            }
        case .scrolling:
            wheelFlush(time: time, into: &out)
        }
    }

    /// `wheel_flush_scroll`: a `POINTER_SCROLL_WHEEL` per axis from the
    /// high-resolution sums (the low-resolution sums feed only the legacy
    /// `POINTER_AXIS` events, which are not modelled: they are reset here).
    mutating func wheelFlush(time: Int64, into out: inout [DecodedEvent]) {
        if isScrollPoint {
            let raw = (x: Double(loResX), y: Double(loResY) * -1)
            let n = filter?.constant(dx: raw.x, dy: raw.y) ?? raw
            postScroll(n, time: time, into: &out)
            hiResX = 0; hiResY = 0; loResX = 0; loResY = 0
            return
        }
        if hiResY != 0 {
            var v120 = Double(-hiResY), deg = Double(-hiResY) / 120.0 * wheelClickAngle.vertical
            if natural { v120 = -v120; deg = -deg }
            out.append(DecodedEvent(time: time, device: context.index, origin: origin,
                                    .scroll(source: .wheel, vertical: deg, horizontal: nil, v120Vertical: v120, v120Horizontal: nil)))
            hiResY = 0
        }
        loResY = 0
        if hiResX != 0 {
            var v120 = Double(hiResX), deg = Double(hiResX) / 120.0 * wheelClickAngle.horizontal
            if invertHorizontal { v120 = -v120; deg = -deg }
            if natural { v120 = -v120; deg = -deg }
            out.append(DecodedEvent(time: time, device: context.index, origin: origin,
                                    .scroll(source: .wheel, vertical: nil, horizontal: deg, v120Vertical: nil, v120Horizontal: v120)))
            hiResX = 0
        }
        loResX = 0
    }

    // MARK: Debounce (evdev-debounce.c)

    /// `fallback_debounce_handle_state`.
    mutating func debounceHandleState(time: Int64, into out: inout [DecodedEvent]) {
        var changed: [UInt16] = []
        for code in 0..<Self.keyCount where Self.keyType(UInt16(code)) == .button && hwKeys[code] != lastHwKeys[code] {
            changed.append(UInt16(code))
            if changed.count == 16 { break }
        }
        var flushed = false
        if changed.count > 1 || changed.first != debounceCode {
            debounceEvent(.otherButton, time: time, into: &out)
            flushed = true
        }
        for code in changed {
            let isDown = hwKeys[Int(code)]
            if flushed && debounceState != .disabled {
                debounceState = !isDown ? .isDown : .isUp
                flushed = false
            }
            debounceCode = code
            debounceEvent(isDown ? .press : .release, time: time, into: &out)
            if changed.count > 1 {
                debounceEvent(.otherButton, time: time, into: &out)
                flushed = true
            }
        }
    }

    mutating func debounceNotify(pressed: Bool, into out: inout [DecodedEvent]) {
        let code = toLeftHanded(debounceCode)
        notifyPhysicalButton(code, pressed: pressed, time: debounceTime, into: &out)
    }

    func toLeftHanded(_ code: UInt16) -> UInt16 {
        guard leftHanded else { return code }
        if code == C.BTN_LEFT { return C.BTN_RIGHT }
        if code == C.BTN_RIGHT { return C.BTN_LEFT }
        return code
    }

    mutating func debounceEvent(_ event: DebounceEvent, time: Int64, into out: inout [DecodedEvent]) {
        let bounce: Int64 = 25_000, spurious: Int64 = 12_000
        if event == .otherButton { debounceTimer = nil; debounceTimerShort = nil }
        switch debounceState {
        case .isUp:
            if event == .press {
                debounceTime = time
                debounceTimer = time + bounce
                debounceState = .isDownWaiting
                debounceNotify(pressed: true, into: &out)
            }
        case .isDown:
            if event == .release {
                debounceTime = time
                debounceTimer = time + bounce
                debounceTimerShort = time + spurious
                if spuriousEnabled {
                    debounceState = .isUpDelayingSpurious
                } else {
                    debounceState = .isUpDetectingSpurious
                    debounceNotify(pressed: false, into: &out)
                }
            }
        case .isDownWaiting:
            switch event {
            case .release:
                debounceTimer = time + bounce
                debounceState = .isUpDelaying
                debounceTime = time
            case .timeout, .otherButton: debounceState = .isDown
            default: break
            }
        case .isUpDelaying:
            switch event {
            case .press:
                debounceTimer = time + bounce
                debounceState = .isDownWaiting
            case .timeout, .otherButton:
                debounceState = .isUp
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        case .isUpDelayingSpurious:
            switch event {
            case .press:
                debounceState = .isDown
                debounceTimer = nil; debounceTimerShort = nil
            case .timeoutShort:
                debounceState = .isUpWaiting
                debounceNotify(pressed: false, into: &out)
            case .otherButton:
                debounceState = .isUp
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        case .isUpDetectingSpurious:
            switch event {
            case .press:
                debounceTimer = time + bounce
                debounceTimerShort = time + spurious
                debounceTime = time
                debounceState = .isDownDetectingSpurious
            case .timeout, .otherButton: debounceState = .isUp
            case .timeoutShort: debounceState = .isUpWaiting
            default: break
            }
        case .isDownDetectingSpurious:
            switch event {
            case .release:
                debounceTimer = time + bounce
                debounceTimerShort = time + spurious
                debounceState = .isUpDetectingSpurious
            case .timeoutShort:
                debounceTimer = nil
                debounceState = .isDown
                spuriousEnabled = true
                debounceNotify(pressed: true, into: &out)
            case .timeout, .otherButton:
                debounceState = .isDown
                debounceNotify(pressed: true, into: &out)
            default: break
            }
        case .isUpWaiting:
            switch event {
            case .press:
                debounceTimer = time + bounce
                debounceTime = time
                debounceState = .isDownDelaying
            case .timeout, .otherButton: debounceState = .isUp
            default: break
            }
        case .isDownDelaying:
            switch event {
            case .release:
                debounceTimer = time + bounce
                debounceState = .isUpWaiting
            case .timeout, .otherButton:
                debounceState = .isDown
                debounceNotify(pressed: true, into: &out)
            default: break
            }
        case .disabled:
            switch event {
            case .press:
                debounceTime = time
                debounceNotify(pressed: true, into: &out)
            case .release:
                debounceTime = time
                debounceNotify(pressed: false, into: &out)
            default: break
            }
        }
    }

    // MARK: Buttons (evdev.c, evdev-middle-button.c)

    /// `evdev_pointer_notify_physical_button`.
    mutating func notifyPhysicalButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        if middleFilterButton(code, pressed: pressed, time: time, into: &out) { return }
        notifyButton(code, pressed: pressed, time: time, into: &out)
    }

    /// `evdev_pointer_notify_button`.
    mutating func notifyButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        if scrollMethod == .onButtonDown && code == scrollButton {
            buttonScrollButton(pressed: pressed, time: time, into: &out)
            return
        }
        postButton(code, pressed: pressed, time: time, into: &out)
    }

    /// `evdev_pointer_post_button`: the seat sees a press when the device's
    /// count goes 0 → 1 and a release when it returns to 0.
    mutating func postButton(_ code: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        let i = Int(code)
        guard i < Self.keyCount else { return }
        if pressed { downCount[i] += 1 } else { guard downCount[i] > 0 else { return }; downCount[i] -= 1 }
        if (pressed && downCount[i] == 1) || (!pressed && downCount[i] == 0) {
            if isPointer { out.append(DecodedEvent(time: time, device: context.index, origin: origin, .button(code: code, pressed: pressed))) }
        }
    }

    /// `evdev_button_scroll_button`.
    mutating func buttonScrollButton(pressed: Bool, time: Int64, into out: inout [DecodedEvent]) {
        switch scrollLock {
        case .disabled: break
        case .idle: scrollLock = .firstDown
        case .firstDown: scrollLock = .firstUp; return
        case .firstUp: scrollLock = .secondDown; return
        case .secondDown: scrollLock = .idle
        }
        if pressed {
            if scrollButton < 0x110 + 5 {
                buttonScrollState = .buttonDown
                buttonScrollTimer = time + 200_000
            } else {
                buttonScrollState = .ready
            }
            buttonDownTime = time
        } else {
            buttonScrollTimer = nil
            switch buttonScrollState {
            case .idle: break
            case .buttonDown, .ready:
                postButton(scrollButton, pressed: true, time: buttonDownTime, into: &out)
                postButton(scrollButton, pressed: false, time: time, into: &out)
            case .scrolling:
                stopScroll(time: time, into: &out)
            }
            buttonScrollState = .idle
        }
    }

    /// `evdev_middlebutton_filter_button`: whether the event was consumed.
    mutating func middleFilterButton(_ button: UInt16, pressed: Bool, time: Int64, into out: inout [DecodedEvent]) -> Bool {
        guard middleEnabled else { return false }
        let event: MiddleEvent
        switch button {
        case C.BTN_LEFT: event = pressed ? .lDown : .lUp
        case C.BTN_RIGHT: event = pressed ? .rDown : .rUp
        default: event = .other
        }
        guard button >= C.BTN_LEFT, button - C.BTN_LEFT < 32 else { return true }
        let rc = middleEvent(event, time: time, into: &out)
        let old = middleMask
        let bit: UInt32 = 1 << UInt32(button - C.BTN_LEFT)
        if pressed { middleMask |= bit } else { middleMask &= ~bit }
        if old != middleMask && middleMask == 0 {
            _ = middleEvent(.allUp, time: time, into: &out)
        }
        return rc
    }

    mutating func middleSetState(_ s: MiddleState, time: Int64) {
        switch s {
        case .leftDown, .rightDown:
            middleTimer = time + 50_000
            middleFirstTime = time
        default:
            middleTimer = nil
        }
        middleState = s
    }

    /// The middle-button state machine; returns whether the button event was consumed.
    mutating func middleEvent(_ event: MiddleEvent, time: Int64, into out: inout [DecodedEvent]) -> Bool {
        switch middleState {
        case .idle:
            switch event {
            case .lDown: middleSetState(.leftDown, time: time)
            case .rDown: middleSetState(.rightDown, time: time)
            case .other: return false
            default: break
            }
        case .leftDown, .rightDown:
            let isLeft = middleState == .leftDown
            let own: UInt16 = isLeft ? C.BTN_LEFT : C.BTN_RIGHT
            switch (event, isLeft) {
            case (.rDown, true), (.lDown, false):
                notifyButton(C.BTN_MIDDLE, pressed: true, time: time, into: &out)
                middleSetState(.middle, time: time)
            case (.other, _):
                notifyButton(own, pressed: true, time: middleFirstTime, into: &out)
                middleSetState(.passthrough, time: time)
                return false
            case (.lUp, true), (.rUp, false):
                notifyButton(own, pressed: true, time: middleFirstTime, into: &out)
                notifyButton(own, pressed: false, time: time, into: &out)
                middleSetState(.idle, time: time)
            case (.timeout, _):
                notifyButton(own, pressed: true, time: middleFirstTime, into: &out)
                middleSetState(.passthrough, time: time)
            default: break
            }
        case .middle:
            switch event {
            case .other:
                notifyButton(C.BTN_MIDDLE, pressed: false, time: time, into: &out)
                middleSetState(.ignoreLR, time: time)
                return false
            case .rUp:
                notifyButton(C.BTN_MIDDLE, pressed: false, time: time, into: &out)
                middleSetState(.leftUpPending, time: time)
            case .lUp:
                notifyButton(C.BTN_MIDDLE, pressed: false, time: time, into: &out)
                middleSetState(.rightUpPending, time: time)
            default: break
            }
        case .leftUpPending:
            switch event {
            case .rDown:
                notifyButton(C.BTN_MIDDLE, pressed: true, time: time, into: &out)
                middleSetState(.middle, time: time)
            case .other: middleSetState(.ignoreL, time: time); return false
            case .lUp: middleSetState(.idle, time: time)
            default: break
            }
        case .rightUpPending:
            switch event {
            case .lDown:
                notifyButton(C.BTN_MIDDLE, pressed: true, time: time, into: &out)
                middleSetState(.middle, time: time)
            case .other: middleSetState(.ignoreR, time: time); return false
            case .rUp: middleSetState(.idle, time: time)
            default: break
            }
        case .passthrough:
            switch event {
            case .lDown, .rDown, .other, .rUp, .lUp: return false
            case .allUp: middleSetState(.idle, time: time)
            case .timeout: break
            }
        case .ignoreLR:
            switch event {
            case .other: return false
            case .rUp: middleSetState(.ignoreL, time: time)
            case .lUp: middleSetState(.ignoreR, time: time)
            default: break
            }
        case .ignoreL:
            switch event {
            case .rDown, .other, .rUp: return false
            case .lUp: middleSetState(.passthrough, time: time)
            default: break
            }
        case .ignoreR:
            switch event {
            case .lDown, .other, .lUp: return false
            case .rUp: middleSetState(.passthrough, time: time)
            default: break
            }
        }
        return true
    }

    // MARK: Timers

    /// The earliest armed timer.
    public var nextTimerExpiry: Int64? {
        func earlier(_ a: Int64?, _ b: Int64?) -> Int64? {
            guard let a else { return b }
            guard let b else { return a }
            return Swift.min(a, b)
        }
        return earlier(earlier(earlier(debounceTimer, debounceTimerShort), earlier(wheelTimer, middleTimer)), buttonScrollTimer)
    }

    /// Fires the timers due by `now`, earliest first.
    public mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent]) {
        origin = .timer
        while let t = nextTimerExpiry, t <= now {
            if debounceTimerShort == t {
                debounceTimerShort = nil
                debounceEvent(.timeoutShort, time: t, into: &out)
            } else if debounceTimer == t {
                debounceTimer = nil
                debounceEvent(.timeout, time: t, into: &out)
            } else if middleTimer == t {
                middleTimer = nil
                _ = middleEvent(.timeout, time: t, into: &out)
            } else if buttonScrollTimer == t {
                buttonScrollTimer = nil
                buttonScrollState = .ready
            } else if wheelTimer == t {
                wheelTimer = nil
                wheelEvent(.timeout, time: t)
            }
        }
    }

    /// Nothing to restart: the fallback dispatch keeps no motion history
    /// across a `SYN_DROPPED` besides the filter's (libinput does not restart it).
    public mutating func resynchronised() {
        relX = 0; relY = 0; pendingRel = false
    }

    /// `evdev_device_remove`: timers are cancelled, then every key and
    /// button the seat sees as down is released (`release_pressed_keys`).
    public mutating func remove(at time: Int64, into out: inout [DecodedEvent]) {
        origin = .removal
        buttonScrollTimer = nil; middleTimer = nil
        for code in 0..<Self.keyCount where downCount[code] > 0 {
            switch Self.keyType(UInt16(code)) {
            case .none: break
            case .key: keyboardNotify(UInt16(code), pressed: false, time: time, into: &out)
            case .button: notifyButton(UInt16(code), pressed: false, time: time, into: &out)
            }
        }
        hwKeys = [Bool](repeating: false, count: Self.keyCount)
        lastHwKeys = hwKeys
        debounceTimer = nil; debounceTimerShort = nil; wheelTimer = nil
    }
}
