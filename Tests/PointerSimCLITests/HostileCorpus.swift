import Foundation
import PointerSimTestSupport
import Testing

/// One runner for the hostile corpora (Traces/hostile and its folders, each
/// named by what it tests: Traces/hostile/README.md). A new folder is one
/// line, `try HostileCorpus(folder: …, atLeast: …, statuses: […]).check()`.
/// Each `.case` file names a command line and its exact exit status,
/// standard output and standard error (`Tools/update-hostile.sh` rewrites
/// them, every folder's). Every case must give exactly those, within its time
/// limit, with a status the corpus allows; a failure's message must have the
/// shape its status promises (`messageShape`).
struct HostileCorpus {
    /// The folder under the repository root.
    var folder: String
    /// The fewest cases the folder must hold (a corpus that shrinks fails).
    var atLeast: Int
    /// The statuses a case may end with; `exactly` also requires each to occur.
    var statuses: Set<Int32>
    var everyStatusOccurs = false
    /// The time limit of one case, in seconds.
    var limit: (HostileInputTests.Case) -> Double = { _ in 30 }
    /// Checks a failure's standard error for its status (nil: no check).
    var messageShape: ((HostileInputTests.Case, CLI.Result) -> Void)? = nil

    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let all = try HostileInputTests.cases(folder)
        #expect(all.count >= atLeast, "\(folder): \(all.count) cases", sourceLocation: sourceLocation)
        var seen = Set<Int32>()
        for c in all {
            #expect(!c.args.isEmpty && c.status >= 0, "\(c.name): no args: or status: line", sourceLocation: sourceLocation)
            let start = Date()
            let r = try CLI.run(c.args)
            let seconds = Date().timeIntervalSince(start)
            #expect(seconds < limit(c), "\(c.name): \(seconds) s", sourceLocation: sourceLocation)
            #expect(r.status == c.status, "\(c.name)", sourceLocation: sourceLocation)
            #expect(r.stdout == c.stdout, "\(c.name)", sourceLocation: sourceLocation)
            #expect(r.stderr == c.stderr, "\(c.name)", sourceLocation: sourceLocation)
            // Only a documented status, never a signal or a trap.
            #expect(statuses.contains(r.status), "\(c.name): status \(r.status)", sourceLocation: sourceLocation)
            seen.insert(r.status)
            messageShape?(c, r)
        }
        if everyStatusOccurs { #expect(seen == statuses, "\(folder): statuses \(seen.sorted())", sourceLocation: sourceLocation) }
    }

    /// One line, `pointersim: …`.
    static func oneLine(_ c: HostileInputTests.Case, _ r: CLI.Result) {
        #expect(r.stderr.hasPrefix("pointersim: ") && r.stderr.split(separator: "\n").count == 1, "\(c.name): one line")
    }

    /// One line naming the file and line: `pointersim: FILE:LINE: …`.
    static func namesFileAndLine(_ c: HostileInputTests.Case, _ r: CLI.Result) {
        oneLine(c, r)
        #expect(r.stderr.range(of: #"^pointersim: [^:]+:[0-9]+: "#, options: .regularExpression) != nil, "\(c.name): names the file and line")
    }
}
