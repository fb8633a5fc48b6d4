import ArgumentParser
import PointerSimCore
import PointerSimFormats

extension PointerSimCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draws a replay: a self-contained HTML viewer with a timeline (.html) or a static SVG (.svg).")

        @Argument(help: "Trace files, merged by timestamp (as for replay).")
        var traces: [String]

        @Option(help: "The scene file; without it the built-in default scene is used.")
        var scene: String?

        @Option(help: "FILE.html or FILE.svg.")
        var output: String

        func validate() throws {
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if !(output.hasSuffix(".html") || output.hasSuffix(".svg")) { throw ValidationError("--output must end in .html or .svg") }
        }

        func run() throws {
            try runReportingErrors {
                let s = try loadScene(scene)
                var records: [LogRecord] = []
                try PointerSimFormats.Replay.forEachRecord(paths: traces, scene: s, options: SimulationOptions(verbose: true)) { records.append($0) }
                let text = output.hasSuffix(".svg")
                    ? ReplayRenderer.svg(scene: s, records: records)
                    : ReplayRenderer.html(scene: s, records: records, title: traces.joined(separator: " + "))
                try writeWhole(to: try OutputSink(path: output)) { try $0.writeLine(text) }
            }
        }
    }
}
