import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// The one session of replay, live and render: each step names the input its
/// event came from, autoscroll steps come on their own, and the records of
/// all the steps are the replay's log.
@Suite struct SessionTests {
    @Test func eachStepNamesItsInput() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).trace").path
        try "pointersim-trace 1\n0.0 move 10 10\n0.5 move 20 20\n".write(toFile: trace, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let mouse = RecordingFiles.path("input/mouse-keyboard.mouse.evemu")
        var seen: [Session.Input: Int] = [:]
        let summary = try Replay.forEachStep(paths: [mouse, trace], scene: .default, options: SimulationOptions()) { step, _ in
            #expect(step.event != nil && step.input != nil)  // no band here: no autoscroll step
            if let i = step.input { seen[i, default: 0] += 1 }
        }
        // The trace is the second path; the recording's stream comes after the traces.
        #expect(summary.inputs == [.trace(1), .recordings])
        #expect(seen[.trace(1)] == 2 && (seen[.recordings] ?? 0) > 0 && seen.count == 2)
    }

    @Test func autoscrollStepsComeOnTheirOwnAndTheRecordsAreTheLog() throws {
        let trace = RecordingFiles.path("band/autoscroll.trace")
        let scene = try SceneFile.load(path: RecordingFiles.path("band/autoscroll.scene.json"))
        var stepRecords: [LogRecord] = []
        var autoscrollSteps = 0
        try Replay.forEachStep(paths: [trace], scene: scene, options: SimulationOptions(verbose: true)) { step, _ in
            if step.event == nil {
                autoscrollSteps += 1
                #expect(step.input == nil)
                // A band.selecting record and the pointer following it.
                #expect(step.records.map(\.event.name) == ["band.selecting", "pointer"])
            } else {
                #expect(step.input == .trace(0))
            }
            stepRecords += step.records
        }
        var log: [LogRecord] = []
        try Replay.forEachRecord(paths: [trace], scene: scene, options: SimulationOptions(verbose: true)) { log.append($0) }
        #expect(autoscrollSteps == 12 && stepRecords == log)
        // The golden log (Traces/band/autoscroll-pointer) has the same lines.
        let golden = try String(contentsOfFile: RecordingFiles.path("band/autoscroll-pointer.expected.jsonl"), encoding: .utf8)
        #expect(log.map { LogLine.render($0) + "\n" }.joined() == golden)
    }

    @Test func aSessionFedByHandGivesTheReplaysSteps() throws {
        let scene = try SceneFile.load(path: RecordingFiles.path("band/autoscroll.scene.json"))
        let events = try PointerSimTrace.parse(
            try String(contentsOfFile: RecordingFiles.path("band/autoscroll.trace"), encoding: .utf8),
            file: "autoscroll.trace"
        )
        var session = Session(scene: scene, options: SimulationOptions())
        var mine: [LogRecord] = []
        for e in events { session.process(e, from: .devices) { step, _ in mine += step.records } }
        var replayed: [LogRecord] = []
        try Replay.forEachRecord(paths: [RecordingFiles.path("band/autoscroll.trace")], scene: scene, options: SimulationOptions()) {
            replayed.append($0)
        }
        #expect(mine == replayed && !mine.isEmpty)
    }
}
