import PointerSimCore
import PointerSimInput

/// One item of raw input: an event of a device, or a device that appeared or
/// went away. Times are integer microseconds.
public enum RawItem: Sendable, Hashable {
    /// An event of device `device`.
    case event(device: Int, EvdevEvent)
    /// Device `device` went away at a time (µs).
    case removed(device: Int, microseconds: Int64)
    /// Device `device` was added (its description is the pipeline's
    /// `devices[device]`) at a time (µs).
    case added(device: Int, microseconds: Int64)

    /// The time in µs.
    @inlinable public var microseconds: Int64 {
        switch self {
        case .event(_, let e): e.sec &* 1_000_000 &+ Int64(e.usec)
        case .removed(_, let t), .added(_, let t): t
        }
    }

    /// The device.
    @inlinable public var device: Int {
        switch self {
        case .event(let d, _), .removed(let d, _), .added(let d, _): d
        }
    }
}

extension RawItem: MergeItem {
    /// The time in µs.
    @inlinable public var mergeTime: Int64 { microseconds }

    /// The item `offset` µs later.
    public func shifted(by offset: Int64) -> RawItem {
        switch self {
        case .event(let d, let e): .event(device: d, e.atMicroseconds(e.microseconds + offset))
        case .removed(let d, let t): .removed(device: d, microseconds: t + offset)
        case .added(let d, let t): .added(device: d, microseconds: t + offset)
        }
    }
}

extension EvdevEvent {
    /// The timestamp in µs.
    @inlinable public var microseconds: Int64 { sec &* 1_000_000 &+ Int64(usec) }

    /// The event stamped `us` microseconds instead (0 ≤ usec < 1 000 000,
    /// also before 0: -1 µs is sec -1, usec 999 999).
    @inlinable public func atMicroseconds(_ us: Int64) -> EvdevEvent {
        var r = self
        var s = us / 1_000_000, u = us % 1_000_000
        if u < 0 { u += 1_000_000; s -= 1 }
        r.sec = s; r.usec = Int32(u)
        return r
    }
}

/// The raw events of one device in a file, in time order, read in batches.
public protocol RawEventStream: AnyObject {
    /// Appends the next items (a batch) to `items`; returns false once there
    /// are no more.
    /// - Throws: ``InputError`` for a malformed line, after appending the
    ///   items before it.
    func read(into items: inout [RawItem]) throws -> Bool
}

/// A raw recording: its devices and, per device, its events.
public protocol RawEventReader: AnyObject {
    /// The devices, in the recording's order.
    var devices: [DeviceDescription] { get }
    /// One stream per device, in the same order.
    var streams: [any RawEventStream] { get }
}

/// The one raw input pipeline, shared by replay and live: devices are added
/// (files at the start, live devices as they appear), their events are merged
/// by timestamp (``StreamMerge``: ties to the lower device index), rebased on
/// the first item (integer µs: the clock of every log and recording), and
/// decoded into pointer events through one ``InputMerger`` (modifiers held on
/// one device apply to another's pointer).
///
/// A recording made live stores the events as this pipeline hands them out;
/// replaying it runs them through the same merge, clock and decoder, so its
/// log is the live log.
///
/// The stream of ``RawItem``s out of ``next(notAfter:)`` is in time order:
/// `.added` markers first (at the current time), then events and removals.
public struct RawInputPipeline {
    /// The devices, by index.
    public private(set) var devices: [DeviceDescription] = []
    private var merge = StreamMerge<RawItem>()
    private var decoder: InputMerger
    private var announced: [RawItem] = []
    /// The raw time (µs) of the first item handed out: the clock's 0.
    public private(set) var origin: Int64? = nil
    /// The (rebased) time of the last item handed out.
    private var now: Int64 = 0

    /// An empty pipeline decoding with `configuration`.
    public init(configuration: DecoderConfiguration) {
        decoder = InputMerger(devices: [], configuration: configuration)
    }

    /// Adds a device whose events are read from `stream`, or pushed with
    /// ``push(_:device:)`` when `stream` is `nil` (live). A `.added` marker
    /// is handed out next.
    /// - Returns: the device's index.
    public mutating func addDevice(_ description: DeviceDescription, stream: (any RawEventStream)? = nil) -> Int {
        let i = decoder.addDevice(description)
        let s = merge.addSource(stream.map { s in { try s.read(into: &$0) } })
        precondition(i == s && i == devices.count, "the decoder, the merge and the pipeline disagree on device indices")
        devices.append(description)
        announced.append(.added(device: i, microseconds: now))
        return i
    }

    /// Queues a live device's event (raw kernel time).
    public mutating func push(_ event: EvdevEvent, device: Int) { merge.push(.event(device: device, event), source: device) }

    /// Queues a live device's removal at a raw time (µs).
    public mutating func pushRemoval(device: Int, at microseconds: Int64) {
        merge.push(.removed(device: device, microseconds: microseconds), source: device)
    }

    /// The next item in time order, rebased on the first item handed out, if
    /// it is stamped at most `barrier` (raw µs): a live reader takes the
    /// barrier before reading the devices, so every event up to it is queued.
    /// - Throws: ``InputError`` from a file, after the events before it.
    public mutating func next(notAfter barrier: Int64? = nil) throws -> RawItem? {
        if !announced.isEmpty { return announced.removeFirst() }
        guard let (_, item) = try merge.next(notAfter: barrier) else { return nil }
        let o: Int64
        if let known = origin { o = known } else { o = item.microseconds; origin = o }
        let rebased = o == 0 ? item : item.shifted(by: -o)
        now = rebased.microseconds
        return rebased
    }

    /// Decodes one item (from ``next(notAfter:)``), appending the pointer
    /// events it completes to `out`. The decoder's one call site.
    public mutating func decode(_ item: RawItem, into out: inout [PointerEvent]) {
        switch item {
        case .event(let d, let e):
            decoder.feed(device: d, e, into: &out)
        case .removed(let d, let t):
            decoder.removeDevice(d, at: Double(t) / 1_000_000, into: &out)
        case .added:
            break   // the decoder has it since addDevice
        }
    }

    /// The end of the input: libinput's pending timers still fire (a
    /// debounced release, a button-scroll end), appending what they give.
    public mutating func finish(into out: inout [PointerEvent]) { decoder.finish(into: &out) }
}
