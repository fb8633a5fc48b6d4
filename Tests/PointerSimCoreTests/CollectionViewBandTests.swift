import PointerSimCore
import PointerSimTestSupport
import Testing

/// `band.collectionViewGate` (docs/UIKitSources.md): in a collection view a
/// band begins only where the multiple-selection interaction is supported and
/// the layout is not a list; a view that adopts the band interaction itself
/// (the package's defaults) bands wherever multiple selection is allowed.
@Suite struct CollectionViewBandTests {
    /// A drag from empty space on the built-in scene (6 × 8 items from (40, 40)).
    static func drag(_ selection: SelectionConfiguration, sourceLocation: SourceLocation = #_sourceLocation) throws -> [LogEvent] {
        var scene = SimulationScene.default
        scene.selection = selection
        var sim = Simulator(scene: scene)
        return try sim.play("0 move 20 20\n0.01 press primary\n0.02 move 300 250\n0.03 release primary", sourceLocation: sourceLocation).map(\.event)
    }
    static func bandBegan(_ events: [LogEvent]) -> Bool { events.contains { if case .bandBegan = $0 { true } else { false } } }

    /// UIKit's defaults with lightweight multiple selection: no delegate, no band.
    @Test func lightweightMultipleSelectionAloneBeginsNoBand() throws {
        var c = SelectionConfiguration.uikit
        c.allowsMultipleSelection = true
        #expect(c.bandNeedsMultipleSelectionInteraction)
        #expect(!Self.bandBegan(try Self.drag(c)))
    }

    /// The delegate answers true: the band begins (and with it the interaction's edit mode).
    @Test func theDelegatesAnswerLetsTheBandBegin() throws {
        var c = SelectionConfiguration.uikit
        c.allowsMultipleSelection = true
        c.beginsMultipleSelectionInteraction = true
        c.allowsSelectionDuringEditing = true
        c.allowsMultipleSelectionDuringEditing = true
        let events = try Self.drag(c)
        #expect(Self.bandBegan(events))
        #expect(events.contains { if case .editingBegan = $0 { true } else { false } })
        // In a list layout, never.
        c.listLayout = true
        #expect(!Self.bandBegan(try Self.drag(c)))
    }

    /// A view that adopts the band interaction itself: bands follow
    /// `allowsMultipleSelection`, no delegate needed; a list layout is still no band.
    @Test func outsideCollectionViewsBandsFollowMultipleSelection() throws {
        var c = SelectionConfiguration()
        #expect(!c.bandNeedsMultipleSelectionInteraction)
        #expect(Self.bandBegan(try Self.drag(c)))
        c.allowsMultipleSelection = false
        #expect(!Self.bandBegan(try Self.drag(c)))
        c = SelectionConfiguration()
        c.listLayout = true
        #expect(!Self.bandBegan(try Self.drag(c)))
    }
}
