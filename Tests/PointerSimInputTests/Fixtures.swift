import PointerSimCore
import PointerSimInput

/// Small helpers to build descriptions and event streams.
enum Fx {
    static let A: UInt16 = 3, K: UInt16 = 1, R: UInt16 = 2

    static func mouse(_ name: String = "m") -> DeviceDescription {
        var d = DeviceDescription(name: name)
        d.codes = [0: [0, 1, 3], 1: [272, 273, 274], 2: [0, 1, 8, 11]]
        return d
    }

    static func keyboard(_ name: String = "k", capsLED: Int32? = nil) -> DeviceDescription {
        var d = DeviceDescription(name: name)
        // Escape, Ctrl, A, Shift, Alt, Caps Lock, Meta, and the selection keys
        // (Tab, Q, Return, Z, Space, arrows, keypad Enter).
        d.codes = [0: [0, 1], 1: Set([1, 29, 30, 42, 54, 56, 58, 97, 100, 125, 126, 15, 16, 28, 44, 57, 103, 105, 106, 108, 96])]
        if let c = capsLED { d.codes[0x11] = [0, 1, 2]; d.leds[1] = c }
        return d
    }

    /// A clickpad like the Elantech recording: 0…3260 × 0…2282 at 32 units/mm, 5 slots.
    static func clickpad(resolution: Int32 = 32, maxX: Int32 = 3260, maxY: Int32 = 2282, minX: Int32 = 0, minY: Int32 = 0) -> DeviceDescription {
        var d = DeviceDescription(name: "pad")
        d.properties = [0, 2]
        d.codes = [0: [0, 1, 3], 1: [272, 325, 330, 333, 334], 3: [0, 1, 0x2f, 0x35, 0x36, 0x37, 0x39]]
        d.absInfo = [
            0: AbsInfo(minimum: minX, maximum: maxX, resolution: resolution), 1: AbsInfo(minimum: minY, maximum: maxY, resolution: resolution),
            0x2f: AbsInfo(minimum: 0, maximum: 4), 0x35: AbsInfo(minimum: minX, maximum: maxX, resolution: resolution),
            0x36: AbsInfo(minimum: minY, maximum: maxY, resolution: resolution), 0x37: AbsInfo(minimum: 0, maximum: 2),
            0x39: AbsInfo(minimum: 0, maximum: 65535),
        ]
        return d
    }

    /// A frame: the events at time `t` (seconds) followed by SYN_REPORT.
    static func frame(_ t: Double, _ evs: [(UInt16, UInt16, Int32)], syn: Int32 = 0) -> [EvdevEvent] {
        let us = Int64((t * 1_000_000).rounded())
        let mk = { (e: (UInt16, UInt16, Int32)) in EvdevEvent(sec: us / 1_000_000, usec: Int32(us % 1_000_000), type: e.0, code: e.1, value: e.2) }
        return evs.map(mk) + [mk((0, 0, syn))]
    }

    /// One device alone in a seat, decoded for the simulator.
    struct Device {
        var merger: InputMerger
        init(_ d: DeviceDescription, configuration: DecoderConfiguration) { merger = InputMerger(devices: [d], configuration: configuration) }
        mutating func feed(_ e: EvdevEvent) -> [PointerEvent] { merger.feed(device: 0, e) }
        mutating func resync(_ events: [EvdevEvent]) -> [PointerEvent] { merger.resync(device: 0, events) }
        var modifiers: ModifierFlags { merger.modifiers }
    }

    static func feed(_ d: inout Device, _ events: [EvdevEvent]) -> [PointerEvent] {
        events.flatMap { d.feed($0) }
    }

    static func deltas(_ evs: [PointerEvent]) -> [Vector] {
        evs.compactMap { if case .delta(let v) = $0.kind { return v } else { return nil } }
    }
    static func scrolls(_ evs: [PointerEvent]) -> [Vector] {
        evs.compactMap { if case .scroll(let v) = $0.kind { return v } else { return nil } }
    }
}
