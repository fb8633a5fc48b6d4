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
                let merged = MergedEventSource(try TraceInputs.open(paths: traces, scene: s))
                var sim = Simulator(scene: s, options: SimulationOptions(verbose: true))
                var records: [LogRecord] = []
                while let e = try merged.next() { sim.process(e, into: &records) }
                let text = output.hasSuffix(".svg")
                    ? ReplayRenderer.svg(scene: s, records: records)
                    : ReplayRenderer.html(scene: s, records: records, title: traces.joined(separator: " + "))
                let sink = try OutputSink(path: output)
                do {
                    try sink.writeLine(text)
                    try sink.commit()
                } catch {
                    sink.abandon()
                    throw error
                }
            }
        }
    }
}
