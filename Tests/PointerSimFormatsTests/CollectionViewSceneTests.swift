import PointerSimCore
import PointerSimFormats
import Testing

/// The scene keys of `band.collectionViewGate`: `listLayout` is one of UIKit's
/// keys (it gives UIKit's defaults to the rest); `bandNeedsMultipleSelectionInteraction`
/// is inferred from them and written only when it differs.
@Suite struct CollectionViewSceneTests {
    static func selection(_ json: String) throws -> SelectionConfiguration {
        try SceneFile.parse(#"{"format": "pointersim-scene/1", "selection": \#(json), "items": []}"#, file: "t.scene.json").selection
    }

    @Test func uikitKeysMakeACollectionViewWhoseBandNeedsTheInteraction() throws {
        let lightweight = try Self.selection(#"{"allowsMultipleSelection": true}"#)
        #expect(lightweight.bandNeedsMultipleSelectionInteraction && !lightweight.listLayout)
        let list = try Self.selection(#"{"listLayout": true}"#)
        #expect(
            list.listLayout
                && list
                    == {
                        var c = SelectionConfiguration.uikit; c.listLayout = true; return c
                    }()
        )
        let plain = try Self.selection(#"{"focus": true}"#)
        #expect(!plain.bandNeedsMultipleSelectionInteraction)
        let adopted = try Self.selection(#"{"allowsMultipleSelection": true, "bandNeedsMultipleSelectionInteraction": false}"#)
        #expect(!adopted.bandNeedsMultipleSelectionInteraction && adopted.allowsMultipleSelection)
    }

    /// Every combination of the two keys survives a write and a read.
    @Test func theKeysRoundTrip() throws {
        for base in [SelectionConfiguration(), .uikit] {
            for list in [false, true] {
                for needs in [false, true] {
                    var scene = SimulationScene.default
                    scene.selection = base
                    scene.selection.listLayout = list
                    scene.selection.bandNeedsMultipleSelectionInteraction = needs
                    let back = try SceneFile.parse(SceneFile.render(scene), file: "t.scene.json")
                    #expect(back.selection == scene.selection, "list \(list), needs \(needs), base uikit \(base == .uikit)")
                }
            }
        }
    }
}
