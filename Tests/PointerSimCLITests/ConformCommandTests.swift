import Foundation
import PointerSimTestSupport
import Testing

/// `pointersim conform --exec`: exact output and exit statuses, with the
/// Python example of Examples/ConformPython (wrong, and fixed by an
/// environment variable) as the child.
@Suite struct ConformCommandTests {
    static let python = "python3 Examples/ConformPython/band_round_even.py"

    static func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test func aCorrectImplementationAgrees() throws {
        let r = try CLI.run([
            "conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--kind", "band", "--profile", "uikit", "--sessions", "60", "--seed", "3",
        ])
        #expect(r.status == 0)
        #expect(r.stdout == "conform: 60 sessions (kind band, profile uikit, seed 3): all agree\n")
        #expect(r.stderr == "")
    }

    @Test func aWrongImplementationIsCaughtShrunkAndWritten() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--out", dir, "--name", "round-even"])
        #expect(r.status == 1)
        #expect(
            r.stdout.replacingOccurrences(of: dir, with: "DIR") == """
                conform: 100 sessions (kind band, profile uikit, seed 1): session 3 diverges at step 11; shrunk from 19 steps and 4 items to 1 step and 1 item:
                step 0 (0 press primary): selection [i3], expected []
                  press at [29.5, 40.25] (content), [29.5, 40.5] on the pixel grid of scale 2 (halves round away from zero); on empty space
                  band rect: [29.5, 40.5, 1, 1]; mode: replace; rule applied: band, mode replace (modifiers [], profile uikit)
                  hit rule: intersects (an item counts when it overlaps the band with positive area; a touching edge does not count)
                  item i3 [0.5, 0, 30, 40.25]: expected not selected; selected at the press: false; in the rect: false; ever hit: false
                rerun: pointersim conform --exec 'python3 Examples/ConformPython/band_round_even.py' --kind band --profile uikit --seed 1 --only 3 --timeout 30
                written: DIR/round-even.scene.json, DIR/round-even.trace, DIR/round-even.expected.jsonl
                replay: pointersim replay --scene DIR/round-even.scene.json DIR/round-even.trace

                """
        )
        // The files are a golden trace: replay prints the expected log.
        let replay = try CLI.run(["replay", "--scene", dir + "/round-even.scene.json", dir + "/round-even.trace"])
        #expect(replay.status == 0)
        #expect(replay.stdout == (try String(contentsOfFile: dir + "/round-even.expected.jsonl", encoding: .utf8)))
        // And they replay to the divergence; the fixed implementation agrees on them.
        let again = try CLI.run(["conform", "--exec", Self.python, "--session", dir + "/round-even"])
        #expect(again.status == 1)
        #expect(again.stdout.hasPrefix("conform: \(dir)/round-even: diverges at step 0:\n"))
        let fixed = try CLI.run(["conform", "--exec", "BAND_ROUNDING=away " + Self.python, "--session", dir + "/round-even"])
        #expect(fixed.status == 0)
        #expect(fixed.stdout == "conform: \(dir)/round-even: agrees\n")
    }

    @Test func protocolErrorsAndBadArguments() throws {
        let gone = try CLI.run(["conform", "--exec", "false", "--kind", "band"])
        #expect(gone.status == 76)
        #expect(gone.stdout == "")
        #expect(gone.stderr == "pointersim: conform: the implementation (false) ended before answering every step (exit status 1)\n")
        let garbage = try CLI.run(["conform", "--exec", "echo hello; cat > /dev/null", "--kind", "band"])
        #expect(garbage.status == 76)
        #expect(
            garbage.stderr
                == "pointersim: conform: expected a JSON answer ({\"step\": K, \"selection\": [...]} or {\"skipped\": \"why\"}), found: hello\n"
        )
        let silent = try CLI.run(["conform", "--exec", "cat > /dev/null", "--kind", "band", "--timeout", "0.5"])
        #expect(silent.status == 76)
        #expect(silent.stderr == "pointersim: conform: the implementation (cat > /dev/null) gave no answer within 0.5 s\n")
        let profile = try CLI.run(["conform", "--exec", "true", "--profile", "motif"])
        #expect(profile.status == 64)
        #expect(
            profile.stderr.hasPrefix(
                "Error: --profile: unknown profile \"motif\" (expected \(ProfileListCLITests.nameList), or a scene or profile file)\n"
            )
        )
        let kind = try CLI.run(["conform", "--exec", "true", "--kind", "drag"])
        #expect(kind.status == 64)
        #expect(kind.stderr.hasPrefix("Error: --kind: unknown kind \"drag\" (expected band, selection or regions)\n"))
    }

    /// Without --out the files go to a folder of their own,
    /// pointersim-counterexamples in the current folder, made on demand:
    /// nothing is left loose in the folder conform runs in.
    @Test func theDefaultOutIsAFolderOfItsOwn() throws {
        let cwd = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: cwd) }
        let python = "python3 '\(CLI.root.path)/Examples/ConformPython/band_round_even.py'"
        let r = try CLI.run(["conform", "--exec", python, "--kind", "band", "--profile", "uikit"], in: URL(fileURLWithPath: cwd))
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").suffix(2).map(String.init)
        #expect(
            lines == [
                "written: pointersim-counterexamples/counterexample.scene.json, pointersim-counterexamples/counterexample.trace, pointersim-counterexamples/counterexample.expected.jsonl",
                "replay: pointersim replay --scene pointersim-counterexamples/counterexample.scene.json pointersim-counterexamples/counterexample.trace",
            ],
            "\(r.stdout)"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd) == ["pointersim-counterexamples"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cwd + "/pointersim-counterexamples").sorted() == [
                "counterexample.expected.jsonl", "counterexample.scene.json", "counterexample.trace",
            ]
        )
    }

    /// An unwritable --out: 73, the divergence on standard output, one plain
    /// line on standard error (no Foundation error dump).
    @Test func anUnwritableOutIsOnePlainLine() throws {
        // Not a folder: refused before any session is played (issue #44).
        let early = try CLI.run(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--out", "/dev/full"])
        #expect(early.status == 73 && early.stdout.isEmpty)
        #expect(early.stderr == "pointersim: conform: cannot write the counterexample: /dev/full: not a folder\n")
        // A folder that looks writable and is not: found when the files are written.
        for (out, reason) in [("/proc", "/proc/counterexample.scene.json: No such file or directory")] {
            let r = try CLI.run(["conform", "--exec", Self.python, "--kind", "band", "--profile", "uikit", "--out", out])
            #expect(r.status == 73)
            #expect(r.stdout.contains(" diverges at step "))
            #expect(r.stderr == "pointersim: conform: cannot write the counterexample: \(reason)\n")
        }
    }

    /// Issue #36: an outside implementation that reads the modifiers at the
    /// release (the example's MODIFIERS_AT=release) is caught by the default
    /// 100 band sessions under uikit, at a release, shrunk to one item.
    @Test func readingModifiersAtTheReleaseIsCaughtThroughTheProtocol() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run([
            "conform", "--exec", "BAND_ROUNDING=away MODIFIERS_AT=release " + Self.python, "--kind", "band", "--profile", "uikit", "--out", dir,
        ])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.contains(" to 3 steps and 1 item:") == true, "\(r.stdout)")
        #expect(lines.dropFirst().first?.contains(" release primary): ") == true, "\(r.stdout)")
    }
}
