import ArgumentParser
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimPipeline
@_spi(Benchmarks) import PointerSimRender  // Narration (public only to the benchmarks)
import PointerSimTesting

#if canImport(Glibc)
import Glibc
#endif

/// The package's version, printed by `pointersim --version`.
let pointerSimVersion = "0.2.0"

@main
struct PointerSimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pointersim",
        abstract: "Simulates an iPadOS-style pointer (band selection, regions) from recordings or live devices.",
        version: pointerSimVersion,
        subcommands: [Replay.self, Compare.self, Conform.self, Decode.self, Render.self, Bench.self, Devices.self, Live.self, Record.self]
    )

    /// The argument parser's entry, after a look at the first word: a subcommand
    /// that does not exist (`pointersim replya x`, `pointersim help replya`) gets
    /// a "did you mean" and the list of subcommands, not "unexpected arguments".
    /// Repeated libinput options are collapsed first
    /// (``LibinputOptionGroup/collapsingRepeats(_:)``: linear, however often one is repeated).
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        let word = args.first == "help" ? args.dropFirst().first : args.first
        if let w = word, !w.hasPrefix("-"), subcommandNames.firstIndex(of: w) == nil, w != "help" {
            writeStderr(unknownSubcommand(w))
            Glibc.exit(64)
        }
        let collapsed = LibinputOptionGroup.collapsingRepeats(args)
        if collapsed.count > maxArguments {
            writeStderr("Error: \(collapsed.count) arguments; at most \(maxArguments) are read (a repeated libinput option counts once)\n")
            Glibc.exit(64)
        }
        run(Messages.cuttingImpossibleOptions(collapsed, unconditional: unconditionalOptions), quoting: args)
    }

    /// The options whose value is taken whatever it looks like (a `-…`
    /// after one is its value, not an option).
    static let unconditionalOptions: Set<String> = ["--sessions", "--seed", "--only", "--min-compared", "--jobs", "--candidates", "--timeout"]

    /// The argument parser's `main(_:)`, with its messages rewritten
    /// (``Messages/rewritten(_:arguments:)``): an argument it repeats is
    /// quoted by its first 40 characters, control characters escaped.
    /// Help, `--version` and completion scripts are printed as the parser
    /// writes them.
    static func run(_ arguments: [String], quoting original: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { print(text) }
                finishStandardOutput()
            } else if !text.isEmpty {
                writeStderr(Messages.rewritten(text, arguments: original) + "\n")
            }
            Glibc.exit(code.rawValue)
        }
        finishStandardOutput()
        Glibc.exit(0)
    }

    /// The most arguments handed to the argument parser (after repeated
    /// libinput options are collapsed): its cost grows with the square of
    /// their number (10,000 repeated `--scene` took 46 s in the release
    /// build, 2,048 take about 0.4 s), so more is a usage error (64) before
    /// any parsing (docs/Limits.md).
    static let maxArguments = 2048

    static var subcommandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// The message for a word that names no subcommand: the nearest names, then every subcommand.
    static func unknownSubcommand(_ word: String) -> String {
        // A word far longer than any name is near none (and its distance would cost its length times theirs).
        let near =
            word.count > 40
            ? [] : subcommandNames.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= max(2, $0.0.count / 3) }.sorted { $0.1 < $1.1 }
        var s = "Error: '\(InputError.excerpt(word))' is not a subcommand."
        if let best = near.first { s += " Did you mean '\(best.0)'?" }
        s += "\n\nSubcommands:\n"
        for c in configuration.subcommands {
            s += "  " + c._commandName.padding(toLength: 10, withPad: " ", startingAt: 0) + c.configuration.abstract + "\n"
        }
        return s + "\nSee 'pointersim help SUBCOMMAND' for one's options.\n"
    }

    /// Levenshtein distance, with a swap of neighbours counting as one (`replya`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// The exit statuses (sysexits.h); 64 (`EX_USAGE`) comes from the argument parser.
enum ExitStatus {
    /// The status for an error of the libraries.
    static func of(_ kind: InputError.Kind) -> Int32 {
        switch kind {
        case .malformed: 65  // EX_DATAERR
        case .cannotOpen: 66  // EX_NOINPUT
        case .cannotCreate: 73  // EX_CANTCREAT
        case .io: 74  // EX_IOERR
        }
    }
    /// `live`/`record` ended because every named device went away.
    static let devicesGone: Int32 = 74  // EX_IOERR
}

/// Prints an input error to stderr and exits with its status.
/// A file name longer than a path may be (`PATH_MAX`, 4096 bytes: it
/// could not be opened) is quoted by its excerpt.
func fail(_ error: InputError) -> Never {
    var e = error
    if e.file.utf8.count > 4096 { e.file = InputError.excerpt(e.file) }
    writeStderr("pointersim: \(e)\n")
    exit(ExitStatus.of(error.kind))
}

/// Writes a message to standard error, with every control character but
/// the line feed escaped (``Messages/escapingControls(_:)``): a file name
/// or a command given on the command line never reaches the terminal as
/// an escape sequence.
func writeStderr(_ message: String) {
    var bytes = Array(Messages.escapingControls(message).utf8)
    _ = bytes.withUnsafeMutableBufferPointer { write(2, $0.baseAddress, $0.count) }
}

/// Runs `body`, turning `InputError`s into their exit status. A SIGINT,
/// SIGTERM or SIGHUP meanwhile removes the temporary output files
/// (`TemporaryFiles`, in PointerSimFormats) and ends the process by that signal: an output file
/// is never left half-written and the file it replaces stays untouched.
func runReportingErrors(cleanupOnSignal: Bool = true, _ body: () throws -> Void) throws {
    if cleanupOnSignal { installTemporaryFileCleanup() }
    do { try body() } catch let e as InputError { fail(e) }
    finishStandardOutput()
}

/// Flushes standard output (what `print` buffered) and, if a write to it
/// failed (`> /dev/full`, a closed pipe), ends with 74 saying so: a command
/// never reports success for output that was lost.
func finishStandardOutput() {
    // fflush(nil) flushes every stream, stdout among them (the C global is
    // not concurrency-safe to name in Swift 6); a write that failed earlier
    // left its bytes in the buffer, so it fails again here.
    if fflush(nil) != 0 {
        let e = errno
        fail(InputError(.io, file: "<stdout>", "write error: \(String(cString: strerror(e == 0 ? EIO : e)))"))
    }
}

/// Why the input names are refused before anything is read, or nil: an
/// empty name would be reported as ": cannot open" (no name to show).
func emptyInputProblem(_ what: String, _ paths: [String], option: String? = nil) -> String? {
    guard paths.contains("") else { return nil }
    if let o = option { return "\(o): the \(what) is empty (give one)" }
    return "a \(what) is empty (give a file name, or - for standard input)"
}

/// Why a file name given to `option` is refused before anything is read, or nil.
func emptyOutputProblem(_ option: String, _ path: String?, _ hint: String) -> String? {
    guard let p = path, p.isEmpty else { return nil }
    return "\(option): the file name is empty (\(hint))"
}

/// Installs the signal handlers that remove the temporary output files
/// (`replay`, `decode`, `render`; `live` and `record` handle their own signals).
func installTemporaryFileCleanup() {
    // A parent may have started us with these blocked (a thread pool's
    // worker blocks most signals, and a child inherits the mask).
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        signal(sig) { s in
            TemporaryFiles.removeAll()
            signal(s, SIG_DFL)
            raise(s)
        }
    }
}

/// Runs `body` with `sink`, then commits it; on an error the sink is
/// abandoned (a file output never appears half-written) and the error rethrown.
func writeWhole(to sink: OutputSink, _ body: (OutputSink) throws -> Void) throws {
    do {
        try body(sink)
        try sink.commit()
    } catch {
        sink.abandon()
        throw error
    }
}

/// Loads the scene given with `--scene` and its decoder settings, or the
/// built-in default scene with the decoder's defaults.
func loadScene(_ path: String?) throws -> SceneSetup {
    guard let p = path else { return SceneSetup(scene: SimulationScene.default) }
    var warnings: [String] = []
    let setup = try SceneFile.loadSetup(path: p, warnings: &warnings)
    for w in warnings { writeStderr("pointersim: warning: \(w)\n") }
    return setup
}

/// Why `--profile VALUE` is refused before anything is read, or nil: a
/// registered profile's name or alias, or a file that exists (a scene, whose
/// profile is taken, or a profile object), as `conform --profile` takes.
func profileArgumentProblem(_ value: String) -> String? {
    if value.isEmpty { return "--profile: the profile is empty (give \(BandProfile.registeredNameList), or a scene or profile file)" }
    if BandProfile.named(value) != nil || access(value, F_OK) == 0 { return nil }
    return "--profile: unknown profile \"\(InputError.excerpt(value))\" (expected \(BandProfile.registeredNameList), or a scene or profile file)"
}

/// The profile `--profile VALUE` names: a registered one by name or alias,
/// else the file's (`ConformRun.profile(text:file:)`, as `conform --profile`).
func profileArgument(_ value: String) throws -> BandProfile {
    if let p = BandProfile.named(value) { return p }
    return try ConformRun.profile(text: try readTextFile(value), file: value)
}

/// Loads the scene of `--scene` (`loadScene(_:)`), then replaces its
/// band profile with `--profile`'s, if given.
func loadScene(_ path: String?, profile: String?) throws -> SceneSetup {
    var s = try loadScene(path)
    if let p = profile { s.scene.band.profile = try profileArgument(p) }
    return s
}

/// Says on stderr, once, that a band began over a scene with no items: it
/// selects nothing, however large (a trace replayed without `--scene` uses
/// the built-in default scene, which has none).
struct EmptySceneNote {
    let applies: Bool
    private(set) var said = false
    init(scene: SimulationScene) { applies = scene.items.isEmpty }
    mutating func see(_ r: LogRecord) {
        guard applies, !said, case .bandBegan = r.event else { return }
        said = true
        writeStderr(
            "pointersim: note: a band began at t=\(formatLogNumber(r.time)), but the scene has no items, so it selects nothing (give --scene with a scene that has items)\n"
        )
    }
}

extension PointerSimCommand {
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replays recordings through the simulation and writes the interaction log (JSON Lines).",
            // The usage line of before the libinput options (which `--help` lists):
            // error messages keep their exact text.
            usage:
                "pointersim replay <traces> ... [--scene <scene>] [--profile <profile>] [--output <output>] [--verbose [--frames <frames>]] [--narrate]",
            discussion: """
                Formats are recognised by content: pointersim-trace 1, evemu (single file, or a .desc \
                followed by its .events), libinput record YAML. Several traces are merged by timestamp. \
                An input can be - (standard input), a pipe or a FIFO: each is read once. \
                The log is JSON Lines: --output takes a name ending in .jsonl, .json, .log or .txt, or \
                without an extension (render draws pictures). Exit status: 0 success, 64 bad command line, \
                65 malformed input, 66 unreadable input, 73 an output that cannot be created, 74 I/O error.
                """
        )

        @Argument(help: "Trace files (- for standard input), merged by timestamp.")
        var traces: [String]

        // What most users need first; the libinput options after, under their own heading.
        @OptionGroup(title: "Scene and output")
        var main: ReplayOptions

        @OptionGroup(title: "libinput configuration (libinput debug-events' options)")
        var libinput: LibinputOptionGroup

        var scene: String? { main.scene }
        var output: String? { main.output }
        var verbose: Bool { main.verbose }
        var frames: Double? { main.frames }
        var narrate: Bool { main.narrate }
        var profile: String? { main.profile }

        func validate() throws {
            if let f = frames, !(f > 0 && f <= 10_000) { throw ValidationError("--frames takes a rate in Hz, above 0 and at most 10000") }
            if frames != nil && !verbose && !narrate {
                throw ValidationError("--frames samples the pointer lines: give it with --verbose (or --narrate)")
            }
            if let p = profile, let problem = profileArgumentProblem(p) { throw ValidationError(problem) }
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if let p = emptyInputProblem("trace name", traces) ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene") {
                throw ValidationError(p)
            }
            if let p = emptyOutputProblem("--output", output, "give a file name, or leave --output out for standard output") {
                throw ValidationError(p)
            }
            if let o = output, let problem = Self.outputProblem(o) { throw ValidationError(problem) }
        }

        /// The extensions of a JSON Lines log (or none).
        static let logExtensions = ["jsonl", "json", "log", "txt"]

        /// Why `--output path` is refused, or nil: replay writes JSON Lines only.
        static func outputProblem(_ path: String) -> String? {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            let ext = name[name.index(after: dot)...].lowercased()
            if logExtensions.contains(ext) { return nil }
            if ext == "svg" || ext == "html" {
                return
                    "--output \(path): replay writes the JSON Lines log, not .\(ext); to draw the replay use 'pointersim render TRACE... --output \(path)'"
            }
            return "--output \(path): replay writes the JSON Lines log: give a name ending in .jsonl, .json, .log or .txt, or without an extension"
        }

        func run() throws {
            try runReportingErrors {
                // The output first: a folder is refused before anything is read.
                try writeWhole(to: try output.map { try OutputSink(path: $0) } ?? OutputSink()) { sink in
                    let s = try libinput.applied(to: try loadScene(scene, profile: profile))
                    var note = EmptySceneNote(scene: s.scene)
                    if narrate {
                        // The pointer lines too (the accessories appear and fade in them),
                        // sampled at 60 Hz while the pointer animates.
                        let rate = frames ?? (s.scene.regionConfiguration.animation.isEnabled ? 60 : nil)
                        var story = Narration(scene: s.scene)
                        _ = try PointerSimPipeline.Replay.forEachStep(
                            paths: traces,
                            scene: s.scene,
                            decoder: s.decoder,
                            options: SimulationOptions(verbose: true, frameInterval: rate.map { 1 / $0 })
                        ) { step, sim in
                            for r in step.records { note.see(r) }
                            for line in story.describe(step: step.event, records: step.records, simulator: sim) { try sink.writeLine(line) }
                        }
                        for line in story.finish() { try sink.writeLine(line) }
                        return
                    }
                    try PointerSimPipeline.Replay.forEachRecord(
                        paths: traces,
                        scene: s.scene,
                        decoder: s.decoder,
                        options: SimulationOptions(verbose: verbose, frameInterval: frames.map { 1 / $0 })
                    ) { r in
                        note.see(r)
                        try sink.writeLine(r)
                    }
                }
            }
        }
    }
}

/// `replay`'s own options, listed before the libinput options.
struct ReplayOptions: ParsableArguments {
    @Option(help: "The scene file (*.scene.json); without it the built-in default scene is used.")
    var scene: String?

    @Option(
        help: ArgumentHelp(
            "The band profile, replacing the scene's: \(BandProfile.registeredNameList), or a file holding a scene (its profile is taken) or a profile object (as conform --profile).",
            valueName: "NAME|FILE"
        )
    )
    var profile: String?

    @Option(help: "Write the log here instead of stdout (.jsonl, .json, .log, .txt or no extension; the file appears only when complete).")
    var output: String?

    @Flag(help: "Also write a `pointer` line after every input frame.")
    var verbose = false

    @Option(
        help:
            "With --verbose (or --narrate), also sample the pointer this many times a second while it animates (the scene's regionConfiguration.animation; Tools/render-showcase.sh uses 60)."
    )
    var frames: Double?

    @Flag(help: "Tell the replay in words instead of the log, one line per moment (what a band selects, handles and their arrows, latches, resizes).")
    var narrate = false
}
