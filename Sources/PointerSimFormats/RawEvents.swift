import PointerSimCore
import PointerSimInput

/// One item of a raw recording: an event of one of its devices, or the
/// removal (unplug) of a device.
public enum RawItem: Sendable, Hashable {
    /// An event of device `device` (an index into the reader's `devices`).
    case event(device: Int, EvdevEvent)
    /// Device `device` went away at a time (µs).
    case removed(device: Int, microseconds: Int64)

    /// The time in µs (for merging by timestamp).
    @inlinable public var microseconds: Int64 {
        switch self {
        case .event(_, let e): e.sec &* 1_000_000 &+ Int64(e.usec)
        case .removed(_, let t): t
        }
    }
}

/// A raw recording read lazily: the descriptions of its devices, then its
/// events in file order (per device, times never decrease).
public protocol RawEventReader: AnyObject {
    /// The devices of the recording.
    var devices: [DeviceDescription] { get }
    /// The next item, or `nil` at the end.
    /// - Throws: ``InputError`` (65 with the file and line) for malformed input.
    func next() throws -> RawItem?
}

/// Raw recordings decoded into pointer events through one ``InputMerger``
/// (so modifiers held on one device's keyboard apply to another's pointer),
/// merged by timestamp (ties keep the order of the readers). Memory is
/// bounded: one pending item per reader plus one frame's output.
public final class DecodedEventSource: PointerEventSource {
    private let readers: [any RawEventReader]
    private let base: [Int]
    private var heads: [RawItem?]
    private var primed = false
    private var merger: InputMerger?
    private var pending: [PointerEvent] = []
    private var pendingIndex = 0
    /// The time of the earliest raw item (seconds), known after the first ``next()``.
    public private(set) var startTime: Double? = nil
    private var deferredError: (any Error)? = nil
    private var finished = false
    private var timersFlushed = false
    /// Pointer events decoded ahead per refill (bounded memory).
    static let lookahead = 256
    /// The number of raw events read so far.
    public private(set) var rawEventCount = 0

    /// Creates a source.
    public init(readers: [any RawEventReader], names: [String], configuration: DecoderConfiguration) {
        self.readers = readers
        var b: [Int] = [], all: [DeviceDescription] = []
        for r in readers { b.append(all.count); all.append(contentsOf: r.devices) }
        base = b
        heads = Array(repeating: nil, count: readers.count)
        merger = InputMerger(devices: all, configuration: configuration)
        pending.reserveCapacity(8)
    }

    /// The next pointer event.
    /// - Complexity: amortised O(number of readers) per raw event.
    public func next() throws -> PointerEvent? {
        if pendingIndex < pending.count {
            defer { pendingIndex += 1 }
            return pending[pendingIndex]
        }
        if !primed {
            primed = true
            for i in readers.indices { heads[i] = try readers[i].next() }
            if let t = heads.compactMap({ $0?.microseconds }).min() { startTime = Double(t) / 1_000_000 }
        }
        if let e = deferredError { deferredError = nil; finished = true; throw e }
        if finished { return nil }
        pending.removeAll(keepingCapacity: true); pendingIndex = 0
        // Work on local copies (unique, so no copy-on-write) and store them back.
        guard var m = merger else { return nil }
        merger = nil
        var h = heads
        heads = []
        var count = rawEventCount
        defer { merger = m; heads = h; rawEventCount = count }
        // Decode ahead into `pending` (at most `Self.lookahead` events plus one
        // frame's output) so the bookkeeping above is paid once per batch.
        var buffer = pending
        pending = []
        defer { pending = buffer }
        do {
            try decodeAhead(&buffer, &m, &h, &count)
            if !timersFlushed && h.allSatisfy({ $0 == nil }) {
                // The end: libinput's pending timers (a debounced release,
                // a button-scroll end) still fire.
                timersFlushed = true
                m.finish(into: &buffer)
            }
        } catch {
            // Events decoded before a malformed line come out first.
            if buffer.isEmpty { finished = true; throw error }
            deferredError = error
        }
        guard !buffer.isEmpty else { return nil }
        pendingIndex = 1
        return buffer[0]
    }

    private func decodeAhead(_ buffer: inout [PointerEvent], _ m: inout InputMerger, _ h: inout [RawItem?], _ count: inout Int) throws {
        if readers.count == 1 {
            let r = readers[0]
            // Feed before reading on, so an error in the next line cannot
            // hold back the frame this item completes.
            while buffer.count < Self.lookahead, let item = h[0] {
                h[0] = nil
                switch item {
                case .event(let d, let e):
                    count += 1
                    let out = m.feed(device: d, e)
                    if !out.isEmpty { buffer.append(contentsOf: out) }
                case .removed(let d, let t):
                    buffer.append(contentsOf: m.removeDevice(d, at: Double(t) / 1_000_000))
                }
                h[0] = try r.next()
            }
            return
        }
        while true {
            var best = -1
            var bestTime = Int64.max
            for i in h.indices {
                if let it = h[i] {
                    let t = it.microseconds
                    if best < 0 || t < bestTime { best = i; bestTime = t }
                }
            }
            guard best >= 0, let item = h[best] else { break }
            h[best] = nil
            let out: [PointerEvent]
            switch item {
            case .event(let d, let e):
                count += 1
                out = m.feed(device: base[best] + d, e)
            case .removed(let d, let t):
                out = m.removeDevice(base[best] + d, at: Double(t) / 1_000_000)
            }
            buffer.append(contentsOf: out)
            h[best] = try readers[best].next()
            if buffer.count >= Self.lookahead { break }
        }
    }
}

/// Byte-level number parsing for the line formats.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    init(_ b: UnsafeBufferPointer<UInt8>, at i: Int = 0) { bytes = b; self.i = i }
    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }
    mutating func skipSpaces() { while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 } }
    /// Whether only spaces (or a `#` comment) remain.
    mutating func atLineEnd() -> Bool {
        skipSpaces()
        return i >= bytes.count || bytes[i] == UInt8(ascii: "#")
    }
    /// An unsigned decimal number (at most 18 digits, at most `maxValue`) and its digit count.
    mutating func decimal(maxValue: UInt64 = UInt64(Int64.max)) -> (value: UInt64, digits: Int)? {
        var v: UInt64 = 0
        let s = i, n = bytes.count
        while i < n {
            let d = bytes[i] &- 48
            if d > 9 { break }
            v = v &* 10 &+ UInt64(d)
            i += 1
            if i - s > 18 { return nil }
        }
        return i == s || v > maxValue ? nil : (v, i - s)
    }
    /// A signed decimal fitting 32 bits, or `nil`; `overflow` tells a number that was too large.
    mutating func int32(overflow: inout Bool) -> Int32? {
        var neg = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { neg = true; i += 1 } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") { i += 1 }
        let start = i
        guard let d = decimal(maxValue: 1 << 40) else {
            if i > start || (i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57) { overflow = true }
            return nil
        }
        let v = neg ? -Int64(d.value) : Int64(d.value)
        guard v >= Int64(Int32.min), v <= Int64(Int32.max) else { overflow = true; return nil }
        return Int32(v)
    }
    /// A hexadecimal number (no `0x`) up to `maxValue`.
    mutating func hex(maxValue: UInt64) -> UInt64? {
        var v: UInt64 = 0, n = 0
        while i < bytes.count {
            let c = bytes[i]
            let d: UInt64
            switch c {
            case 48...57: d = UInt64(c - 48)
            case 97...102: d = UInt64(c - 87)
            case 65...70: d = UInt64(c - 55)
            default: return n == 0 || v > maxValue ? nil : v
            }
            v = v &* 16 &+ d; n += 1; i += 1
            if n > 16 { return nil }
        }
        return n == 0 || v > maxValue ? nil : v
    }
    mutating func expect(_ c: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1; return true
    }
}
