import PointerSimCore

/// What a device is, for decoding (the classification of docs/Decoding.md, "Device kinds").
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
        let hasXY =
            (d.has(type: C.EV_ABS, code: C.ABS_X) && d.has(type: C.EV_ABS, code: C.ABS_Y))
            || (d.has(type: C.EV_ABS, code: C.ABS_MT_POSITION_X) && d.has(type: C.EV_ABS, code: C.ABS_MT_POSITION_Y))
        if hasXY && d.has(type: C.EV_KEY, code: C.BTN_TOOL_FINGER) && !d.properties.contains(C.INPUT_PROP_DIRECT) {
            return d.properties.contains(C.INPUT_PROP_BUTTONPAD) ? .clickpad : .touchpad
        }
        if let keys = d.codes[C.EV_KEY], keys.contains(where: { $0 > 0 && $0 < 0x100 }) { return .keyboard }
        return .other
    }
}

/// How raw events become libinput's events and then the simulator's pointer
/// events: libinput's settings (each with libinput's default) and the
/// package's own choices (points per unit and per wheel detent, Escape).
public struct DecoderConfiguration: Sendable, Hashable {
    /// The acceleration profile (default adaptive).
    public var acceleration: AccelerationProfile = .adaptive
    /// The speed setting −1…1 (default 0).
    public var speed: Double = 0
    /// Points per unit of accelerated output (default 1).
    public var pointsPerUnit: Double = 1
    /// Points scrolled per wheel detent (**our choice**: 40).
    public var scrollPointsPerDetent: Double = 40
    /// The pad size assumed when a touchpad reports no resolution (libinput: 69 × 50 mm).
    public var fallbackPadWidthMM: Double = 69, fallbackPadHeightMM: Double = 50
    /// A touch pinned by a physical click moves the pointer again after this distance (1.5 mm).
    public var pinReleaseMM: Double = 1.5
    /// Whether Escape on a keyboard is passed on (as `key escape`: it cancels
    /// an active band, else it is a selection key); default true.
    public var escapeCancels = true
    /// libinput's touchpad settings (tapping, scroll and click methods,
    /// disable-while-typing, …), each with libinput's default.
    @usableFromInline package var touchpad = TouchpadConfiguration()
    /// libinput's settings for mice, pointing sticks and keyboards.
    @usableFromInline package var fallback = FallbackConfiguration()
    /// libinput's options as `libinput debug-events` takes them, each set for
    /// every device or the devices its `--apply-to` pattern matches; applied
    /// in order when a device is added, a later set overriding an earlier one.
    public var libinput: [LibinputOptions] = []
    /// The machine udev's rules and libinput's quirks are evaluated for
    /// (uinput replay without DMI by default), with extra udev properties
    /// and quirks.
    public var environment = DeviceEnvironment()

    /// The defaults.
    public init() {}
}

/// A pointer-acceleration profile (libinput's `LIBINPUT_CONFIG_ACCEL_PROFILE_*`),
/// chosen by a scene's `pointer` section (or `decode --accel-profile`) and
/// applied by the decoder.
public enum AccelerationProfile: String, Sendable, CaseIterable {
    /// Raw deltas: a mouse moves by its counts; a touchpad by its motion
    /// normalised to 1000 dpi (1 mm = 39.37 units). **Our choice** (libinput has no such profile).
    case none
    /// A constant factor (`max(0.005, 1 + speed)`), libinput's flat profile.
    case flat
    /// libinput's default velocity-dependent curve.
    case adaptive
}
