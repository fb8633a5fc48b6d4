import Foundation
import PointerSimTestSupport
import Testing

/// `render` decodes every input once (the replay's own steps feed the input
/// lanes), so a recording read from standard input or a FIFO has its lanes,
/// and so does a trace.
@Suite struct RenderInputLaneTests {
    static let recording = "Traces/libinput-record/libinput-1.19.yaml"

    /// The lane's event count and whether the page has a lane.
    static func lane(_ html: String) -> (count: Int?, has: Bool) {
        func value(_ key: String) -> Substring? {
            guard let r = html.range(of: "\"\(key)\":") else { return nil }
            return html[r.upperBound...].prefix { $0.isLetter || $0.isNumber }
        }
        return (value("input").flatMap { Int($0) }, value("hasInput") == "true")
    }

    static func render(_ inputs: [String], stdin: Data? = nil) throws -> (count: Int?, has: Bool) {
        let out = try CLI.temp("lane.html", "")
        let r = try CLI.run(["render"] + inputs + ["--output", out], stdin: stdin)
        #expect(r.status == 0, "\(r.stderr)")
        return lane(try String(contentsOfFile: out, encoding: .utf8))
    }

    @Test func aRecordingOnStandardInputHasItsInputLane() throws {
        let file = try Self.render([Self.recording])
        #expect(file.has && (file.count ?? 0) > 0)
        let data = try Data(contentsOf: CLI.root.appendingPathComponent(Self.recording))
        let piped = try Self.render(["-"], stdin: data)
        #expect(piped.has && piped.count == file.count)
    }

    @Test func aRecordingFromAFIFOHasItsInputLane() throws {
        let file = try Self.render([Self.recording])
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-lane-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let data = try Data(contentsOf: CLI.root.appendingPathComponent(Self.recording))
        // The writer blocks until render opens the FIFO.
        Thread.detachNewThread {
            if let h = FileHandle(forWritingAtPath: fifo) { h.write(data); try? h.close() }
        }
        let fromFIFO = try Self.render([fifo])
        #expect(fromFIFO.has && fromFIFO.count == file.count)
    }

    /// A `pointersim-trace` has its input lanes too (issue #45): one lane event per
    /// event line, and a trace merged with a recording adds its events (a press from
    /// the trace is in the buttons lane).
    @Test func traceFilesHaveTheirInputLanesToo() throws {
        let trace = "Traces/band/cancel.trace"
        let text = try String(contentsOf: CLI.root.appendingPathComponent(trace), encoding: .utf8)
        let events = text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }.count
        let r = try Self.render([trace])
        #expect(r.has && r.count == events, "\(r) vs \(events) events")
        let recording = try Self.render([Self.recording])
        let merged = try Self.render([Self.recording, trace])
        #expect(merged.has && merged.count == (recording.count ?? 0) + events)
    }
}
