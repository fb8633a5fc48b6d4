import PointerSimCore

/// The state of one multitouch slot.
struct Touch: Sendable {
    var trackingID: Int32 = -1
    var x: Int32 = 0, y: Int32 = 0
    var toolType: Int32 = 0
    var dirty = false
    var began = false
    var ended = false
    /// The previous history point (device units) and its time, µs.
    var last: (x: Int32, y: Int32, t: Int64)? = nil
    var delta: (dx: Double, dy: Double)? = nil
    var pinnedAt: (x: Int32, y: Int32)? = nil
    var restingInButtons = false
    var active: Bool { trackingID >= 0 }
}

/// Decodes one device's raw events into pointer events, frame by frame
/// (libinput's model, SEMANTICS.md §7). Events are buffered until
/// SYN_REPORT; SYN_DROPPED discards the frame and everything up to the next
/// SYN_REPORT. Each `feed` is O(events in the frame + slots).
public struct DeviceDecoder: Sendable {
    /// The device.
    public let description: DeviceDescription
    /// What it is.
    public let kind: DeviceKind
    /// The configuration.
    public let configuration: DecoderConfiguration

    var frame: [EvdevEvent] = []
    var dropping = false
    /// Whether events were discarded since the SYN_DROPPED (a live reader
    /// records SYN_DROPPED directly followed by SYN_REPORT, then libevdev's
    /// state delta as the next frame).
    var droppedAny = false
    /// Whether the next frame is libevdev's state delta after a SYN_DROPPED.
    var resyncNext = false
    // Keyboard.
    var keysDown: Set<UInt16> = []
    var capsLock = false
    /// The modifier flags this device holds.
    public internal(set) var modifiers: ModifierFlags = []
    // Buttons (all kinds).
    /// The buttons this device holds.
    public internal(set) var buttons: Set<PointerButton> = []
    // Mouse.
    var mouseFilter: MouseAccelerator
    let hasHiResWheel: Bool, hasHiResHWheel: Bool
    // Touchpad.
    var touches: [Touch] = []
    var slot = 0
    var toolFingers = 0
    let isMT: Bool
    var fingers = 0
    var tpFilter: TouchpadAccelerator
    let resX: Double, resY: Double
    /// The soft-button edges in device units (libinput's `tp_init_softbuttons`):
    /// the strip's top edge, the middle area's left edge (`nil` without one) and
    /// the right area's left edge. Computed once: the pad's geometry is fixed.
    public let softButtonEdges: (top: Int64, middleLeft: Int64?, rightLeft: Int64)
    let minX: Double, minY: Double, width: Double, height: Double
    var clickButton: PointerButton? = nil
    var physicalDown = false

    /// Creates a decoder.
    /// - Throws: ``DecoderError`` for protocol-A and semi-MT touchpads, which are not supported.
    public init(description d: DeviceDescription, configuration c: DecoderConfiguration) throws(DecoderError) {
        typealias C = EventCodes
        description = d; configuration = c
        kind = DeviceKind.classify(d)
        mouseFilter = MouseAccelerator(profile: c.acceleration, speed: c.speed, dpi: c.mouseDPI)
        hasHiResWheel = d.has(type: C.EV_REL, code: C.REL_WHEEL_HI_RES)
        hasHiResHWheel = d.has(type: C.EV_REL, code: C.REL_HWHEEL_HI_RES)
        capsLock = (d.leds[C.LED_CAPSL] ?? 0) != 0
        if capsLock { modifiers.insert(.capsLock) }
        let name = d.node.map { "\(d.name) (\($0))" } ?? "\"\(d.name)\""
        isMT = d.has(type: C.EV_ABS, code: C.ABS_MT_POSITION_X)
        var rx = 1.0, ry = 1.0, mx = 0.0, my = 0.0, w = 1.0, h = 1.0
        if kind == .touchpad || kind == .clickpad {
            if d.properties.contains(C.INPUT_PROP_SEMI_MT) {
                throw DecoderError("touchpad \(name) is semi-MT (INPUT_PROP_SEMI_MT: only a bounding box of the fingers): not supported")
            }
            if isMT && !d.has(type: C.EV_ABS, code: C.ABS_MT_SLOT) {
                throw DecoderError("touchpad \(name) uses multitouch protocol A (ABS_MT_* without ABS_MT_SLOT, contacts separated by SYN_MT_REPORT): not supported, only protocol B")
            }
            let ax = d.absInfo[isMT ? C.ABS_MT_POSITION_X : C.ABS_X] ?? d.absInfo[C.ABS_X] ?? AbsInfo(minimum: 0, maximum: 0)
            let ay = d.absInfo[isMT ? C.ABS_MT_POSITION_Y : C.ABS_Y] ?? d.absInfo[C.ABS_Y] ?? AbsInfo(minimum: 0, maximum: 0)
            mx = Double(ax.minimum); my = Double(ay.minimum)
            w = Double(Int64(ax.maximum) - Int64(ax.minimum)); h = Double(Int64(ay.maximum) - Int64(ay.minimum))
            // libinput's tp_init_default_resolution: integer division of the range by 69 × 50 mm.
            rx = ax.resolution > 0 ? Double(ax.resolution) : Swift.max(1, (w / c.fallbackPadWidthMM).rounded(.towardZero))
            ry = ay.resolution > 0 ? Double(ay.resolution) : Swift.max(1, (h / c.fallbackPadHeightMM).rounded(.towardZero))
            let slots = isMT ? Int(Swift.max(0, d.absInfo[C.ABS_MT_SLOT]?.maximum ?? 0)) + 1 : 1
            touches = Array(repeating: Touch(), count: Swift.min(slots, 64))
        }
        resX = rx; resY = ry; minX = mx; minY = my; width = w; height = h
        softButtonEdges = Self.softButtonEdges(width: w, height: h, resX: rx, resY: ry, minX: mx, minY: my, configuration: c)
        tpFilter = TouchpadAccelerator(profile: c.acceleration, speed: c.speed, unitsPerMM: rx)
        frame.reserveCapacity(16)
    }

    /// The touchpad's resolution used for decoding (units/mm; the 69 × 50 mm
    /// fallback when the device reports none).
    public var resolution: (x: Double, y: Double) { (resX, resY) }

    /// Feeds one event; returns the pointer events its frame produces (only at SYN_REPORT).
    public mutating func feed(_ e: EvdevEvent) -> [PointerEvent] {
        if e.type == EventCodes.EV_SYN {
            if e.code == EventCodes.SYN_DROPPED {
                frame.removeAll(keepingCapacity: true)
                dropping = true
                droppedAny = false
                return []
            }
            if e.code == EventCodes.SYN_REPORT {
                if dropping {
                    dropping = false
                    frame.removeAll(keepingCapacity: true)
                    resynchronise()
                    // Nothing between SYN_DROPPED and SYN_REPORT: the stream was
                    // resynchronised through libevdev, whose delta is the next
                    // frame (and must not start touches or move the pointer).
                    resyncNext = !droppedAny
                    return []
                }
                if resyncNext {
                    resyncNext = false
                    return resync(frame + [e])
                }
                var out: [PointerEvent] = []
                processFrame(time: e, out: &out)
                frame.removeAll(keepingCapacity: true)
                return out
            }
            return []
        }
        if dropping { droppedAny = true } else { frame.append(e) }
        return []
    }

    /// Applies libevdev's resynchronisation after a SYN_DROPPED on a live
    /// device (the state delta `libevdev_next_event(…SYNC)` returns; a final
    /// SYN_REPORT is optional): the partial frame is discarded, button, key
    /// and LED changes apply, touches may end but never start from resync
    /// data, and no motion results (motion histories restart).
    public mutating func resync(_ events: [EvdevEvent]) -> [PointerEvent] {
        typealias C = EventCodes
        frame.removeAll(keepingCapacity: true)
        dropping = false
        guard let last = events.last else { return [] }
        var slotCursor = slot
        for e in events where !(e.type == C.EV_SYN) {
            if e.type == C.EV_ABS && e.code == C.ABS_MT_SLOT { slotCursor = Int(e.value) }
            if e.type == C.EV_ABS && e.code == C.ABS_MT_TRACKING_ID && e.value >= 0 {
                // Only keeps an existing touch's id; never starts one.
                if !touches.indices.contains(slotCursor) || touches[slotCursor].trackingID < 0 { continue }
                if touches[slotCursor].trackingID != e.value { continue }
            }
            if e.type == C.EV_REL { continue }
            frame.append(e)
        }
        resynchronise()
        var out: [PointerEvent] = []
        processFrame(time: EvdevEvent(sec: last.sec, usec: last.usec, type: 0, code: 0, value: 0), out: &out)
        frame.removeAll(keepingCapacity: true)
        resynchronise()
        return out.filter { if case .delta = $0.kind { false } else if case .scroll = $0.kind { false } else { true } }
    }

    /// The device went away at `time` (seconds): cancels an active band if a
    /// button was held, releases held buttons and modifiers.
    public mutating func removed(at time: Double) -> [PointerEvent] {
        var out: [PointerEvent] = []
        if !buttons.isEmpty {
            out.append(PointerEvent(time: time, .cancel))
            for b in PointerButton.allCases where buttons.contains(b) { out.append(PointerEvent(time: time, .release(b))) }
            buttons.removeAll()
        }
        if !modifiers.isEmpty { modifiers = []; out.append(PointerEvent(time: time, .modifiers([]))) }
        keysDown.removeAll(); frame.removeAll()
        for i in touches.indices { touches[i] = Touch() }
        return out
    }

    /// After a SYN_DROPPED: forget motion history so nothing jumps; touches
    /// stay as they were (a recording has no device state to re-read) and
    /// no touch starts from resync data.
    mutating func resynchronise() {
        for i in touches.indices { touches[i].last = nil; touches[i].dirty = false; touches[i].began = false }
        mouseFilter.tracker.reset(); tpFilter.reset()
    }

    static func microseconds(_ e: EvdevEvent) -> Int64 { e.sec &* 1_000_000 &+ Int64(e.usec) }

    mutating func processFrame(time syn: EvdevEvent, out: inout [PointerEvent]) {
        let t = syn.time
        if Self.isDisconnectRelease(frame, syn: syn), frame.contains(where: { Self.button($0.code).map(buttons.contains) ?? false }) {
            // The device is being unplugged with a button held: that cancels
            // the band (SEMANTICS.md §2.1) rather than completing it.
            out.append(PointerEvent(time: t, .cancel))
        }
        switch kind {
        case .mouse, .trackpoint: mouseFrame(syn, out: &out)
        case .touchpad, .clickpad: touchpadFrame(syn, out: &out)
        case .keyboard, .other: break
        }
        keyFrame(t, out: &out)
    }

    /// Whether a frame is the kernel releasing held keys because the device
    /// is going away: `input_unregister_device` → `input_disconnect_device`
    /// → `input_dev_release_keys` sends a release for every key down, then
    /// `SYN_REPORT` with value 1 (seen on a real kernel in Tools/vm-test).
    /// Autorepeat frames also end in `SYN_REPORT 1` but carry value-2 events.
    static func isDisconnectRelease(_ frame: [EvdevEvent], syn: EvdevEvent) -> Bool {
        syn.value == 1 && !frame.isEmpty && frame.allSatisfy { $0.type == EventCodes.EV_KEY && $0.value == 0 }
    }

    static func button(_ code: UInt16) -> PointerButton? {
        switch code {
        case EventCodes.BTN_LEFT: .primary
        case EventCodes.BTN_RIGHT: .secondary
        case EventCodes.BTN_MIDDLE: .middle
        default: nil
        }
    }

    mutating func setButton(_ b: PointerButton, _ down: Bool, _ t: Double, _ out: inout [PointerEvent]) {
        if down {
            if buttons.insert(b).inserted { out.append(PointerEvent(time: t, .press(b))) }
        } else if buttons.remove(b) != nil {
            out.append(PointerEvent(time: t, .release(b)))
        }
    }
}
