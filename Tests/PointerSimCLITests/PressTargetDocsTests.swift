import Foundation
import PointerSimTestSupport
import Testing

/// Issue #44, item 7: which item a press hits where items touch or overlap,
/// per profile, as docs/Selection.md §1 says (docs/BandSelection.md points
/// there), checked against `pointersim replay`.
@Suite struct PressTargetDocsTests {
    /// a and b touch at x = 40; c and d overlap from x = 120 to 140.
    static func clicks(
        _ profile: String,
        items: String =
            #"{"id":"a","rect":[0,0,40,40]},{"id":"b","rect":[40,0,40,40]},{"id":"c","rect":[100,0,40,40]},{"id":"d","rect":[120,0,40,40]}"#,
        selected: [String] = [],
        at points: [String]
    ) throws -> [String] {
        let ids = selected.map { "\"\($0)\"" }.joined(separator: ",")
        let scene = try CLI.temp(
            "p.scene.json",
            #"{"format":"pointersim-scene/1","view":{"width":320,"height":240},"items":[\#(items)],"band":{"profile":"\#(profile)","initialSelection":[\#(ids)]}}"#
        )
        var trace = "pointersim-trace 1\n"
        for (k, p) in points.enumerated() { trace += "\(k) move \(p)\n\(k).01 press primary\n\(k).02 release primary\n" }
        let r = try CLI.run(["replay", "--scene", scene, try CLI.temp("p.trace", trace)])
        #expect(r.status == 0, "\(r.stderr)")
        // The item each click added (nil: none).
        return r.stdout.split(separator: "\n").compactMap { line in
            guard line.contains(#""event":"selection.changed","cause":"click""#), let a = line.range(of: #""added":[""#) else { return nil }
            return String(line[a.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func theTableOfSelectionMdHolds() throws {
        let doc = try String(contentsOf: CLI.root.appendingPathComponent("docs/Selection.md"), encoding: .utf8)
        #expect(doc.contains("| `uikit`, `qt-graphicsview`, `qt-itemview` | the **last** in scene order whose half-open rect holds the point"))
        #expect(doc.contains("| `gtk` | the **last** in scene order whose **closed** rect holds the point"))
        #expect(doc.contains("| `imgui` | the **first** in scene order whose half-open rect holds the point"))
        #expect(doc.contains("**not measured yet** where items touch or overlap"))
        let band = try String(contentsOf: CLI.root.appendingPathComponent("docs/BandSelection.md"), encoding: .utf8)
        #expect(!band.contains("the first item in order whose closed rect holds the point"))
        // On the shared edge the item whose min edge it is (b), in the overlap the last (d).
        for p in ["uikit", "qt-graphicsview", "qt-itemview", "gtk"] {
            #expect(try Self.clicks(p, at: ["40 20", "130 20"]) == ["b", "d"], "\(p)")
        }
        // gtk: the closed rect: on a's max edge alone (x = 40 with b gone) a is hit.
        #expect(try Self.clicks("gtk", items: #"{"id":"a","rect":[0,0,40,40]}"#, at: ["40 20"]) == ["a"])
        #expect(try Self.clicks("uikit", items: #"{"id":"a","rect":[0,0,40,40]}"#, at: ["40 20"]) == [])
        // imgui: the first in the overlap.
        #expect(try Self.clicks("imgui", at: ["40 20", "130 20"]) == ["b", "c"])
        // gtk3: on the shared edge the earlier item a, whose max edge it is: only if selected, else empty space.
        #expect(try Self.clicks("gtk3", at: ["40 20", "130 20"]) == ["d"])
        #expect(try Self.clicks("gtk3", items: #"{"id":"b","rect":[40,0,40,40]},{"id":"a","rect":[0,0,40,40]}"#, at: ["40 20"]) == ["b"])
        // a selected: a click on a (it takes the focus, b is dropped); b alone selected: empty space (a band begins).
        func log(_ selected: String) throws -> String {
            let scene = try CLI.temp(
                "e.scene.json",
                #"{"format":"pointersim-scene/1","view":{"width":320,"height":240},"items":[{"id":"a","rect":[0,0,40,40]},{"id":"b","rect":[40,0,40,40]}],"band":{"profile":"gtk3","initialSelection":[\#(selected)]}}"#
            )
            return try CLI.run([
                "replay", "--scene", scene, try CLI.temp("e.trace", "pointersim-trace 1\n0 move 40 20\n0.01 press primary\n0.02 release primary\n"),
            ]).stdout
        }
        let onA = try log(#""a","b""#), empty = try log(#""b""#)
        #expect(onA.contains(#""event":"focus.moved","item":"a""#) && !onA.contains("band.began"), "\(onA)")
        #expect(empty.contains(#""event":"band.began","rect":[40,20,1,1]"#) && !empty.contains("focus.moved"), "\(empty)")
    }
}
