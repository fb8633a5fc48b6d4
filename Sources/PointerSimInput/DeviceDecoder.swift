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
    /// Whether Escape on a keyboard cancels an active band (default true).
    public var escapeCancels = true

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

/// A device that cannot be decoded, with the reason.
public struct DecoderError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

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
    // Keyboard.
    var keysDown: Set<UInt16> = []
    var capsLock = false
    /// The modifier flags this device holds.
    public private(set) var modifiers: ModifierFlags = []
    // Buttons (all kinds).
    /// The buttons this device holds.
    public private(set) var buttons: Set<PointerButton> = []
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
                return []
            }
            if e.code == EventCodes.SYN_REPORT {
                if dropping {
                    dropping = false
                    frame.removeAll(keepingCapacity: true)
                    resynchronise()
                    return []
                }
                var out: [PointerEvent] = []
                processFrame(time: e, out: &out)
                frame.removeAll(keepingCapacity: true)
                return out
            }
            return []
        }
        if !dropping { frame.append(e) }
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

    // MARK: Keyboards

    static func modifier(_ code: UInt16) -> ModifierFlags? {
        typealias C = EventCodes
        switch code {
        case C.KEY_LEFTSHIFT, C.KEY_RIGHTSHIFT: return .shift
        case C.KEY_LEFTCTRL, C.KEY_RIGHTCTRL: return .control
        case C.KEY_LEFTALT, C.KEY_RIGHTALT: return .option
        case C.KEY_LEFTMETA, C.KEY_RIGHTMETA: return .command
        default: return nil
        }
    }

    mutating func keyFrame(_ t: Double, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let before = modifiers
        var changed = false
        for e in frame {
            if e.type == C.EV_LED && e.code == C.LED_CAPSL {
                capsLock = e.value != 0; changed = true
                continue
            }
            guard e.type == C.EV_KEY, e.code < 0x100 else { continue }
            switch e.value {
            case 1:
                guard keysDown.insert(e.code).inserted else { continue }
                if e.code == C.KEY_CAPSLOCK { capsLock.toggle() }
                if e.code == C.KEY_ESC && configuration.escapeCancels { out.append(PointerEvent(time: t, .cancel)) }
                changed = true
            case 0:
                guard keysDown.remove(e.code) != nil else { continue }  // orphan release: ignored
                changed = true
            default: continue  // autorepeat
            }
        }
        guard changed else { return }
        var m: ModifierFlags = capsLock ? .capsLock : []
        for k in keysDown { if let f = Self.modifier(k) { m.insert(f) } }
        modifiers = m
        if m != before { out.append(PointerEvent(time: t, .modifiers(m))) }
    }

    // MARK: Mice and trackpoints

    /// Order within a frame (**our choice**): motion, then buttons, then scrolling.
    mutating func mouseFrame(_ syn: EvdevEvent, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let t = syn.time
        var dx = 0, dy = 0, wheel = 0, hwheel = 0, moved = false, scrolled = false
        for e in frame where e.type == C.EV_REL {
            switch e.code {
            case C.REL_X: dx += Int(e.value); moved = true
            case C.REL_Y: dy += Int(e.value); moved = true
            case C.REL_WHEEL: if !hasHiResWheel { wheel += Int(e.value) * 120; scrolled = true }
            case C.REL_WHEEL_HI_RES: wheel += Int(e.value); scrolled = true
            case C.REL_HWHEEL: if !hasHiResHWheel { hwheel += Int(e.value) * 120; scrolled = true }
            case C.REL_HWHEEL_HI_RES: hwheel += Int(e.value); scrolled = true
            default: break
            }
        }
        if moved && (dx != 0 || dy != 0) {
            let a = mouseFilter.filter(dx: Double(dx), dy: Double(dy), time: Self.microseconds(syn))
            let k = configuration.pointsPerUnit
            out.append(PointerEvent(time: t, .delta(Vector(dx: a.dx * k, dy: a.dy * k))))
        }
        for e in frame where e.type == C.EV_KEY {
            if let b = Self.button(e.code), e.value != 2 { setButton(b, e.value != 0, t, &out) }
        }
        if scrolled && (wheel != 0 || hwheel != 0) {
            // Wheel up (positive) scrolls up: the content offset shrinks.
            let p = configuration.scrollPointsPerDetent / 120
            out.append(PointerEvent(time: t, .scroll(Vector(dx: Double(hwheel) * p, dy: -Double(wheel) * p))))
        }
    }

    // MARK: Touchpads

    /// libinput's `evdev_device_mm_to_units`: mm × resolution + minimum, truncated.
    static func units(_ mm: Double, _ res: Double, _ min: Double) -> Int64 { Int64((mm * res + min).rounded(.towardZero)) }

    /// The soft-button edges in device units (libinput's `tp_init_softbuttons`):
    /// the strip's top edge, the middle area's left edge (`nil` without one) and
    /// the right area's left edge.
    public var softButtonEdges: (top: Int64, middleLeft: Int64?, rightLeft: Int64) {
        let wmm = width / resX, hmm = height / resY
        let c = configuration
        let topMM = hmm * c.softButtonHeightFraction > c.softButtonHeightMM ? hmm - c.softButtonHeightMM : hmm * (1 - c.softButtonHeightFraction)
        let top = Self.units(topMM, resY, minY)
        let f = c.middleButtonWidthFraction
        if f > 0 {
            return (top, Self.units(wmm * (0.5 - f / 2), resX, minX), Self.units(wmm * (0.5 + f / 2), resX, minX))
        }
        return (top, nil, Self.units(wmm * 0.5, resX, minX))
    }

    func inButtonArea(_ x: Int32, _ y: Int32) -> Bool {
        guard kind == .clickpad else { return false }
        return Int64(y) >= softButtonEdges.top
    }

    /// The soft button for a touch at a position (clickpads): the bottom strip
    /// is min(10 mm, 15 %) tall; right of the right edge → secondary, right of
    /// the middle area's left edge → middle, else primary; `nil` above the strip.
    public func softButton(x: Int32, y: Int32) -> PointerButton? {
        guard inButtonArea(x, y) else { return nil }
        let e = softButtonEdges
        if Int64(x) > e.rightLeft { return .secondary }
        if let m = e.middleLeft, Int64(x) > m { return .middle }
        return .primary
    }

    mutating func touchpadFrame(_ syn: EvdevEvent, out: inout [PointerEvent]) {
        typealias C = EventCodes
        let t = syn.time
        let us = Self.microseconds(syn)
        var physical: Bool? = nil
        // Buttons are emitted after the frame's motion, as for mice.
        var buttonOut: [PointerEvent] = []
        for e in frame {
            if e.type == C.EV_ABS {
                if isMT {
                    switch e.code {
                    case C.ABS_MT_SLOT: slot = Int(e.value)
                    case C.ABS_MT_TRACKING_ID:
                        guard touches.indices.contains(slot) else { continue }
                        let old = touches[slot].trackingID
                        if e.value < 0 {
                            if old >= 0 { touches[slot].ended = true; touches[slot].trackingID = -1 }
                        } else if e.value != old {  // a repeated id is a duplicate: ignored (libevdev)
                            touches[slot].trackingID = e.value
                            touches[slot].began = true; touches[slot].ended = false
                            touches[slot].last = nil; touches[slot].pinnedAt = nil; touches[slot].toolType = 0
                            touches[slot].restingInButtons = false
                        }
                    case C.ABS_MT_POSITION_X:
                        if touches.indices.contains(slot) { touches[slot].x = e.value; touches[slot].dirty = true }
                    case C.ABS_MT_POSITION_Y:
                        if touches.indices.contains(slot) { touches[slot].y = e.value; touches[slot].dirty = true }
                    case C.ABS_MT_TOOL_TYPE:
                        if touches.indices.contains(slot) { touches[slot].toolType = e.value }
                    default: break
                    }
                } else {
                    if e.code == C.ABS_X { touches[0].x = e.value; touches[0].dirty = true }
                    if e.code == C.ABS_Y { touches[0].y = e.value; touches[0].dirty = true }
                }
            } else if e.type == C.EV_KEY {
                switch e.code {
                case C.BTN_TOOL_FINGER: if e.value == 1 { toolFingers = 1 } else if e.value == 0 && toolFingers == 1 { toolFingers = 0 }
                case C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP, C.BTN_TOOL_QUADTAP, C.BTN_TOOL_QUINTTAP:
                    let n = e.code == C.BTN_TOOL_QUINTTAP ? 5 : Int(e.code - C.BTN_TOOL_DOUBLETAP) + 2
                    if e.value == 1 { toolFingers = n } else if e.value == 0 && toolFingers == n { toolFingers = 0 }
                case C.BTN_TOUCH where !isMT:
                    if e.value == 1 && touches[0].trackingID < 0 {
                        touches[0].trackingID = 0; touches[0].began = true; touches[0].last = nil
                        touches[0].restingInButtons = false; touches[0].pinnedAt = nil
                    } else if e.value == 0 && touches[0].trackingID >= 0 { touches[0].trackingID = -1; touches[0].ended = true }
                case C.BTN_LEFT where kind == .clickpad: if e.value != 2 { physical = e.value != 0 }
                default:
                    if kind == .touchpad, let b = Self.button(e.code), e.value != 2 { setButton(b, e.value != 0, t, &buttonOut) }
                }
            }
        }
        // Finger count; any change resets every motion history.
        var down = 0
        for i in touches.indices where touches[i].active { down += 1 }
        if toolFingers > touches.count { down = toolFingers }
        if down != fingers {
            fingers = down
            for i in touches.indices { touches[i].last = nil }
        }
        // Per-touch deltas, jump filter, soft-button area, pin release.
        let ref = configuration.jumpReferenceInterval * 1_000_000
        for i in touches.indices where touches[i].active {
            var tc = touches[i]
            tc.delta = nil
            if tc.began { tc.restingInButtons = inButtonArea(tc.x, tc.y) }
            else if tc.restingInButtons && !inButtonArea(tc.x, tc.y) { tc.restingInButtons = false }
            if let p = tc.pinnedAt {
                let mx = Double(tc.x - p.x) / resX, my = Double(tc.y - p.y) / resY
                if _hypot(mx, my) >= configuration.pinReleaseMM { tc.pinnedAt = nil }
            }
            if tc.dirty || tc.began {
                if let l = tc.last {
                    let dt = Double(us - l.t)
                    let ddx = Double(tc.x - l.x), ddy = Double(tc.y - l.y)
                    var jump = false
                    if dt > 0 && dt <= 2.5 * ref {
                        let mm = _hypot(ddx / resX, ddy / resY) * ref / dt
                        jump = mm > configuration.jumpThresholdMM
                    }
                    if !jump { tc.delta = (ddx, ddy * resX / resY) }
                }
                tc.last = (tc.x, tc.y, us)
            }
            touches[i] = tc
        }
        // The physical click: which soft button, and pin the fingers.
        if let p = physical {
            if p && !physicalDown {
                physicalDown = true
                var areas: Set<PointerButton> = []
                // As libinput: a touch that began in the strip (still resting there)
                // clicks the area under it; one that began above is the main area (left).
                for tc in touches where tc.active && tc.toolType != C.MT_TOOL_PALM {
                    areas.insert(tc.restingInButtons ? softButton(x: tc.x, y: tc.y) ?? .primary : .primary)
                }
                let b: PointerButton = areas.contains(.middle) ? .middle : areas.contains(.secondary) ? .secondary : .primary
                clickButton = b
                for i in touches.indices where touches[i].active { touches[i].pinnedAt = (touches[i].x, touches[i].y) }
                setButton(b, true, t, &buttonOut)
            } else if !p && physicalDown {
                physicalDown = false
                if let b = clickButton { setButton(b, false, t, &buttonOut) }
                clickButton = nil
            }
        }
        // Gesture: one active finger points, two scroll.
        var moving: [(dx: Double, dy: Double)] = []
        var activeCount = 0
        for tc in touches where tc.active && tc.toolType != C.MT_TOOL_PALM && tc.pinnedAt == nil && !tc.restingInButtons {
            activeCount += 1
            if let d = tc.delta { moving.append(d) }
        }
        if activeCount == 1, let d = moving.first, d.dx != 0 || d.dy != 0 {
            let a = tpFilter.filter(dx: d.dx, dy: d.dy, time: us)
            let k = configuration.pointsPerUnit
            out.append(PointerEvent(time: t, .delta(Vector(dx: a.dx * k, dy: a.dy * k))))
        } else if activeCount == 2 && configuration.twoFingerScroll && !moving.isEmpty {
            var sx = 0.0, sy = 0.0
            for d in moving { sx += d.dx; sy += d.dy }
            sx /= Double(moving.count); sy /= Double(moving.count)
            if sx != 0 || sy != 0 {
                let s = tpFilter.scroll(dx: sx, dy: sy)
                let k = configuration.pointsPerUnit
                out.append(PointerEvent(time: t, .scroll(Vector(dx: s.dx * k, dy: s.dy * k))))
            }
        }
        out.append(contentsOf: buttonOut)
        for i in touches.indices {
            touches[i].dirty = false; touches[i].began = false
            if touches[i].ended { touches[i].ended = false; touches[i].last = nil; touches[i].delta = nil; touches[i].pinnedAt = nil }
        }
    }
}

/// Several devices decoded into one pointer stream: modifiers are the union
/// over all devices, a button is down while any device holds it, and a
/// removed device's buttons and modifiers are released.
public struct InputMerger: Sendable {
    /// The decoders, by device index.
    public private(set) var decoders: [DeviceDecoder]
    var removed: [Bool]
    var buttonCount: [PointerButton: Int] = [:]
    var modifiers: ModifierFlags = []

    /// Creates decoders for the devices.
    /// - Throws: ``DecoderError`` from the first device that cannot be decoded.
    public init(devices: [DeviceDescription], configuration: DecoderConfiguration) throws(DecoderError) {
        self.configuration = configuration
        var ds: [DeviceDecoder] = []
        for d in devices { ds.append(try DeviceDecoder(description: d, configuration: configuration)) }
        decoders = ds
        removed = Array(repeating: false, count: ds.count)
        for d in ds { modifiers.formUnion(d.modifiers) }
    }

    /// The configuration every device is decoded with.
    public let configuration: DecoderConfiguration

    /// Adds a device that appeared later (live hot-plug).
    /// - Returns: its index for ``feed(device:_:)`` and ``removeDevice(_:at:)``.
    /// - Throws: ``DecoderError`` if it cannot be decoded.
    public mutating func addDevice(_ description: DeviceDescription) throws(DecoderError) -> Int {
        let d = try DeviceDecoder(description: description, configuration: configuration)
        decoders.append(d)
        removed.append(false)
        return decoders.count - 1
    }

    /// The modifier flags held over all devices.
    public var currentModifiers: ModifierFlags { modifiers }

    /// Feeds an event of device `device` (an index into `devices`). Events of
    /// removed devices are ignored.
    public mutating func feed(device: Int, _ event: EvdevEvent) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        let raw = decoders[device].feed(event)
        return raw.isEmpty ? raw : merge(raw)
    }

    /// Applies a live device's resynchronisation after SYN_DROPPED (see
    /// ``DeviceDecoder/resync(_:)``).
    public mutating func resync(device: Int, _ events: [EvdevEvent]) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        let raw = decoders[device].resync(events)
        return raw.isEmpty ? raw : merge(raw)
    }

    /// Removes a device; ends with `.deviceRemoved(node or name)`.
    public mutating func removeDevice(_ device: Int, at time: Double) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        removed[device] = true
        var out = merge(decoders[device].removed(at: time))
        let d = decoders[device].description
        out.append(PointerEvent(time: time, .deviceRemoved(d.node ?? d.name)))
        return out
    }

    mutating func merge(_ raw: [PointerEvent]) -> [PointerEvent] {
        // Fast path: motion and scrolling pass through unchanged (no new array).
        if raw.allSatisfy({ switch $0.kind { case .delta, .scroll, .move: true; default: false } }) { return raw }
        var out: [PointerEvent] = []
        out.reserveCapacity(raw.count)
        for e in raw {
            switch e.kind {
            case .press(let b):
                let n = buttonCount[b, default: 0]
                buttonCount[b] = n + 1
                if n == 0 { out.append(e) }
            case .release(let b):
                let n = buttonCount[b, default: 0]
                guard n > 0 else { continue }
                buttonCount[b] = n - 1
                if n == 1 { out.append(e) }
            case .modifiers:
                var m: ModifierFlags = []
                for (i, d) in decoders.enumerated() where !removed[i] { m.formUnion(d.modifiers) }
                if m != modifiers { modifiers = m; out.append(PointerEvent(time: e.time, .modifiers(m))) }
            default: out.append(e)
            }
        }
        return out
    }
}
