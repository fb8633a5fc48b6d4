import Foundation
import PointerSimTestSupport
import Testing

/// Issue #36: skips that cannot hide a failure, reports for test runners
/// (JSON, and JUnit XML read back by a real consumer), the rerun command,
/// progress on a terminal, and `--jobs` giving the serial run's results.
@Suite struct ConformReportTests {
    static let python = "python3 Examples/ConformPython/band_round_even.py"
    /// Skips every session, giving its scale as the reason.
    static let skipper = """
        python3 -u -c 'import sys, json
        for line in sys.stdin:
            m = json.loads(line)
            if "scene" in m: print(json.dumps({"skipped": "scale %g" % m["scene"]["view"]["scale"]}), flush=True)'
        """

    static func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test func aRunWithEverythingSkippedFails() throws {
        let r = try CLI.run(["conform", "--exec", Self.skipper, "--kind", "band"])
        #expect(r.status == 2)
        // The split between the two scales depends on how many profiles are
        // registered (the generator draws one per session): the shape and the sum are fixed.
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.count == 4
                && lines[0]
                    == "conform: 100 sessions (kind band, profile any, seed 1): too few sessions compared: 0 (--min-compared 1); 100 skipped by the implementation:"
                && lines[3].isEmpty,
            "\(r.stdout)"
        )
        let counts = lines.dropFirst().prefix(2).map { l -> (Int, String) in
            let parts = l.split(separator: " × ")
            return (parts.count == 2 ? Int(parts[0].trimmingCharacters(in: .whitespaces)) ?? -1 : -1, parts.count == 2 ? String(parts[1]) : "")
        }
        #expect(
            counts.map(\.1).sorted() == ["scale 1", "scale 2"] && counts.allSatisfy { $0.0 > 0 } && counts.map(\.0).reduce(0, +) == 100,
            "\(r.stdout)"
        )
        // Allowed on purpose: --min-compared 0; the reasons are still counted.
        let allowed = try CLI.run(["conform", "--exec", Self.skipper, "--kind", "band", "--sessions", "10", "--min-compared", "0"])
        #expect(allowed.status == 0)
        #expect(
            allowed.stdout.hasPrefix(
                "conform: 10 sessions (kind band, profile any, seed 1): all agree, 0 compared, 10 skipped by the implementation:\n"
            )
        )
        // More compared sessions asked for than there are.
        let more = try CLI.run([
            "conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "5", "--min-compared",
            "6",
        ])
        #expect(more.status == 2)
        #expect(more.stdout == "conform: 5 sessions (kind band, profile uikit, seed 1): too few sessions compared: 5 (--min-compared 6)\n")
    }

    /// The command printed with a divergence reruns that one session, which
    /// diverges at the same step.
    @Test func theRerunCommandPlaysThatSessionAlone() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--out", dir])
        #expect(r.status == 1)
        let rerun = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("rerun: pointersim conform ") })
        #expect(
            rerun
                == "rerun: pointersim conform --exec 'python3 Examples/ConformPython/band_round_even.py' --kind band --profile uikit --seed 1 --only 3 --timeout 30"
        )
        // Through the shell, as a user pastes it (the binary for `pointersim`).
        let line = rerun.dropFirst("rerun: pointersim ".count) + " --out '\(dir)'"
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", "\"$0\" " + line, CLI.binary.path]
        sh.currentDirectoryURL = CLI.root
        let out = Pipe()
        sh.standardOutput = out
        try sh.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(sh.terminationStatus == 1)
        #expect(
            text.hasPrefix(
                "conform: session 3 of seed 1 (kind band, profile uikit): session 3 diverges at step 11; shrunk from 19 steps and 4 items to "
            ),
            "\(text)"
        )
    }

    /// Runs a report and returns it.
    static func report(_ args: [String], _ file: String) throws -> (CLI.Result, String) {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(args + ["--out", dir, "--report", dir + "/" + file])
        let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
        return (
            CLI.Result(status: r.status, stdout: r.stdout.replacingOccurrences(of: dir, with: "DIR"), stderr: r.stderr),
            text.replacingOccurrences(of: dir, with: "DIR")
        )
    }

    @Test func theJSONReport() throws {
        let (r, text) = try Self.report(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "7"], "r.json")
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["status"] as? Int == 1 && json["verdict"] as? String == "diverged")
        // Played on after the divergence: the next divergent sessions are shrunk too (--candidates).
        #expect(json["played"] as? Int == 7 && json["compared"] as? Int == 7 && json["skipped"] as? Int == 0)
        let d = try #require(json["divergence"] as? [String: Any])
        #expect(d["session"] as? Int == 3 && d["step"] as? Int == 11 && d["shrunkSteps"] as? Int == 2 && d["shrunkItems"] as? Int == 1)
        #expect(
            r.stdout.hasPrefix(
                "conform: 7 sessions (kind band, profile uikit, seed 1): session 3 diverges at step 11; shrunk from 19 steps and 4 items to 2 steps and 1 item:\n"
            )
        )
        #expect((d["explanation"] as? String).map { r.stdout.contains($0) } == true)
        #expect(d["files"] as? [String] == ["DIR/counterexample.scene.json", "DIR/counterexample.trace", "DIR/counterexample.expected.jsonl"])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["result"] as? String } == ["agreed", "agreed", "agreed", "diverged", "agreed", "agreed", "agreed"])
        #expect(results.map { $0["session"] as? Int } == [0, 1, 2, 3, 4, 5, 6])
    }

    /// The JUnit report, read by junitparser (a real consumer of JUnit XML:
    /// `pip install junitparser`), and by Python's XML parser.
    @Test func theJUnitReportReadsBack() throws {
        let (r, xml) = try Self.report(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "7"], "r.xml")
        #expect(r.status == 1)
        let file = try CLI.temp("report.xml", xml)
        let check = """
            import sys, junitparser
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                print(suite.name, suite.tests, suite.failures, suite.errors, suite.skipped)
                for case in suite:
                    print(case.classname, case.name, [type(x).__name__ + ":" + (x.message or "") for x in case.result])
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", check, file]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "junitparser: \(problems)")
        #expect(
            text == """
                pointersim conform (kind band, profile uikit, seed 1) 7 1 0 0
                conform.band.uikit session 0 []
                conform.band.uikit session 1 []
                conform.band.uikit session 2 []
                conform.band.uikit session 3 ['Failure:diverges at step 11']
                conform.band.uikit session 4 []
                conform.band.uikit session 5 []
                conform.band.uikit session 6 []

                """
        )
    }

    @Test func aProtocolErrorIsAnErrorInTheJUnitReport() throws {
        let (r, text) = try Self.report(["conform", "--exec", "echo '<&>'; cat >/dev/null", "--kind", "band"], "r.xml")
        #expect(r.status == 76)
        // The error belongs to the session in play (session 0, no step answered).
        #expect(
            text.contains(
                "<testcase classname=\"conform.band.any\" name=\"session 0\">\n      <error message=\"expected a JSON answer ({&quot;step&quot;: K, &quot;selection&quot;: [...]} or {&quot;skipped&quot;: &quot;why&quot;}), found: &lt;&amp;&gt;\" type=\"protocol error\">0 steps answered\nrerun: pointersim conform --exec "
            ),
            "\(text)"
        )
        #expect(!text.contains("name=\"implementation\""))
        #expect(text.contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""))
    }

    /// --jobs 3 gives the serial run's output and report, for a right and a
    /// wrong implementation.
    @Test(arguments: ["BAND_ROUNDING=away ", ""]) func jobsGiveTheSerialResults(env: String) throws {
        let args = ["conform", "--exec", env + Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "150", "--seed", "4"]
        let (serial, serialReport) = try Self.report(args, "r.json")
        let (parallel, parallelReport) = try Self.report(args + ["--jobs", "3"], "r.json")
        #expect(serial.status == parallel.status)
        #expect(serial.stdout == parallel.stdout)
        #expect(serialReport == parallelReport)
        #expect(serial.status == (env.isEmpty ? 1 : 0))
    }

    /// Progress goes to standard error when it is a terminal (here a
    /// pseudo-terminal from `script`), and never into standard output.
    @Test func progressOnATerminalOnly() throws {
        let plain = try CLI.run([
            "conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "20",
        ])
        #expect(plain.stderr == "")
        let command =
            "'\(CLI.binary.path)' conform --exec 'BAND_ROUNDING=away \(Self.python)' --kind band --profile uikit --sessions 20 2>&1 >/dev/null"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        p.currentDirectoryURL = CLI.root
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.hasPrefix("\rconform: 1/20 sessions\u{1B}[K"), "\(text.debugDescription)")
        #expect(text.contains("\rconform: 20/20 sessions\u{1B}[K\r\u{1B}[K"), "\(text.debugDescription)")
    }

    /// Examples/ConformPytest runs conform from pytest (with this build's
    /// binary); its five tests pass.
    @Test func thePytestExamplePasses() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "Examples/ConformPytest"]
        var env = ProcessInfo.processInfo.environment
        env["POINTERSIM"] = CLI.binary.path
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        p.environment = env
        p.currentDirectoryURL = CLI.root
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("5 passed"), "\(text)")
    }

    /// --profile FILE: a scene file's profile, or a profile object; every
    /// session runs over it (the header names it, the explanation gives its
    /// threshold, the rerun command passes the file again); a bad one is 65
    /// with the file and line.
    @Test func aProfileFromAFile() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let object = try CLI.temp(
            "mine.json",
            """
            { "name": "mine", "base": "uikit", "threshold": 2,
              "rules": [ { "flags": ["shift"], "match": "includes", "mode": "toggle" } ] }
            """
        )
        for (file, name, threshold) in [("Traces/band/custom-profile.scene.json", "designer", "4"), (object, "mine", "2")] {
            let r = try CLI.run([
                "conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--kind", "band", "--profile", file, "--sessions", "20", "--out", dir,
            ])
            #expect(r.status == 1)
            #expect(r.stdout.hasPrefix("conform: 20 sessions (kind band, profile \(name), seed 1): "), "\(r.stdout)")
            #expect(
                r.stdout.contains("a band begins once the pointer moves past the threshold (\(threshold) points, profile \(name))"),
                "\(r.stdout)"
            )
            #expect(r.stdout.contains(" --profile \(file) --seed 1 --only "), "\(r.stdout)")
        }
        let bad = try CLI.temp("bad.json", "{ \"name\": \"mine\",\n  \"threshold\": \"x\" }\n")
        let r = try CLI.run(["conform", "--exec", "cat", "--kind", "band", "--profile", bad])
        #expect(r.status == 65)
        #expect(r.stderr == "pointersim: \(bad):2: band.profile.threshold: expected a number\n")
        // A missing file is a 66 (docs/CommandLine.md), a word that names no profile a 64.
        let missing = try CLI.run(["conform", "--exec", "cat", "--profile", "no-such-profile.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "pointersim: no-such-profile.json: cannot open: No such file or directory\n")
        let unknown = try CLI.run(["conform", "--exec", "cat", "--profile", "no-such-profile"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: --profile: unknown profile \"no-such-profile\" (expected \(ProfileListCLITests.nameList), or a scene or profile file)\n"
            )
        )
    }
}
