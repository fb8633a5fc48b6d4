import Foundation
import PointerSimFormats
import PointerSimInput
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
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var dir: URL { root.appendingPathComponent("Traces/libinput") }

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
        let reference = LibinputReference(text: try String(contentsOfFile: row.reference, encoding: .utf8))
        var events: [DecodedEvent] = []
        try Decode.forEachEvent(paths: row.files, configuration: DecoderConfiguration()) { if $0.device == 0 { events.append($0) } }
        return FidelityReport(decoded: events, reference: reference)
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

    /// The README's table (also written to `.build/libinput-fidelity.md`).
    @Test func table() throws {
        var md = "| recording | kind | motion frames within 1 % | buttons identical | scroll within 1 % | extra motion / scroll |\n|---|---|---:|---|---:|---:|\n"
        var totals = (m: 0, mm: 0, s: 0, sm: 0, b: 0, bi: 0, x: 0, xs: 0)
        for row in Self.rows {
            let r = try Self.report(row)
            md += "| \(row.name) | \(row.kind) | \(FidelityReport.ratioText(r.motionMatched, r.motionFrames)) | "
                + "\(r.buttons == 0 ? "– (none)" : r.buttonsIdentical ? "yes (\(r.buttons))" : "no (\(r.buttonsMatched)/\(r.buttons))") | "
                + "\(FidelityReport.ratioText(r.scrollMatched, r.scrollEvents)) | \(r.extraMotion) / \(r.extraScroll) |\n"
            totals.m += r.motionFrames; totals.mm += r.motionMatched; totals.s += r.scrollEvents; totals.sm += r.scrollMatched
            totals.b += 1; totals.bi += r.buttonsIdentical ? 1 : 0
            totals.x += r.extraMotion; totals.xs += r.extraScroll
        }
        md += "| **all \(Self.rows.count)** | | \(FidelityReport.ratioText(totals.mm, totals.m)) | \(totals.bi)/\(totals.b) recordings | \(FidelityReport.ratioText(totals.sm, totals.s)) | \(totals.x) / \(totals.xs) |\n"
        print(md)
        try? md.write(to: Self.root.appendingPathComponent(".build/libinput-fidelity.md"), atomically: true, encoding: .utf8)
        #expect(totals.m > 0)
    }
}
