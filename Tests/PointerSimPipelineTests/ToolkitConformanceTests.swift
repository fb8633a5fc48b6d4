import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// The real-toolkit corpus (Traces/toolkits, README there): sessions played in
/// real Qt 6, GTK 4, GTK 3 and Dear ImGui by Tools/toolkits/*/harness.py, whose recorded
/// results (`NAME.recorded.jsonl` beside `NAME.jsonl`) every session of the
/// `qt-graphicsview`, `qt-itemview`, `gtk`, `gtk3` and `imgui` profiles must reproduce,
/// each session under the profile of the widget it was played in. No toolkit is needed to run this: the
/// toolkits' answers are committed.
struct ToolkitCorpus: CustomTestStringConvertible, Sendable {
    let toolkit: String
    let name: String
    var testDescription: String { "\(toolkit)/\(name)" }

    static var root: URL { GoldenCase.packageRoot.appendingPathComponent("Traces/toolkits") }

    static func all() -> [ToolkitCorpus] {
        var out: [ToolkitCorpus] = []
        // Every folder of Traces/toolkits is a toolkit's corpus (its harness is
        // Tools/toolkits/<folder>): no list of toolkits here to keep.
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        for tk in folders {
            let dir = root.appendingPathComponent(tk)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for f in names where f.hasSuffix(".recorded.jsonl") {
                out.append(ToolkitCorpus(toolkit: tk, name: String(f.dropLast(".recorded.jsonl".count))))
            }
        }
        return out.sorted { $0.testDescription < $1.testDescription }
    }

    var sessionsURL: URL { Self.root.appendingPathComponent("\(toolkit)/\(name).jsonl") }
    var recordedURL: URL { Self.root.appendingPathComponent("\(toolkit)/\(name).recorded.jsonl") }
}

/// One session of a corpus file.
struct ToolkitSession {
    let name: String
    let widget: String
    let scene: SimulationScene
    let events: [PointerEvent]
    /// The trace's event lines, for messages.
    let lines: [String]

    init(json: [String: Any], file: String) throws {
        name = json["name"] as? String ?? "?"
        widget = json["widget"] as? String ?? ""
        let sceneData = try JSONSerialization.data(withJSONObject: json["scene"] ?? [:], options: [.sortedKeys])
        scene = try SceneFile.parse(String(decoding: sceneData, as: UTF8.self), file: "\(file):\(name).scene")
        let trace = json["trace"] as? String ?? ""
        events = try PointerSimTrace.parse(trace, file: "\(file):\(name).trace")
        lines = trace.split(separator: "\n").map(String.init).filter {
            let t = $0.trimmingCharacters(in: .whitespaces)
            return !t.isEmpty && !t.hasPrefix("#") && !t.hasPrefix("pointersim-trace")
        }
    }
}

/// What PointerSim shows after each event of a session, in the terms the
/// harnesses report.
struct SimulatedStep: Equatable {
    var selection: [String]
    var band: [Double]?
    var activated: [String]
    var current: String?
}

enum ToolkitReplay {
    static func simulate(_ s: ToolkitSession) -> [SimulatedStep] {
        var sim = Simulator(scene: s.scene)
        var steps: [SimulatedStep] = []
        for e in s.events {
            var out: [LogRecord] = []
            sim.process(e, into: &out)
            var activated: [String] = []
            for r in out { if case .itemPrimaryAction(let id) = r.event { activated.append(id) } }
            let rect = sim.shownBandRect.map { [$0.minX, $0.minY, $0.width, $0.height] }
            steps.append(
                SimulatedStep(selection: sim.selection, band: rect, activated: activated, current: sim.selectionModel.focus.map { sim.itemIDs[$0] })
            )
        }
        return steps
    }

    /// The differences between a toolkit's observations and the simulation,
    /// one line each (empty: they agree).
    static func differences(_ s: ToolkitSession, observations: [[String: Any]]) -> [String] {
        let sim = simulate(s)
        var diffs: [String] = []
        var simActivated: [String] = [], tkActivated: [String] = []
        var lastStep = -1
        func line(_ k: Int) -> String { k < s.lines.count ? s.lines[k] : "?" }
        for o in observations {
            guard let k = o["step"] as? Int, k >= 0, k < sim.count else {
                diffs.append("an observation of an unknown step: \(o)")
                continue
            }
            // Every session is compared after every step, under its widget's own
            // profile (a QGraphicsView session under `qt-graphicsview`, a QListView one
            // under `qt-itemview`, the profile `qt` is an alias of).
            // Activations since the previous observation, on both sides.
            for j in (lastStep + 1)...k { simActivated += sim[j].activated }
            tkActivated += o["activated"] as? [String] ?? []
            lastStep = k
            let p = sim[k]
            if let sel = o["selection"] as? [String], sel != p.selection {
                diffs.append("after step \(k) (\(line(k))): toolkit selection \(sel), PointerSim \(p.selection)")
            }
            if o.keys.contains("band"), let tkBand = o["band"] as? [Double]? {
                if let tb = tkBand, tb != (p.band ?? []) {
                    diffs.append("after step \(k) (\(line(k))): toolkit band \(tb), PointerSim \(p.band.map { "\($0)" } ?? "none")")
                } else if tkBand == nil, let pb = p.band, !(o["band"] is Bool) {
                    diffs.append("after step \(k) (\(line(k))): toolkit shows no band, PointerSim \(pb)")
                }
            }
            if simActivated != tkActivated {
                diffs.append("by step \(k) (\(line(k))): toolkit activated \(tkActivated), PointerSim \(simActivated)")
                simActivated = tkActivated
            }
        }
        return diffs
    }
}

@Suite struct ToolkitConformanceTests {
    static func jsonLines(_ url: URL) throws -> [[String: Any]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated().map { i, line in
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw InputError.malformed(url.lastPathComponent, line: i + 1, "expected a JSON object")
            }
            return o
        }
    }

    /// The corpora are found by listing Traces/toolkits: each folder there is
    /// one toolkit's, with at least one recorded corpus and its harness in
    /// Tools/toolkits/<folder>/run.sh (so a folder cannot be skipped unseen).
    @Test func everyToolkitFolderHasARecordedCorpusAndAHarness() throws {
        let all = ToolkitCorpus.all()
        let folders = try FileManager.default.contentsOfDirectory(atPath: ToolkitCorpus.root.path).filter { name in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: ToolkitCorpus.root.appendingPathComponent(name).path, isDirectory: &isDir)
                && isDir.boolValue
        }
        #expect(folders.count >= 4, "\(folders)")
        for tk in folders {
            #expect(all.contains { $0.toolkit == tk }, "Traces/toolkits/\(tk) holds no *.recorded.jsonl")
            #expect(
                Repository.exists(Repository.path("Tools/toolkits/\(tk)/run.sh")),
                "Traces/toolkits/\(tk) has no harness Tools/toolkits/\(tk)/run.sh"
            )
        }
    }

    @Test(arguments: ToolkitCorpus.all())
    func theProfileDoesWhatTheRealToolkitDid(_ c: ToolkitCorpus) throws {
        let sessions = try Self.jsonLines(c.sessionsURL)
        let recorded = try Self.jsonLines(c.recordedURL)
        var byName: [String: [String: Any]] = [:]
        for r in recorded { if let n = r["name"] as? String { byName[n] = r } }
        var agree = 0, compared = 0
        var report: [String] = []
        for json in sessions {
            let s = try ToolkitSession(json: json, file: c.sessionsURL.lastPathComponent)
            guard let r = byName[s.name] else {
                Issue.record("\(c.testDescription): \(s.name) has no recorded result")
                continue
            }
            guard let obs = r["observations"] as? [[String: Any]] else { continue }  // skipped by the harness
            compared += 1
            let d = ToolkitReplay.differences(s, observations: obs)
            if d.isEmpty { agree += 1 } else if report.count < 40 { report.append("\(s.name) [\(s.widget)]: " + d.prefix(3).joined(separator: "; ")) }
        }
        #expect(compared >= 1, "\(c.testDescription): no session compared")
        for json in sessions where c.toolkit == "qt" {
            // A Qt session names its widget's profile: QGraphicsView's or QListView's.
            let s = try ToolkitSession(json: json, file: c.sessionsURL.lastPathComponent)
            let expected = ["graphicsview": "qt-graphicsview", "listview": "qt-itemview"][s.widget]
            #expect(s.scene.band.profile.name == expected, "\(c.testDescription): \(s.name) [\(s.widget)] runs under \(s.scene.band.profile.name)")
        }
        #expect(
            agree == compared,
            Comment(rawValue: "\(c.testDescription): \(agree) of \(compared) sessions agree\n" + report.joined(separator: "\n"))
        )
    }
}
