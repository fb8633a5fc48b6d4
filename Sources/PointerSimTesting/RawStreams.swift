import PointerSimInput

/// Raw evdev streams per device kind that decode cleanly (every frame ends
/// with `SYN_REPORT`, buttons are released, touches lifted, times
/// increase), for property tests of decoders: a mouse, a clickpad, a
/// trackpoint and a keyboard, each with its `DeviceDescription`.
public struct RawStreamGenerator: Sendable {
    /// The device kinds.
    public enum Kind: String, Sendable, CaseIterable { case mouse, clickpad, trackpoint, keyboard }
    /// The kind.
    public var kind: Kind
    /// The most frames (default 40).
    public var maxFrames: Int
    /// Creates a generator.
    public init(kind: Kind, maxFrames: Int = 40) { self.kind = kind; self.maxFrames = maxFrames }

    /// The device the stream is for.
    public var device: DeviceDescription {
        var d = DeviceDescription(name: "pointersim-testing \(kind.rawValue)")
        switch kind {
        case .mouse, .trackpoint:
            d.codes = [0: [0, 1], 1: [272, 273, 274], 2: [0, 1, 8, 11]]
            if kind == .trackpoint { d.properties = [0, 5]; d.codes[2] = [0, 1] }  // INPUT_PROP_POINTER, POINTING_STICK
        case .keyboard:
            d.codes = [0: [0, 1], 1: Set([1, 15, 28, 29, 30, 42, 44, 56, 57, 103, 105, 106, 108, 125])]
        case .clickpad:
            d.properties = [0, 2]  // INPUT_PROP_POINTER, BUTTONPAD
            d.codes = [0: [0, 1, 3], 1: [272, 325, 330, 333, 334], 3: [0, 1, 0x2f, 0x35, 0x36, 0x39]]
            d.absInfo = [
                0: AbsInfo(minimum: 0, maximum: 3260, resolution: 32), 1: AbsInfo(minimum: 0, maximum: 2282, resolution: 32),
                0x2f: AbsInfo(minimum: 0, maximum: 4), 0x35: AbsInfo(minimum: 0, maximum: 3260, resolution: 32),
                0x36: AbsInfo(minimum: 0, maximum: 2282, resolution: 32), 0x39: AbsInfo(minimum: 0, maximum: 65535),
            ]
        }
        return d
    }

    /// A stream: frames 8 ms to 300 ms apart.
    public func events<R: RandomNumberGenerator>(using rng: inout R) -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        var us: Int64 = 1_000_000
        func frame(_ evs: [(UInt16, UInt16, Int32)]) {
            us += [8_000, 8_000, 16_000, 300_000].randomElement(using: &rng)!
            for e in evs + [(0, 0, 0)] { out.append(EvdevEvent(sec: us / 1_000_000, usec: Int32(us % 1_000_000), type: e.0, code: e.1, value: e.2)) }
        }
        let n = Int.random(in: 1...max(1, maxFrames), using: &rng)
        switch kind {
        case .mouse, .trackpoint:
            var down = false
            for _ in 0..<n {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: down.toggle(); frame([(1, 272, down ? 1 : 0)])
                case 1 where kind == .mouse: frame([(2, 8, [-1, 1].randomElement(using: &rng)!)])
                default:
                    // Zero-length moves are left out: the kernel never sends them.
                    let dx = Int32.random(in: -6...6, using: &rng), dy = Int32.random(in: -6...6, using: &rng)
                    var evs: [(UInt16, UInt16, Int32)] = []
                    if dx != 0 { evs.append((2, 0, dx)) }
                    if dy != 0 { evs.append((2, 1, dy)) }
                    if !evs.isEmpty { frame(evs) }
                }
            }
            if down { frame([(1, 272, 0)]) }
        case .keyboard:
            var held: [UInt16] = []
            for _ in 0..<n {
                if let k = held.last, Bool.random(using: &rng) {
                    held.removeLast(); frame([(1, k, 0)])
                } else {
                    let k = [1, 15, 28, 29, 30, 42, 44, 56, 57, 103, 105, 106, 108, 125].randomElement(using: &rng)! as UInt16
                    if !held.contains(k) { held.append(k); frame([(1, k, 1)]) }
                }
            }
            for k in held.reversed() { frame([(1, k, 0)]) }
        case .clickpad:
            var x = Int32.random(in: 500...2700, using: &rng), y = Int32.random(in: 400...1800, using: &rng)
            var id: Int32 = 1
            var touching = false, clicked = false
            for _ in 0..<n {
                if !touching {
                    touching = true
                    frame([(3, 0x2f, 0), (3, 0x39, id), (3, 0x35, x), (3, 0x36, y), (1, 330, 1), (1, 325, 1), (3, 0, x), (3, 1, y)])
                    continue
                }
                switch Int.random(in: 0..<8, using: &rng) {
                case 0 where !clicked: clicked = true; frame([(1, 272, 1)])
                case 1 where clicked: clicked = false; frame([(1, 272, 0)])
                case 2 where !clicked:
                    touching = false; id += 1
                    frame([(3, 0x2f, 0), (3, 0x39, -1), (1, 330, 0), (1, 325, 0)])
                default:
                    x = min(3260, max(0, x + Int32.random(in: -40...40, using: &rng)))
                    y = min(2282, max(0, y + Int32.random(in: -40...40, using: &rng)))
                    frame([(3, 0x2f, 0), (3, 0x35, x), (3, 0x36, y), (3, 0, x), (3, 1, y)])
                }
            }
            if clicked { frame([(1, 272, 0)]) }
            if touching { frame([(3, 0x2f, 0), (3, 0x39, -1), (1, 330, 0), (1, 325, 0)]) }
        }
        return out
    }
}
