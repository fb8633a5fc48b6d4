import PointerSimCore
import PointerSimFormats
import PointerSimInput

extension RawItem: MergeItem {
    /// The time in µs.
    @inlinable package var mergeTime: Int64 { microseconds }

    /// The item `offset` µs later (saturating: the readers keep times within
    /// `InputClock`'s range, a library caller's items may not be).
    @usableFromInline package func shifted(by offset: Int64) -> RawItem {
        switch self {
        case .event(let d, let e): .event(device: d, e.atMicroseconds(InputClock.adding(e.microseconds, offset)))
        case .removed(let d, let t): .removed(device: d, microseconds: InputClock.adding(t, offset))
        case .added(let d, let t): .added(device: d, microseconds: InputClock.adding(t, offset))
        }
    }
}

/// The one raw-event merge and clock, shared by replay, live and `decode`:
/// devices are added (files at the start, live devices as they appear), their
/// items are merged by timestamp (``StreamMerge``: earliest first, ties to the
/// lower device index) and, when rebasing, rebased on the first item handed
/// out (integer µs: the clock of every log and recording). The stream out of
/// ``next(notAfter:)`` is in time order: `.added` markers first (at the
/// current time), then events and removals.
@usableFromInline package struct RawEventMerge {
    /// The devices, by index.
    @usableFromInline package private(set) var devices: [DeviceDescription] = []
    private var merge = StreamMerge<RawItem>()
    private var announced: [Int] = []
    /// The next of `announced` to hand out.
    private var announcedHead = 0
    /// Whether times are rebased on the first item (replay, live) or kept raw (`decode`).
    @usableFromInline package let rebasing: Bool
    /// The raw time (µs) of the first item handed out: the clock's 0 when rebasing.
    @usableFromInline package private(set) var origin: Int64? = nil
    /// The time of the last item handed out.
    private var now: Int64 = 0

    /// An empty merge.
    @usableFromInline package init(rebasing: Bool = true) { self.rebasing = rebasing }

    /// Adds a device whose items are read from `stream` (they must name it by
    /// the index returned), or pushed with ``push(_:device:)`` when `stream`
    /// is `nil` (live). A `.added` marker is handed out next.
    /// - Returns: the device's index.
    @usableFromInline package mutating func addDevice(_ description: DeviceDescription, stream: (any RawEventStream)? = nil) -> Int {
        let i = merge.addSource(stream.map { s in { try s.read(into: &$0) } })
        precondition(i == devices.count, "the merge and its device table disagree on device indices")
        devices.append(description)
        announced.append(i)
        return i
    }

    /// Queues a live device's event (raw kernel time).
    @usableFromInline package mutating func push(_ event: EvdevEvent, device: Int) { merge.push(.event(device: device, event), source: device) }

    /// Queues a live device's removal at a raw time (µs).
    @usableFromInline package mutating func pushRemoval(device: Int, at microseconds: Int64) {
        merge.push(.removed(device: device, microseconds: microseconds), source: device)
    }

    /// The next item in time order (rebased, when rebasing), if it is stamped
    /// at most `barrier` (raw µs): a live reader takes the barrier before
    /// reading the devices, so every event up to it is queued. A `.added`
    /// marker before the first item is stamped with the first item's time.
    /// - Throws: `InputError` from a file, after the items before it.
    @inline(__always)
    @usableFromInline package mutating func next(notAfter barrier: Int64? = nil) throws -> RawItem? {
        if announcedHead < announced.count {
            var t = now
            if origin == nil { t = rebasing ? 0 : try merge.earliestTime() ?? 0 }
            let d = announced[announcedHead]
            announcedHead += 1
            if announcedHead == announced.count { announced.removeAll(keepingCapacity: true); announcedHead = 0 }
            return .added(device: d, microseconds: t)
        }
        var source = 0
        guard let item = try merge.next(notAfter: barrier, source: &source) else { return nil }
        let o: Int64
        if let known = origin { o = known } else { o = item.microseconds; origin = o }
        let out = !rebasing || o == 0 ? item : item.shifted(by: -o)
        now = out.microseconds
        return out
    }
}

/// The one raw input pipeline of replay and live: a ``RawEventMerge``
/// (rebasing) whose items are decoded into pointer events through one
/// `InputMerger` (modifiers held on one device apply to another's pointer).
///
/// A recording made live stores the events as this pipeline hands them out;
/// replaying it runs them through the same merge, clock and decoder, so its
/// log is the live log.
@usableFromInline package struct RawInputPipeline {
    /// The merge and clock.
    @usableFromInline package private(set) var merge = RawEventMerge(rebasing: true)
    private var decoder: InputMerger

    /// An empty pipeline decoding with `configuration`.
    @usableFromInline package init(configuration: DecoderConfiguration) {
        decoder = InputMerger(devices: [], configuration: configuration)
    }

    /// The devices, by index.
    @usableFromInline package var devices: [DeviceDescription] { merge.devices }
    /// The raw time (µs) of the first item handed out: the clock's 0.
    @usableFromInline package var origin: Int64? { merge.origin }

    /// Adds a device (see ``RawEventMerge/addDevice(_:stream:)``).
    /// - Returns: the device's index.
    @usableFromInline package mutating func addDevice(_ description: DeviceDescription, stream: (any RawEventStream)? = nil) -> Int {
        let i = decoder.addDevice(description)
        let m = merge.addDevice(description, stream: stream)
        precondition(i == m, "the decoder and the merge disagree on device indices")
        return i
    }

    /// Queues a live device's event (raw kernel time).
    @usableFromInline package mutating func push(_ event: EvdevEvent, device: Int) { merge.push(event, device: device) }

    /// Queues a live device's removal at a raw time (µs).
    @usableFromInline package mutating func pushRemoval(device: Int, at microseconds: Int64) { merge.pushRemoval(device: device, at: microseconds) }

    /// The next item, rebased (see ``RawEventMerge/next(notAfter:)``).
    @inline(__always)
    @usableFromInline package mutating func next(notAfter barrier: Int64? = nil) throws -> RawItem? { try merge.next(notAfter: barrier) }

    /// Decodes one item (from ``next(notAfter:)``), appending the pointer
    /// events it completes to `out`. The decoder's one call site.
    @usableFromInline package mutating func decode(_ item: RawItem, into out: inout [PointerEvent]) {
        switch item {
        case .event(let d, let e):
            decoder.feed(device: d, e, into: &out)
        case .removed(let d, let t):
            decoder.removeDevice(d, at: Double(t) / 1_000_000, into: &out)
        case .added:
            break  // the decoder has it since addDevice
        }
    }

    /// The end of the input: libinput's pending timers still fire (a
    /// debounced release, a button-scroll end), appending what they give.
    @usableFromInline package mutating func finish(into out: inout [PointerEvent]) { decoder.finish(into: &out) }

    /// The decoder's earliest pending timer on the raw clock (µs), or `nil`:
    /// a live reader wakes up then, with no input following.
    @usableFromInline package var nextTimerExpiry: Int64? {
        guard let o = origin, let x = decoder.nextTimerExpiry else { return nil }
        return InputClock.adding(x, o)
    }

    /// Fires the decoder's timers due by a raw time (µs), appending what they
    /// give. A live reader calls it with its barrier after handing out every
    /// item up to it, so the timers fire in the order a replay fires them.
    @usableFromInline package mutating func fireTimers(upTo raw: Int64, into out: inout [PointerEvent]) {
        guard let o = origin else { return }
        decoder.fireTimers(upTo: InputClock.adding(raw, o == .min ? .max : -o), into: &out)
    }
}
