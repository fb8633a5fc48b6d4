import PointerSimCore
import PointerSimTestSupport
import Testing

/// The `gtk3` profile's own rules, each as GTK 3.24.38's GtkIconView did it in
/// the hand-written sessions of Traces/toolkits/gtk3/rules.jsonl (the same
/// layout: items of 100 × 60, four to a row, margin 20), so that a change to
/// one rule shows here by name as well as in `ToolkitConformanceTests`.
@Suite struct GTK3ProfileTests {
    static let scene = #"""
        {"format": "pointersim-scene/1", "view": {"width": 460, "height": 300, "scale": 1}, "band": {"profile": "gtk3"},
         "items": {"grid": {"rows": 2, "columns": 4, "origin": [20, 20], "size": [100, 60]}}}
        """#

    /// The selection after the trace (its event lines), and the items activated.
    static func run(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (selection: [String], activated: [String]) {
        let (sim, log) = try replayLiterals(scene: scene, trace: body, sourceLocation: sourceLocation)
        return (sim.selection, log.compactMap { if case .itemPrimaryAction(let id) = $0.event { id } else { nil } })
    }

    @Test func shiftSelectsTheGridRectangleFromTheAnchor() throws {
        let r = try Self.run(
            "0 move 170 50\n0.1 press primary\n0.15 release primary\n1 move 370 110\n1.02 modifiers shift\n1.1 press primary\n1.15 release primary\n"
        )
        #expect(r.selection == ["r0c1", "r0c2", "r0c3", "r1c1", "r1c2", "r1c3"])  // not r1c0, which lies between in scene order
    }

    @Test func shiftWithoutAnAnchorClearsAndSelectsNothing() throws {
        let r = try Self.run(
            "0 move 440 10\n0.1 press primary\n0.2 move 160 100\n0.3 release primary\n1 move 270 110\n1.02 modifiers shift\n1.1 press primary\n1.15 release primary\n"
        )
        #expect(r.selection == [])
    }

    @Test func aBandInLineWithThePressHitsNothing() throws {
        let zero = try Self.run("0 move 170 250\n0.1 press primary\n0.2 move 170 10\n0.3 release primary\n")
        #expect(zero.selection == [])
        let one = try Self.run("0 move 170 250\n0.1 press primary\n0.2 move 171 10\n0.3 release primary\n")
        #expect(one.selection == ["r0c1", "r1c1"])
    }

    @Test func aBandEndingOnAnItemsMinEdgeMissesIt() throws {
        #expect(try Self.run("0 move 10 250\n0.1 press primary\n0.2 move 120 130\n0.3 release primary\n").selection == ["r1c0"])
        #expect(try Self.run("0 move 10 250\n0.1 press primary\n0.2 move 121 130\n0.3 release primary\n").selection == ["r1c0", "r1c1"])
    }

    @Test func aPressOnAMaxEdgeHitsTheItemOnlyWhenSelected() throws {
        // x = 120 is r0c0's right edge and r0c1's left edge: r0c0, the first, is the candidate.
        let unselected = try Self.run(
            "0 move 70 110\n0.1 press primary\n0.15 release primary\n1 move 120 50\n1.1 press primary\n1.15 release primary\n"
        )
        #expect(unselected.selection == [])  // empty space: cleared, and not r0c1
        let selected = try Self.run(
            "0 move 70 50\n0.1 press primary\n0.15 release primary\n1 move 120 50\n1.02 modifiers control\n1.1 press primary\n1.15 release primary\n"
        )
        #expect(selected.selection == [])  // r0c0 toggled off
    }

    @Test func aBandBeginsOnlyInEmptySpaceAndControlToggles() throws {
        let fromItem = try Self.run("0 move 70 50\n0.1 press primary\n0.2 move 300 120\n0.3 release primary\n")
        #expect(fromItem.selection == ["r0c0"])
        let toggle = try Self.run(
            "0 move 70 50\n0.1 press primary\n0.15 release primary\n1 move 10 10\n1.02 modifiers control\n1.1 press primary\n1.2 move 190 30\n1.3 release primary\n"
        )
        #expect(toggle.selection == ["r0c1"])
    }

    @Test func gdkMakesDoubleAndTripleClicks() throws {
        var t = "0 move 70 50\n"
        for k in 0..<5 { t += "\(0.1 + 0.15 * Double(k)) press primary\n\(0.15 + 0.15 * Double(k)) release primary\n" }
        #expect(try Self.run(t).activated == ["r0c0", "r0c0"])  // the 2nd press, then (after the triple) the 5th
    }

    @Test func escapeEndsTheBandWhereItIs() throws {
        let r = try Self.run("0 move 440 250\n0.1 press primary\n0.2 move 300 100\n0.25 key escape\n0.3 move 100 30\n0.4 release primary\n")
        #expect(r.selection == ["r1c2", "r1c3"])
    }
}
