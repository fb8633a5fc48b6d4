/// What the kernel's input core and libevdev do to a device's events before
/// libinput sees them, so that a recording replayed here is filtered exactly
/// as when it is written to a uinput device and read through libevdev:
///
/// - events of codes the device does not have are dropped;
/// - `EV_KEY`, `EV_LED`, `EV_SW` and non-slot `EV_ABS` events whose value
///   equals the current state are dropped (key repeats, value 2, pass);
///   `EV_REL` events of value 0 are dropped;
/// - on slotted devices, `ABS_MT_*` values equal to the slot's current value
///   are dropped; a tracking id on a slot that already has one, or −1 on an
///   empty slot, is dropped (libevdev's "double tracking ID"); an
///   out-of-range `ABS_MT_SLOT` is capped to the last slot (libevdev);
/// - protocol-A devices (no `ABS_MT_SLOT`) pass their `ABS_MT_*` unfiltered;
/// - a `SYN_REPORT` with no event left before it is not delivered (the input
///   core only flushes frames that carry values).
///
/// No defuzzing: udev's libinput rule moves a touchpad's x/y fuzz into
/// `LIBINPUT_FUZZ_*` and zeroes it in the kernel. O(1) per event.
@usableFromInline package struct KernelFilter: Sendable {
    /// Key, LED and switch state bits, by type.
    var keys = [UInt64](repeating: 0, count: 12)
    var leds: UInt64 = 0
    var switches: UInt64 = 0
    /// Non-slot absolute values.
    var abs = [Int32](repeating: 0, count: 64)
    /// Slot values of `ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`, 14 per slot.
    var slotValues: [Int32]
    let slots: Int
    var slot = 0
    /// Supported codes: bit per code, per type.
    let keyBits: [UInt64]
    let relBits: UInt64, absBits: UInt64, mscBits: UInt64, ledBits: UInt64, swBits: UInt64

    static let mtFirst: UInt16 = 0x30, mtLast: UInt16 = 0x3d
    static var mtCount: Int { Int(mtLast - mtFirst) + 1 }

    /// Creates the filter for a device in its initial state (keys up, axes
    /// at their described values, every slot empty).
    @usableFromInline package init(_ d: DeviceDescription) {
        typealias C = EventCodes
        func bits(_ type: UInt16) -> UInt64 {
            var b: UInt64 = 0
            for c in d.codes[type] ?? [] where c < 64 { b |= 1 << UInt64(c) }
            return b
        }
        var kb = [UInt64](repeating: 0, count: 12)
        for c in d.codes[C.EV_KEY] ?? [] where c < 768 { kb[Int(c) >> 6] |= 1 << UInt64(c & 63) }
        keyBits = kb
        relBits = bits(C.EV_REL); absBits = bits(C.EV_ABS); mscBits = bits(C.EV_MSC)
        ledBits = bits(C.EV_LED); swBits = bits(C.EV_SW)
        for (code, info) in d.absInfo where code < 64 { abs[Int(code)] = info.value }
        for (code, on) in d.leds where code < 64 && on != 0 { leds |= 1 << UInt64(code) }
        for (code, on) in d.switches where code < 64 && on != 0 { switches |= 1 << UInt64(code) }
        if d.has(type: C.EV_ABS, code: C.ABS_MT_SLOT), let info = d.absInfo[C.ABS_MT_SLOT] {
            slots = Swift.max(1, Swift.min(64, Int(info.maximum) + 1))
            slot = Swift.max(0, Swift.min(slots - 1, Int(info.value)))
        } else {
            slots = 0
        }
        slotValues = [Int32](repeating: 0, count: slots * Self.mtCount)
        let tid = Int(C.ABS_MT_TRACKING_ID - Self.mtFirst)
        for s in 0..<slots { slotValues[s * Self.mtCount + tid] = -1 }
    }

    /// Whether the event passes; may rewrite it (a capped slot index). O(1).
    @usableFromInline package mutating func admit(_ e: inout EvdevEvent) -> Bool {
        typealias C = EventCodes
        let code = e.code
        switch e.type {
        case C.EV_SYN:
            return code == C.SYN_REPORT || code == C.SYN_MT_REPORT || code == C.SYN_DROPPED
        case C.EV_KEY:
            guard code < 768, keyBits[Int(code) >> 6] & (1 << UInt64(code & 63)) != 0 else { return false }
            if e.value == 2 { return true }
            let w = Int(code) >> 6, bit: UInt64 = 1 << UInt64(code & 63)
            let on = keys[w] & bit != 0
            if on == (e.value != 0) { return false }
            keys[w] ^= bit
            return true
        case C.EV_REL:
            return code < 64 && relBits & (1 << UInt64(code)) != 0 && e.value != 0
        case C.EV_ABS:
            guard code < 64, absBits & (1 << UInt64(code)) != 0 else { return false }
            if code == C.ABS_MT_SLOT {
                guard slots > 0 else { return true }
                if e.value < 0 || Int(e.value) >= slots { e.value = Int32(slots - 1) }
                slot = Int(e.value)
                return true
            }
            if code >= Self.mtFirst && code <= Self.mtLast {
                guard slots > 0 else { return true }  // protocol A: unfiltered
                let i = slot * Self.mtCount + Int(code - Self.mtFirst)
                let old = slotValues[i]
                if old == e.value { return false }
                if code == C.ABS_MT_TRACKING_ID && (old == -1) == (e.value == -1) { return false }
                slotValues[i] = e.value
                return true
            }
            if abs[Int(code)] == e.value { return false }
            abs[Int(code)] = e.value
            return true
        case C.EV_MSC:
            return code < 64 && mscBits & (1 << UInt64(code)) != 0
        case C.EV_LED:
            guard code < 64, ledBits & (1 << UInt64(code)) != 0 else { return false }
            let bit: UInt64 = 1 << UInt64(code)
            if (leds & bit != 0) == (e.value != 0) { return false }
            leds ^= bit
            return true
        case C.EV_SW:
            guard code < 64, swBits & (1 << UInt64(code)) != 0 else { return false }
            let bit: UInt64 = 1 << UInt64(code)
            if (switches & bit != 0) == (e.value != 0) { return false }
            switches ^= bit
            return true
        default:
            return false
        }
    }
}
