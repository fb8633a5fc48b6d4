import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// Every golden case under Traces/: `<name>.expected.jsonl` with its inputs
/// (`<name>.inputs`, else `<name>.trace`), scene (`<name>.scene.json`, else the
/// default) and flags (`<name>.flags`). Each is replayed and compared byte for byte.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let directory: URL
    let name: String
    var testDescription: String { directory.lastPathComponent + "/" + name }

    static var packageRoot: URL { Repository.root }

    static func all() -> [GoldenCase] {
        let traces = packageRoot.appendingPathComponent("Traces")
        guard let e = FileManager.default.enumerator(at: traces, includingPropertiesForKeys: nil) else { return [] }
        var cases: [GoldenCase] = []
        for case let url as URL in e where url.lastPathComponent.hasSuffix(".expected.jsonl") {
            let name = String(url.lastPathComponent.dropLast(".expected.jsonl".count))
            cases.append(GoldenCase(directory: url.deletingLastPathComponent(), name: name))
        }
        return cases.sorted { $0.testDescription < $1.testDescription }
    }

    func file(_ suffix: String) -> String? {
        let p = directory.appendingPathComponent(name + suffix).path
        return FileManager.default.fileExists(atPath: p) ? p : nil
    }

    func lines(_ suffix: String) throws -> [String]? {
        guard let p = file(suffix) else { return nil }
        return try String(contentsOfFile: p, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    func inputs() throws -> [String] {
        if let listed = try lines(".inputs") { return listed.map { directory.appendingPathComponent($0).path } }
        return [directory.appendingPathComponent(name + ".trace").path]
    }

    /// Replays the case into a temporary file and returns the log.
    func replay() throws -> String {
        var warnings: [String] = []
        let setup =
            try file(".scene.json").map { try SceneFile.loadSetup(path: $0, warnings: &warnings) } ?? SceneSetup(scene: SimulationScene.default)
        let flags = try lines(".flags") ?? []
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let sink = try OutputSink(path: out)
        try Replay.run(
            paths: try inputs(),
            scene: setup.scene,
            decoder: setup.decoder,
            options: SimulationOptions(
                verbose: flags.contains("--verbose"),
                frameInterval: flags.firstIndex(of: "--frames").flatMap { i in i + 1 < flags.count ? Double(flags[i + 1]).map { 1 / $0 } : nil }
            ),
            sink: sink
        )
        try sink.commit()
        return try String(contentsOfFile: out, encoding: .utf8)
    }
}

@Suite struct GoldenTraceTests {
    @Test func thereAreEnoughBandScenarios() {
        #expect(GoldenCase.all().filter { $0.directory.lastPathComponent == "band" }.count >= 15)
    }

    @Test(arguments: GoldenCase.all())
    func replayMatchesTheGoldenLogByteForByte(_ c: GoldenCase) throws {
        let path = try #require(c.file(".expected.jsonl"), "\(c.testDescription): no \(c.name).expected.jsonl in \(c.directory.path)")
        let expected = try Repository.text(atPath: path)
        let first = try c.replay()
        assertLines(first, expected, c.testDescription)
        // Replaying the same trace twice gives byte-identical logs.
        #expect(try c.replay() == first)
    }
}
