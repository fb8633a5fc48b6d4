import PointerSimInput

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What real libinput emitted for a recording, as the reference tool
/// (`Tools/libinput-ref`) prints it: one line per libinput event,
/// `TYPE key=value …` with `src=frame:N` (0-based `SYN_REPORT` index),
/// `src=timer` or `src=remove`; `#` lines are the header.
@_spi(Fuzz) public struct LibinputReference: Sendable {
    /// One reference event.
    @_spi(Fuzz) public struct Event: Sendable, Hashable {
        /// `POINTER_MOTION`, `POINTER_BUTTON`, `POINTER_SCROLL_FINGER`, … (libinput's names without `LIBINPUT_EVENT_`).
        @_spi(Fuzz) public var type: String
        /// The frame that produced it, or `nil` (timer, removal, device added/removed).
        @_spi(Fuzz) public var frame: Int?
        /// The recording-timeline time (µs), when given.
        @_spi(Fuzz) public var recordedMicroseconds: Int64?
        /// The other fields, as printed.
        @_spi(Fuzz) public var fields: [String: String]

        /// A numeric field.
        @_spi(Fuzz) public func number(_ key: String) -> Double? { fields[key].flatMap { Double($0) } }
    }

    /// The events, in order (the legacy `POINTER_AXIS` duplicates are dropped).
    @_spi(Fuzz) public var events: [Event]
    /// The header's `# udev: KEY=VALUE` properties.
    @_spi(Fuzz) public var udev: [String: String]
    /// The header's `# quirk: KEY=VALUE` lines.
    @_spi(Fuzz) public var quirks: [String: String]

    /// Parses a reference file's text.
    @_spi(Fuzz) public init(text: String) {
        var events: [Event] = [], udev: [String: String] = [:], quirks: [String: String] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("#") {
                if line.hasPrefix("# udev: "), let eq = line.firstIndex(of: "=") {
                    udev[String(line[line.index(line.startIndex, offsetBy: 8)..<eq])] = String(line[line.index(after: eq)...])
                } else if line.hasPrefix("# quirk: "), let eq = line.firstIndex(of: "=") {
                    quirks[String(line[line.index(line.startIndex, offsetBy: 9)..<eq])] = String(line[line.index(after: eq)...])
                }
                continue
            }
            let parts = line.split(separator: " ")
            guard let type = parts.first, type.allSatisfy({ $0.isUppercase || $0 == "_" }) else { continue }
            if type == "POINTER_AXIS" { continue }
            var fields: [String: String] = [:]
            for p in parts.dropFirst() {
                if let eq = p.firstIndex(of: "=") { fields[String(p[..<eq])] = String(p[p.index(after: eq)...]) }
            }
            var frame: Int? = nil
            if let src = fields["src"], src.hasPrefix("frame:") { frame = Int(src.dropFirst(6)) }
            events.append(Event(type: String(type), frame: frame, recordedMicroseconds: fields["rec_us"].flatMap { Int64($0) }, fields: fields))
        }
        self.events = events; self.udev = udev; self.quirks = quirks
    }
}

/// Frame-by-frame agreement between decoded events and libinput's reference:
/// the figures the fidelity table reports.
@_spi(Fuzz) public struct FidelityReport: Sendable, Hashable {
    /// libinput's frame-driven motion events, and how many of ours match them
    /// (same frame; dx and dy each within 1 % or 0.02 units).
    @_spi(Fuzz) public var motionFrames = 0, motionMatched = 0
    /// Our frame-driven motion events in frames where libinput has none.
    @_spi(Fuzz) public var extraMotion = 0
    /// libinput's button events, and how many of ours are identical: those a
    /// frame made by code, state and frame, in order; those a timer made (or
    /// held back) by code, state and time.
    @_spi(Fuzz) public var buttons = 0, buttonsMatched = 0
    /// Whether the whole button sequences are identical.
    @_spi(Fuzz) public var buttonsIdentical = true
    /// libinput's frame-driven scroll events, and how many of ours match
    /// (same frame and source; each axis within 1 % or 0.02).
    @_spi(Fuzz) public var scrollEvents = 0, scrollMatched = 0
    /// Our frame-driven scroll events in frames where libinput has none.
    @_spi(Fuzz) public var extraScroll = 0
    /// The first mismatching motion frames (for diagnosis).
    @_spi(Fuzz) public var firstMotionMismatches: [Int] = []

    /// Whether `a` is within 1 % (relative to `reference`) or 0.02 of `reference`.
    @_spi(Fuzz) public static func close(_ a: Double, _ reference: Double) -> Bool {
        Swift.abs(a - reference) <= Swift.max(0.02, 0.01 * Swift.abs(reference))
    }

    /// No figures yet.
    @_spi(Fuzz) public init() {}

    /// Compares `decoded` (one device's events) with `reference`.
    @_spi(Fuzz) public init(decoded: [DecodedEvent], reference: LibinputReference) {
        var c = Comparison(decoded: decoded)
        for r in reference.events { if let e = Entry(r) { c.add(e) } }
        self = c.finished
    }

    /// Compares `decoded` with the reference file at `path`, read line by
    /// line: time linear in the file's size, memory bounded by the decoded
    /// events (not by the reference: a 4,000,000-line file is never held).
    /// - Throws: ``InputError``: `cannotOpen`, `io`, or `malformed` for a
    ///   line longer than 1 MiB.
    @_spi(Fuzz) public init(decoded: [DecodedEvent], referencePath path: String) throws {
        var c = Comparison(decoded: decoded)
        let reader = LineReader(try InputFile(path: path))
        let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: Entry.scratchSize)
        defer { scratch.deallocate() }
        _ = try reader.forEachLine(upTo: Int.max) { line, _ in
            if let e = Entry(line: line, scratch: scratch) { c.add(e) }
        }
        self = c.finished
    }

    /// What the comparison reads of one reference event (frame-driven
    /// motion, buttons, scrolling; the rest is skipped).
    @_spi(Fuzz) public struct Entry: Sendable, Hashable {
        /// The event's kind.
        @_spi(Fuzz) public enum Kind: Sendable, Hashable { case motion, button, scrollFinger, scrollWheel, scrollContinuous }
        @_spi(Fuzz) public var kind: Kind
        /// `src=frame:N`.
        @_spi(Fuzz) public var frame: Int?
        /// `src=timer`.
        @_spi(Fuzz) public var timer: Bool
        /// `rec_us`.
        @_spi(Fuzz) public var recordedMicroseconds: Int64?
        /// `button`, `state=pressed`.
        @_spi(Fuzz) public var button: UInt16?
        @_spi(Fuzz) public var pressed: Bool
        /// `dx`, `dy`, `vert`, `horiz`.
        @_spi(Fuzz) public var dx: Double?, dy: Double?, vert: Double?, horiz: Double?

        /// The entry of a parsed reference event, or nil for a kind not compared.
        @_spi(Fuzz) public init?(_ r: LibinputReference.Event) {
            guard let k = Self.kind(r.type) else { return nil }
            kind = k; frame = r.frame; timer = r.fields["src"] == "timer"
            recordedMicroseconds = r.recordedMicroseconds
            button = r.fields["button"].flatMap { UInt16($0) }; pressed = r.fields["state"] == "pressed"
            dx = r.number("dx"); dy = r.number("dy"); vert = r.number("vert"); horiz = r.number("horiz")
        }

        static func kind<S: StringProtocol>(_ type: S) -> Kind? {
            switch type {
            case "POINTER_MOTION": .motion
            case "POINTER_BUTTON": .button
            case "POINTER_SCROLL_FINGER": .scrollFinger
            case "POINTER_SCROLL_WHEEL": .scrollWheel
            case "POINTER_SCROLL_CONTINUOUS": .scrollContinuous
            default: nil
            }
        }

        /// The entry of one line of a reference file (as ``LibinputReference``
        /// reads it), or nil: a header, another kind, or no `TYPE` word.
        /// The bytes are searched with `memchr` and compared with `memcmp`,
        /// and numbers read by `strtod`/`strtoll` (no string per field): a
        /// 4,000,000-line reference takes seconds even in a debug build.
        init?(line: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutablePointer<CChar>) {
            guard let e = Self.parse(line, scratch) else { return nil }
            self = e
        }

        /// The memberwise form (the parser builds it once, at the end).
        init(
            kind: Kind,
            frame: Int?,
            timer: Bool,
            recordedMicroseconds: Int64?,
            button: UInt16?,
            pressed: Bool,
            dx: Double?,
            dy: Double?,
            vert: Double?,
            horiz: Double?
        ) {
            self.kind = kind; self.frame = frame; self.timer = timer; self.recordedMicroseconds = recordedMicroseconds
            self.button = button; self.pressed = pressed; self.dx = dx; self.dy = dy; self.vert = vert; self.horiz = horiz
        }

        /// The first byte at or after `i` (before `end`) equal to `byte`, or `end`.
        @inline(__always) static func find(_ base: UnsafePointer<UInt8>, _ byte: UInt8, _ i: Int, _ end: Int) -> Int {
            guard i < end, let p = memchr(base + i, Int32(byte), end - i) else { return end }
            return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
        }

        /// Whether `base[from..<to]` is `k`.
        @inline(__always) static func equals(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ k: StaticString) -> Bool {
            to - from == k.utf8CodeUnitCount && memcmp(base + from, k.utf8Start, to - from) == 0
        }

        /// `base[from..<to]` NUL-terminated in `scratch`, or nil if empty, too
        /// long or starting with white space (C's parsers would skip it).
        @inline(__always) static func terminated(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ scratch: UnsafeMutablePointer<CChar>) -> Bool
        {
            let count = to - from
            guard count > 0, count < scratchSize, base[from] != 32, base[from] < 9 || base[from] > 13 else { return false }
            memcpy(scratch, base + from, count)
            scratch[count] = 0
            return true
        }

        /// The whole of `base[from..<to]` as a finite double, or nil (strtod
        /// also reads "inf" and "nan"; the reference prints decimals).
        static func double(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ scratch: UnsafeMutablePointer<CChar>) -> Double? {
            guard terminated(base, from, to, scratch) else { return nil }
            var endp: UnsafeMutablePointer<CChar>? = nil
            let v = strtod(scratch, &endp)
            return endp == scratch + (to - from) && v.isFinite ? v : nil
        }

        /// The whole of `base[from..<to]` as a decimal integer, or nil.
        static func integer(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ scratch: UnsafeMutablePointer<CChar>) -> Int64? {
            guard terminated(base, from, to, scratch) else { return nil }
            var endp: UnsafeMutablePointer<CChar>? = nil
            errno = 0
            let v = strtoll(scratch, &endp, 10)
            return endp == scratch + (to - from) && errno != ERANGE ? Int64(v) : nil
        }

        /// One line's entry; no closure, string or dictionary on the way (a
        /// 4,000,000-line reference is read in seconds even in a debug build).
        static func parse(_ line: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeMutablePointer<CChar>) -> Entry? {
            guard let base = line.baseAddress, line.count > 8, base[0] == 80 /* P */ else { return nil }
            let n = line.count
            var i = find(base, 32, 0, n)
            let kind: Kind
            if equals(base, 0, i, "POINTER_MOTION") {
                kind = .motion
            } else if equals(base, 0, i, "POINTER_BUTTON") {
                kind = .button
            } else if equals(base, 0, i, "POINTER_SCROLL_FINGER") {
                kind = .scrollFinger
            } else if equals(base, 0, i, "POINTER_SCROLL_WHEEL") {
                kind = .scrollWheel
            } else if equals(base, 0, i, "POINTER_SCROLL_CONTINUOUS") {
                kind = .scrollContinuous
            } else {
                return nil
            }
            var frame: Int? = nil, timer = false, recordedFrom = -1, recordedTo = -1, button: UInt16? = nil, pressed = false
            var dx: Double? = nil, dy: Double? = nil, vert: Double? = nil, horiz: Double? = nil
            while i < n {
                while i < n && base[i] == 32 { i += 1 }
                let start = i
                i = find(base, 32, i, n)
                let eq = find(base, 61 /* = */, start, i)
                if eq == start || eq == i { continue }
                let v = eq + 1
                // Only the keys compared, told apart by length and first byte.
                switch eq - start {
                case 2 where base[start] == 100 /* d */:
                    if base[start + 1] == 120 /* x */ {
                        dx = double(base, v, i, scratch)
                    } else if base[start + 1] == 121 /* y */ {
                        dy = double(base, v, i, scratch)
                    }
                case 3 where equals(base, start, eq, "src"):
                    frame = nil
                    if i - v > 6 && memcmp(base + v, "frame:", 6) == 0, let f = integer(base, v + 6, i, scratch) { frame = Int(exactly: f) }
                    timer = equals(base, v, i, "timer")
                case 4 where equals(base, start, eq, "vert"):
                    vert = double(base, v, i, scratch)
                case 5:
                    if equals(base, start, eq, "state") {
                        pressed = equals(base, v, i, "pressed")
                    } else if equals(base, start, eq, "horiz") {
                        horiz = double(base, v, i, scratch)
                    }
                case 6:
                    if equals(base, start, eq, "rec_us") {
                        recordedFrom = v; recordedTo = i
                    }  // read only for a button
                    else if equals(base, start, eq, "button") {
                        button = integer(base, v, i, scratch).flatMap { UInt16(exactly: $0) }
                    }
                default: break
                }
            }
            let recorded = kind == .button && recordedFrom >= 0 ? integer(base, recordedFrom, recordedTo, scratch) : nil
            return Entry(
                kind: kind,
                frame: frame,
                timer: timer,
                recordedMicroseconds: recorded,
                button: button,
                pressed: pressed,
                dx: dx,
                dy: dy,
                vert: vert,
                horiz: horiz
            )
        }

        /// The size of the scratch buffer ``init(line:scratch:)`` parses numbers in.
        static let scratchSize = 64
    }

    /// The comparison, one reference entry at a time, in O(1) amortised per
    /// entry and memory bounded by the decoded events.
    struct Comparison {
        var report = FidelityReport()
        var motion: [Int: (Double, Double)] = [:]
        var buttonsOurs: [(Int, UInt16, Bool)] = []
        var timedOurs: [(Int64, UInt16, Bool)] = []
        var scrollOurs: [Int: [(String, Double?, Double?)]] = [:]
        /// Our motion and scroll frames the reference also has (a subset of ours).
        var motionSeen = Set<Int>(), scrollSeen = Set<Int>()
        /// Reference buttons so far (by frame, by time) and how many equal ours at the same index.
        var buttonsRef = 0, buttonsRefMatched = 0, timedRef = 0, timedRefMatched = 0

        init(decoded: [DecodedEvent]) {
            for e in decoded {
                if case .timer = e.origin, case .button(let c, let p) = e.kind { timedOurs.append((e.time, c, p)) }
                guard case .frame(let f) = e.origin else { continue }
                switch e.kind {
                case .motion(let dx, let dy, _, _): motion[f] = (dx, dy)
                case .button(let c, let p): buttonsOurs.append((f, c, p))
                case .scroll(let src, let v, let h, _, _): scrollOurs[f, default: []].append((src.rawValue, v, h))
                default: break
                }
            }
        }

        mutating func add(_ r: Entry) {
            guard let f = r.frame else {
                // Buttons no frame made (timers, held-back presses): compared by time.
                if r.kind == .button, r.timer, let code = r.button, let t = r.recordedMicroseconds {
                    report.buttons += 1
                    if timedRef < timedOurs.count && timedOurs[timedRef] == (t, code, r.pressed) { timedRefMatched += 1 }
                    timedRef += 1
                }
                return
            }
            switch r.kind {
            case .motion:
                report.motionFrames += 1
                if let (dx, dy) = motion[f] {
                    motionSeen.insert(f)
                    if let rx = r.dx, let ry = r.dy, FidelityReport.close(dx, rx), FidelityReport.close(dy, ry) {
                        report.motionMatched += 1
                        return
                    }
                }
                if report.firstMotionMismatches.count < 10 { report.firstMotionMismatches.append(f) }
            case .button:
                report.buttons += 1
                if let code = r.button {
                    if buttonsRef < buttonsOurs.count && buttonsOurs[buttonsRef] == (f, code, r.pressed) { buttonsRefMatched += 1 }
                    buttonsRef += 1
                }
            case .scrollFinger, .scrollWheel, .scrollContinuous:
                report.scrollEvents += 1
                let source = r.kind == .scrollFinger ? "finger" : r.kind == .scrollWheel ? "wheel" : "continuous"
                guard scrollOurs[f] != nil else { return }
                scrollSeen.insert(f)
                let rv = r.vert, rh = r.horiz
                if let i = scrollOurs[f]?.firstIndex(where: { s in
                    s.0 == source && (rv == nil) == (s.1 == nil) && (rh == nil) == (s.2 == nil)
                        && (rv.map { FidelityReport.close(s.1!, $0) } ?? true) && (rh.map { FidelityReport.close(s.2!, $0) } ?? true)
                }) {
                    report.scrollMatched += 1
                    scrollOurs[f]!.remove(at: i)
                }
            }
        }

        /// The figures so far.
        var finished: FidelityReport {
            var r = report
            r.extraMotion = motion.keys.filter { !motionSeen.contains($0) }.count
            r.extraScroll = scrollOurs.filter { !scrollSeen.contains($0.key) }.reduce(0) { $0 + $1.value.count }
            r.buttonsMatched = buttonsRefMatched + timedRefMatched
            r.buttonsIdentical =
                buttonsRef == buttonsOurs.count && buttonsRefMatched == buttonsRef
                && timedRef == timedOurs.count && timedRefMatched == timedRef
            return r
        }
    }

    /// `a/b (p %)`, or `–` when there is nothing to compare.
    @_spi(Fuzz) public static func ratioText(_ a: Int, _ b: Int) -> String {
        guard b > 0 else { return "–" }
        let p = Double(a) * 1000 / Double(b)
        return "\(a)/\(b) (\(Double(Int(p.rounded())) / 10) %)"
    }

    /// One line: motion, buttons, scroll.
    @_spi(Fuzz) public var summary: String {
        "motion within 1 %: \(Self.ratioText(motionMatched, motionFrames)), extra \(extraMotion); "
            + "buttons identical: \(buttonsIdentical ? "yes" : "no") (\(buttonsMatched)/\(buttons)); "
            + "scroll within 1 %: \(Self.ratioText(scrollMatched, scrollEvents)), extra \(extraScroll)"
    }
}
