import ArgumentParser
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimTesting

#if canImport(Glibc)
import Glibc
#endif

extension PointerSimCommand {
    struct Conform: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Checks an implementation in any language against PointerSim over generated sessions.",
            discussion: """
                Runs CMD (with /bin/sh -c) once and speaks JSON Lines with it (docs/Formats/Conform.md): \
                for each session, the scene, then one step a line, then the end; the implementation answers \
                each step with its selection (and optionally its band rect and focus), or skips the session. \
                At the first divergence from PointerSim the session is shrunk, explained, and written as \
                NAME.scene.json, NAME.trace and NAME.expected.jsonl (a golden trace). Exit status: 0 if \
                every session agrees, 1 on a divergence, 76 if the implementation breaks the protocol, \
                69 if it cannot be run, 73 if the files cannot be written, 64 for bad arguments. An implementation that sends no answer line for --timeout seconds is stopped (76).
                """)

        @Option(name: .customLong("exec"), help: "The implementation's command line (run with /bin/sh -c).")
        var command: String

        @Option(help: "The profile of every scene: \(BandProfile.registeredNameList) (default: any, with variants).")
        var profile: String?

        @Option(help: "The sessions: band (bands from empty space), selection (bands, clicks, keys) or regions.")
        var kind = "selection"

        @Flag(help: "Whole pixels only: scale 1, whole-number rects and points (the toolkit harnesses need it).")
        var wholePixels = false

        @Flag(help: "Grid scenes only: cells of one size filling whole rows from the view's corner, nothing selected initially (GtkGridView).")
        var grid = false

        @Option(help: "How long the implementation may take to send one answer, in seconds.")
        var timeout: Double = 30

        @Option(help: "How many sessions.")
        var sessions = 100

        @Option(help: "The seed of the sessions.")
        var seed: UInt64 = 1

        @Option(help: "How many divergent sessions to shrink; the smallest result is kept.")
        var candidates = 10

        @Option(help: "Where to write the counterexample files.")
        var out = "."

        @Option(help: "The counterexample's file name (without extension).")
        var name = "counterexample"

        @Option(help: ArgumentHelp("Play a saved session instead (PATH.scene.json and PATH.trace, a counterexample) and say whether it still diverges.", valueName: "PATH"))
        var session: String?

        func validate() throws {
            if command.isEmpty { throw ValidationError("--exec: the command is empty") }
            if let p = profile, BandProfile.named(p) == nil { throw ValidationError("--profile: unknown profile \"\(p)\" (expected \(BandProfile.registeredNameList))") }
            if SessionGenerator.Kind(rawValue: kind) == nil { throw ValidationError("--kind: unknown kind \"\(kind)\" (expected band, selection or regions)") }
            if sessions < 1 { throw ValidationError("--sessions: give at least 1") }
            if candidates < 1 { throw ValidationError("--candidates: give at least 1") }
            if !(timeout > 0 && timeout <= 86_400) { throw ValidationError("--timeout: give a number of seconds from 0 to 86400") }
            if name.isEmpty || name.contains("/") { throw ValidationError("--name: give a file name without /") }
        }

        func run() throws {
            var r = ConformRun(command: command)
            r.kind = SessionGenerator.Kind(rawValue: kind) ?? .selection
            r.profile = profile.flatMap { BandProfile.named($0) }
            r.wholePixels = wholePixels
            r.grid = grid
            r.timeout = timeout
            r.sessions = sessions
            r.seed = seed
            r.candidates = candidates
            r.directory = out
            r.name = name
            if let p = session {
                try runReportingErrors {
                    let scene = try SceneFile.load(path: p + ".scene.json")
                    let events = try PointerSimTrace.parse(try readTextFile(p + ".trace"), file: p + ".trace")
                    r.saved = ConformanceSession(scene: scene, events: events)
                    r.savedName = p
                }
            }
            let (text, status) = r.run()
            if status == .agreed || status == .diverged {
                print(text, terminator: "")
                finishStandardOutput()
            } else {
                writeStderr(text)
            }
            if status != .agreed { throw ExitCode(status.rawValue) }
        }
    }
}
