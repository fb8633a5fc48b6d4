import PointerSimCore
import Testing

/// `band.collectionViewGate` (docs/UIKitSources.md): in a collection view a
/// band begins only where the multiple-selection interaction is supported and
/// the layout is not a list; a view that adopts the band interaction itself
/// (the package's defaults) bands wherever multiple selection is allowed.
@Suite struct CollectionViewBandTests {
    /// A drag from empty space on the built-in scene (6 × 8 items from (40, 40)).
    static func drag(_ selection: SelectionConfiguration) -> [LogEvent] {
        var scene = SimulationScene.default
        scene.selection = selection
        var sim = Simulator(scene: scene)
        return sim.process([
            PointerEvent(time: 0, .move(Point(x: 20, y: 20))), PointerEvent(time: 0.01, .press(.primary)),
            PointerEvent(time: 0.02, .move(Point(x: 300, y: 250))), PointerEvent(time: 0.03, .release(.primary)),
        ]).map(\.event)
    }
    static func bandBegan(_ events: [LogEvent]) -> Bool { events.contains { if case .bandBegan = $0 { true } else { false } } }

    /// UIKit's defaults with lightweight multiple selection: no delegate, no band.
    @Test func lightweightMultipleSelectionAloneBeginsNoBand() {
        var c = SelectionConfiguration.uikit
        c.allowsMultipleSelection = true
        #expect(c.bandNeedsMultipleSelectionInteraction)
        #expect(!Self.bandBegan(Self.drag(c)))
    }

    /// The delegate answers true: the band begins (and with it the interaction's edit mode).
    @Test func theDelegatesAnswerLetsTheBandBegin() {
        var c = SelectionConfiguration.uikit
        c.allowsMultipleSelection = true
        c.beginsMultipleSelectionInteraction = true
        c.allowsSelectionDuringEditing = true
        c.allowsMultipleSelectionDuringEditing = true
        let events = Self.drag(c)
        #expect(Self.bandBegan(events))
        #expect(events.contains { if case .editingBegan = $0 { true } else { false } })
        // In a list layout, never.
        c.listLayout = true
        #expect(!Self.bandBegan(Self.drag(c)))
    }

    /// A view that adopts the band interaction itself: bands follow
    /// `allowsMultipleSelection`, no delegate needed; a list layout is still no band.
    @Test func outsideCollectionViewsBandsFollowMultipleSelection() {
        var c = SelectionConfiguration()
        #expect(!c.bandNeedsMultipleSelectionInteraction)
        #expect(Self.bandBegan(Self.drag(c)))
        c.allowsMultipleSelection = false
        #expect(!Self.bandBegan(Self.drag(c)))
        c = SelectionConfiguration()
        c.listLayout = true
        #expect(!Self.bandBegan(Self.drag(c)))
    }
}
