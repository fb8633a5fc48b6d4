import Foundation
@_spi(Fuzz) import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// `decode` against real libinput 1.22, frame by frame, for every reference
/// in `Traces/libinput` (`index.tsv`): libinput's motion frames matched within
/// 1 % (or 0.02 units), its buttons identical (code, state, frame), its
/// finger, wheel and continuous scroll within 1 %. The devices are classified
/// by our own udev/hwdb/quirks model, as `pointersim decode` does.
///
/// Every recording is held to those targets. The table is printed (and
/// written to `.build/libinput-fidelity.md` for the README).
@Suite struct LibinputFidelityTests {
    static var root: URL { Repository.root }
    static var dir: URL { Repository.url("Traces/libinput") }

    struct Row: Sendable, CustomStringConvertible {
        var name: String, kind: String, files: [String], reference: String
        var description: String { name }
    }

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: dir.appendingPathComponent("index.tsv"), encoding: .utf8) else { return [] }
        var rows: [Row] = []
        for line in text.split(separator: "\n").dropFirst() {
            let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard c.count >= 5 else { continue }
            var files = [dir.appendingPathComponent(c[1]).path]
            if c[2] != "-" { files.append(dir.appendingPathComponent(c[2]).path) }
            rows.append(Row(name: c[0], kind: c[4], files: files, reference: dir.appendingPathComponent(c[3]).path))
        }
        return rows
    }()

    static func report(_ row: Row) throws -> FidelityReport {
        let reference = LibinputReference(text: try Repository.text(atPath: row.reference))
        var events: [DecodedEvent] = []
        try Decode.forEachEvent(paths: row.files, configuration: DecoderConfiguration()) { if $0.device == 0 { events.append($0) } }
        return FidelityReport(decoded: events, reference: reference)
    }

    /// The comparison as it was before it streamed (issue #21): the whole
    /// reference parsed, then compared; kept here to show the streaming one
    /// gives the same figures.
    static func naiveReport(decoded: [DecodedEvent], reference: LibinputReference) -> FidelityReport {
        var rep = FidelityReport()
        do {
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
            rep.buttons += timedRef.count
            for r in reference.events {
                guard let f = r.frame else { continue }
                switch r.type {
                case "POINTER_MOTION":
                    rep.motionFrames += 1
                    refMotionFrames.insert(f)
                    if let (dx, dy) = motion[f], let rx = r.number("dx"), let ry = r.number("dy"), withinLibinputTolerance(dx, of: rx),
                        withinLibinputTolerance(dy, of: ry)
                    {
                        rep.motionMatched += 1
                    } else if rep.firstMotionMismatches.count < 10 {
                        rep.firstMotionMismatches.append(f)
                    }
                case "POINTER_BUTTON":
                    rep.buttons += 1
                    if let code = r.fields["button"].flatMap({ UInt16($0) }) { buttonsRef.append((f, code, r.fields["state"] == "pressed")) }
                case "POINTER_SCROLL_FINGER", "POINTER_SCROLL_WHEEL", "POINTER_SCROLL_CONTINUOUS":
                    rep.scrollEvents += 1
                    refScrollFrames.insert(f)
                    let source = r.type == "POINTER_SCROLL_FINGER" ? "finger" : r.type == "POINTER_SCROLL_WHEEL" ? "wheel" : "continuous"
                    let rv = r.number("vert"), rh = r.number("horiz")
                    if let i = scrollOurs[f]?.firstIndex(where: { s in
                        s.0 == source && (rv == nil) == (s.1 == nil) && (rh == nil) == (s.2 == nil)
                            && (rv.map { r in s.1.map { withinLibinputTolerance($0, of: r) } ?? false } ?? true)
                            && (rh.map { r in s.2.map { withinLibinputTolerance($0, of: r) } ?? false } ?? true)
                    }) {
                        rep.scrollMatched += 1
                        scrollOurs[f]?.remove(at: i)
                    }
                default: break
                }
            }
            rep.extraMotion = motion.keys.filter { !refMotionFrames.contains($0) }.count
            rep.extraScroll = scrollOurs.filter { !refScrollFrames.contains($0.key) }.reduce(0) { $0 + $1.value.count }
            var k = 0
            for (i, b) in buttonsRef.enumerated() where i < buttonsOurs.count && buttonsOurs[i] == b { k += 1 }
            var kt = 0
            for (i, b) in timedRef.enumerated() where i < timedOurs.count && timedOurs[i] == b { kt += 1 }
            rep.buttonsMatched = k + kt
            rep.buttonsIdentical =
                buttonsRef.count == buttonsOurs.count && k == buttonsRef.count
                && timedRef.count == timedOurs.count && kt == timedRef.count
        }
        return rep
    }

    @Test(arguments: rows) func theStreamedComparisonGivesTheWholeFilesFigures(_ row: Row) throws {
        let reference = LibinputReference(text: try Repository.text(atPath: row.reference))
        var events: [DecodedEvent] = []
        try Decode.forEachEvent(paths: row.files, configuration: DecoderConfiguration()) { if $0.device == 0 { events.append($0) } }
        let naive = Self.naiveReport(decoded: events, reference: reference)
        #expect(try FidelityReport(decoded: events, referencePath: row.reference) == naive, "\(row.name)")
        #expect(FidelityReport(decoded: events, reference: reference) == naive, "\(row.name)")
    }

    static func percent(_ a: Int, _ b: Int) -> Double { b == 0 ? 100 : Double(a) * 100 / Double(b) }

    @Test func everyReferenceIsListedAndReadable() throws {
        #expect(Self.rows.count >= 40)
        for r in Self.rows {
            for f in r.files + [r.reference] { #expect(FileManager.default.fileExists(atPath: f), "\(f)") }
        }
    }

    @Test(arguments: rows) func decodeMatchesLibinput(_ row: Row) throws {
        let r = try Self.report(row)
        let motion = Self.percent(r.motionMatched, r.motionFrames), scroll = Self.percent(r.scrollMatched, r.scrollEvents)
        #expect(motion >= 99, "\(row.name): \(r.summary); first mismatching frames \(r.firstMotionMismatches)")
        #expect(r.buttonsIdentical, "\(row.name): \(r.summary)")
        #expect(scroll >= 99, "\(row.name): \(r.summary)")
    }

    /// The table in docs/Decoding.md (the README quotes its totals), written
    /// to `.build/libinput-fidelity.md`: every figure is measured again here
    /// and must equal the documented one, and the totals must be what the
    /// documentation claims: every motion frame within the tolerance, the
    /// buttons of every recording identical, every scroll event within the
    /// tolerance, no extra motion or scroll.
    @Test func table() throws {
        var md =
            "| recording | kind | motion frames within 1 % | buttons identical | scroll within 1 % | extra motion / scroll |\n|---|---|---:|---|---:|---:|\n"
        var totals = (m: 0, mm: 0, s: 0, sm: 0, b: 0, bi: 0, x: 0, xs: 0)
        for row in Self.rows {
            let r = try Self.report(row)
            md +=
                "| \(row.name) | \(row.kind) | \(FidelityReport.ratioText(r.motionMatched, r.motionFrames)) | "
                + "\(r.buttons == 0 ? "– (none)" : r.buttonsIdentical ? "yes (\(r.buttons))" : "no (\(r.buttonsMatched)/\(r.buttons))") | "
                + "\(FidelityReport.ratioText(r.scrollMatched, r.scrollEvents)) | \(r.extraMotion) / \(r.extraScroll) |\n"
            totals.m += r.motionFrames; totals.mm += r.motionMatched; totals.s += r.scrollEvents; totals.sm += r.scrollMatched
            totals.b += 1; totals.bi += r.buttonsIdentical ? 1 : 0
            totals.x += r.extraMotion; totals.xs += r.extraScroll
        }
        md +=
            "| **all \(Self.rows.count)** | | \(FidelityReport.ratioText(totals.mm, totals.m)) | \(totals.bi)/\(totals.b) recordings | \(FidelityReport.ratioText(totals.sm, totals.s)) | \(totals.x) / \(totals.xs) |\n"
        // the table is long: a file; the quick tier's output gets its last row
        try? md.write(to: Self.root.appendingPathComponent(".build/libinput-fidelity.md"), atomically: true, encoding: .utf8)
        print(
            "[fidelity] all \(Self.rows.count) recordings: motion frames within 1 % \(FidelityReport.ratioText(totals.mm, totals.m)), buttons identical in \(totals.bi)/\(totals.b), "
                + "scroll within 1 % \(FidelityReport.ratioText(totals.sm, totals.s)), extra motion / scroll \(totals.x) / \(totals.xs) (the table: .build/libinput-fidelity.md)"
        )
        #expect(Self.rows.count == 48, "docs/Decoding.md and the README speak of 48 recordings")
        #expect(totals.m > 9000 && totals.mm == totals.m, "motion frames within 1 %: \(totals.mm)/\(totals.m)")
        #expect(totals.bi == totals.b, "recordings with identical buttons: \(totals.bi)/\(totals.b)")
        #expect(totals.s > 300 && totals.sm == totals.s, "scroll events within 1 %: \(totals.sm)/\(totals.s)")
        #expect(totals.x == 0 && totals.xs == 0, "extra motion / scroll: \(totals.x) / \(totals.xs)")
        // The documented table, row for row.
        let doc = try Repository.text("docs/Decoding.md").split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(doc.firstIndex { $0.hasPrefix("| recording | kind |") }, "docs/Decoding.md has no fidelity table")
        let end = try #require(doc[start...].firstIndex { $0.hasPrefix("| **all") }, "docs/Decoding.md: the fidelity table has no totals row")
        let measured = md.split(separator: "\n")
        #expect(
            doc[start...end].count == measured.count,
            "docs/Decoding.md's table has \(doc[start...end].count) lines, the measured one \(measured.count)"
        )
        for (d, m) in zip(doc[start...end], measured) where d != m { Issue.record("documented \(d)\nmeasured   \(m)") }
    }
}
