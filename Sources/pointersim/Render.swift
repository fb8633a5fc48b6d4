import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimRender

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

        @Option(help: "The scene file; without it the built-in default scene is used.")
        var scene: String?

        @Option(help: "FILE.html or FILE.svg.")
        var output: String

        @Option(help: "Show these profiles side by side (comma-separated: uikit, qt, gtk); the replay drawn is the first one's.")
        var profiles: String?

        @OptionGroup(title: "libinput configuration (libinput debug-events' options)")
        var libinput: LibinputOptionGroup

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
                try writeWhole(to: try OutputSink(path: output)) { sink in
                    var s = try libinput.applied(to: try loadScene(scene))
                    let ps = profileList
                    if let first = ps.first { s.scene.band.profile = first }
                    let capture = try ReplayCapture.replay(paths: traces, scene: s.scene, decoder: s.decoder, profiles: ps)
                    text = output.hasSuffix(".svg")
                        ? ReplayRenderer.svg(capture)
                        : ReplayRenderer.html(capture, title: traces.joined(separator: " + "))
                    lines = capture.lineCount; duration = capture.duration
                    try sink.writeLine(text)
                }
                let size = text.utf8.count + 1
                let kind = output.hasSuffix(".svg") ? "SVG summary" : "HTML viewer"
                // A message, so on stderr (stdout is for data), as `record` names its files.
                writeStderr("pointersim: wrote \(output): \(kind), \(Self.byteCount(size)), \(lines) log lines, \(formatLogNumber(duration)) s\n")
            }
        }

        static func byteCount(_ n: Int) -> String {
            if n < 1024 { return "\(n) bytes" }
            if n < 1 << 20 { return "\(formatLogNumber((Double(n) / 1024 * 10).rounded() / 10)) KiB (\(n) bytes)" }
            return "\(formatLogNumber((Double(n) / 1048576 * 10).rounded() / 10)) MiB (\(n) bytes)"
        }
    }
}
