import PointerSimCore

/// Several devices decoded into one pointer stream for the simulator: raw
/// evdev events go through one seat (``DecodePipeline``: the kernel's and
/// libevdev's filtering, libinput's per-device dispatches, timers on the
/// trace clock) and the libinput-level events become pointer events
/// (``PointerEventAdapter``: buttons counted over the seat, modifiers the
/// union over all keyboards, a removed device's buttons and modifiers
/// released).
///
/// The same merger serves replay and live reading, so a live session and the
/// replay of its recording decode identically. O(events in a frame) per
/// frame; the `into:` forms append to the caller's buffer and allocate
/// nothing in steady state.
public struct InputMerger: Sendable {
    /// The seat that decodes raw events.
    public private(set) var pipeline: DecodePipeline
    var adapter: PointerEventAdapter
    var decoded: [DecodedEvent] = []

    /// The configuration every device is decoded with.
    public var configuration: DecoderConfiguration { pipeline.configuration }

    /// The modifier flags held over all keyboards.
    public var modifiers: ModifierFlags { adapter.modifiers }

    /// Creates the seat with the devices present at the start.
    public init(devices: [DeviceDescription], configuration: DecoderConfiguration) {
        pipeline = DecodePipeline(configuration: configuration)
        adapter = PointerEventAdapter(configuration: configuration)
        decoded.reserveCapacity(64)
        for d in devices { _ = addDevice(d) }
    }

    /// Adds a device that appeared later (live hot-plug).
    /// - Returns: its index for ``feed(device:_:into:)`` and ``removeDevice(_:at:into:)``.
    public mutating func addDevice(_ description: DeviceDescription) -> Int {
        let description = HostileValues.sanitized(description)
        adapter.addDevice(description)
        let i = pipeline.addDevice(description, into: &decoded)
        decoded.removeAll(keepingCapacity: true)
        return i
    }

    /// Feeds an event of device `device`; appends the pointer events it
    /// completes (only at `SYN_REPORT`). Events of removed devices are ignored.
    public mutating func feed(device: Int, _ event: EvdevEvent, into out: inout [PointerEvent]) {
        pipeline.feed(device: device, event, into: &decoded)
        drain(into: &out)
    }

    /// Applies a live device's resynchronisation after `SYN_DROPPED` (see
    /// ``DecodePipeline/resync(device:_:into:)``).
    public mutating func resync(device: Int, _ events: [EvdevEvent], into out: inout [PointerEvent]) {
        pipeline.resync(device: device, events, into: &decoded)
        drain(into: &out)
    }

    /// Removes a device at `time` (seconds); ends with `.deviceRemoved(node or name)`.
    public mutating func removeDevice(_ device: Int, at time: Double, into out: inout [PointerEvent]) {
        guard !pipeline.isRemoved(device), device >= 0, device < pipeline.devices.count else { return }
        pipeline.removeDevice(device, at: InputClock.microseconds(seconds: time), into: &decoded)
        drain(into: &out)
    }

    /// The earliest pending timer of any device (µs on the raw events'
    /// clock), or `nil`. A live reader wakes up then and calls
    /// ``fireTimers(upTo:into:)``: libinput's debouncing, button scrolling,
    /// tapping and gesture timers emit events with no input following.
    @usableFromInline package var nextTimerExpiry: Int64? {
        pipeline.earliestTimerExpiry
    }

    /// Fires every timer due at or before `now` (µs), earliest first.
    public mutating func fireTimers(upTo now: Int64, into out: inout [PointerEvent]) {
        pipeline.fireTimers(upTo: now, into: &decoded)
        drain(into: &out)
    }

    /// The end of a recording: timers run for `tail` µs after the last event
    /// (a release held back by debouncing comes out), devices stay.
    public mutating func finish(tail: Int64 = 2_000_000, into out: inout [PointerEvent]) {
        guard let last = pipeline.lastTime else { return }
        fireTimers(upTo: InputClock.adding(last, tail), into: &out)
    }

    mutating func drain(into out: inout [PointerEvent]) {
        guard !decoded.isEmpty else { return }
        adapter.adapt(decoded, into: &out)
        decoded.removeAll(keepingCapacity: true)
    }

    /// ``feed(device:_:into:)`` returning a new array (convenient in tests).
    public mutating func feed(device: Int, _ event: EvdevEvent) -> [PointerEvent] {
        var out: [PointerEvent] = []
        feed(device: device, event, into: &out)
        return out
    }

    /// ``resync(device:_:into:)`` returning a new array.
    public mutating func resync(device: Int, _ events: [EvdevEvent]) -> [PointerEvent] {
        var out: [PointerEvent] = []
        resync(device: device, events, into: &out)
        return out
    }

    /// ``removeDevice(_:at:into:)`` returning a new array.
    public mutating func removeDevice(_ device: Int, at time: Double) -> [PointerEvent] {
        var out: [PointerEvent] = []
        removeDevice(device, at: time, into: &out)
        return out
    }
}
