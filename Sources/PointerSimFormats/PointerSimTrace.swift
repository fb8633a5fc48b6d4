import PointerSimCore

/// The hand-writable `pointersim-trace 1` format (FORMATS.md §2): one event
/// per line, `<seconds> <event> <arguments…>`, `#` comments, blank lines
/// ignored, times never decreasing.
public enum PointerSimTrace {
    /// The header line.
    public static let header = "pointersim-trace 1"

    /// The events and their arguments, for messages.
    static let grammar = "move X Y, delta DX DY, press BUTTON, release BUTTON, modifiers [FLAG…], scroll DX DY, cancel, invalidate REGION, removed DEVICE, key NAME"

    /// Parses trace text (for tests and in-memory use).
    public static func parse(_ text: String, file: String = "<trace>") throws -> [PointerEvent] {
        var parser = Parser(file: file)
        var out: [PointerEvent] = []
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            out.append(contentsOf: try parser.parse(line: String(line), number: n))
        }
        guard parser.sawHeader else { throw InputError.malformed(file, line: nil, "empty trace: expected the header \"\(header)\"") }
        return out
    }

    /// Writes events in this format (the inverse of ``parse(_:file:)``).
    public static func render(_ events: [PointerEvent]) -> String {
        var s = header + "\n"
        for e in events {
            s += formatLogNumber(e.time) + " "
            switch e.kind {
            case .move(let p): s += "move \(formatLogNumber(p.x)) \(formatLogNumber(p.y))"
            case .delta(let v): s += "delta \(formatLogNumber(v.dx)) \(formatLogNumber(v.dy))"
            case .press(let b): s += "press \(b.rawValue)"
            case .release(let b): s += "release \(b.rawValue)"
            case .modifiers(let m): s += (["modifiers"] + m.names).joined(separator: " ")
            case .scroll(let v): s += "scroll \(formatLogNumber(v.dx)) \(formatLogNumber(v.dy))"
            case .cancel: s += "cancel"
            case .invalidate(let r): s += "invalidate \(r)"
            case .deviceRemoved(let d): s += "removed \(d)"
            case .key(let k): s += "key \(k)"
            }
            s += "\n"
        }
        return s
    }

    /// A finite number written in decimal (`Double`'s syntax, which stops at
    /// a NUL byte: a number containing one is refused).
    static func number(_ s: Substring) -> Double? {
        guard !s.utf8.contains(0), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// A word as messages show it: a NUL byte as `\0`.
    static func visible(_ s: Substring) -> String {
        s.split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\0")
    }

    /// The line parser: one line of text in, at most one event out. Every
    /// event and its arguments are parsed in ``parse(line:number:)``.
    struct Parser {
        let file: String
        var sawHeader = false
        var lastTime = -Double.infinity
        /// The buttons held, so that `removed` can end the press it was driving.
        var held: [PointerButton] = []

        func fail(_ n: Int, _ message: String) -> InputError { InputError.malformed(file, line: n, message) }

        /// The events of one line: none for blanks, comments and the header;
        /// `removed` while buttons are held first cancels the band they drive
        /// and releases them, as an unplugged device does.
        mutating func parse(line raw: String, number n: Int) throws -> [PointerEvent] {
            var text = Substring(raw)
            if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.isEmpty { return [] }
            if !sawHeader {
                guard words.count == 2, words[0] == "pointersim-trace" else {
                    throw fail(n, "expected the header \"\(PointerSimTrace.header)\"")
                }
                guard words[1] == "1" else { throw fail(n, "unsupported trace version \(words[1]) (expected 1)") }
                sawHeader = true
                return []
            }
            guard let t = PointerSimTrace.number(words[0]), t >= 0 else {
                throw fail(n, "expected a time in seconds (a non-negative number), found \"\(PointerSimTrace.visible(words[0]))\"")
            }
            guard t >= lastTime else {
                throw fail(n, "time \(words[0]) goes backwards (the previous event was at \(formatLogNumber(lastTime)))")
            }
            guard words.count >= 2 else { throw fail(n, "expected an event after the time (\(grammar))") }
            let name = String(words[1])
            let args = words.dropFirst(2).map(String.init)
            func count(_ k: Int, _ usage: String) throws {
                guard args.count == k else { throw fail(n, "\(name) takes \(usage), found \(args.count) argument\(args.count == 1 ? "" : "s")") }
            }
            func num(_ s: String) throws -> Double {
                guard let v = PointerSimTrace.number(Substring(s)) else { throw fail(n, "\(name): expected a number, found \"\(PointerSimTrace.visible(Substring(s)))\"") }
                return v
            }
            func button() throws -> PointerButton {
                try count(1, "a button (primary, secondary or middle)")
                guard let b = PointerButton(rawValue: args[0]) else {
                    throw fail(n, "\(name): unknown button \"\(args[0])\" (expected primary, secondary or middle)")
                }
                return b
            }
            let kind: PointerEvent.Kind
            switch name {
            case "move": try count(2, "X Y"); kind = .move(Point(x: try num(args[0]), y: try num(args[1])))
            case "delta": try count(2, "DX DY"); kind = .delta(Vector(dx: try num(args[0]), dy: try num(args[1])))
            case "scroll": try count(2, "DX DY"); kind = .scroll(Vector(dx: try num(args[0]), dy: try num(args[1])))
            case "press": kind = .press(try button())
            case "release": kind = .release(try button())
            case "modifiers":
                var flags: ModifierFlags = []
                for a in args {
                    guard let f = ModifierFlags(name: a) else {
                        throw fail(n, "modifiers: unknown flag \"\(a)\" (expected shift, control, option, command, capsLock)")
                    }
                    flags.insert(f)
                }
                kind = .modifiers(flags)
            case "cancel": try count(0, "no arguments"); kind = .cancel
            case "invalidate": try count(1, "a region id"); kind = .invalidate(args[0])
            case "removed": try count(1, "a device name"); kind = .deviceRemoved(args[0])
            case "key":
                try count(1, "a key name (left, right, up, down, space, return, escape, tab, a…z)")
                guard let k = Key(name: args[0]) else {
                    throw fail(n, "key: unknown key \"\(args[0])\" (expected left, right, up, down, space, return, escape, tab or a…z)")
                }
                kind = .key(k)
            default: throw fail(n, "unknown event \"\(name)\" (expected \(grammar))")
            }
            lastTime = t
            switch kind {
            case .press(let b): if !held.contains(b) { held.append(b) }
            case .release(let b): held.removeAll { $0 == b }
            case .deviceRemoved where !held.isEmpty:
                let out = [PointerEvent(time: t, .cancel)] + PointerButton.allCases.filter(held.contains).map { PointerEvent(time: t, .release($0)) }
                held.removeAll()
                return out + [PointerEvent(time: t, kind)]
            default: break
            }
            return [PointerEvent(time: t, kind)]
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
    public init(_ lines: LineReader) {
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
            events.append(contentsOf: try p.parse(line: String(decoding: line, as: UTF8.self), number: n))
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
