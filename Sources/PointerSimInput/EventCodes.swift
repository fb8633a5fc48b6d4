/// Names and numbers of evdev event types and codes, from our own tables
/// (generated from the kernel's `input-event-codes.h`; the core does not
/// depend on libevdev). Unknown codes have no name and keep their numbers.
public enum EventCodes {
    // Types.
    /// `EV_SYN`.
    public static let EV_SYN: UInt16 = 0
    /// `EV_KEY`.
    public static let EV_KEY: UInt16 = 1
    /// `EV_REL`.
    public static let EV_REL: UInt16 = 2
    /// `EV_ABS`.
    public static let EV_ABS: UInt16 = 3
    /// `EV_MSC`.
    public static let EV_MSC: UInt16 = 4
    /// `EV_SW`.
    public static let EV_SW: UInt16 = 5
    /// `EV_LED`.
    public static let EV_LED: UInt16 = 0x11
    /// The largest code per type, as libevdev's `libevdev_event_type_get_max`
    /// (used by writers for bitmask sizes). Unknown types: 0.
    public static func maxCode(type: UInt16) -> UInt16 {
        switch type {
        case 0: 0x0f
        case 1: 0x2ff
        case 2: 0x0f
        case 3: 0x3f
        case 4: 0x07
        case 5: 0x10
        case 0x11: 0x0f
        case 0x12: 0x07
        case 0x14: 0x01
        case 0x15: 0x7f
        case 0x16, 0x17: 0x0
        default: 0
        }
    }

    // SYN codes.
    /// `SYN_REPORT`.
    public static let SYN_REPORT: UInt16 = 0
    /// `SYN_MT_REPORT` (protocol A).
    public static let SYN_MT_REPORT: UInt16 = 2
    /// `SYN_DROPPED`.
    public static let SYN_DROPPED: UInt16 = 3
    // REL codes.
    /// `REL_X`, `REL_Y`, `REL_HWHEEL`, `REL_WHEEL`, `REL_WHEEL_HI_RES`, `REL_HWHEEL_HI_RES`.
    public static let REL_X: UInt16 = 0, REL_Y: UInt16 = 1, REL_HWHEEL: UInt16 = 6, REL_WHEEL: UInt16 = 8,
        REL_WHEEL_HI_RES: UInt16 = 0x0b, REL_HWHEEL_HI_RES: UInt16 = 0x0c
    // ABS codes.
    /// `ABS_X`, `ABS_Y`, `ABS_MT_SLOT`, `ABS_MT_POSITION_X/Y`, `ABS_MT_TOOL_TYPE`, `ABS_MT_TRACKING_ID`.
    public static let ABS_X: UInt16 = 0, ABS_Y: UInt16 = 1, ABS_MT_SLOT: UInt16 = 0x2f,
        ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36, ABS_MT_TOOL_TYPE: UInt16 = 0x37,
        ABS_MT_TRACKING_ID: UInt16 = 0x39
    /// `MT_TOOL_PALM`.
    public static let MT_TOOL_PALM: Int32 = 2
    // KEY codes.
    /// `BTN_LEFT`, `BTN_RIGHT`, `BTN_MIDDLE`, `BTN_TOUCH`, `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP`.
    public static let BTN_LEFT: UInt16 = 0x110, BTN_RIGHT: UInt16 = 0x111, BTN_MIDDLE: UInt16 = 0x112,
        BTN_TOUCH: UInt16 = 0x14a, BTN_TOOL_FINGER: UInt16 = 0x145, BTN_TOOL_QUINTTAP: UInt16 = 0x148,
        BTN_TOOL_DOUBLETAP: UInt16 = 0x14d, BTN_TOOL_TRIPLETAP: UInt16 = 0x14e, BTN_TOOL_QUADTAP: UInt16 = 0x14f
    /// Keyboard keys the decoder interprets.
    public static let KEY_ESC: UInt16 = 1, KEY_LEFTCTRL: UInt16 = 29, KEY_LEFTSHIFT: UInt16 = 42,
        KEY_RIGHTSHIFT: UInt16 = 54, KEY_LEFTALT: UInt16 = 56, KEY_CAPSLOCK: UInt16 = 58,
        KEY_RIGHTCTRL: UInt16 = 97, KEY_RIGHTALT: UInt16 = 100, KEY_LEFTMETA: UInt16 = 125, KEY_RIGHTMETA: UInt16 = 126,
        KEY_A: UInt16 = 30
    /// `LED_CAPSL`.
    public static let LED_CAPSL: UInt16 = 1
    // Properties.
    /// `INPUT_PROP_POINTER`, `BUTTONPAD`, `SEMI_MT`, `TOPBUTTONPAD`, `POINTING_STICK`, `DIRECT`.
    public static let INPUT_PROP_POINTER: UInt16 = 0, INPUT_PROP_DIRECT: UInt16 = 1, INPUT_PROP_BUTTONPAD: UInt16 = 2,
        INPUT_PROP_SEMI_MT: UInt16 = 3, INPUT_PROP_TOPBUTTONPAD: UInt16 = 4, INPUT_PROP_POINTING_STICK: UInt16 = 5

    private static let typeNames: [UInt16: String] = Dictionary(typeTable.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    private static let typeNumbers: [String: UInt16] = Dictionary(typeTable.map { ($0.1, $0.0) }, uniquingKeysWith: { a, _ in a })
    private static let codeNames: [UInt32: String] = Dictionary(
        codeTable.map { (UInt32($0.0) << 16 | UInt32($0.1), $0.2) }, uniquingKeysWith: { a, _ in a })
    private static let codeNumbers: [String: (UInt16, UInt16)] = Dictionary(
        codeTable.map { ($0.2, ($0.0, $0.1)) }, uniquingKeysWith: { a, _ in a })
    private static let propertyNames: [UInt16: String] = Dictionary(propertyTable.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })

    /// The name of a type (`EV_KEY`), or `nil` if unknown. O(1).
    public static func typeName(_ type: UInt16) -> String? { typeNames[type] }
    /// The name of a code (`BTN_LEFT`), or `nil` if unknown (libevdev's
    /// `libevdev_event_code_get_name`). O(1).
    public static func codeName(type: UInt16, code: UInt16) -> String? { codeNames[UInt32(type) << 16 | UInt32(code)] }
    /// The name of an input property, or `nil`.
    public static func propertyName(_ bit: UInt16) -> String? { propertyNames[bit] }
    /// The type with a name (`EV_REL`), or `nil`.
    public static func type(named name: String) -> UInt16? { typeNumbers[name] }
    /// The type and code with a code name (`REL_X`), or `nil`.
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? { codeNumbers[name].map { (type: $0.0, code: $0.1) } }
    /// A printable name for a code: its name, or its number if unnamed.
    public static func describe(type: UInt16, code: UInt16) -> String {
        codeName(type: type, code: code) ?? "\(code)"
    }
}
