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
        let moments = ["band selects photo", "handles photo.left, photo.right, photo.bottom, photo.bottomRight appear",
                       "pointer enters photo.right (lift) with arrows ←→", "arrows ←→ appear around the pointer",
                       "latched horizontally to photo.right", "resize photo: width 240 → 340", "resize photo: width 460 → 464",
                       "unlatched from photo.right", "arrows ←→ fade out", "arrows ←→ are gone"]
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
