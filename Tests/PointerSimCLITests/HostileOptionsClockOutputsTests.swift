import Foundation
import PointerSimTestSupport
import Testing

/// Issue #21's corpus, Traces/hostile/options-clock-outputs: `decode` and its
/// options, times at and beyond the clock's range in every format, keys and
/// selection at scale, `render`, and outputs (`/dev/full`, `/dev/null`,
/// links, folders, empty names).
@Suite struct HostileOptionsClockOutputsTests {
    /// Every case gives its exact status and messages within 30 s;
    /// a failure is one line naming the file and line (65), the file (66,
    /// 73, 74) or the option and its value (64, then the usage), never a
    /// signal.
    @Test func everyCaseGivesItsExactStatusAndMessages() throws {
        try HostileCorpus(
            folder: "Traces/hostile/options-clock-outputs",
            atLeast: 130,
            statuses: [0, 64, 65, 66, 73, 74],
            everyStatusOccurs: true,
            messageShape: { c, r in
                switch r.status {
                case 64:
                    let first = r.stderr.split(separator: "\n").first ?? ""
                    #expect(
                        first.hasPrefix("Error: ") && (first.contains("--") || first.contains(" name is empty")),
                        "\(c.name): a usage error names the option (or the empty argument)"
                    )
                case 65: HostileCorpus.namesFileAndLine(c, r)
                case 66, 73, 74: HostileCorpus.oneLine(c, r)
                default: break
                }
            }
        ).check()
    }

    @Test func onEveryFailureAnExistingOutputIsUntouched() throws {
        let dir = try HostileInputTests.folder()
        let out = "\(dir)/log.jsonl"
        let inputs = try HostileInputTests.cases("Traces/hostile/options-clock-outputs").filter {
            $0.status == 65 && ($0.args[0] == "decode" || $0.args[0] == "replay")
        }
        #expect(inputs.count >= 15)
        for c in inputs {
            try "previous\n".write(toFile: out, atomically: false, encoding: .utf8)
            let r = try CLI.run(c.args + ["--output", out])
            #expect(r.status == 65, "\(c.name)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n", "\(c.name)")
            #expect(try HostileInputTests.contents(dir) == ["log.jsonl", "x"], "\(c.name)")
        }
    }
}
