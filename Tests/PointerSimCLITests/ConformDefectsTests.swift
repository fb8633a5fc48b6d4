import Foundation
import PointerSimTestSupport
import Testing

/// Issue #44, item 5: `conform`'s last defects, each fixed here.
@Suite struct ConformDefectsTests {
    static let python = "python3 '\(CLI.root.path)/Examples/ConformPython/band_round_even.py'"
    /// Skips every session, naming its number as the runner sent it.
    static let namer =
        #"while read -r line; do case "$line" in *'"scene"'*) n=${line#*'"session": '}; n=${n%%,*}; echo "{\"skipped\": \"session $n\"}";; esac; done"#

    @Test(arguments: ["x", "q/r", "q/r/", "./s//t"]) func aRelativeOutThatDoesNotExistYetIsMade(_ out: String) throws {
        // It died with SIGILL in Counterexample.makeDirectory, the report lost.
        let cwd = try ConformCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: cwd) }
        let r = try CLI.run(
            ["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--out", out, "--report", "r.json"],
            in: URL(fileURLWithPath: cwd)
        )
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let dir = cwd + "/" + out
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "counterexample.expected.jsonl", "counterexample.scene.json", "counterexample.trace",
            ]
        )
        let report = try String(contentsOfFile: cwd + "/r.json", encoding: .utf8)
        #expect(report.contains("\"verdict\": \"diverged\""))
    }

    @Test func onlyNIsMadeAloneAndSentAsSessionN() throws {
        // O(N) before (5·10^6: 7.9 s in release), and sent as session 0.
        let start = Date()
        let r = try CLI.run(["conform", "--exec", Self.namer, "--kind", "band", "--only", "999999999", "--min-compared", "0"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "conform: session 999999999 of seed 1 (kind band, profile any): all agree, 0 compared, 1 skipped by the implementation:\n  1 × session 999999999\n"
        )
        // In a run, each session goes out with its own number, with --jobs too.
        let run = try CLI.run(["conform", "--exec", Self.namer, "--kind", "band", "--sessions", "3", "--jobs", "2", "--min-compared", "0"])
        #expect(run.stdout.hasSuffix("  1 × session 0\n  1 × session 1\n  1 × session 2\n"), "\(run.stdout)")
        // Session N is the same session alone and in a run (a wrong implementation diverges at the same step).
        let all = try CLI.run([
            "conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "20", "--out", try ConformCommandTests.tempDir(),
        ])
        let first = try #require(all.stdout.split(separator: "\n").first)
        let alone = try CLI.run([
            "conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--only", "3", "--out", try ConformCommandTests.tempDir(),
        ])
        #expect(first.contains("session 3 diverges at step 11;"), "\(first)")
        #expect(alone.stdout.hasPrefix("conform: session 3 of seed 1 (kind band, profile uikit): session 3 diverges at step 11;"), "\(alone.stdout)")
    }

    @Test func outputsAreCheckedBeforeAnySessionIsPlayed() throws {
        // Found only after every session before (20,000 sessions: 56 s before the 73).
        // The implementation never answers: a session played would take the timeout.
        let dir = try ConformCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
        for (option, value, why) in [
            ("--report", dir + "/missing/r.json", "cannot write the report: \(dir)/missing/r.json: No such file or directory"),
            ("--report", dir + "/file/r.xml", "cannot write the report: \(dir)/file/r.xml: \(dir)/file is not a folder"),
            ("--out", dir + "/file", "cannot write the counterexample: \(dir)/file: not a folder"),
            ("--out", dir + "/file/deeper", "cannot write the counterexample: \(dir)/file: not a folder"),
        ] {
            let start = Date()
            let r = try CLI.run(["conform", "--exec", "sleep 60", "--sessions", "20000", "--timeout", "30", option, value])
            #expect(Date().timeIntervalSince(start) < 10, "\(option) \(value)")
            #expect(r.status == 73 && r.stdout.isEmpty)
            #expect(r.stderr == "pointersim: conform: \(why)\n")
        }
        // A folder named like a report.
        try FileManager.default.createDirectory(atPath: dir + "/d.json", withIntermediateDirectories: false)
        let r = try CLI.run(["conform", "--exec", "sleep 60", "--report", dir + "/d.json"])
        #expect(r.status == 73 && r.stderr == "pointersim: conform: cannot write the report: \(dir)/d.json: is a folder\n")
    }

    @Test func aProtocolErrorReportHoldsTheSessionInPlay() throws {
        // Answers step 0 of the first session, then ends: `played: 0`, no results before.
        let (r, text) = try ConformReportTests.report(
            ["conform", "--exec", #"read -r a; read -r b; echo '{"step": 0, "selection": []}'; sleep 0.2"#, "--kind", "band", "--profile", "uikit"],
            "r.json"
        )
        #expect(r.status == 76)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["played"] as? Int == 1 && json["compared"] as? Int == 0 && json["verdict"] as? String == "protocol error")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["session"] as? Int == 0 && results.first?["result"] as? String == "error" && results.first?["answered"] as? Int == 1)
        #expect((results.first?["error"] as? String)?.hasSuffix("ended before answering every step (exit status 0)") == true, "\(text)")
        #expect((results.first?["rerun"] as? String)?.hasSuffix("--seed 1 --only 0 --timeout 30") == true)
    }

    @Test func timeoutZeroIsNoLimitAndTheRangeIsSaid() throws {
        // Refused before, with "give a number of seconds from 0 to 86400".
        let slow = "sleep 0.3; BAND_ROUNDING=away " + Self.python
        let r = try CLI.run(["conform", "--exec", slow, "--kind", "band", "--profile", "uikit", "--sessions", "3", "--timeout", "0"])
        #expect(r.status == 0 && r.stdout == "conform: 3 sessions (kind band, profile uikit, seed 1): all agree\n", "\(r.stderr)")
        for bad in ["86400.5", "nan", "inf", "1e9"] {
            let b = try CLI.run(["conform", "--exec", "true", "--timeout", bad])
            #expect(b.status == 64, "\(bad)")
            #expect(b.stderr.hasPrefix("Error: --timeout: give a number of seconds from 0 (no limit) to 86400, found "), "\(bad): \(b.stderr)")
        }
        let max = try CLI.run([
            "conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "1", "--timeout", "86400",
        ])
        #expect(max.status == 0)
    }

    @Test func aMissingProfileFileIs66AndAnUnknownName64() throws {
        for file in ["missing.json", "dir/missing", "./x"] {
            let r = try CLI.run(["conform", "--exec", "true", "--profile", file])
            #expect(r.status == 66, "\(file)")
            #expect(r.stderr == "pointersim: \(file): cannot open: No such file or directory\n")
        }
        let long = String(repeating: "m", count: 5_000)
        let r = try CLI.run(["conform", "--exec", "true", "--profile", long])
        #expect(r.status == 64)
        #expect(
            r.stderr.hasPrefix("Error: --profile: unknown profile \"\(String(repeating: "m", count: 40))…\" (expected "),
            "\(r.stderr.prefix(200))"
        )
    }
}
