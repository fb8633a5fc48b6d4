import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline
@_spi(Benchmarks) import PointerSimRender
import PointerSimTestSupport
import Testing

/// `replay --narrate`: the showcase told in words says what the demos promise.
@Suite struct NarrationTests {
    func narrate(_ trace: String, scene: String, frames: Double?) throws -> [String] {
        let root = Repository.root.path + "/Traces/"
        let s = try SceneFile.load(path: root + scene)
        var story = Narration(scene: s), lines: [String] = []
        try Replay.forEachRecord(paths: [root + trace], scene: s, options: SimulationOptions(verbose: true, frameInterval: frames.map { 1 / $0 })) {
            lines += story.describe($0)
        }
        return lines
    }

    @Test func theShowcaseInWords() throws {
        let lines = try narrate("showcase/showcase.trace", scene: "showcase/showcase-animated.scene.json", frames: 60)
        let text = lines.joined(separator: "\n")
        // in the order they happen, each once
        let moments = [
            "band selects photo", "handles photo.left, photo.right, photo.bottom, photo.bottomRight appear",
            "pointer enters photo.right (lift) with arrows ←→", "arrows ←→ appear around the pointer",
            "latched horizontally to photo.right", "resize photo: width 240 → 340", "resize photo: width 460 → 464",
            "unlatched from photo.right", "arrows ←→ fade out", "arrows ←→ are gone",
        ]
        var from = text.startIndex
        for m in moments {
            let r = try #require(text.range(of: m, range: from..<text.endIndex), "\(m) after the moments before it in:\n\(text)")
            from = r.upperBound
        }
        #expect(!text.contains("come back"), "the arrows fade in once and out once:\n\(text)")
        // one line per moment: every line starts with its time
        #expect(lines.allSatisfy { $0.range(of: #"^ *[0-9.]+ s  \S"#, options: .regularExpression) != nil }, "\(lines)")
    }

    @Test func aKeyCommandNamesItsKeysAndTheFocusedItem() throws {
        let lines = try narrate("showcase/key-command.trace", scene: "showcase/key-command.scene.json", frames: nil)
        #expect(lines.contains { $0.hasSuffix("key command command+c to r0c1") }, "\(lines)")
    }

    @Test func aBandWithoutRegionsSaysWhatItSelects() throws {
        let lines = try narrate("band/uikit-add-shift.trace", scene: "band/uikit-add-shift.scene.json", frames: nil)
        #expect(lines.first?.hasSuffix("band begins at (30, 30) (add)") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("band ends: 2 selected (r0c0, r2c2)") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("accessor") || $0.contains("arrows") }, "\(lines)")
    }
}

/// `--narrate` says why nothing happened (issue #45).
@Suite struct QuietNarrationTests {
    func narrate(_ scene: SimulationScene, _ events: [PointerEvent]) -> [String] {
        var sim = Simulator(scene: scene), story = Narration(scene: scene), lines: [String] = []
        for e in events {
            var out: [LogRecord] = []
            sim.process(e, into: &out)
            lines += story.describe(step: e, records: out, simulator: sim)
        }
        return lines + story.finish()
    }
    func items() -> [SceneItem] { (0..<4).map { SceneItem(id: "i\($0)", rect: Rect(x: Double($0) * 100, y: 0, width: 40, height: 30)) } }

    @Test func aReplayWithoutAPressSaysSo() {
        var scene = SimulationScene()
        scene.items = items()
        let lines = narrate(scene, [PointerEvent(time: 0.1, .move(Point(x: 50, y: 50))), PointerEvent(time: 0.2, .move(Point(x: 60, y: 50)))])
        #expect(lines == ["    0.2 s  no press in 2 inputs: no click, no band, nothing selected by the pointer"], "\(lines)")
    }

    @Test func aPressUnderTheThresholdSaysHowFarThePointerMoved() {
        var scene = SimulationScene()
        scene.band.profile = .qtGraphicsView
        scene.items = items()
        let lines = narrate(
            scene,
            [
                PointerEvent(time: 0.1, .move(Point(x: 60, y: 200))), PointerEvent(time: 0.2, .press(.primary)),
                PointerEvent(time: 0.3, .move(Point(x: 61, y: 201))), PointerEvent(time: 0.4, .release(.primary)),
            ]
        )
        let last = lines.last ?? ""
        #expect(
            last.contains("press at (60, 200) and release: nothing happened")
                && last.contains("under the band threshold of \(formatLogNumber(scene.band.profile.threshold)) pt (qt-graphicsview)"),
            "\(lines)"
        )
        #expect(!lines.contains { $0.contains("no press in") })
    }

    @Test func aBandOverASceneWithoutItemsSaysTheSceneHasNone() {
        var scene = SimulationScene()
        scene.items = []
        var events = [PointerEvent(time: 0.1, .move(Point(x: 10, y: 10))), PointerEvent(time: 0.2, .press(.primary))]
        for k in 1...10 { events.append(PointerEvent(time: 0.2 + Double(k) * 0.01, .move(Point(x: 10 + Double(k) * 10, y: 10 + Double(k) * 8)))) }
        events.append(PointerEvent(time: 0.5, .release(.primary)))
        let text = narrate(scene, events).joined(separator: "\n")
        #expect(text.contains("the scene has no items"), "\(text)")
    }

    @Test func aClickThatSelectsSaysNothingMore() {
        var scene = SimulationScene()
        scene.items = items()
        let lines = narrate(
            scene,
            [
                PointerEvent(time: 0.1, .move(Point(x: 20, y: 15))), PointerEvent(time: 0.2, .press(.primary)),
                PointerEvent(time: 0.3, .release(.primary)),
            ]
        )
        #expect(
            lines.contains { $0.contains("selects i0") } && !lines.contains { $0.contains("nothing happened") || $0.contains("no press") },
            "\(lines)"
        )
    }
}
