import PointerSimCore
import PointerSimInput

/// The evemu text format (`evemu-record`, formats 1.0–1.3;
/// docs/Formats/Recordings.md): `N:`/`I:`/`P:`/`B:`/`A:`/`L:`/`S:` description lines,
/// then `E: <sec>.<usec> <type hex> <code hex> <value decimal>` event lines.
/// Both the single-file form and the old split `.desc` + `.events` form are
/// read. A comment line `# pointersim: device removed <sec>.<usec>` (our
/// extension, ignored by evemu itself) marks an unplug.
public enum EvemuFormat {
    /// The header written by ``renderDescription(_:)``.
    @usableFromInline package static let header = "# EVEMU 1.3"
    /// The comment that marks a device removal (followed by ` <sec>.<usec>`).
    @usableFromInline package static let removalMarker = "# pointersim: device removed"
    /// The most `B:` lines of one event type, and the most `P:` lines, in a
    /// description: 16 lines of 64 bits, codes 0…0x3ff (the kernel's largest
    /// type, EV_KEY, ends at KEY_MAX 0x2ff: 12 lines). More is refused.
    @usableFromInline package static let maxMaskLines = 16

    /// Parses a whole recording in memory (for tests and small files).
    /// - Throws: ``InputError`` (`malformed`, with the line) for malformed text.
    public static func parse(_ text: String, file: String = "<evemu>") throws -> (description: DeviceDescription, events: [EvdevEvent]) {
        var p = Parser(file: file)
        var events: [EvdevEvent] = []
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            var bytes = Array(line.utf8)
            if bytes.last == 13 { bytes.removeLast() }
            if let item = try bytes.withUnsafeBufferPointer({ try p.parse(line: $0, number: n) }), case .event(_, let e) = item {
                events.append(e)
            }
        }
        try p.finishDescription(line: n)
        return (p.description, events)
    }

    /// The description in format 1.3: header, name comment, `N:`, `I:`, `P:`,
    /// `B:` (whole bitmasks, 8 bytes a line), `A:` with resolution, `L:`, `S:`.
    public static func renderDescription(_ d: DeviceDescription) -> String {
        var s = header + "\n"
        s += "# Input device name: \"\(d.name)\"\n"
        s +=
            "# Input device ID: bus 0x\(hex(d.bustype, 2)) vendor 0x\(hex(d.vendor, 2)) product 0x\(hex(d.product, 2)) version 0x\(hex(d.version, 2))\n"
        s += "N: \(d.name)\n"
        s += "I: \(hex(d.bustype, 4)) \(hex(d.vendor, 4)) \(hex(d.product, 4)) \(hex(d.version, 4))\n"
        let propMax = Int(d.properties.max() ?? 0)
        for lineIndex in 0...(propMax / 64) {
            s += "P:" + maskLine(d.properties, offset: lineIndex * 64) + "\n"
        }
        for type in d.codes.keys.sorted() {
            guard let codes = d.codes[type], !codes.isEmpty else { continue }
            let maxCode = Swift.max(Int(EventCodes.maxCode(type: type)), Int(codes.max() ?? 0))
            for lineIndex in 0...(maxCode / 64) {
                s += "B: \(hex(type, 2))" + maskLine(codes, offset: lineIndex * 64) + "\n"
            }
        }
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            s += "A: \(hex(code, 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        for code in d.leds.keys.sorted() { s += "L: \(hex(code, 2)) \(d.leds[code]!)\n" }
        for code in d.switches.keys.sorted() { s += "S: \(hex(code, 2)) \(d.switches[code]!)\n" }
        return s
    }

    /// One event line, `E: sec.usec tttt cccc value` (value zero-padded to 4
    /// characters as evemu's `%04d`), a tab and a `# EV_TYPE / CODE value` comment.
    public static func renderEvent(_ e: EvdevEvent) -> String {
        var v = String(e.value.magnitude)
        let width = e.value < 0 ? 3 : 4
        if v.count < width { v = String(repeating: "0", count: width - v.count) + v }
        if e.value < 0 { v = "-" + v }
        var usec = String(e.usec)
        if usec.count < 6 { usec = String(repeating: "0", count: 6 - usec.count) + usec }
        var s = "E: \(e.sec).\(usec) \(hex(e.type, 4)) \(hex(e.code, 4)) \(v)\t# "
        if e.type == 0 && e.code == 0 {
            s += "------------ SYN_REPORT (\(e.value)) ----------"
        } else {
            let tn = EventCodes.typeName(e.type) ?? "\(e.type)"
            let cn = EventCodes.describe(type: e.type, code: e.code)
            s += "\(tn) / \(cn) \(e.value)"
        }
        return s
    }

    /// The removal marker line for a time.
    public static func renderRemoval(sec: Int64, usec: Int32) -> String {
        var u = String(usec)
        if u.count < 6 { u = String(repeating: "0", count: 6 - u.count) + u }
        return "\(removalMarker) \(sec).\(u)"
    }

    static func hex<T: BinaryInteger>(_ v: T, _ width: Int) -> String {
        var s = String(v, radix: 16)
        if s.count < width { s = String(repeating: "0", count: width - s.count) + s }
        return s
    }

    static func maskLine(_ bits: Set<UInt16>, offset: Int) -> String {
        var s = ""
        for byte in 0..<8 {
            var b = 0
            for bit in 0..<8 where bits.contains(UInt16(offset + byte * 8 + bit)) { b |= 1 << bit }
            s += " " + hex(b, 2)
        }
        return s
    }

    /// The line parser shared by the in-memory and streaming readers.
    struct Parser {
        let file: String
        var description = DeviceDescription(name: "")
        var sawName = false
        var sawEvent = false
        var eventsOnly = false
        var lastBType: UInt16? = nil
        var bOffset = 0
        var pOffset = 0
        var lastTime: Int64 = Int64.min
        var lastLineKind: UInt8 = 0

        init(file: String, eventsOnly: Bool = false) { self.file = file; self.eventsOnly = eventsOnly }

        func fail(_ n: Int, _ m: String) -> InputError { InputError.malformed(file, line: n, m) }

        /// Called when the description must be complete.
        func finishDescription(line n: Int) throws {
            if !sawName && !eventsOnly { throw fail(n, "no device description: expected an \"N: <name>\" line before the events") }
        }

        mutating func parse(line b: UnsafeBufferPointer<UInt8>, number n: Int, device: Int = 0) throws -> RawItem? {
            if let e = usualEvent(b) { return .event(device: device, e) }
            var c = ByteCursor(b)
            c.skipSpaces()
            if c.atEnd { return nil }
            if c.peek == UInt8(ascii: "#") {
                if b.count > EvemuFormat.removalMarker.utf8.count, b.starts(with: EvemuFormat.removalMarker.utf8) {
                    c.i = EvemuFormat.removalMarker.utf8.count
                    c.skipSpaces()
                    let t = try time(&c, n)
                    return .removed(device: device, microseconds: t)
                }
                return nil
            }
            guard c.i + 1 < b.count, b[c.i + 1] == UInt8(ascii: ":") else {
                throw fail(n, "expected an evemu line (N:, I:, P:, B:, A:, L:, S: or E:), found \"\(InputError.excerpt(bytes: b))\"")
            }
            let kind = c.peek
            c.i += 2
            if kind == UInt8(ascii: "E") {
                sawEvent = true
                if !eventsOnly && !sawName { throw fail(n, "event before the device description (expected an \"N: <name>\" line first)") }
                return .event(device: device, try event(&c, n))
            }
            if eventsOnly { throw fail(n, "expected an event line \"E: <sec>.<usec> <type> <code> <value>\" in an events file") }
            if sawEvent { throw fail(n, "description line \(Character(UnicodeScalar(kind))): after the events") }
            if kind != UInt8(ascii: "B") { lastBType = nil }
            switch kind {
            case UInt8(ascii: "N"):
                c.skipSpaces()
                description.name = String(decoding: UnsafeBufferPointer(rebasing: b[c.i...]), as: UTF8.self).trimmingSpaces()
                sawName = true
            case UInt8(ascii: "I"):
                var ids: [UInt16] = []
                for _ in 0..<4 {
                    c.skipSpaces()
                    guard let v = c.hex(maxValue: 0xffff) else { throw fail(n, "I: expects 4 hexadecimal numbers (bus vendor product version)") }
                    ids.append(UInt16(v))
                }
                guard c.atLineEnd() else { throw fail(n, "I: expects exactly 4 hexadecimal numbers") }
                description.bustype = ids[0]; description.vendor = ids[1]; description.product = ids[2]; description.version = ids[3]
            case UInt8(ascii: "P"):
                guard pOffset < EvemuFormat.maxMaskLines * 64 else {
                    throw fail(n, "too many P: lines: at most \(EvemuFormat.maxMaskLines) (properties 0…\(EvemuFormat.maxMaskLines * 64 - 1))")
                }
                let bytes = try maskBytes(&c, n, "P:")
                for (i, byte) in bytes.enumerated() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 { description.properties.insert(UInt16(pOffset + i * 8 + bit)) }
                }
                pOffset += 64
            case UInt8(ascii: "B"):
                c.skipSpaces()
                guard let t = c.hex(maxValue: 0x1f) else { throw fail(n, "B: expects an event type (hexadecimal) and 8 bytes") }
                if lastBType == UInt16(t) { bOffset += 64 } else { bOffset = 0; lastBType = UInt16(t) }
                guard bOffset < EvemuFormat.maxMaskLines * 64 else {
                    throw fail(
                        n,
                        "too many B: \(EvemuFormat.hex(t, 2)) lines: at most \(EvemuFormat.maxMaskLines) for one event type (codes 0…\(EvemuFormat.maxMaskLines * 64 - 1))"
                    )
                }
                let bytes = try maskBytes(&c, n, "B: \(EvemuFormat.hex(t, 2))")
                for (i, byte) in bytes.enumerated() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 { description.codes[UInt16(t), default: []].insert(UInt16(bOffset + i * 8 + bit)) }
                }
            case UInt8(ascii: "A"):
                c.skipSpaces()
                guard let code = c.hex(maxValue: 0x3f) else { throw fail(n, "A: expects an axis code (hexadecimal, 00–3f)") }
                var nums: [Int32] = []
                while !c.atLineEnd() {
                    var ovf = false
                    guard let v = c.int32(overflow: &ovf) else {
                        throw fail(n, ovf ? "A: value does not fit in 32 bits" : "A: expects decimal numbers: min max fuzz flat [resolution]")
                    }
                    nums.append(v)
                }
                guard nums.count == 4 || nums.count == 5 else {
                    throw fail(n, "A: expects 4 or 5 numbers after the code (min max fuzz flat [resolution]), found \(nums.count)")
                }
                description.absInfo[UInt16(code)] = AbsInfo(
                    minimum: nums[0],
                    maximum: nums[1],
                    fuzz: nums[2],
                    flat: nums[3],
                    resolution: nums.count == 5 ? nums[4] : 0
                )
                description.codes[EventCodes.EV_ABS, default: []].insert(UInt16(code))
            case UInt8(ascii: "L"), UInt8(ascii: "S"):
                c.skipSpaces()
                guard let code = c.hex(maxValue: 0xffff) else {
                    throw fail(n, "\(Character(UnicodeScalar(kind))): expects a code (hexadecimal) and a state")
                }
                c.skipSpaces()
                var ovf = false
                guard let v = c.int32(overflow: &ovf), c.atLineEnd() else {
                    throw fail(n, "\(Character(UnicodeScalar(kind))): expects a code (hexadecimal) and a decimal state")
                }
                if kind == UInt8(ascii: "L") { description.leds[UInt16(code)] = v } else { description.switches[UInt16(code)] = v }
            default:
                throw fail(n, "unknown evemu line \"\(Character(UnicodeScalar(kind))):\" (expected N:, I:, P:, B:, A:, L:, S: or E:)")
            }
            return nil
        }

        func maskBytes(_ c: inout ByteCursor, _ n: Int, _ what: String) throws -> [UInt8] {
            var bytes: [UInt8] = []
            while !c.atLineEnd() {
                guard let v = c.hex(maxValue: 0xff) else { throw fail(n, "\(what) expects 8 hexadecimal bytes") }
                bytes.append(UInt8(v))
            }
            guard bytes.count == 8 else { throw fail(n, "\(what) expects 8 hexadecimal bytes, found \(bytes.count)") }
            return bytes
        }

        mutating func time(_ c: inout ByteCursor, _ n: Int) throws -> Int64 {
            let start = c.i
            guard let s = c.decimal() else {
                while c.i < c.bytes.count, c.bytes[c.i] &- 48 <= 9 { c.i += 1 }
                if c.i > start {
                    throw fail(n, InputClock.beyondRange("\"\(InputError.excerpt(bytes: UnsafeBufferPointer(rebasing: c.bytes[start..<c.i])))\""))
                }
                throw fail(n, "expected a time <seconds>.<microseconds>")
            }
            var usec: UInt64 = 0
            if c.expect(UInt8(ascii: ".")) {
                guard let u = c.decimal(maxValue: 999_999), u.digits <= 6 else {
                    throw fail(n, "expected microseconds (up to 6 digits) after the seconds' dot")
                }
                usec = u.value
                for _ in u.digits..<6 { usec *= 10 }
                if u.digits < 6 {}  // "1.5" means 1.500000
            } else {
                throw fail(n, "expected a time <seconds>.<microseconds>")
            }
            guard s.value <= UInt64(InputClock.maximumSeconds) else {
                throw fail(n, InputClock.beyondRange("\(s.value).\(EvemuFormat.pad6(usec))"))
            }
            let t = Int64(s.value) * 1_000_000 + Int64(usec)
            guard t >= lastTime else {
                throw fail(
                    n,
                    "time \(s.value).\(EvemuFormat.pad6(usec)) goes backwards (the previous event was at \(lastTime / 1_000_000).\(EvemuFormat.pad6(UInt64(lastTime % 1_000_000))))"
                )
            }
            lastTime = t
            return t
        }

        /// The usual event line, exactly as evemu writes it (`E: <sec>.<6
        /// digits> <4 hex digits> <4 hex digits> <value>`, single spaces,
        /// nothing after the value but spaces and a comment, a time within
        /// range that does not go back), read in one pass over the bytes; `nil`, with nothing
        /// changed, for any other line, which the general parser then reads
        /// (and reports, if it is wrong). The event is the one the general
        /// parser makes of the same line.
        /// - Complexity: O(line length).
        @inline(__always)
        mutating func usualEvent(_ b: UnsafeBufferPointer<UInt8>) -> EvdevEvent? {
            // The shortest: "E: 0.000000 0000 0000 0".
            guard let p = b.baseAddress, b.count >= 23, p[0] == UInt8(ascii: "E"), p[1] == UInt8(ascii: ":"), p[2] == UInt8(ascii: " "),
                sawName || eventsOnly
            else { return nil }
            let n = b.count
            var i = 3
            var sec: Int64 = 0
            while i < n {
                let d = p[i] &- 48
                if d > 9 { break }
                sec = sec &* 10 &+ Int64(d)
                i &+= 1
            }
            // 1 to 10 digits, a dot, 6 digits, then " hhhh hhhh " and a value.
            guard i > 3, i <= 13, sec <= InputClock.maximumSeconds, i &+ 18 < n, p[i] == UInt8(ascii: ".") else { return nil }
            // The six digits at once: eight bytes read (the line goes on for
            // at least 18 more), each of the six checked to be '0'…'9' (high
            // nibble 3, low nibble at most 9), then paired and summed.
            let word = UnsafeRawPointer(p + (i &+ 1)).loadUnaligned(as: UInt64.self).littleEndian & 0xFFFF_FFFF_FFFF
            guard word & 0xF0F0_F0F0_F0F0 == 0x3030_3030_3030, (word &+ 0x0606_0606_0606) & 0xF0F0_F0F0_F0F0 == 0x3030_3030_3030 else { return nil }
            let digits = word &- 0x3030_3030_3030
            let pairs = (digits &* 10 &+ (digits >> 8)) & 0xFF_00FF_00FF  // d0d1, d2d3, d4d5 in bytes 0, 2, 4
            let usec = Int32(truncatingIfNeeded: (pairs & 0xFF) &* 10_000 &+ ((pairs >> 16) & 0xFF) &* 100 &+ (pairs >> 32))
            i &+= 7
            guard p[i] == UInt8(ascii: " "), p[i &+ 5] == UInt8(ascii: " "), p[i &+ 10] == UInt8(ascii: " ") else { return nil }
            @inline(__always) func hex4(_ at: Int) -> UInt16? {
                // Four decimal digits (nearly every type and code): one
                // 4-byte load, checked as the microseconds are, the nibbles packed.
                let w = UnsafeRawPointer(p + at).loadUnaligned(as: UInt32.self).littleEndian
                if w & 0xF0F0_F0F0 == 0x3030_3030, (w &+ 0x0606_0606) & 0xF0F0_F0F0 == 0x3030_3030 {
                    let d = w & 0x0F0F_0F0F
                    let t = (d &<< 4 | d &>> 8) & 0x00FF_00FF  // d0d1 in byte 0, d2d3 in byte 2
                    return UInt16(truncatingIfNeeded: (t & 0xFF) &<< 8 | t &>> 16)
                }
                var v: UInt16 = 0
                for k in 0..<4 {
                    let c = p[at &+ k]
                    var d = c &- 48  // '0'…'9' → 0…9; anything below '0' wraps past 9
                    if d > 9 {
                        d = (c | 0x20) &- 97  // 'a'…'f' and 'A'…'F' → 0…5
                        guard d <= 5 else { return nil }
                        d &+= 10
                    }
                    v = v &<< 4 | UInt16(d)
                }
                return v
            }
            guard let type = hex4(i &+ 1), let code = hex4(i &+ 6) else { return nil }
            i &+= 11
            let negative = p[i] == UInt8(ascii: "-")
            if negative { i &+= 1 }
            let start = i
            var v: Int64 = 0
            // Four digits and then no digit (evemu's "%04d"): one 4-byte load.
            if i &+ 4 < n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self).littleEndian
                if w & 0xF0F0_F0F0 == 0x3030_3030, (w &+ 0x0606_0606) & 0xF0F0_F0F0 == 0x3030_3030, p[i &+ 4] &- 48 > 9 {
                    let d = w & 0x0F0F_0F0F
                    let pairs = (d &* 10 &+ d &>> 8) & 0x00FF_00FF  // d0d1 in byte 0, d2d3 in byte 2
                    v = Int64((pairs & 0xFF) &* 100 &+ pairs &>> 16)
                    i &+= 4
                }
            }
            while i < n {
                let d = p[i] &- 48
                if d > 9 { break }
                v = v &* 10 &+ Int64(d)
                i &+= 1
            }
            // Up to 9 digits: within 32 bits whatever they are.
            guard i > start, i &- start <= 9 else { return nil }
            // Then the end of the line, or spaces and perhaps a comment (evemu
            // writes one naming the event after a tab).
            if i < n {
                guard p[i] == 32 || p[i] == 9 else { return nil }
                while i < n, p[i] == 32 || p[i] == 9 { i &+= 1 }
                guard i == n || p[i] == UInt8(ascii: "#") else { return nil }
            }
            let t = sec &* 1_000_000 &+ Int64(usec)
            guard t >= lastTime else { return nil }
            lastTime = t
            sawEvent = true
            return EvdevEvent(sec: sec, usec: usec, type: type, code: code, value: Int32(truncatingIfNeeded: negative ? -v : v))
        }

        mutating func event(_ c: inout ByteCursor, _ n: Int) throws -> EvdevEvent {
            let usage = "E: expects <sec>.<usec> <type hex> <code hex> <value decimal>"
            c.skipSpaces()
            let t = try time(&c, n)
            c.skipSpaces()
            guard let type = c.hex(maxValue: 0xffff) else { throw fail(n, "\(usage): missing or bad type") }
            c.skipSpaces()
            guard let code = c.hex(maxValue: 0xffff) else { throw fail(n, "\(usage): missing or bad code (truncated line?)") }
            c.skipSpaces()
            var ovf = false
            guard let v = c.int32(overflow: &ovf) else {
                throw fail(n, ovf ? "E: value does not fit in 32 bits" : "\(usage): missing or bad value (truncated line?)")
            }
            guard c.atLineEnd() else { throw fail(n, "\(usage): unexpected text after the value") }
            return EvdevEvent(sec: t / 1_000_000, usec: Int32(t % 1_000_000), type: UInt16(type), code: UInt16(code), value: v)
        }
    }

    static func pad6(_ u: UInt64) -> String {
        let s = String(u)
        return String(repeating: "0", count: Swift.max(0, 6 - s.count)) + s
    }
}

/// Reads an evemu recording lazily: the description at creation, then its
/// events in batches. Memory is bounded by the line reader's chunk.
public final class EvemuReader: RawEventReader, RawEventStream {
    /// The one device.
    public let devices: [DeviceDescription]
    /// The one stream: this reader.
    public var streams: [any RawEventStream] { [self] }
    private let lines: LineReader
    private var parser: EvemuFormat.Parser
    private var first: RawItem?
    /// The device index written into the items.
    private let device: Int
    /// Lines parsed per batch (bounded memory).
    static let batchSize = 4096

    /// Reads a single-file recording, or the split form (`lines` holds the
    /// description, `events` the events), from readers already open (the
    /// format was recognised from their first bytes). Items name `device`.
    /// - Throws: ``InputError`` if the description is malformed.
    @usableFromInline package init(_ lines: LineReader, events: LineReader? = nil, device: Int = 0) throws {
        var parser = EvemuFormat.Parser(file: lines.input.name)
        var first: RawItem? = nil
        var more = true
        // The description: line by line until the first event.
        while first == nil && more {
            more = try lines.forEachLine(upTo: 1) { line, n in first = try parser.parse(line: line, number: n, device: device) }
        }
        try parser.finishDescription(line: lines.lineNumber)
        devices = [parser.description]
        if let ev = events {
            if first != nil {
                throw InputError.malformed(
                    lines.input.name,
                    line: lines.lineNumber,
                    "this evemu file already has events; \(ev.input.name) cannot be its events file"
                )
            }
            let desc = parser.description
            parser = EvemuFormat.Parser(file: ev.input.name, eventsOnly: true)
            parser.description = desc
            self.lines = ev
        } else {
            self.lines = lines
        }
        self.parser = parser; self.first = first; self.device = device
    }

    /// Opens a single-file recording, or the split form (`path` holds the
    /// description, `eventsPath` the events).
    /// - Throws: ``InputError``: `cannotOpen`, or `malformed`.
    public convenience init(path: String, eventsPath: String? = nil) throws {
        try self.init(LineReader(InputFile(path: path)), events: try eventsPath.map { LineReader(try InputFile(path: $0)) })
    }

    /// Appends the next batch of events (and removal markers).
    /// - Complexity: O(length of the lines read).
    public func read(into items: inout [RawItem]) throws -> Bool {
        if let f = first { items.append(f); first = nil }
        var p = parser
        defer { parser = p }
        let d = device
        return try lines.forEachLine(upTo: Self.batchSize) { line, n in
            // The usual event line straight away; anything else through the general parser.
            if let e = p.usualEvent(line) { items.append(.event(device: d, e)); return }
            if let item = try p.parse(line: line, number: n, device: d) { items.append(item) }
        }
    }
}
