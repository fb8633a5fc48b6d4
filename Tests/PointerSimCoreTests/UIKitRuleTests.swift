import PointerSimCore
import PointerSimTestSupport
import Testing

/// Two `uikit` rules as docs/UIKitSources.md states them (`select.controlClick`,
/// `band.controlFlags`, `key.return`), played through the simulator on the
/// built-in scene: 6 × 8 items `r<row>c<col>`, 100 × 60 at (40 + 120·col, 40 + 100·row).
@Suite struct UIKitRuleTests {
    static func isBandBegan(_ e: LogEvent) -> Bool { if case .bandBegan = e { true } else { false } }

    /// A primary press with Control held is a context click: a menu is requested
    /// at the press and no band begins, however far the pointer then moves; the
    /// band's Control mode is never reached under `uikit`.
    @Test func aControlPressIsAContextClickAndBeginsNoBand() throws {
        var sim = try Simulator()
        let empty = try sim.play(
            """
            0 move 20 20
            0.01 modifiers control
            0.02 press primary
            0.03 move 300 250
            0.04 release primary
            """
        ).map(\.event)
        #expect(empty == [.contextMenuRequested(point: Point(x: 20, y: 20), items: [])])
        #expect(sim.selection.isEmpty && !sim.band.isActive)
        // On an item that is not selected: that item alone, the selection unchanged.
        let onItem = try sim.play(
            """
            0.1 move 60 60
            0.11 press primary
            0.12 move 400 300
            0.13 release primary
            """
        ).map(\.event)
        #expect(onItem == [.contextMenuRequested(point: Point(x: 60, y: 60), items: ["r0c0"])])
        #expect(sim.selection.isEmpty)
        // Control with other flags too (the context-click flags are a subset of those held).
        let withShift = try sim.play(
            """
            0.2 modifiers control shift
            0.21 move 20 20
            0.22 press primary
            0.23 move 200 200
            0.24 release primary
            """
        ).map(\.event)
        #expect(!withShift.contains(where: Self.isBandBegan))
        #expect(withShift.first == .contextMenuRequested(point: Point(x: 20, y: 20), items: []))
    }

    /// The scene key that changes it: without context-click flags a Control
    /// press begins a band, and the mode table gives it no rule of its own, so
    /// it is the default, replace.
    @Test func withoutContextClickFlagsAControlBandReplaces() throws {
        var scene = SimulationScene.default
        scene.band.profile.clicks.contextClickModifiers = []
        scene.initialSelection = ["r5c7"]
        var sim = Simulator(scene: scene)
        let out = try sim.play(
            """
            0 move 20 20
            0.01 modifiers control
            0.02 press primary
            0.03 move 70 70
            0.04 release primary
            """
        ).map(\.event)
        guard case .bandBegan(_, let flags, let mode)? = out.first(where: Self.isBandBegan) else {
            Issue.record("no band began: \(out)")
            return
        }
        #expect(flags == .control && mode == .replace)
        #expect(sim.selection == ["r0c0"])
    }

    /// Return gives the primary action of the focused item, selected or not
    /// (`key.return`: the key is a distinct action on the focused item, not a
    /// change of selection); never in edit mode.
    @Test func returnActsOnTheFocusedItemSelectedOrNot() throws {
        var sim = try Simulator()
        let click = try sim.play("0 move 180 60\n0.01 press primary\n0.02 release primary").map(\.event)
        #expect(
            click == [.selectionChanged(cause: .click, added: ["r0c1"], removed: []), .focusMoved(item: "r0c1"), .itemPrimaryAction(item: "r0c1")]
        )
        // A second click removes the item; focus stays on it; Return still acts on it.
        let again = try sim.play("1 press primary\n1.01 release primary").map(\.event)
        #expect(again == [.selectionChanged(cause: .click, added: [], removed: ["r0c1"])])
        #expect(sim.selection.isEmpty)
        #expect(try sim.play("2 key return").map(\.event) == [.itemPrimaryAction(item: "r0c1")])
        // An arrow moves focus only (uikit); Return acts on the newly focused
        // item, which nobody selected, and selects nothing.
        #expect(try sim.play("3 key right").map(\.event) == [.focusMoved(item: "r0c2")])
        #expect(try sim.play("4 key return").map(\.event) == [.itemPrimaryAction(item: "r0c2")])
        #expect(sim.selection.isEmpty)

        var scene = SimulationScene.default
        scene.selection.editing = true
        var editing = Simulator(scene: scene)
        try editing.play("0 move 180 60\n0.01 press primary\n0.02 release primary")
        #expect(editing.selection == ["r0c1"])
        #expect(try editing.play("1 key return").isEmpty)
    }

    /// `key.command`: Command + a letter other than A goes to the focused item,
    /// selected or not; nothing without focus, without Command, or under a
    /// profile whose select-all is not a Command binding.
    @Test func keyCommandsGoToTheFocusedItem() throws {
        var sim = try Simulator()
        #expect(try sim.play("0 modifiers command\n0.01 key c").isEmpty)  // no focus yet
        try sim.play(
            """
            0.02 modifiers
            0.03 move 180 60
            0.04 press primary
            0.05 release primary
            0.06 key right
            """
        )
        #expect(sim.selection == ["r0c1"] && sim.selectionModel.focus.map { sim.itemIDs[$0] } == "r0c2")
        let out = try sim.play("1 modifiers command shift\n1.01 key v").map(\.event)
        #expect(out == [.itemKeyCommand(item: "r0c2", key: "v", modifiers: [.command, .shift])])
        #expect(try sim.play("2 modifiers\n2.01 key c").isEmpty)
        // Command-A is select-all, not a key command.
        let all = try sim.play("3 modifiers command\n3.01 key a").map(\.event)
        #expect(!all.contains { if case .itemKeyCommand = $0 { true } else { false } })
        #expect(sim.selection.count == 48)

        var scene = SimulationScene.default
        scene.band.profile = .qtItemView
        var qt = Simulator(scene: scene)
        #expect(try qt.play("0 modifiers command\n0.01 key c").isEmpty)
    }
}
