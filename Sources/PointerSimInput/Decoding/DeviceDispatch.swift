/// Everything a device's dispatch knows about its device when it is created.
@usableFromInline package struct DeviceContext: Sendable {
    /// The device's index in the pipeline (``DecodedEvent/device``).
    @usableFromInline package var index: Int
    /// The kernel's description of the device (the recording's or libevdev's).
    @usableFromInline package var description: DeviceDescription
    /// What udev, its hwdb and libinput's quirks say about the device.
    @usableFromInline package var facts: DeviceFacts
    /// The decoder's configuration (libinput's per-device settings).
    @usableFromInline package var configuration: DecoderConfiguration

    /// Creates a context.
    @usableFromInline package init(index: Int, description: DeviceDescription, facts: DeviceFacts, configuration: DecoderConfiguration) {
        self.index = index; self.description = description; self.facts = facts; self.configuration = configuration
    }
}

/// A device's decoder, as libinput dispatches per device type
/// (`struct evdev_dispatch_interface`): the fallback dispatch for mice,
/// pointing sticks and keyboards, the touchpad dispatch for touchpads.
///
/// The pipeline (``DecodePipeline``) hands it whole frames after the kernel's
/// and libevdev's filtering, every event of a frame stamped with the frame's
/// `SYN_REPORT` time; fires its timers on the trace clock before any later
/// frame of any device (libinput flushes timers due before each event); tells
/// it about the other devices of the seat and their events (disable-while-
/// typing, trackpoint activity); and removes it. Decoded events are appended
/// to the caller's buffer: no per-frame arrays.
@usableFromInline package protocol DeviceDispatch: Sendable {
    /// Creates the dispatch for a device.
    init(context: DeviceContext)

    /// Processes one frame: `events` are the frame's events in order, the last
    /// one its `SYN_REPORT`; `time` is the `SYN_REPORT`'s time (µs) and `frame`
    /// its 0-based index among the device's frames. Appends what libinput would
    /// emit, stamped `time` and `.frame(frame)`.
    mutating func process(frame events: [EvdevEvent], time: Int64, frame: Int, into out: inout [DecodedEvent])

    /// The earliest pending timer's expiry (µs), or `nil` when no timer is armed.
    var nextTimerExpiry: Int64? { get }

    /// Fires every timer whose expiry is at or before `now`, in expiry order,
    /// appending their events (stamped with each timer's expiry, `.timer`).
    mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent])

    /// Whether the dispatch watches the seat: other devices joining and
    /// leaving (``seatDeviceAdded(_:)``, ``seatDeviceRemoved(index:)``) and
    /// their events (``observe(_:into:)``). Only those are told (touchpads).
    var observesSeat: Bool { get }

    /// Another device joined the seat (libinput's `device_added` notification:
    /// pairing for disable-while-typing, trackpoints, lid switches).
    mutating func seatDeviceAdded(_ other: DeviceContext)

    /// A device of the seat went away.
    mutating func seatDeviceRemoved(index: Int)

    /// An event another device of the seat emitted (called after that device
    /// emitted it; `time` is its time). Touchpads watch keyboards and
    /// trackpoints here. May append events of its own.
    mutating func observe(_ event: DecodedEvent, into out: inout [DecodedEvent])

    /// A `SYN_DROPPED` was resynchronised: motion histories restart so that
    /// nothing jumps (the next frame is libevdev's state delta).
    mutating func resynchronised()

    /// The device is removed at `time`: appends what libinput emits then
    /// (releases of held buttons and keys, stamped `.removal`).
    mutating func remove(at time: Int64, into out: inout [DecodedEvent])
}

extension DeviceDispatch {
    /// Not watching the seat by default.
    @usableFromInline package var observesSeat: Bool { false }
    /// No pairing by default.
    @usableFromInline package mutating func seatDeviceAdded(_ other: DeviceContext) {}
    /// No pairing by default.
    @usableFromInline package mutating func seatDeviceRemoved(index: Int) {}
    /// Other devices' events are ignored by default.
    @usableFromInline package mutating func observe(_ event: DecodedEvent, into out: inout [DecodedEvent]) {}
}
