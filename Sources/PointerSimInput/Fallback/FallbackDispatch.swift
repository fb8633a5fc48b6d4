// Derived from libinput 1.22.1: src/evdev-fallback.c and the configuration
// parts of src/evdev.c. The logic is re-expressed in Swift. libinput's notice
// (MIT licence), which covers this file (THIRD-PARTY-NOTICES.md lists every
// file it covers):
//
// Copyright © 2010 Intel Corporation
// Copyright © 2013 Jonas Ådahl
// Copyright © 2013-2018 Red Hat, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining a
// copy of this software and associated documentation files (the "Software"),
// to deal in the Software without restriction, including without limitation
// the rights to use, copy, modify, merge, publish, distribute, sublicense,
// and/or sell copies of the Software, and to permit persons to whom the
// Software is furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice (including the next
// paragraph) shall be included in all copies or substantial portions of the
// Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
// THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
// FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
// DEALINGS IN THE SOFTWARE.
//
// One file per libinput concern: FallbackDispatch+Frames (evdev-fallback.c's
// frames), +Wheel (evdev-wheel.c), +Debounce (evdev-debounce.c), +Buttons
// (evdev.c's buttons and button scrolling), +MiddleButton (the glue to the
// shared MiddleButtonEmulation), +Timers.

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
@usableFromInline package struct FallbackDispatch: DeviceDispatch {
    typealias C = EventCodes
    let context: DeviceContext
    let settings: FallbackConfiguration
    /// `EVDEV_DEVICE_POINTER` / `EVDEV_DEVICE_KEYBOARD` seat capabilities.
    @usableFromInline package let isPointer: Bool, isKeyboard: Bool
    /// `EVDEV_TAG_TRACKPOINT`.
    @usableFromInline package let isPointingStick: Bool
    /// The motion filter (`nil` without `REL_X`/`REL_Y`).
    @usableFromInline package internal(set) var filter: PointerFilter?
    /// Codes the quirks disable (`AttrEventCodeDisable`), by type << 16 | code.
    let disabled: Set<UInt32>
    let keyBits: [Bool]

    // Keys and buttons.
    static let keyCount = KeyDownCounts.keyCount
    var hwKeys: [Bool], lastHwKeys: [Bool]
    /// `device->key_count`: what the seat sees down.
    var downCount = KeyDownCounts()
    var pendingKey = false

    // Relative motion.
    var relX = 0, relY = 0, pendingRel = false
    /// `dispatch->rotation.matrix` (cos, −sin, sin, cos), or `nil` when the
    /// device has no rotation or it is 0° (libinput 1.22: trackballs only).
    let rotation: (Double, Double, Double, Double)?

    /// `dispatch->wheel` (evdev-wheel.c).
    var wheel = Wheel()
    /// `MOUSE_WHEEL_CLICK_ANGLE` / `_COUNT` (degrees per detent; default 15).
    @usableFromInline package let wheelClickAngle: (horizontal: Double, vertical: Double)
    let isScrollPoint: Bool
    let invertHorizontal: Bool

    /// `dispatch->debounce` (evdev-debounce.c).
    var debounce: Debounce

    /// `device->middlebutton` (evdev-middle-button.c).
    var middle: MiddleButtonEmulation

    // Button scrolling (evdev.c).
    enum ButtonScrollState { case idle, buttonDown, ready, scrolling }
    enum ScrollLock { case disabled, idle, firstDown, firstUp, secondDown }
    /// The effective scroll method and button.
    @usableFromInline package let scrollMethod: FallbackConfiguration.ScrollMethod
    @usableFromInline package let scrollButton: UInt16
    var scrollLock: ScrollLock
    var buttonScrollState = ButtonScrollState.idle
    var buttonScrollTimer: Int64? = nil
    var buttonDownTime: Int64 = 0
    /// `device->scroll`: the buildup and axes of `evdev_post_scroll`.
    var scroll = EvdevScroll(threshold: 5.0, directionLockThreshold: 5.0)
    let natural: Bool
    let leftHanded: Bool

    /// Where emitted events come from, while processing.
    var origin = DecodedEvent.Origin.added

    /// Creates the dispatch, configured as `evdev_configure_device` and
    /// `fallback_dispatch_create` configure a device.
    @usableFromInline package init(context c: DeviceContext) {
        context = c
        settings = c.configuration.fallback
        let d = c.description, f = c.facts
        // fallback_init_rotation: only devices with the ModelTrackball quirk
        // (EVDEV_MODEL_TRACKBALL); the angle, clockwise, must be a multiple
        // of 90 (another is LIBINPUT_CONFIG_STATUS_INVALID and changes nothing);
        // matrix_init_rotate.
        let angle = ((c.configuration.fallback.rotationAngle % 360) + 360) % 360
        if f.quirkBool("ModelTrackball") == true && angle != 0 && angle % 90 == 0 {
            // At the right angles the rotation is exact (measured: a 180° turn
            // negates every delta, with no truncation to 0 of a 1 − ε product).
            let (s, co): (Double, Double) = angle == 90 ? (1, 0) : angle == 180 ? (0, -1) : (-1, 0)
            rotation = (co, -s, s, co)
        } else {
            rotation = nil
        }
        var dis = Set<UInt32>()
        var enabledExtra = Set<UInt32>()
        for (key, into) in [("AttrEventCodeDisable", 0), ("AttrEventCodeEnable", 1)] {
            guard let v = f.quirks[key] else { continue }
            for name in v.split(separator: ";") where !name.isEmpty {
                let n = String(name)
                var codes: [UInt32] = []
                if let tc = EventCodes.code(named: n) {
                    codes = [UInt32(tc.type) << 16 | UInt32(tc.code)]
                } else if let t = EventCodes.type(named: n) {
                    codes = (d.codes[t] ?? []).map { UInt32(t) << 16 | UInt32($0) }
                }
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
            filter = PointerFilter(
                pointingStick: isTrackpoint,
                profile: c.configuration.acceleration,
                speed: c.configuration.speed,
                dpi: dpi,
                multiplier: multiplier,
                velocityAveraging: f.quirkBool("AttrUseVelocityAveraging") ?? false
            )
        }
        wheelClickAngle = Self.wheelClickAngles(f)
        isScrollPoint = f.quirkBool("ModelLenovoScrollPoint") ?? false
        invertHorizontal = f.quirkBool("ModelInvertHorizontalScrolling") ?? false
        wheel.emulateHiRes =
            (has(C.EV_REL, C.REL_WHEEL) && !has(C.EV_REL, C.REL_WHEEL_HI_RES))
            || (has(C.EV_REL, C.REL_HWHEEL) && !has(C.EV_REL, C.REL_HWHEEL_HI_RES))
        let bouncing = f.quirkBool("ModelBouncingKeys") ?? false
        debounce = Debounce(state: (settings.debouncing ?? !bouncing) ? .isUp : .disabled)

        let pointerOptions = (mouse || stick) && tagged
        leftHanded = pointerOptions && settings.leftHanded
        natural = settings.naturalScrolling
        // Middle-button emulation: default on with left and right but no middle.
        if has(C.EV_KEY, C.BTN_LEFT) && has(C.EV_KEY, C.BTN_RIGHT) {
            let hasMiddle = has(C.EV_KEY, C.BTN_MIDDLE)
            // Without a middle button the option is not exposed: the default stands.
            middle = MiddleButtonEmulation(enabled: hasMiddle ? (settings.middleButtonEmulation ?? false) : true)
        } else {
            middle = MiddleButtonEmulation(enabled: false)
        }
        // Button scrolling (evdev_init_button_scroll), wanted for pointers with REL_X/REL_Y.
        if pointerOptions && (has(C.EV_REL, C.REL_X) || has(C.EV_REL, C.REL_Y)) {
            let defaultMethod: FallbackConfiguration.ScrollMethod
            if isTrackpoint {
                defaultMethod = .onButtonDown
            } else if !has(C.EV_REL, C.REL_WHEEL) && !has(C.EV_REL, C.REL_HWHEEL) && has(C.EV_KEY, C.BTN_MIDDLE) {
                defaultMethod = .onButtonDown
            } else {
                defaultMethod = .none
            }
            scrollMethod = settings.scrollMethod ?? defaultMethod
            var button: UInt16 = 0
            if has(C.EV_KEY, C.BTN_MIDDLE) {
                button = C.BTN_MIDDLE
            } else if let side = (0x113...0x117).first(where: { has(C.EV_KEY, UInt16($0)) }) {
                button = UInt16(side)
            } else if has(C.EV_KEY, C.BTN_RIGHT) {
                button = C.BTN_RIGHT
            }
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
        let tagNames = [
            "ID_INPUT_KEYBOARD", "ID_INPUT_KEY", "ID_INPUT_MOUSE", "ID_INPUT_TOUCHPAD", "ID_INPUT_TOUCHSCREEN",
            "ID_INPUT_TABLET", "ID_INPUT_TABLET_PAD", "ID_INPUT_JOYSTICK", "ID_INPUT_ACCELEROMETER",
            "ID_INPUT_POINTINGSTICK", "ID_INPUT_TRACKBALL", "ID_INPUT_SWITCH",
        ]
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
    @usableFromInline package static func parseMouseDPI(_ s: String) -> Int? {
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

    /// libinput: evdev_read_wheel_click_props
    ///
    /// Degrees per detent from
    /// `MOUSE_WHEEL_CLICK_COUNT` (360/count, preferred) or
    /// `MOUSE_WHEEL_CLICK_ANGLE`, default 15; horizontal falls back to vertical.
    static func wheelClickAngles(_ f: DeviceFacts) -> (horizontal: Double, vertical: Double) {
        func parse(_ key: String) -> Int? {
            guard let v = f.udev[key], let i = Int(v), i != 0, abs(i) <= 360 else { return nil }
            return i
        }
        var vertical = 15.0
        if let n = parse("MOUSE_WHEEL_CLICK_COUNT") {
            vertical = 360.0 / Double(n)
        } else if let a = parse("MOUSE_WHEEL_CLICK_ANGLE") {
            vertical = Double(a)
        }
        var horizontal = vertical
        if let n = parse("MOUSE_WHEEL_CLICK_COUNT_HORIZONTAL") {
            horizontal = 360.0 / Double(n)
        } else if let a = parse("MOUSE_WHEEL_CLICK_ANGLE_HORIZONTAL") {
            horizontal = Double(a)
        }
        return (horizontal, vertical)
    }
}
