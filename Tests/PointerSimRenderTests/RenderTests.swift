import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
import PointerSimTestSupport
import Testing

@testable import PointerSimRender

@Suite struct ReplayCaptureTests {
    static var root: String { Repository.root.path }

    func capture(_ name: String) throws -> (ReplayCapture, [LogRecord]) {
        let base = Self.root + "/Traces/" + name
        let scene = try SceneFile.load(path: base + ".scene.json")
        var records: [LogRecord] = []
        try Replay.forEachRecord(paths: [base + ".trace"], scene: scene, options: SimulationOptions(verbose: true)) { records.append($0) }
        return (try ReplayCapture.replay(paths: [base + ".trace"], scene: scene), records)
    }

    @Test func milliIsTheLogsNumberInThousandths() {
        for v in [0.0, -0.0, 0.0125, 2.0005, -2.0005, 1.0 / 3, 123.4565, 1e-7, -0.0004, 0.0005, 1024, 3599.766, 1e9 + 0.0005] {
            #expect(Double(milli(v)) / 1000 == Double(formatLogNumber(v))!, "\(v)")
        }
    }

    @Test func varintsAndBase64() {
        var s = ByteStream()
        s.u(0); s.u(127); s.u(128); s.s(-1); s.s(1); s.s(-300)
        #expect(s.bytes == [0, 127, 0x80, 1, 1, 2, 0xd7, 4])
        for n in 0..<5 {
            let b = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 91 + 7) }
            #expect(Base64.encode(b) == Data(b).base64EncodedString())
        }
    }

    /// Autoscroll steps are captured one at a time, each with its own scroll offset.
    @Test func everyAutoscrollStepHasItsOffset() throws {
        let (c, records) = try capture("band/autoscroll")
        #expect(c.lineCount == records.count)
        // The scroll offset changes once per autoscroll step (each a band.selecting line without input).
        #expect(c.scrollChanges.count >= 10)
        #expect(c.bands.count == 1 && !c.bands[0].cancelled && c.bands[0].mode == "replace")
    }

    @Test func pointerShapesAccessoriesAndRegionsAreCaptured() throws {
        let (c, _) = try capture("regions/slider-horizontal")
        #expect(c.shapeTemplates.contains { $0.hasPrefix("{\"r\":") })  // the lifted knob
        #expect(c.accessorySets.contains("[{\"arrow\":11,\"rotates\":true},{\"arrow\":11,\"rotates\":true}]"))
        #expect(c.regionChanges.count >= 3)  // entered, latched, unlatched/exited
        let page = ReplayRenderer.html(c, title: "slider")
        #expect(page.contains(#""regions":[{"id":"slider-knob""#))
        #expect(!page.contains("</script></script>"))
    }

    @Test func unknownKindsAreKeptAsText() throws {
        var c = ReplayCapture(scene: SimulationScene.default)
        let sim = Simulator(scene: SimulationScene.default)
        c.add([LogRecord(time: 0.5, .deviceRemoved(device: "</script>"))], simulator: sim)
        #expect(c.kinds.contains("device.removed") && c.rare == [#"{"t":0.5,"event":"device.removed","device":"</script>"}"#])
        let page = ReplayRenderer.html(c, title: "x")
        #expect(!page.contains("\"</script>\"") && page.contains(#""device":"<\/script>""#))
    }

    /// render --profiles: each further profile's own replay is in the page under its own ids,
    /// from one reading of the input; the scene's items and the input lane once.
    @Test func eachProfilesReplayIsInThePage() throws {
        let base = Self.root + "/Traces/compare/three-toolkits"
        let scene = try SceneFile.load(path: base + ".scene.json")
        let profiles: [BandProfile] = [.uikit, .qtItemView, .gtk]
        let all = try ReplayCapture.replayEach(paths: [base + ".trace"], scene: scene, profiles: profiles, keepingEach: true)
        let first = all[0], others = Array(all.dropFirst())
        #expect(all.count == 3 && all.map(\.scene.band.profile.name) == profiles.map(\.name))
        // each replay is the one `replay` writes under its profile
        for (c, p) in zip(all, profiles) {
            var s = scene
            s.band.profile = p
            #expect(c.rare == (try ReplayCapture.replay(paths: [base + ".trace"], scene: s)).rare, "\(p.name)")
        }
        let page = ReplayRenderer.html(first, others: others, title: "three")
        for id in ["ps-data", "ps-times", "ps-rare", "ps-items", "ps-input", "ps-data-1", "ps-rare-1", "ps-times-2"] {
            #expect(page.contains("id=\"\(id)\""), "\(id)")
        }
        #expect(!page.contains("id=\"ps-data-3\"") && !page.contains("id=\"ps-items-1\"") && !page.contains("id=\"ps-input-2\""))
        #expect(page.components(separatedBy: #""ids":["r0c0","#).count == 2, "the ids once")
        // Qt's own events are in its replay, not in UIKit's
        #expect(others[0].rare.contains { $0.contains("item.primaryAction") } && !first.rare.contains { $0.contains("item.primaryAction") })
        #expect(!ReplayRenderer.html(first, title: "three").contains("id=\"ps-data-1\""))
        // the tracks: one per profile, changes only where a selection changed
        let tracks = try #require(first.profiles?.tracks)
        #expect(tracks.count == 3 && tracks.allSatisfy { $0.count > 0 && $0.count < 40 })
    }

    /// render --profiles writes each profile's selection as diffs: a band that grows over
    /// 4,000 items in 200 steps costs the page what changed, not the selection per step.
    @Test func profileSelectionsAreDiffs() throws {
        var scene = SimulationScene.default
        scene.items = (0..<4000).map { i in SceneItem(id: "i\(i)", rect: Rect(x: Double(i % 80) * 10, y: Double(i / 80) * 10, width: 8, height: 8)) }
        scene.view.contentSize = Size(width: 1024, height: 768)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var trace = "pointersim-trace 1\n0 move 1 1\n0.01 press primary\n"
        for k in 1...200 { trace += "\(formatLogNumber(0.01 + Double(k) * 0.01)) move \(1 + k * 4) \(1 + k * 5 / 2)\n" }
        trace += "2.2 release primary\n"
        let path = dir.appendingPathComponent("band.trace").path
        try trace.write(toFile: path, atomically: true, encoding: .utf8)
        let c = try ReplayCapture.replayEach(paths: [path], scene: scene, profiles: [.uikit, .gtk], keepingEach: true)[0]
        let tracks = try #require(c.profiles?.tracks)
        #expect(tracks[0].count >= 100 && tracks[1].count >= 1, "\(tracks.map(\.count))")  // uikit selects as the band moves, gtk at the release
        // the selection reaches thousands of items; a list per change would be megabytes
        #expect(ReplayRenderer.profilesJSON(c).utf8.count < 20_000, "\(ReplayRenderer.profilesJSON(c).utf8.count)")
    }

    @Test func theSVGHasLabelsRegionsBandsPathAndLegend() throws {
        let (c, _) = try capture("regions/band-over-regions")
        let svg = ReplayRenderer.svg(c)
        #expect(
            svg.contains("<g id=\"regions\"") && svg.contains("<g id=\"bands\"") && svg.contains("<g id=\"path\"") && svg.contains("<g id=\"legend\"")
        )
        #expect(svg.contains("hsl("))  // the path coloured by time
    }
}

/// The page's script is Sources/PointerSimRender/Viewer/viewer.js (tested
/// under Node: Tests/PointerSimRenderScriptTests); the string the renderer
/// writes is generated from it by Tools/gen-viewer-script.sh.
@Suite struct ViewerScriptTests {
    @Test func viewerScriptIsTheJavaScriptFile() throws {
        let url = Repository.root.appendingPathComponent("Sources/PointerSimRender/Viewer/viewer.js")
        let file = try String(contentsOf: url, encoding: .utf8)
        #expect(
            ReplayRenderer.viewerJS + "\n" == file,
            "Sources/PointerSimRender/ViewerScript.swift is not up to date with Viewer/viewer.js: run Tools/gen-viewer-script.sh"
        )
    }

    @Test func thePageCarriesTheScriptWhole() throws {
        let c = try ReplayCaptureTests().capture("band/autoscroll").0
        let page = ReplayRenderer.html(c, title: "script")
        #expect(page.contains("<script>\n" + ReplayRenderer.viewerJS + "\n</script>"))
        // the page part runs only in a browser; Node gets the pure functions
        #expect(ReplayRenderer.viewerJS.contains("if (typeof document === 'object') (function () {"))
    }
}
