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
                NAME.scene.json, NAME.trace and NAME.expected.jsonl (a golden trace) in the folder --out, \
                with the command that reruns that session alone. Exit status: 0 if every session agrees, 1 on a divergence, \
                2 if fewer than --min-compared sessions were compared (the rest skipped), 76 if the \
                implementation breaks the protocol (an answer line over 1 MiB or nested over 32 deep, \
                no answer line for --timeout seconds, an early end), 69 if it cannot be run, 73 if a \
                file cannot be written, 64 for bad arguments. The implementation runs in a process \
                group of its own, which is killed at a timeout, at an error and at the end of the run.
                """
        )

        @Option(name: .customLong("exec"), help: "The implementation's command line (run with /bin/sh -c).")
        var command: String

        @Option(
            help: ArgumentHelp(
                "The profile of every scene: \(BandProfile.registeredNameList), or a file holding a scene (its profile is taken) or a profile object (default: any, with variants).",
                valueName: "NAME|FILE"
            )
        )
        var profile: String?

        @Option(help: "The sessions: band (bands from empty space), selection (bands, clicks, keys) or regions.")
        var kind = "selection"

        @Flag(help: "Whole pixels only: scale 1, whole-number rects and points (the toolkit harnesses need it).")
        var wholePixels = false

        @Flag(help: "Grid scenes only: cells of one size filling whole rows from the view's corner, nothing selected initially (GtkGridView).")
        var grid = false

        @Option(
            parsing: .unconditional,
            help:
                "How long the implementation may take to send one answer line, in seconds, 0 (no limit) to 86400 (it is then stopped, with every process it started)."
        )
        var timeout: Double = 30

        @Option(parsing: .unconditional, help: "How many sessions (1 to 1000000000).")
        var sessions = 100

        @Option(parsing: .unconditional, help: "The seed of the sessions (0 to 18446744073709551615).")
        var seed = "1"

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Play only session N (0-based) of the seed's sessions: the command printed with a divergence.", valueName: "N")
        )
        var only: Int?

        @Option(
            parsing: .unconditional,
            help: "The fewest sessions that must be compared, not skipped, for the run to pass (exit status 2 otherwise)."
        )
        var minCompared = 1

        @Option(
            parsing: .unconditional,
            help: "How many copies of the implementation play sessions side by side (1 to 64); the results are a serial run's."
        )
        var jobs = 1

        @Option(help: ArgumentHelp("Write a report of the run: FILE.json (JSON) or FILE.xml (JUnit XML).", valueName: "FILE"))
        var report: String?

        @Option(parsing: .unconditional, help: "How many divergent sessions to shrink; the smallest result is kept.")
        var candidates = 10

        @Option(help: ArgumentHelp("The folder for the counterexample files, made if needed (relative: in the current folder).", valueName: "DIR"))
        var out = "pointersim-counterexamples"

        @Option(help: "The counterexample's file name (without extension).")
        var name = "counterexample"

        @Option(
            help: ArgumentHelp(
                "Play a saved session instead (PATH.scene.json and PATH.trace, a counterexample) and say whether it still diverges.",
                valueName: "PATH"
            )
        )
        var session: String?

        func validate() throws {
            if command.isEmpty { throw ValidationError("--exec: the command is empty") }
            // A word that names no profile and no file is an unknown name (64);
            // a path (with a / or a .) that cannot be opened is a missing file (66, at the run).
            if let p = profile, BandProfile.named(p) == nil, access(p, F_OK) != 0, !Self.looksLikeFile(p) {
                throw ValidationError(
                    "--profile: unknown profile \"\(InputError.excerpt(p))\" (expected \(BandProfile.registeredNameList), or a scene or profile file)"
                )
            }
            if SessionGenerator.Kind(rawValue: kind) == nil {
                throw ValidationError("--kind: unknown kind \"\(InputError.excerpt(kind))\" (expected band, selection or regions)")
            }
            if sessions < 1 || sessions > ConformRun.maxSessions {
                throw ValidationError("--sessions: give a number from 1 to \(ConformRun.maxSessions), found \(sessions)")
            }
            if UInt64(seed) == nil {
                throw ValidationError("--seed: give a whole number from 0 to \(UInt64.max), found \"\(InputError.excerpt(seed))\"")
            }
            if let n = only, n < 0 || n >= ConformRun.maxSessions {
                throw ValidationError("--only: give a session number from 0 to \(ConformRun.maxSessions - 1), found \(n)")
            }
            if minCompared < 0 { throw ValidationError("--min-compared: give 0 or more, found \(minCompared)") }
            if jobs < 1 || jobs > ConformRun.maxJobs { throw ValidationError("--jobs: give a number from 1 to \(ConformRun.maxJobs), found \(jobs)") }
            if let r = report, !(r.hasSuffix(".json") || r.hasSuffix(".xml")) {
                throw ValidationError("--report: give a file name ending in .json (JSON) or .xml (JUnit XML), found \"\(InputError.excerpt(r))\"")
            }
            if session != nil && only != nil { throw ValidationError("--only and --session: give one of them") }
            if candidates < 1 { throw ValidationError("--candidates: give at least 1") }
            if !(timeout >= 0 && timeout <= 86_400) {
                throw ValidationError(
                    "--timeout: give a number of seconds from 0 (no limit) to 86400, found \(InputError.excerpt(formatExactNumber(timeout)))"
                )
            }
            if name.isEmpty || name.contains("/") { throw ValidationError("--name: give a file name without /") }
            if out.isEmpty { throw ValidationError("--out: the folder name is empty (give one, or leave --out out for pointersim-counterexamples)") }
        }

        /// Whether a `--profile` value that is no profile's name is meant as a file.
        static func looksLikeFile(_ p: String) -> Bool { p.contains("/") || p.contains(".") }

        func run() throws {
            var r = ConformRun(command: command)
            r.kind = SessionGenerator.Kind(rawValue: kind) ?? .selection
            if let p = profile {
                r.profileArgument = p
                if let named = BandProfile.named(p) {
                    r.profile = named
                } else {
                    try runReportingErrors { r.profile = try ConformRun.profile(text: try readTextFile(p), file: p) }
                }
            }
            r.wholePixels = wholePixels
            r.grid = grid
            r.timeout = timeout
            r.sessions = sessions
            r.seed = UInt64(seed) ?? 1
            r.only = only
            r.minCompared = minCompared
            r.jobs = jobs
            r.reportPath = report
            r.progress = isatty(2) != 0
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
            let result = r.run()
            if !result.output.isEmpty {
                print(result.output, terminator: "")
                finishStandardOutput()
            }
            if !result.errors.isEmpty { writeStderr(result.errors) }
            if result.status != .agreed { throw ExitCode(result.status.rawValue) }
        }
    }
}
