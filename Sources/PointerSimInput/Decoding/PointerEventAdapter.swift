import PointerSimCore

/// Turns libinput-level events into the simulator's pointer events: what a
/// toolkit does with libinput's output.
///
/// - Motion: the accelerated delta × ``DecoderConfiguration/pointsPerUnit``.
/// - Buttons: `BTN_LEFT`, `BTN_RIGHT`, `BTN_MIDDLE` → primary, secondary,
///   middle; a button is down while any device holds it (libinput's seat
///   count), so only the first press and the last release pass.
/// - Scrolling: wheels by their v120 value, ``DecoderConfiguration/scrollPointsPerDetent``
///   per 120; finger and continuous scrolling by their value × `pointsPerUnit`;
///   positive is down/right, as libinput's axes.
/// - Keys: Shift, Control, Alt, Meta give the modifier flags (the union over
///   all keyboards); caps lock is a lock, toggled by its key on a keyboard
///   without a caps-lock LED and following the LED on one with it; the selection keys
///   (``KeyNames``: arrows, Space, Return, Escape, Tab, A–Z) are passed on,
///   one `.key` per press after the frame's modifier change (Escape only with
///   ``DecoderConfiguration/escapeCancels``).
/// - A device that goes away with a button held cancels the band first
///   (the kernel's release frame on unplug, or the removal itself).
///
/// O(1) per event, no allocation in steady state.
public struct PointerEventAdapter: Sendable {
    /// The configuration (points per unit, per detent, Escape).
    public let configuration: DecoderConfiguration
    struct DeviceState: Sendable {
        var keysDown: Set<UInt16> = []
        var capsLock = false
        var modifiers: ModifierFlags = []
        var buttons: Set<PointerButton> = []
        var name: String
        /// Whether the device has a caps-lock LED: then the LED alone says
        /// whether caps lock is on (the host sets it after the key).
        var hasCapsLED = false
    }
    var devices: [DeviceState] = []
    var buttonCount: [Int] = [0, 0, 0]
    /// The modifier flags held over all devices.
    public private(set) var modifiers: ModifierFlags = []

    /// Creates an adapter.
    public init(configuration: DecoderConfiguration) { self.configuration = configuration }

    /// Registers a device (in the pipeline's index order); its caps-lock LED
    /// state is read from the description.
    public mutating func addDevice(_ d: DeviceDescription) {
        var s = DeviceState(name: d.node ?? d.name)
        s.capsLock = (d.leds[EventCodes.LED_CAPSL] ?? 0) != 0
        s.hasCapsLED = d.has(type: EventCodes.EV_LED, code: EventCodes.LED_CAPSL)
        if s.capsLock { s.modifiers = .capsLock }
        devices.append(s)
        modifiers.formUnion(s.modifiers)
    }

    /// The pointer event time of a decoded event (seconds, computed as
    /// `sec + usec / 10⁶` like the raw event's own time).
    @inlinable package static func seconds(_ us: Int64) -> Double {
        Double(us / 1_000_000) + Double(us % 1_000_000) / 1_000_000
    }

    static func button(_ code: UInt16) -> PointerButton? {
        switch code {
        case EventCodes.BTN_LEFT: .primary
        case EventCodes.BTN_RIGHT: .secondary
        case EventCodes.BTN_MIDDLE: .middle
        default: nil
        }
    }

    static func index(_ b: PointerButton) -> Int {
        switch b {
        case .primary: 0;
        case .secondary: 1;
        case .middle: 2
        }
    }

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

    /// Appends the pointer events for a batch of decoded events (one frame's,
    /// or one timer's): key and LED changes within the batch give one
    /// `modifiers` event, after the batch's other events of the same time.
    public mutating func adapt(_ events: some Collection<DecodedEvent>, into out: inout [PointerEvent]) {
        for e in events {
            if let t = pendingModifiers {
                switch e.kind {
                case .key, .led: break
                default: flushKeys(t, &out)
                }
            }
            adapt(e, into: &out)
        }
        if let t = pendingModifiers { flushKeys(t, &out) }
    }

    /// The time of key or LED changes whose `modifiers` event is still due.
    var pendingModifiers: Double? = nil
    /// Selection keys pressed since, passed on after the modifier change.
    var pendingKeys: [Key] = []

    /// The modifier change, then the keys, of the pending key presses.
    mutating func flushKeys(_ t: Double, _ out: inout [PointerEvent]) {
        pendingModifiers = nil
        recomputeModifiers(t, &out)
        for k in pendingKeys { out.append(PointerEvent(time: t, .key(k))) }
        pendingKeys.removeAll(keepingCapacity: true)
    }

    /// Appends the pointer events for one decoded event of a batch (a
    /// `modifiers` change is held until the batch form emits it).
    mutating func adapt(_ e: DecodedEvent, into out: inout [PointerEvent]) {
        guard devices.indices.contains(e.device) else { return }
        let t = Self.seconds(e.time)
        let k = configuration.pointsPerUnit
        switch e.kind {
        case .motion(let dx, let dy, _, _):
            if dx != 0 || dy != 0 { out.append(PointerEvent(time: t, .delta(Vector(dx: dx * k, dy: dy * k)))) }
        case .button(let code, let pressed):
            guard let b = Self.button(code) else { return }
            if case .removal = e.origin, !pressed, !devices[e.device].buttons.isEmpty, devices[e.device].buttons.contains(b) {
                cancelOnce(device: e.device, t, &out)
            }
            setButton(b, pressed, device: e.device, t, &out)
        case .scroll(let source, let v, let h, let v120v, let v120h):
            var dx = 0.0, dy = 0.0
            if source == .wheel {
                let p = configuration.scrollPointsPerDetent / 120
                dy = (v120v ?? 0) * p; dx = (v120h ?? 0) * p
            } else {
                dy = (v ?? 0) * k; dx = (h ?? 0) * k
            }
            if dx != 0 || dy != 0 { out.append(PointerEvent(time: t, .scroll(Vector(dx: dx, dy: dy)))) }
        case .key(let code, let pressed):
            key(code, pressed, device: e.device, t, &out)
        case .led(let code, let on):
            guard code == EventCodes.LED_CAPSL else { return }
            devices[e.device].capsLock = on
            updateModifiers(device: e.device, t, &out)
        case .releasedOnDisconnect:
            if !devices[e.device].buttons.isEmpty { cancelOnce(device: e.device, t, &out) }
        case .deviceRemoved:
            if !devices[e.device].buttons.isEmpty {
                cancelOnce(device: e.device, t, &out)
                for b in PointerButton.allCases where devices[e.device].buttons.contains(b) { setButton(b, false, device: e.device, t, &out) }
            }
            devices[e.device].keysDown.removeAll()
            devices[e.device].capsLock = false
            devices[e.device].modifiers = []
            recomputeModifiers(t, &out)
            out.append(PointerEvent(time: t, .deviceRemoved(devices[e.device].name)))
        case .deviceAdded, .gesture:
            break
        }
    }

    var cancelled: Set<Int> = []

    /// One cancel per unplug, before the releases it causes.
    mutating func cancelOnce(device: Int, _ t: Double, _ out: inout [PointerEvent]) {
        guard cancelled.insert(device).inserted else { return }
        out.append(PointerEvent(time: t, .cancel))
    }

    mutating func setButton(_ b: PointerButton, _ down: Bool, device: Int, _ t: Double, _ out: inout [PointerEvent]) {
        let i = Self.index(b)
        if down {
            guard devices[device].buttons.insert(b).inserted else { return }
            buttonCount[i] += 1
            if buttonCount[i] == 1 { out.append(PointerEvent(time: t, .press(b))) }
        } else {
            guard devices[device].buttons.remove(b) != nil else { return }
            buttonCount[i] -= 1
            if buttonCount[i] == 0 { out.append(PointerEvent(time: t, .release(b))) }
            if devices[device].buttons.isEmpty { cancelled.remove(device) }
        }
    }

    mutating func key(_ code: UInt16, _ pressed: Bool, device: Int, _ t: Double, _ out: inout [PointerEvent]) {
        typealias C = EventCodes
        if pressed {
            guard devices[device].keysDown.insert(code).inserted else { return }
            if code == C.KEY_CAPSLOCK && !devices[device].hasCapsLED { devices[device].capsLock.toggle() }
            if let k = KeyNames.key(code), k != .escape || configuration.escapeCancels { pendingKeys.append(k) }
        } else {
            guard devices[device].keysDown.remove(code) != nil else { return }
        }
        updateModifiers(device: device, t, &out)
    }

    mutating func updateModifiers(device: Int, _ t: Double, _ out: inout [PointerEvent]) {
        var m: ModifierFlags = devices[device].capsLock ? .capsLock : []
        for k in devices[device].keysDown { if let f = Self.modifier(k) { m.insert(f) } }
        devices[device].modifiers = m
        pendingModifiers = t
    }

    mutating func recomputeModifiers(_ t: Double, _ out: inout [PointerEvent]) {
        var m: ModifierFlags = []
        for d in devices { m.formUnion(d.modifiers) }
        if m != modifiers { modifiers = m; out.append(PointerEvent(time: t, .modifiers(m))) }
    }
}
