import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// Comments in Traces/ that state an expectation say what the replay shows.
///
/// A trace comment `# expect: {"t":1.2,"event":"band.ended",…}` claims that
/// the replay of the trace over its scene (`NAME.scene.json` beside
/// `NAME.trace`) writes a line with these fields (any others may follow);
/// `# expect PROFILE: {…}` claims it under that band profile;
/// `# expect no: {…}` / `# expect no PROFILE: {…}` that no line has them.
@Suite struct TraceCommentTests {
    struct Claim { var file: String, line: Int, profile: String?, absent: Bool, fields: [String: Any], text: String }

    static func claims() throws -> [Claim] {
        let root = Repository.root.appendingPathComponent("Traces")
        var out: [Claim] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".trace") }.sorted() ?? []
        for f in files {
            // (some traces are deliberately not UTF-8: hostile input)
            let text = String(decoding: try Data(contentsOf: root.appendingPathComponent(f)), as: UTF8.self)
            for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("# expect"), let colon = line.range(of: ": {") else { continue }
                var words = line[line.index(line.startIndex, offsetBy: 8)..<colon.lowerBound].split(separator: " ").map(String.init)
                let absent = words.first == "no"
                if absent { words.removeFirst() }
                let json = String(line[line.index(before: colon.upperBound)...])
                let obj = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "Traces/\(f):\(i + 1): the expectation is not a JSON object")
                out.append(Claim(file: f, line: i + 1, profile: words.first, absent: absent, fields: obj, text: line))
            }
        }
        return out
    }

    static func matches(_ line: [String: Any], _ want: [String: Any]) -> Bool {
        want.allSatisfy { k, v in line[k].map { canonical($0) == canonical(v) } ?? false }
    }

    /// A JSON value's text with sorted keys: equal values, equal texts.
    static func canonical(_ v: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: [v], options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    @Test func everyStatedExpectationHolds() throws {
        let claims = try Self.claims()
        // the bundled traces that make claims: at least these two
        #expect(claims.contains { $0.file == "compare/three-toolkits.trace" } && claims.contains { $0.file == "showcase/showcase.trace" }, "\(claims.map(\.file))")
        var logs: [String: [[String: Any]]] = [:]
        for c in claims {
            let key = c.file + "|" + (c.profile ?? "")
            if logs[key] == nil {
                let base = Repository.root.appendingPathComponent("Traces/" + c.file).deletingPathExtension().path
                var scene = FileManager.default.fileExists(atPath: base + ".scene.json") ? try SceneFile.load(path: base + ".scene.json") : Scene.default
                if let p = c.profile {
                    scene.band.profile = try #require(BandProfile.named(p), "Traces/\(c.file):\(c.line): no profile \(p) (the profiles: \(BandProfile.registeredNames))")
                }
                var lines: [[String: Any]] = []
                try Replay.forEachRecord(paths: [base + ".trace"], scene: scene, options: SimulationOptions()) { r in
                    lines.append(try JSONSerialization.jsonObject(with: Data(LogLine.render(r).utf8)) as? [String: Any] ?? [:])
                }
                logs[key] = lines
            }
            let found = logs[key]!.contains { Self.matches($0, c.fields) }
            #expect(found != c.absent, "Traces/\(c.file):\(c.line): \(c.text) — the replay\(c.profile.map { " under \($0)" } ?? "") \(c.absent ? "has such a line" : "has no such line")")
        }
    }
}
