/// Raw evdev events of several devices in, libinput-level events out: one
/// seat, as libinput runs it.
///
/// Per device it applies the kernel's and libevdev's filtering
/// (`KernelFilter`), gathers frames up to `SYN_REPORT` (every event of a
/// frame takes the `SYN_REPORT`'s time, as libinput sees it), handles
/// `SYN_DROPPED`, and hands whole frames to the device's `DeviceDispatch`.
/// Before a frame at time *t*, every timer of every device due at or before
/// *t* fires, earliest first (libinput flushes its timers before each event).
/// Each emitted event is shown to the other devices of the seat
/// (disable-while-typing, trackpoint activity).
///
/// Events must be fed in time order across devices (``feed(device:_:into:)``);
/// decoded events are appended to the caller's buffer. O(events in the frame)
/// per frame, plus O(devices with a pending timer) per timer check and
/// O(devices that watch the seat: touchpads) per event shown: a file with
/// 10,000 mice decodes in linear time.
public struct DecodePipeline: Sendable {
    /// The configuration every device is decoded with.
    public let configuration: DecoderConfiguration
    /// The devices, by index.
    @usableFromInline package private(set) var devices: [DeviceContext] = []
    /// The devices' dispatches, stored by type (see ``Dispatches``).
    var dispatches = Dispatches()
    var framers: [Framer] = []
    var removed: [Bool] = []
    /// The devices whose events are not sent (`--disable-sendevents`).
    var silent: [Bool] = []
    /// The devices present whose dispatch watches the seat (touchpads), in order.
    var observers: [Int] = []
    /// The devices present with a pending timer.
    var timed: Set<Int> = []
    /// Each device's pending timer (µs) as of its last ``noteTimer(_:)``
    /// (every change to a dispatch is followed by one): timer checks read
    /// this array instead of asking each dispatch through its existential.
    var expiries: [Int64?] = []
    /// The latest time seen (µs), for timers at the end.
    @usableFromInline package private(set) var lastTime: Int64? = nil

    /// Per-device framing state.
    struct Framer: Sendable {
        var filter: KernelFilter
        var frame: [EvdevEvent] = []
        /// The number of `SYN_REPORT`s seen (the next frame's index).
        var frames = 0
        var dropping = false
        var droppedAny = false
        var resyncNext = false
        /// Whether the device has LEDs (their changes are passed on).
        let hasLEDs: Bool
        init(_ d: DeviceDescription) {
            filter = KernelFilter(d); frame.reserveCapacity(32)
            hasLEDs = d.has(type: EventCodes.EV_LED)
        }
    }

    /// Creates an empty seat.
    public init(configuration: DecoderConfiguration) { self.configuration = configuration }

    /// Whether a device gets the touchpad dispatch: what udev tags
    /// `ID_INPUT_TOUCHPAD`; everything else gets the fallback dispatch.
    static func isTouchpad(_ c: DeviceContext) -> Bool { c.facts.udevFlag("ID_INPUT_TOUCHPAD") }

    /// Adds a device (at the start, or a live hot-plug) and appends its
    /// `deviceAdded` at `time` (µs; `nil`: the time of the latest event, or 0).
    /// - Parameters:
    ///   - description: the device.
    ///   - facts: what udev and the quirks say; by default derived
    ///     from the description (``DeviceFacts/derive(for:in:)``).
    ///   - time: when it was added, µs.
    ///   - out: receives `deviceAdded`.
    /// - Returns: its index.
    @discardableResult
    public mutating func addDevice(
        _ description: DeviceDescription,
        facts: DeviceFacts? = nil,
        at time: Int64? = nil,
        into out: inout [DecodedEvent]
    ) -> Int {
        let description = HostileValues.sanitized(description)
        let index = devices.count
        // libinput's options (`--apply-to`) are resolved per device by its name.
        let context = DeviceContext(
            index: index,
            description: description,
            facts: facts ?? DeviceFacts.derive(for: description, in: configuration.environment),
            configuration: configuration.libinput.isEmpty ? configuration : configuration.resolved(forDeviceNamed: description.name)
        )
        // Only the dispatches that watch the seat care about the others.
        for i in observers { dispatches.seatDeviceAdded(i, context); noteTimer(i) }
        dispatches.append(context, touchpad: Self.isTouchpad(context))
        if dispatches.observesSeat(index) {
            for (i, other) in devices.enumerated() where !removed[i] { dispatches.seatDeviceAdded(index, other) }
            observers.append(index)
        }
        devices.append(context)
        framers.append(Framer(description))
        removed.append(false)
        silent.append(!configuration.libinput.isEmpty && configuration.sendEventsDisabled(forDeviceNamed: description.name))
        expiries.append(nil)
        noteTimer(index)
        out.append(DecodedEvent(time: time ?? lastTime ?? 0, device: index, origin: .added, .deviceAdded))
        return index
    }

    /// Feeds one raw event of a device. Events of removed devices are ignored.
    public mutating func feed(device i: Int, _ event: EvdevEvent, into out: inout [DecodedEvent]) {
        typealias C = EventCodes
        guard framers.indices.contains(i), !removed[i], !silent[i] else { return }
        var e = HostileValues.sanitized(event)
        if e.type == C.EV_SYN && e.code == C.SYN_DROPPED {
            framers[i].frame.removeAll(keepingCapacity: true)
            framers[i].dropping = true
            framers[i].droppedAny = false
            return
        }
        if e.type == C.EV_SYN && e.code == C.SYN_REPORT {
            let index = framers[i].frames
            framers[i].frames += 1
            let t = Self.microseconds(e)
            if framers[i].dropping {
                framers[i].dropping = false
                framers[i].frame.removeAll(keepingCapacity: true)
                dispatches.resynchronised(i); noteTimer(i)
                // Nothing between SYN_DROPPED and SYN_REPORT: a live reader
                // resynchronised through libevdev, whose state delta is the
                // next frame (it must not start touches or move the pointer).
                framers[i].resyncNext = !framers[i].droppedAny
                return
            }
            if framers[i].resyncNext {
                framers[i].resyncNext = false
                var frame = framers[i].frame
                framers[i].frame.removeAll(keepingCapacity: true)
                frame.append(e)
                applyResync(device: i, frame, time: t, index: index, into: &out)
                return
            }
            guard !framers[i].frame.isEmpty else { return }  // the kernel delivers no empty frame
            framers[i].frame.append(e)
            // Hand the buffer over and take it back: no per-frame allocation.
            var frame: [EvdevEvent] = []
            swap(&frame, &framers[i].frame)
            deliver(device: i, frame, time: t, index: index, into: &out)
            frame.removeAll(keepingCapacity: true)
            swap(&frame, &framers[i].frame)
            return
        }
        // The common case, once per event: one uniqueness check of `framers`.
        framers.withUnsafeMutableBufferPointer { f in
            if f[i].dropping { f[i].droppedAny = true; return }
            guard f[i].filter.admit(&e) else { return }
            f[i].frame.append(e)
        }
    }

    /// Applies a live device's resynchronisation after `SYN_DROPPED`: the state
    /// delta `libevdev_next_event(…SYNC)` returned (a final `SYN_REPORT` is
    /// optional). Touches may end but never start from it, relative motion is
    /// dropped, and motion histories restart.
    public mutating func resync(device i: Int, _ events: [EvdevEvent], into out: inout [DecodedEvent]) {
        guard framers.indices.contains(i), !removed[i], !silent[i], let last = events.last else { return }
        framers[i].frame.removeAll(keepingCapacity: true)
        framers[i].dropping = false
        framers[i].resyncNext = false
        dispatches.resynchronised(i); noteTimer(i)
        var frame = events.filter { !($0.type == EventCodes.EV_SYN && $0.code == EventCodes.SYN_REPORT) }.map(HostileValues.sanitized)
        frame.append(EvdevEvent(sec: last.sec, usec: last.usec, type: 0, code: 0, value: 0))
        let index = framers[i].frames
        framers[i].frames += 1
        applyResync(device: i, frame, time: Self.microseconds(last), index: index, into: &out)
    }

    mutating func applyResync(device i: Int, _ raw: [EvdevEvent], time t: Int64, index: Int, into out: inout [DecodedEvent]) {
        typealias C = EventCodes
        var frame: [EvdevEvent] = []
        frame.reserveCapacity(raw.count)
        var slotCursor = framers[i].filter.slot
        for var e in raw where !(e.type == C.EV_SYN && e.code == C.SYN_REPORT) {
            if e.type == C.EV_REL { continue }
            if e.type == C.EV_ABS && e.code == C.ABS_MT_SLOT { slotCursor = Int(e.value) }
            if e.type == C.EV_ABS && e.code == C.ABS_MT_TRACKING_ID && e.value >= 0 {
                // Only an existing touch keeps its id: none starts from resync data.
                let f = framers[i].filter
                guard f.slots > 0, slotCursor >= 0, slotCursor < f.slots else { continue }
                let current = f.slotValues[slotCursor * KernelFilter.mtCount + Int(C.ABS_MT_TRACKING_ID - KernelFilter.mtFirst)]
                if current != e.value { continue }
            }
            if framers[i].filter.admit(&e) { frame.append(e) }
        }
        guard !frame.isEmpty else { return }
        frame.append(EvdevEvent(sec: t / 1_000_000, usec: Int32(t % 1_000_000), type: 0, code: 0, value: 0))
        let start = out.count
        deliver(device: i, frame, time: t, index: index, into: &out)
        dispatches.resynchronised(i); noteTimer(i)
        // No motion or scrolling from resync data.
        var w = start
        for r in start..<out.count {
            switch out[r].kind {
            case .motion, .scroll: continue
            default: out[w] = out[r]; w += 1
            }
        }
        out.removeSubrange(w..<out.count)
    }

    mutating func deliver(device i: Int, _ frame: [EvdevEvent], time t: Int64, index: Int, into out: inout [DecodedEvent]) {
        fireTimers(upTo: t, into: &out)
        lastTime = Swift.max(lastTime ?? t, t)
        let start = out.count
        if Self.isDisconnectRelease(frame) {
            out.append(DecodedEvent(time: t, device: i, origin: .frame(index), .releasedOnDisconnect))
        }
        dispatches.process(i, frame: frame, time: t, frame: index, into: &out)
        noteTimer(i)
        // An event stamped with another time than its frame's was held back
        // (a press delayed by middle-button emulation or button scrolling):
        // like libinput's reference tool, it counts as timer-made, not as
        // the frame's.
        for k in start..<out.count where out[k].time != t { out[k].origin = .timer }
        // LED changes, for keyboards' lock state (not a libinput event).
        if framers[i].hasLEDs {
            for e in frame where e.type == EventCodes.EV_LED {
                out.append(DecodedEvent(time: t, device: i, origin: .frame(index), .led(code: e.code, on: e.value != 0)))
            }
        }
        share(from: i, start: start, into: &out)
    }

    /// Shows the events `out[start...]` of device `i` to the other devices.
    mutating func share(from i: Int, start: Int, into out: inout [DecodedEvent]) {
        guard devices.count > 1, out.count > start else { return }
        var k = start
        let end = out.count
        while k < end {
            let e = out[k]
            for j in observers where j != i { dispatches.observe(j, e, into: &out); noteTimer(j) }
            k += 1
        }
    }

    /// Fires every device's timers due at or before `now` (µs), earliest first.
    public mutating func fireTimers(upTo now: Int64, into out: inout [DecodedEvent]) {
        var guardCount = 0
        while guardCount < 1_000_000 {
            guardCount += 1
            var best: (device: Int, expiry: Int64)? = nil
            // The earliest, ties to the lowest device index.
            for j in timed {
                if let x = expiries[j], x <= now,
                    best == nil || x < best!.expiry || (x == best!.expiry && j < best!.device)
                {
                    best = (j, x)
                }
            }
            guard let b = best else { return }
            let start = out.count
            dispatches.fireTimers(b.device, upTo: b.expiry, into: &out)
            noteTimer(b.device)
            lastTime = Swift.max(lastTime ?? b.expiry, b.expiry)
            share(from: b.device, start: start, into: &out)
            if let again = expiries[b.device], again <= b.expiry { return }  // a timer that never clears
        }
    }

    /// Removes a device at `time` (µs): fires timers due by then, appends what
    /// the dispatch releases, then `deviceRemoved`.
    public mutating func removeDevice(_ i: Int, at time: Int64, into out: inout [DecodedEvent]) {
        guard framers.indices.contains(i), !removed[i] else { return }
        fireTimers(upTo: time, into: &out)
        let start = out.count
        dispatches.remove(i, at: time, into: &out)
        share(from: i, start: start, into: &out)
        removed[i] = true
        timed.remove(i)
        expiries[i] = nil
        if let k = observers.firstIndex(of: i) { observers.remove(at: k) }
        framers[i].frame.removeAll()
        for j in observers { dispatches.seatDeviceRemoved(j, index: i); noteTimer(j) }
        out.append(DecodedEvent(time: time, device: i, origin: .removal, .deviceRemoved))
        lastTime = Swift.max(lastTime ?? time, time)
    }

    /// Keeps `timed` up to date after device `j`'s dispatch was called.
    mutating func noteTimer(_ j: Int) {
        let x = removed[j] ? nil : dispatches.nextTimerExpiry(j)
        // The set changes only when the device gains or loses a timer.
        if (x == nil) != (expiries[j] == nil) { if x != nil { timed.insert(j) } else { timed.remove(j) } }
        expiries[j] = x
    }

    /// The earliest pending timer of any device present (µs), or `nil`.
    @usableFromInline package var earliestTimerExpiry: Int64? {
        var best: Int64? = nil
        for j in timed { if let x = expiries[j], best == nil || x < best! { best = x } }
        return best
    }

    /// A device's earliest pending timer (µs), or `nil`.
    @usableFromInline package func nextTimerExpiry(device i: Int) -> Int64? {
        removed.indices.contains(i) && !removed[i] ? expiries[i] : nil
    }

    /// Whether a device has been removed.
    @usableFromInline package func isRemoved(_ i: Int) -> Bool { removed.indices.contains(i) && removed[i] }

    /// Ends a recording as libinput's reference runs do: timers fire for
    /// `tail` µs after the last event, then every device still present is
    /// removed.
    public mutating func finish(tail: Int64 = 2_000_000, into out: inout [DecodedEvent]) {
        let end = InputClock.adding(lastTime ?? 0, tail)
        fireTimers(upTo: end, into: &out)
        for i in devices.indices where !removed[i] { removeDevice(i, at: end, into: &out) }
    }

    /// An event's time in µs.
    @inlinable package static func microseconds(_ e: EvdevEvent) -> Int64 { e.sec &* 1_000_000 &+ Int64(e.usec) }

    /// Whether a frame is the kernel releasing held keys because the device is
    /// going away: `input_unregister_device` → `input_dev_release_keys` sends a
    /// release for every key down, then `SYN_REPORT` with value 1. Autorepeat
    /// frames also end in `SYN_REPORT 1` but carry value-2 events.
    static func isDisconnectRelease(_ frame: [EvdevEvent]) -> Bool {
        guard let syn = frame.last, syn.value == 1, frame.count > 1 else { return false }
        for e in frame.dropLast() where !(e.type == EventCodes.EV_KEY && e.value == 0) { return false }
        return true
    }
}

/// The seat's dispatches by device, each stored by its concrete type: a
/// call is a direct (inlinable) call on a value mutated in place, with no
/// existential to open, copy or release on the per-frame path.
struct Dispatches: Sendable {
    enum Kind: Sendable { case fallback, touchpad }
    struct Slot: Sendable { var kind: Kind; var index: Int }
    /// Device index → which array and where in it.
    var slots: [Slot] = []
    var fallback: [FallbackDispatch] = []
    var touchpad: [TouchpadDispatch] = []

    mutating func append(_ c: DeviceContext, touchpad isTouchpad: Bool) {
        if isTouchpad {
            slots.append(Slot(kind: .touchpad, index: touchpad.count)); touchpad.append(TouchpadDispatch(context: c))
        } else {
            slots.append(Slot(kind: .fallback, index: fallback.count)); fallback.append(FallbackDispatch(context: c))
        }
    }

    @inline(__always) mutating func process(_ i: Int, frame events: [EvdevEvent], time: Int64, frame: Int, into out: inout [DecodedEvent]) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].process(frame: events, time: time, frame: frame, into: &out)
        case .touchpad: touchpad[s.index].process(frame: events, time: time, frame: frame, into: &out)
        }
    }

    @inline(__always) func nextTimerExpiry(_ i: Int) -> Int64? {
        let s = slots[i]
        switch s.kind {
        case .fallback: return fallback[s.index].nextTimerExpiry
        case .touchpad: return touchpad[s.index].nextTimerExpiry
        }
    }

    mutating func fireTimers(_ i: Int, upTo now: Int64, into out: inout [DecodedEvent]) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].fireTimers(upTo: now, into: &out)
        case .touchpad: touchpad[s.index].fireTimers(upTo: now, into: &out)
        }
    }

    func observesSeat(_ i: Int) -> Bool {
        let s = slots[i]
        switch s.kind {
        case .fallback: return fallback[s.index].observesSeat
        case .touchpad: return touchpad[s.index].observesSeat
        }
    }

    mutating func seatDeviceAdded(_ i: Int, _ other: DeviceContext) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].seatDeviceAdded(other)
        case .touchpad: touchpad[s.index].seatDeviceAdded(other)
        }
    }

    mutating func seatDeviceRemoved(_ i: Int, index: Int) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].seatDeviceRemoved(index: index)
        case .touchpad: touchpad[s.index].seatDeviceRemoved(index: index)
        }
    }

    mutating func observe(_ i: Int, _ event: DecodedEvent, into out: inout [DecodedEvent]) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].observe(event, into: &out)
        case .touchpad: touchpad[s.index].observe(event, into: &out)
        }
    }

    mutating func resynchronised(_ i: Int) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].resynchronised()
        case .touchpad: touchpad[s.index].resynchronised()
        }
    }

    mutating func remove(_ i: Int, at time: Int64, into out: inout [DecodedEvent]) {
        let s = slots[i]
        switch s.kind {
        case .fallback: fallback[s.index].remove(at: time, into: &out)
        case .touchpad: touchpad[s.index].remove(at: time, into: &out)
        }
    }
}
