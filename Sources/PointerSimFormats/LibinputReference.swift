import PointerSimInput

/// What real libinput emitted for a recording, as the reference tool
/// (`Tools/libinput-ref`) prints it: one line per libinput event,
/// `TYPE key=value …` with `src=frame:N` (0-based `SYN_REPORT` index),
/// `src=timer` or `src=remove`; `#` lines are the header.
public struct LibinputReference: Sendable {
    /// One reference event.
    public struct Event: Sendable, Hashable {
        /// `POINTER_MOTION`, `POINTER_BUTTON`, `POINTER_SCROLL_FINGER`, … (libinput's names without `LIBINPUT_EVENT_`).
        public var type: String
        /// The frame that produced it, or `nil` (timer, removal, device added/removed).
        public var frame: Int?
        /// The recording-timeline time (µs), when given.
        public var recordedMicroseconds: Int64?
        /// The other fields, as printed.
        public var fields: [String: String]

        /// A numeric field.
        public func number(_ key: String) -> Double? { fields[key].flatMap { Double($0) } }
    }

    /// The events, in order (the legacy `POINTER_AXIS` duplicates are dropped).
    public var events: [Event]
    /// The header's `# udev: KEY=VALUE` properties.
    public var udev: [String: String]
    /// The header's `# quirk: KEY=VALUE` lines.
    public var quirks: [String: String]

    /// Parses a reference file's text.
    public init(text: String) {
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
public struct FidelityReport: Sendable, Hashable {
    /// libinput's frame-driven motion events, and how many of ours match them
    /// (same frame; dx and dy each within 1 % or 0.02 units).
    public var motionFrames = 0, motionMatched = 0
    /// Our frame-driven motion events in frames where libinput has none.
    public var extraMotion = 0
    /// libinput's button events, and how many of ours are identical: those a
    /// frame made by code, state and frame, in order; those a timer made (or
    /// held back) by code, state and time.
    public var buttons = 0, buttonsMatched = 0
    /// Whether the whole button sequences are identical.
    public var buttonsIdentical = true
    /// libinput's frame-driven scroll events, and how many of ours match
    /// (same frame and source; each axis within 1 % or 0.02).
    public var scrollEvents = 0, scrollMatched = 0
    /// Our frame-driven scroll events in frames where libinput has none.
    public var extraScroll = 0
    /// The first mismatching motion frames (for diagnosis).
    public var firstMotionMismatches: [Int] = []

    /// Whether `a` is within 1 % (relative to `reference`) or 0.02 of `reference`.
    public static func close(_ a: Double, _ reference: Double) -> Bool {
        Swift.abs(a - reference) <= Swift.max(0.02, 0.01 * Swift.abs(reference))
    }

    /// Compares `decoded` (one device's events) with `reference`.
    public init(decoded: [DecodedEvent], reference: LibinputReference) {
        // Ours, by frame.
        var motion: [Int: (Double, Double)] = [:]
        var buttonsOurs: [(Int, UInt16, Bool)] = []
        // Buttons no frame made (timers, held-back presses): compared by time.
        var timedOurs: [(Int64, UInt16, Bool)] = [], timedRef: [(Int64, UInt16, Bool)] = []
        for e in decoded {
            if case .timer = e.origin, case .button(let c, let p) = e.kind { timedOurs.append((e.time, c, p)) }
        }
        var scrollOurs: [Int: [(String, Double?, Double?)]] = [:]
        for e in decoded {
            guard case .frame(let f) = e.origin else { continue }
            switch e.kind {
            case .motion(let dx, let dy, _, _): motion[f] = (dx, dy)
            case .button(let c, let p): buttonsOurs.append((f, c, p))
            case .scroll(let src, let v, let h, _, _): scrollOurs[f, default: []].append((src.rawValue, v, h))
            default: break
            }
        }
        var refMotionFrames = Set<Int>(), refScrollFrames = Set<Int>()
        var buttonsRef: [(Int, UInt16, Bool)] = []
        for r in reference.events where r.frame == nil && r.type == "POINTER_BUTTON" && r.fields["src"] == "timer" {
            if let code = r.fields["button"].flatMap({ UInt16($0) }), let t = r.recordedMicroseconds {
                timedRef.append((t, code, r.fields["state"] == "pressed"))
            }
        }
        buttons += timedRef.count
        for r in reference.events {
            guard let f = r.frame else { continue }
            switch r.type {
            case "POINTER_MOTION":
                motionFrames += 1
                refMotionFrames.insert(f)
                if let (dx, dy) = motion[f], let rx = r.number("dx"), let ry = r.number("dy"), Self.close(dx, rx), Self.close(dy, ry) {
                    motionMatched += 1
                } else if firstMotionMismatches.count < 10 {
                    firstMotionMismatches.append(f)
                }
            case "POINTER_BUTTON":
                buttons += 1
                if let code = r.fields["button"].flatMap({ UInt16($0) }) { buttonsRef.append((f, code, r.fields["state"] == "pressed")) }
            case "POINTER_SCROLL_FINGER", "POINTER_SCROLL_WHEEL", "POINTER_SCROLL_CONTINUOUS":
                scrollEvents += 1
                refScrollFrames.insert(f)
                let source = r.type == "POINTER_SCROLL_FINGER" ? "finger" : r.type == "POINTER_SCROLL_WHEEL" ? "wheel" : "continuous"
                let rv = r.number("vert"), rh = r.number("horiz")
                if let i = scrollOurs[f]?.firstIndex(where: { s in
                    s.0 == source && (rv == nil) == (s.1 == nil) && (rh == nil) == (s.2 == nil)
                        && (rv.map { Self.close(s.1!, $0) } ?? true) && (rh.map { Self.close(s.2!, $0) } ?? true)
                }) {
                    scrollMatched += 1
                    scrollOurs[f]!.remove(at: i)
                }
            default: break
            }
        }
        extraMotion = motion.keys.filter { !refMotionFrames.contains($0) }.count
        extraScroll = scrollOurs.filter { !refScrollFrames.contains($0.key) }.reduce(0) { $0 + $1.value.count }
        var k = 0
        for (i, b) in buttonsRef.enumerated() where i < buttonsOurs.count && buttonsOurs[i] == b { k += 1 }
        var kt = 0
        for (i, b) in timedRef.enumerated() where i < timedOurs.count && timedOurs[i] == b { kt += 1 }
        buttonsMatched = k + kt
        buttonsIdentical = buttonsRef.count == buttonsOurs.count && k == buttonsRef.count
            && timedRef.count == timedOurs.count && kt == timedRef.count
    }

    /// `a/b (p %)`, or `–` when there is nothing to compare.
    public static func ratioText(_ a: Int, _ b: Int) -> String {
        guard b > 0 else { return "–" }
        let p = Double(a) * 1000 / Double(b)
        return "\(a)/\(b) (\(Double(Int(p.rounded())) / 10) %)"
    }

    /// One line: motion, buttons, scroll.
    public var summary: String {
        "motion within 1 %: \(Self.ratioText(motionMatched, motionFrames)), extra \(extraMotion); "
            + "buttons identical: \(buttonsIdentical ? "yes" : "no") (\(buttonsMatched)/\(buttons)); "
            + "scroll within 1 %: \(Self.ratioText(scrollMatched, scrollEvents)), extra \(extraScroll)"
    }
}
