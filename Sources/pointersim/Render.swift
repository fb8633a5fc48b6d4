import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimRender
import PointerSimTesting

#if canImport(Glibc)
import Glibc
#endif

/// Whether `path` names a regular file (one that can be read twice; `-`, a pipe or a FIFO cannot).
func isRegularFile(_ path: String) -> Bool {
    guard path != "-" else { return false }
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
}

extension PointerSimCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draws a replay: a self-contained HTML viewer with a timeline (.html) or a static SVG (.svg).",
            // The usage line of before the libinput options (which `--help` lists):
            // error messages keep their exact text.
            usage: "pointersim render <traces> ... [--scene <scene>] --output <output> [--profile <profile> | --profiles <profiles>]",
            discussion:
                "Says on stderr which file it wrote and its size. Open the HTML file in a browser; add #t=SECONDS to its address to open it at that trace time."
        )

        @Argument(help: "Trace files, merged by timestamp (as for replay).")
        var traces: [String]

        // What most users need first; the libinput options after, under their own heading.
        @OptionGroup(title: "Scene and output")
        var main: RenderOptions

        @OptionGroup(title: "libinput configuration (libinput debug-events' options)")
        var libinput: LibinputOptionGroup

        var scene: String? { main.scene }
        var output: String { main.output }
        var profiles: String? { main.profiles }
        var profile: String? { main.profile }

        var profileList: [BandProfile] {
            profiles.flatMap { try? ProfileCompare.profiles(named: PointerSimCommand.checkedProfileNames($0)) } ?? []
        }

        func validate() throws {
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if profile != nil && profiles != nil {
                throw ValidationError("--profile and --profiles: give one of them (--profiles draws several side by side)")
            }
            if let p = profile, let problem = profileArgumentProblem(p) { throw ValidationError(problem) }
            if let p = profiles {
                _ = try PointerSimCommand.checkedProfileNames(p)
                if output.hasSuffix(".svg") { throw ValidationError("--profiles draws in the HTML viewer: give --output FILE.html") }
            }
            if let p = emptyInputProblem("trace name", traces) ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene") {
                throw ValidationError(p)
            }
            if let p = emptyOutputProblem("--output", output, "give FILE.html or FILE.svg") { throw ValidationError(p) }
            if !(output.hasSuffix(".html") || output.hasSuffix(".svg")) { throw ValidationError("--output must end in .html or .svg") }
        }

        func run() throws {
            try runReportingErrors {
                // The output first: a folder is refused before anything is read.
                var text = "", lines = 0, duration = 0.0
                var start = timespec(), end = timespec()
                clock_gettime(CLOCK_MONOTONIC, &start)
                try writeWhole(to: try OutputSink(path: output)) { sink in
                    let s = try libinput.applied(to: try loadScene(scene, profile: profile))
                    // Every profile's own replay from one reading of the inputs (`-` and FIFOs too).
                    let ps = profileList
                    var captures = try ReplayCapture.replayEach(paths: traces, scene: s.scene, decoder: s.decoder, profiles: ps, keepingEach: true)
                    if s.scene.items.isEmpty, let began = captures[0].firstBandBegan {
                        writeStderr(
                            "pointersim: note: a band began at t=\(formatLogNumber(began)), but the scene has no items, so it selects nothing (give --scene with a scene that has items)\n"
                        )
                    }
                    // compare --explain's reasons for the profiles panel, when the
                    // inputs can be read again (files, not `-` or a FIFO).
                    if ps.count >= 2 && traces.allSatisfy(isRegularFile) {
                        try Self.explain(&captures[0], paths: traces, scene: s.scene, decoder: s.decoder, profiles: ps)
                    }
                    let capture = captures[0], others = Array(captures.dropFirst())
                    text =
                        output.hasSuffix(".svg")
                        ? ReplayRenderer.svg(capture)
                        : ReplayRenderer.html(capture, others: others, title: traces.joined(separator: " + "))
                    lines = capture.lineCount; duration = capture.duration
                    try sink.writeLine(text)
                }
                clock_gettime(CLOCK_MONOTONIC, &end)
                let took = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
                // The time it took, for a person at a terminal: a message read by a
                // program (a pipe, a file) stays the same from run to run.
                let elapsed = isatty(2) == 1 ? ", in \(formatLogNumber((took * 100).rounded(.up) / 100)) s" : ""
                let size = text.utf8.count + 1
                let kind = output.hasSuffix(".svg") ? "SVG summary" : "HTML viewer"
                // A message, so on stderr (stdout is for data), as `record` names its files.
                writeStderr(
                    "pointersim: wrote \(output): \(kind), \(Self.byteCount(size)), \(lines) log lines over \(formatLogNumber(duration)) s of trace\(elapsed)\n"
                )
            }
        }

        /// The reasons of `compare --explain` for the page's profiles panel
        /// (`profiles.why`): at the first input of each difference and at each
        /// activation difference.
        static func explain(
            _ capture: inout ReplayCapture,
            paths: [String],
            scene: SimulationScene,
            decoder: DecoderConfiguration,
            profiles: [BandProfile]
        ) throws {
            var events: [PointerEvent] = []
            try ProfileCompare.forEachStep(paths: paths, scene: scene, decoder: decoder, profiles: []) { e, _ in events.append(e) }
            let states = CompareExplanation.states(scene: scene, profiles: profiles, events: events)
            var comparison = ProfileComparison(scene: scene, profiles: profiles)
            var agreeing = true
            for (k, e) in events.enumerated() {
                let step = comparison.process(e)
                if (agreeing && !step.selectionsAgree) || !step.activationsAgree {
                    let why = CompareExplanation.json(
                        names: profiles.map(\.name),
                        CompareExplanation.reasons(profiles: profiles, states: states, step: k, event: e)
                    )
                    capture.addExplanation(time: step.time, why: why)
                }
                agreeing = step.selectionsAgree
            }
        }

        static func byteCount(_ n: Int) -> String {
            if n < 1024 { return "\(n) bytes" }
            if n < 1 << 20 { return "\(formatLogNumber((Double(n) / 1024 * 10).rounded() / 10)) KiB (\(n) bytes)" }
            return "\(formatLogNumber((Double(n) / 1_048_576 * 10).rounded() / 10)) MiB (\(n) bytes)"
        }
    }
}

/// `render`'s own options, listed before the libinput options.
struct RenderOptions: ParsableArguments {
    @Option(help: "The scene file (*.scene.json); without it the built-in default scene is used.")
    var scene: String?

    @Option(help: "FILE.html (the viewer) or FILE.svg (a static summary).")
    var output: String

    @Option(
        help: ArgumentHelp(
            "The band profile, replacing the scene's: \(BandProfile.registeredNameList), or a file holding a scene (its profile is taken) or a profile object (as conform --profile).",
            valueName: "NAME|FILE"
        )
    )
    var profile: String?

    @Option(
        help:
            "Replay under each of these profiles too (comma-separated: \(BandProfile.registeredNamesForHelp)); the viewer shows each one's replay, the first one's when it opens."
    )
    var profiles: String?
}
