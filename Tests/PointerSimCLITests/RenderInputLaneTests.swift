import Foundation
import PointerSimTestSupport
import Testing

/// `render` decodes every input once (the replay's own steps feed the input
/// lane), so a recording read from standard input or a FIFO has its lane.
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

    @Test func traceFilesAloneHaveNoInputLane() throws {
        let r = try Self.render(["Traces/band/cancel.trace"])
        #expect(!r.has && r.count == 0)
    }
}
