import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimRender

#if canImport(Glibc)
import Glibc
#endif

extension PointerSimCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draws a replay: a self-contained HTML viewer with a timeline (.html) or a static SVG (.svg).",
            // The usage line of before the libinput options (which `--help` lists):
            // error messages keep their exact text.
            usage: "pointersim render <traces> ... [--scene <scene>] --output <output> [--profiles <profiles>]",
            discussion: "Says on stderr which file it wrote and its size. Open the HTML file in a browser; add #t=SECONDS to its address to open it at that trace time.")

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

        var profileList: [BandProfile] {
            profiles.flatMap { try? ProfileCompare.profiles(named: PointerSimCommand.checkedProfileNames($0)) } ?? []
        }

        func validate() throws {
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if let p = profiles {
                _ = try PointerSimCommand.checkedProfileNames(p)
                if output.hasSuffix(".svg") { throw ValidationError("--profiles draws in the HTML viewer: give --output FILE.html") }
            }
            if let p = emptyInputProblem("trace name", traces) ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene") { throw ValidationError(p) }
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
                    let s = try libinput.applied(to: try loadScene(scene))
                    // Every profile's own replay from one reading of the inputs (`-` and FIFOs too).
                    let captures = try ReplayCapture.replayEach(paths: traces, scene: s.scene, decoder: s.decoder, profiles: profileList, keepingEach: true)
                    let capture = captures[0], others = Array(captures.dropFirst())
                    text = output.hasSuffix(".svg")
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
                writeStderr("pointersim: wrote \(output): \(kind), \(Self.byteCount(size)), \(lines) log lines over \(formatLogNumber(duration)) s of trace\(elapsed)\n")
            }
        }

        static func byteCount(_ n: Int) -> String {
            if n < 1024 { return "\(n) bytes" }
            if n < 1 << 20 { return "\(formatLogNumber((Double(n) / 1024 * 10).rounded() / 10)) KiB (\(n) bytes)" }
            return "\(formatLogNumber((Double(n) / 1048576 * 10).rounded() / 10)) MiB (\(n) bytes)"
        }
    }
}

/// `render`'s own options, listed before the libinput options.
struct RenderOptions: ParsableArguments {
    @Option(help: "The scene file (*.scene.json); without it the built-in default scene is used.")
    var scene: String?

    @Option(help: "FILE.html (the viewer) or FILE.svg (a static summary).")
    var output: String

    @Option(help: "Replay under each of these profiles too (comma-separated: \(BandProfile.registeredNamesForHelp)); the viewer shows each one's replay, the first one's when it opens.")
    var profiles: String?
}
