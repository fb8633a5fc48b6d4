import PointerSimCore

/// What a device is, for decoding (the classification of linux-input.md §1).
public enum DeviceKind: String, Sendable, CaseIterable {
    /// Relative motion (REL_X/REL_Y) with buttons.
    case mouse
    /// An absolute multitouch pad with physical buttons.
    case touchpad
    /// A touchpad whose only button is the pad itself (`INPUT_PROP_BUTTONPAD`).
    case clickpad
    /// A pointing stick (`INPUT_PROP_POINTING_STICK`), decoded as a relative device.
    case trackpoint
    /// A keyboard (modifier keys, Escape).
    case keyboard
    /// Anything else (ignored apart from modifier keys it may have).
    case other

    /// Classifies a description. O(1).
    public static func classify(_ d: DeviceDescription) -> DeviceKind {
        typealias C = EventCodes
        if d.properties.contains(C.INPUT_PROP_POINTING_STICK) && d.has(type: C.EV_REL) { return .trackpoint }
        if d.has(type: C.EV_REL, code: C.REL_X) && d.has(type: C.EV_REL, code: C.REL_Y) { return .mouse }
        let hasXY = (d.has(type: C.EV_ABS, code: C.ABS_X) && d.has(type: C.EV_ABS, code: C.ABS_Y))
            || (d.has(type: C.EV_ABS, code: C.ABS_MT_POSITION_X) && d.has(type: C.EV_ABS, code: C.ABS_MT_POSITION_Y))
        if hasXY && d.has(type: C.EV_KEY, code: C.BTN_TOOL_FINGER) && !d.properties.contains(C.INPUT_PROP_DIRECT) {
            return d.properties.contains(C.INPUT_PROP_BUTTONPAD) ? .clickpad : .touchpad
        }
        if let keys = d.codes[C.EV_KEY], keys.contains(where: { $0 > 0 && $0 < 0x100 }) { return .keyboard }
        return .other
    }
}

/// How raw events become pointer events. Every "our choice" number of
/// SEMANTICS.md §7 is here with its default.
public struct DecoderConfiguration: Sendable, Hashable {
    /// The acceleration profile (default adaptive).
    public var acceleration: AccelerationProfile = .adaptive
    /// The speed setting −1…1 (default 0).
    public var speed: Double = 0
    /// Points per unit of accelerated output (default 1).
    public var pointsPerUnit: Double = 1
    /// Points scrolled per wheel detent (**our choice**: 40).
    public var scrollPointsPerDetent: Double = 40
    /// A mouse's resolution, dpi (libinput's default without hwdb: 1000).
    public var mouseDPI: Double = 1000
    /// The pad size assumed when a touchpad reports no resolution (libinput: 69 × 50 mm).
    public var fallbackPadWidthMM: Double = 69, fallbackPadHeightMM: Double = 50
    /// A one-frame move larger than this (normalised to `jumpReferenceInterval`) is a kernel jump (20 mm).
    public var jumpThresholdMM: Double = 20
    /// The frame interval jumps are normalised to (12 ms); frames more than 2.5 × this apart are never jumps.
    public var jumpReferenceInterval: Double = 0.012
    /// Soft-button strip height: the smaller of this (10 mm) …
    public var softButtonHeightMM: Double = 10
    /// … and this fraction of the pad's height (0.15).
    public var softButtonHeightFraction: Double = 0.15
    /// Width fraction of the centred middle soft button (0.25; 0 disables it).
    public var middleButtonWidthFraction: Double = 0.25
    /// A touch pinned by a physical click moves the pointer again after this distance (1.5 mm).
    public var pinReleaseMM: Double = 1.5
    /// Whether two fingers scroll (default true).
    public var twoFingerScroll = true
    /// Whether Escape on a keyboard is passed on (as `key escape`: it cancels
    /// an active band, else it is a selection key); default true.
    public var escapeCancels = true
    /// libinput's touchpad settings (tapping, scroll and click methods,
    /// disable-while-typing, …), each with libinput's default.
    public var touchpad = TouchpadConfiguration()
    /// libinput's settings for mice, pointing sticks and keyboards.
    public var fallback = FallbackConfiguration()
    /// The machine udev's rules and libinput's quirks are evaluated for
    /// (uinput replay without DMI by default), with extra udev properties
    /// and quirks.
    public var environment = DeviceEnvironment()

    /// The defaults.
    public init() {}

    /// From a scene's pointer section (an unknown profile name means adaptive;
    /// the scene parser validates names).
    public init(pointer: PointerConfiguration) {
        acceleration = AccelerationProfile(rawValue: pointer.acceleration) ?? .adaptive
        speed = pointer.speed
        pointsPerUnit = pointer.pointsPerUnit
        scrollPointsPerDetent = pointer.scrollPointsPerDetent
    }
}
