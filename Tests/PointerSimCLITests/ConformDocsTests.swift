import Foundation
import PointerSimTestSupport
import Testing

/// Issue #36, item 8: the statements docs/BandSelection.md now makes about
/// ties on the pixel grid, the `contains` rule and the second press of a
/// double click, each checked against what `pointersim replay` (the
/// conformance runner's oracle) does, and present in the docs.
@Suite struct ConformDocsTests {
    static func doc() throws -> String {
        try String(contentsOf: CLI.root.appendingPathComponent("docs/BandSelection.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// Replays `trace` lines over one item i0 at [10, 10, 40, 40] (and i1 at
    /// [150, 150, 40, 40], initially selected).
    static func replay(profile: String, scale: Double = 1, hitRule: String = "intersects", _ lines: [String]) throws -> [String] {
        let scene = """
            { "format": "pointersim-scene/1", "view": { "width": 320, "height": 240, "scale": \(scale) },
              "items": [ { "id": "i0", "rect": [10, 10, 40, 40] }, { "id": "i1", "rect": [150, 150, 40, 40] } ],
              "band": { "profile": "\(profile)", "hitRule": "\(hitRule)", "initialSelection": ["i1"] } }
            """
        let s = try CLI.temp("s.scene.json", scene)
        let t = try CLI.temp("t.trace", "pointersim-trace 1\n" + lines.joined(separator: "\n") + "\n")
        let r = try CLI.run(["replay", "--scene", s, t])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func tiesRoundAwayFromZero() throws {
        #expect(
            try Self.doc().contains(
                "a tie, a point exactly halfway between two pixels, rounds away from zero: at scale 2, 0.25 becomes 0.5 and 1.25 becomes 1.5"
            )
        )
        let log = try Self.replay(profile: "uikit", scale: 2, ["0 move 0.25 0.25", "0.01 press primary", "0.02 move 3.25 1.25"])
        // To even, 0.25 would be 0 and 3.25 3: [0, 0, 3, 1].
        #expect(log.contains { $0.hasPrefix("{\"t\":0.02,\"event\":\"band.selecting\",\"rect\":[0.5,0.5,3,1]") }, "\(log)")
    }

    @Test func containsIsStrict() throws {
        #expect(
            try Self.doc().contains(
                "`contains`: the item lies strictly inside the band: each of its edges is   inside the band, and an item edge on the band's edge does not count."
            )
        )
        // The band [10, 10, 41, 41] shares i0's min edges: not hit; [9, 9, 42, 42]: hit.
        let touching = try Self.replay(
            profile: "uikit",
            hitRule: "contains",
            ["0 move 10 10", "0.01 press primary", "0.02 move 51 51", "0.03 release primary"]
        )
        #expect(touching.last == "{\"t\":0.03,\"event\":\"band.ended\",\"rect\":[10,10,41,41],\"selection\":[],\"cancelled\":false}", "\(touching)")
        let inside = try Self.replay(
            profile: "uikit",
            hitRule: "contains",
            ["0 move 9 9", "0.01 press primary", "0.02 move 51 51", "0.03 release primary"]
        )
        #expect(inside.last == "{\"t\":0.03,\"event\":\"band.ended\",\"rect\":[9,9,42,42],\"selection\":[\"i0\"],\"cancelled\":false}", "\(inside)")
    }

    /// A click, then a second press 0.09 s later at the same point, dragged.
    static func doubleClick(_ profile: String, at a: String, to b: String) throws -> [String] {
        try replay(
            profile: profile,
            ["0 move \(a)", "0.01 press primary", "0.02 release primary", "0.1 press primary", "0.11 move \(b)", "0.2 release primary"]
        )
    }

    @Test func theSecondPressOfADoubleClick() throws {
        let doc = try Self.doc()
        #expect(
            doc.contains(
                "| the second press of a double click | a press like any other (**our reading**): on empty space a new band; on an item a click, and a band once dragged | measured: starts no band (`QGraphicsView::mouseDoubleClickEvent`); it only activates: on an item `item.primaryAction`, on empty space nothing; the selection is left as the first click made it | on an item, measured: starts no band (the item's click gesture claims it), activates, leaves the selection; on empty space presses make no click series (**our reading**), so it begins a band as any press does |"
            )
        )
        func after(_ log: [String], _ t: Double) -> [String] {
            log.filter { line in Double(line.dropFirst(5).prefix { $0 != "," }).map { $0 >= t } ?? false }
        }
        // UIKit: on empty space a new band at the second press.
        #expect(after(try Self.doubleClick("uikit", at: "100 100", to: "5 5"), 0.1).first?.hasPrefix("{\"t\":0.1,\"event\":\"band.began\"") == true)
        // Qt (QGraphicsView): nothing after the second press, on empty space; on an item only the activation.
        #expect(after(try Self.doubleClick("qt-graphicsview", at: "100 100", to: "5 5"), 0.1) == [])
        #expect(
            after(try Self.doubleClick("qt-graphicsview", at: "20 20", to: "200 200"), 0.1) == [
                "{\"t\":0.1,\"event\":\"item.primaryAction\",\"item\":\"i0\"}"
            ]
        )
        // GTK: on an item the activation, no band, the selection kept; on empty space a band.
        #expect(
            after(try Self.doubleClick("gtk", at: "20 20", to: "200 200"), 0.1) == ["{\"t\":0.1,\"event\":\"item.primaryAction\",\"item\":\"i0\"}"]
        )
        #expect(after(try Self.doubleClick("gtk", at: "100 100", to: "5 5"), 0.1).first?.hasPrefix("{\"t\":0.11,\"event\":\"band.began\"") == true)
    }
}
