import PointerSimCore

/// One raw kernel input event (`struct input_event`), as recorded by evemu or
/// `libinput record` or read live from `/dev/input/event*`.
public struct EvdevEvent: Sendable, Hashable {
    /// Whole seconds of the timestamp.
    public var sec: Int64
    /// Microseconds of the timestamp (0…999999).
    public var usec: Int32
    /// The event type (`EV_KEY`, `EV_REL`, …).
    public var type: UInt16
    /// The event code (`REL_X`, `BTN_LEFT`, …).
    public var code: UInt16
    /// The value.
    public var value: Int32

    /// Creates an event.
    @inlinable public init(sec: Int64, usec: Int32, type: UInt16, code: UInt16, value: Int32) {
        self.sec = sec; self.usec = usec; self.type = type; self.code = code; self.value = value
    }

    /// The timestamp in seconds.
    @inlinable public var time: Double { Double(sec) + Double(usec) / 1_000_000 }

    /// Whether this is `EV_SYN / SYN_REPORT`, the end of a frame.
    @inlinable package var isSynReport: Bool { type == 0 && code == 0 }
}

/// The range and resolution of an absolute axis (`struct input_absinfo`).
public struct AbsInfo: Sendable, Hashable {
    /// The current value.
    public var value: Int32
    /// The minimum.
    public var minimum: Int32
    /// The maximum.
    public var maximum: Int32
    /// The fuzz.
    public var fuzz: Int32
    /// The flat.
    public var flat: Int32
    /// Units per millimetre (0: unknown).
    public var resolution: Int32

    /// Creates axis information.
    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value; self.minimum = minimum; self.maximum = maximum; self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }
}

/// What a device is and can do: the description part of an evemu or
/// libinput recording, or what libevdev reports for a live node.
public struct DeviceDescription: Sendable, Hashable {
    /// The device name.
    public var name: String
    /// Bus type, vendor, product, version.
    public var bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
    /// `INPUT_PROP_*` bits set.
    public var properties: Set<UInt16> = []
    /// The codes enabled per event type (`EV_SYN` included).
    public var codes: [UInt16: Set<UInt16>] = [:]
    /// Absolute axis information per `ABS_*` code.
    public var absInfo: [UInt16: AbsInfo] = [:]
    /// LED states (`L:` lines), per `LED_*` code.
    public var leds: [UInt16: Int32] = [:]
    /// Switch states (`S:` lines), per `SW_*` code.
    public var switches: [UInt16: Int32] = [:]
    /// Where it came from (a node such as `/dev/input/event5`, or a file).
    public var node: String? = nil

    /// Creates a description.
    public init(name: String) { self.name = name }

    /// Whether the device has an event type.
    public func has(type: UInt16) -> Bool { !(codes[type]?.isEmpty ?? true) }
    /// Whether the device has a code of a type.
    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }
}
