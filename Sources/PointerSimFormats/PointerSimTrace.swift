import PointerSimCore
import PointerSimInput

/// The hand-writable `pointersim-trace 1` format (docs/Formats/Trace.md): one event
/// per line, `<seconds> <event> <arguments…>`, `#` comments, blank lines
/// ignored, times never decreasing.
public enum PointerSimTrace {
    /// The header line.
    @usableFromInline package static let header = "pointersim-trace 1"

    /// The events and their arguments, for messages.
    static let grammar =
        "move X Y, delta DX DY, press BUTTON, release BUTTON, modifiers [FLAG…], scroll DX DY, cancel, invalidate REGION, removed DEVICE, key NAME"

    /// Parses trace text (for tests and in-memory use).
    public static func parse(_ text: String, file: String = "<trace>") throws -> [PointerEvent] {
        var parser = Parser(file: file)
        var out: [PointerEvent] = []
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            var bytes = Array(line.utf8)
            try bytes.withUnsafeMutableBufferPointer { try parser.parse(line: UnsafeBufferPointer($0), number: n, into: &out) }
        }
        guard parser.sawHeader else { throw InputError.malformed(file, line: nil, "empty trace: expected the header \"\(header)\"") }
        return out
    }

    /// Writes events in this format, exactly: the inverse of
    /// ``parse(_:file:)``. Every number is the shortest text that parses
    /// back to the same bits (`formatExactNumber(_:)`), so
    /// `parse(render(events)) == events` bit for bit, for events of finite
    /// numbers, times that never decrease, ids and names without spaces or
    /// `#`, and no `removed` while a button is held (the reader expands that
    /// into a cancel and releases).
    public static func render(_ events: [PointerEvent]) -> String {
        var s = header + "\n"
        for e in events {
            s += formatExactNumber(e.time) + " " + describe(e.kind, exact: true) + "\n"
        }
        return s
    }

    /// One event as a trace line writes it, without its time
    /// (`press primary`, `move 10 20`, `modifiers shift`): numbers with at
    /// most 3 decimals as the log writes them (`exact: false`, the comparison
    /// report's rendering), or exactly (`exact: true`, ``render(_:)``'s).
    @usableFromInline package static func describe(_ kind: PointerEvent.Kind, exact: Bool = false) -> String {
        func f(_ v: Double) -> String { exact ? formatExactNumber(v) : formatLogNumber(v) }
        switch kind {
        case .move(let p): return "move \(f(p.x)) \(f(p.y))"
        case .delta(let v): return "delta \(f(v.dx)) \(f(v.dy))"
        case .press(let b): return "press \(b.rawValue)"
        case .release(let b): return "release \(b.rawValue)"
        case .modifiers(let m): return (["modifiers"] + m.names).joined(separator: " ")
        case .scroll(let v): return "scroll \(f(v.dx)) \(f(v.dy))"
        case .cancel: return "cancel"
        case .invalidate(let r): return "invalidate \(r)"
        case .deviceRemoved(let d): return "removed \(d)"
        case .key(let k): return "key \(k)"
        }
    }

    /// A finite number written in decimal (`Double`'s syntax; a word with a
    /// NUL byte, where `Double` would stop, is refused). Plain decimals of at
    /// most 15 digits take an exact fast path (an integer divided by a power
    /// of ten, both exact doubles: the correctly rounded value, as `Double`).
    static func number(_ w: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, negative = false
        if i < w.count, w[i] == UInt8(ascii: "-") || w[i] == UInt8(ascii: "+") { negative = w[i] == UInt8(ascii: "-"); i += 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, sawPoint = false, intDigits = 0
        while i < w.count {
            let c = w[i]
            if c == UInt8(ascii: ".") && !sawPoint { sawPoint = true; i += 1; continue }
            let d = c &- 48
            guard d <= 9 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            if mantissa != 0 { digits += 1 }
            if sawPoint { fraction += 1 } else { intDigits += 1 }
            i += 1
        }
        if i == w.count, digits <= 15, intDigits > 0, !sawPoint || fraction > 0, fraction < powersOfTen.count {
            let v = Double(mantissa) / powersOfTen[fraction]
            return negative ? -v : v
        }
        guard !w.contains(0), let v = Double(String(decoding: w, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// A word as messages show it: a NUL byte as `\0`.
    static func visible(_ w: UnsafeBufferPointer<UInt8>) -> String { InputError.excerpt(bytes: w) }

    /// The line parser: one line in, at most one event out. Every event and
    /// its arguments are parsed in ``parse(line:number:)``; it works on the
    /// line's bytes (no string per line) so long traces stream quickly.
    struct Parser {
        let file: String
        var sawHeader = false
        var lastTime = -Double.infinity
        /// The buttons held, so that `removed` can end the press it was driving.
        var held: [PointerButton] = []
        /// The words of the current line (reused: no allocation per line).
        private var words: [Range<Int>] = []

        init(file: String) { self.file = file; words.reserveCapacity(8) }

        func fail(_ n: Int, _ message: String) -> InputError { InputError.malformed(file, line: n, message) }

        /// Appends the events of one line to `out`: none for blanks, comments
        /// and the header; `removed` while buttons are held first cancels the
        /// band they drive and releases them, as an unplugged device does.
        /// - Throws: ``InputError`` naming the line and what was expected.
        mutating func parse(line b: UnsafeBufferPointer<UInt8>, number n: Int, into out: inout [PointerEvent]) throws {
            // Words separated by spaces and tabs, up to a `#` comment.
            words.removeAll(keepingCapacity: true)
            var i = 0
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "#") { break }
                if c == 32 || c == 9 { i += 1; continue }
                let start = i
                while i < b.count, b[i] != 32, b[i] != 9, b[i] != UInt8(ascii: "#") { i += 1 }
                words.append(start..<i)
            }
            if words.isEmpty { return }
            func word(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: b[words[k]]) }
            func text(_ k: Int) -> String { String(decoding: word(k), as: UTF8.self) }
            /// A word as a message quotes it (a short excerpt).
            func quoted(_ k: Int) -> String { InputError.excerpt(bytes: word(k)) }
            func isWord(_ k: Int, _ s: StaticString) -> Bool {
                let w = word(k)
                return w.count == s.utf8CodeUnitCount && w.elementsEqual(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
            }
            if !sawHeader {
                guard words.count == 2, isWord(0, "pointersim-trace") else {
                    throw fail(n, "expected the header \"\(PointerSimTrace.header)\"")
                }
                guard isWord(1, "1") else { throw fail(n, "unsupported trace version \(quoted(1)) (expected 1)") }
                sawHeader = true
                return
            }
            guard let t = PointerSimTrace.number(word(0)), t >= 0 else {
                throw fail(n, "expected a time in seconds (a non-negative number), found \"\(PointerSimTrace.visible(word(0)))\"")
            }
            guard InputClock.contains(seconds: t) else { throw fail(n, InputClock.beyondRange(quoted(0))) }
            guard t >= lastTime else {
                throw fail(n, "time \(quoted(0)) goes backwards (the previous event was at \(formatLogNumber(lastTime)))")
            }
            guard words.count >= 2 else { throw fail(n, "expected an event after the time (\(grammar))") }
            let argc = words.count - 2
            func count(_ k: Int, _ usage: String) throws {
                guard argc == k else { throw fail(n, "\(text(1)) takes \(usage), found \(argc) argument\(argc == 1 ? "" : "s")") }
            }
            func num(_ k: Int) throws -> Double {
                guard let v = PointerSimTrace.number(word(2 + k)) else {
                    throw fail(n, "\(text(1)): expected a number, found \"\(PointerSimTrace.visible(word(2 + k)))\"")
                }
                return v
            }
            func button() throws -> PointerButton {
                try count(1, "a button (primary, secondary or middle)")
                guard let b = PointerButton(rawValue: text(2)) else {
                    throw fail(n, "\(text(1)): unknown button \"\(quoted(2))\" (expected primary, secondary or middle)")
                }
                return b
            }
            let kind: PointerEvent.Kind
            if isWord(1, "move") {
                try count(2, "X Y"); kind = .move(Point(x: try num(0), y: try num(1)))
            } else if isWord(1, "delta") {
                try count(2, "DX DY"); kind = .delta(Vector(dx: try num(0), dy: try num(1)))
            } else if isWord(1, "scroll") {
                try count(2, "DX DY"); kind = .scroll(Vector(dx: try num(0), dy: try num(1)))
            } else if isWord(1, "press") {
                kind = .press(try button())
            } else if isWord(1, "release") {
                kind = .release(try button())
            } else if isWord(1, "modifiers") {
                var flags: ModifierFlags = []
                for k in 0..<argc {
                    guard let f = ModifierFlags(name: text(2 + k)) else {
                        throw fail(n, "modifiers: unknown flag \"\(quoted(2 + k))\" (expected shift, control, option, command, capsLock)")
                    }
                    flags.insert(f)
                }
                kind = .modifiers(flags)
            } else if isWord(1, "cancel") {
                try count(0, "no arguments"); kind = .cancel
            } else if isWord(1, "invalidate") {
                try count(1, "a region id"); kind = .invalidate(text(2))
            } else if isWord(1, "removed") {
                try count(1, "a device name"); kind = .deviceRemoved(text(2))
            } else if isWord(1, "key") {
                try count(1, "a key name (left, right, up, down, space, return, escape, tab, a…z)")
                guard let k = Key(name: text(2)) else {
                    throw fail(n, "key: unknown key \"\(quoted(2))\" (expected left, right, up, down, space, return, escape, tab or a…z)")
                }
                kind = .key(k)
            } else {
                throw fail(n, "unknown event \"\(quoted(1))\" (expected \(grammar))")
            }
            lastTime = t
            switch kind {
            case .press(let b): if !held.contains(b) { held.append(b) }
            case .release(let b): held.removeAll { $0 == b }
            case .deviceRemoved where !held.isEmpty:
                out.append(PointerEvent(time: t, .cancel))
                for b in PointerButton.allCases where held.contains(b) { out.append(PointerEvent(time: t, .release(b))) }
                held.removeAll()
            default: break
            }
            out.append(PointerEvent(time: t, kind))
        }
    }
}

/// Reads a `pointersim-trace 1` file as it goes: lines are parsed in
/// batches, so memory stays flat whatever the length.
public final class TraceReader: PointerEventStream {
    private let lines: LineReader
    private var parser: PointerSimTrace.Parser
    /// Lines parsed per batch.
    static let batchSize = 4096

    /// Reads a trace from a reader already open (its format was recognised
    /// from its first bytes).
    @usableFromInline package init(_ lines: LineReader) {
        self.lines = lines
        parser = PointerSimTrace.Parser(file: lines.input.name)
    }

    /// A trace's times are on the trace clock.
    public var clockZero: Double { 0 }

    /// Appends the next batch of events.
    /// - Throws: ``InputError`` for a malformed line (after the events before it),
    ///   or for a file without the header.
    public func read(into events: inout [PointerEvent]) throws -> Bool {
        var p = parser
        defer { parser = p }
        let more = try lines.forEachLine(upTo: Self.batchSize) { line, n in
            try p.parse(line: line, number: n, into: &events)
        }
        if !more && !p.sawHeader {
            throw InputError.malformed(lines.input.name, line: nil, "empty trace: expected the header \"\(PointerSimTrace.header)\"")
        }
        return more
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
