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
/// `NAME.trace`) writes a line with these fields (any others may follow;
/// a field whose value is an object: at least that object's fields);
/// `# expect PROFILE: {…}` claims it under that band profile;
/// `# expect no: {…}` / `# expect no PROFILE: {…}` that no line has them.
/// The same comment in another input of a case (an evemu, YAML or `.ptrace`
/// file listed in `NAME.inputs`) is a claim about that case's replay: all
/// its inputs over `NAME.scene.json`. The replay takes the options of
/// `NAME.flags` when there is one (`--verbose`, `--frames HZ`), as
/// Tools/update-golden.sh does, so `pointer` lines can be claimed.
@Suite struct TraceCommentTests {
    struct Claim { var file: String, line: Int, profile: String?, absent: Bool, fields: [String: Any], text: String, case_: String, inputs: [String] }

    /// The claims in `text` (the file `file`, relative to Traces/), about the
    /// case `base` replayed from `inputs` (both relative to Traces/).
    static func claims(in text: String, file: String, base: String, inputs: [String]) throws -> [Claim] {
        var out: [Claim] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("# expect"), let colon = line.range(of: ": {") else { continue }
            var words = line[line.index(line.startIndex, offsetBy: 8)..<colon.lowerBound].split(separator: " ").map(String.init)
            let absent = words.first == "no"
            if absent { words.removeFirst() }
            let json = String(line[line.index(before: colon.upperBound)...])
            let obj = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                "Traces/\(file):\(i + 1): the expectation is not a JSON object"
            )
            out.append(Claim(file: file, line: i + 1, profile: words.first, absent: absent, fields: obj, text: line, case_: base, inputs: inputs))
        }
        return out
    }

    static func claims() throws -> [Claim] {
        let root = Repository.root.appendingPathComponent("Traces")
        var out: [Claim] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.sorted() ?? []
        // (some traces are deliberately not UTF-8: hostile input)
        func read(_ f: String) throws -> String { String(decoding: try Data(contentsOf: root.appendingPathComponent(f)), as: UTF8.self) }
        for f in files where f.hasSuffix(".trace") {
            let base = String(f.dropLast(".trace".count))
            out += try claims(in: try read(f), file: f, base: base, inputs: [f])
        }
        for f in files where f.hasSuffix(".inputs") {
            let base = String(f.dropLast(".inputs".count))
            let dir = (f as NSString).deletingLastPathComponent
            let inputs = try read(f).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { dir.isEmpty ? $0 : dir + "/" + $0 }
            // a .trace's claims are about its own replay (above), not about the cases that reuse it
            for input in inputs where !input.hasSuffix(".trace") {
                out += try claims(in: try read(input), file: input, base: base, inputs: inputs)
            }
        }
        return out
    }

    /// Every field of `want` is in `line` with the same value; a field that
    /// is an object matches an object with at least its fields (so
    /// `"selection":{"count":2035}` claims a long list's count alone).
    static func matches(_ line: [String: Any], _ want: [String: Any]) -> Bool {
        want.allSatisfy { k, v in
            guard let got = line[k] else { return false }
            if let w = v as? [String: Any], let g = got as? [String: Any] { return matches(g, w) }
            return canonical(got) == canonical(v)
        }
    }

    /// A JSON value's text with sorted keys: equal values, equal texts.
    static func canonical(_ v: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: [v], options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// The options of `base.flags`, as `replay` reads them.
    static func options(_ base: String, claim c: Claim) throws -> SimulationOptions {
        var options = SimulationOptions()
        guard FileManager.default.fileExists(atPath: base + ".flags") else { return options }
        let words = try String(contentsOfFile: base + ".flags", encoding: .utf8).split(whereSeparator: \.isWhitespace).map(String.init)
        var k = 0
        while k < words.count {
            switch words[k] {
            case "--verbose": options.verbose = true
            case "--frames":
                let hz = try #require(k + 1 < words.count ? Double(words[k + 1]) : nil, "Traces/\(c.case_).flags: --frames needs a number")
                options.frameInterval = 1 / hz
                k += 1
            default: Issue.record("Traces/\(c.case_).flags: an option this test does not know: \(words[k])")
            }
            k += 1
        }
        return options
    }

    @Test func everyStatedExpectationHolds() throws {
        let claims = try Self.claims()
        // the bundled traces that make claims: at least these, one of them a raw recording's
        for f in ["compare/three-toolkits.trace", "showcase/showcase.trace", "selection/gtk-keys.trace", "input/duplicate-tracking-id.evemu"] {
            #expect(claims.contains { $0.file == f }, "\(f) makes no claim")
        }
        var logs: [String: [[String: Any]]] = [:]
        for c in claims {
            let key = c.case_ + "|" + c.inputs.joined(separator: ",") + "|" + (c.profile ?? "")
            if logs[key] == nil {
                let traces = Repository.root.appendingPathComponent("Traces").path
                let base = traces + "/" + c.case_
                // the scene and its decoder settings (acceleration, device kind), as replay --scene reads them
                var warnings: [String] = []
                let setup =
                    FileManager.default.fileExists(atPath: base + ".scene.json")
                    ? try SceneFile.loadSetup(path: base + ".scene.json", warnings: &warnings) : SceneSetup(scene: SimulationScene.default)
                var scene = setup.scene
                if let p = c.profile {
                    scene.band.profile = try #require(
                        BandProfile.named(p),
                        "Traces/\(c.file):\(c.line): no profile \(p) (the profiles: \(BandProfile.registeredNames))"
                    )
                }
                var lines: [[String: Any]] = []
                try Replay.forEachRecord(
                    paths: c.inputs.map { traces + "/" + $0 },
                    scene: scene,
                    decoder: setup.decoder,
                    options: try Self.options(base, claim: c)
                ) { r in
                    lines.append(try JSONSerialization.jsonObject(with: Data(LogLine.render(r).utf8)) as? [String: Any] ?? [:])
                }
                logs[key] = lines
            }
            let found = logs[key]!.contains { Self.matches($0, c.fields) }
            #expect(
                found != c.absent,
                "Traces/\(c.file):\(c.line): \(c.text) — the replay\(c.profile.map { " under \($0)" } ?? "") \(c.absent ? "has such a line" : "has no such line")"
            )
        }
    }
}
