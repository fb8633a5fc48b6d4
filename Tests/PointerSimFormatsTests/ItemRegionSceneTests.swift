import PointerSimCore
import PointerSimFormats
import Testing

/// The scene file's `itemRegions` (docs/Formats/Scene.md, "itemRegions").
@Suite struct ItemRegionSceneTests {
    static func scene(_ itemRegions: String) -> String {
        """
        {"format": "pointersim-scene/1",
         "items": [ { "id": "photo", "rect": [100, 100, 200, 100] } ],
         "regions": [ { "id": "knob", "rect": [0, 0, 10, 10] } ],
         "itemRegions": [\(itemRegions)]}
        """
    }

    static func error(_ itemRegions: String) -> InputError? {
        do { _ = try SceneFile.parse(scene(itemRegions), file: "s.json"); return nil } catch let e as InputError { return e } catch { return nil }
    }

    @Test func decodesAnchorsSizesAndTheRegionKeys() throws {
        let s = try SceneFile.parse(
            Self.scene(
                """
                { "id": "photo.right", "item": "photo", "anchor": "right", "size": [16, 48], "latchingAxes": "horizontal",
                  "resizes": true, "minimumSize": [40, 30], "style": { "effect": "lift" } },
                { "id": "photo.badge", "item": "photo", "anchor": [0.25, 0], "offset": [2, 3], "size": [10, 10], "when": "focused" }
                """
            ),
            file: "s.json"
        )
        #expect(s.itemRegions.count == 2)
        let right = s.itemRegions[0]
        #expect(right.anchor == Point(x: 1, y: 0.5) && right.resizes && right.presence == .selected)
        #expect(right.minimumSize == Size(width: 40, height: 30))
        #expect(right.region.latchingAxes == .horizontal && right.region.style?.effect == .lift)
        #expect(right.rect(for: Rect(x: 100, y: 100, width: 200, height: 100)) == Rect(x: 292, y: 126, width: 16, height: 48))
        let badge = s.itemRegions[1]
        #expect(badge.presence == .focused && !badge.resizes && badge.minimumSize == ItemRegion.defaultMinimumSize)
        #expect(badge.rect(for: Rect(x: 100, y: 100, width: 200, height: 100)) == Rect(x: 147, y: 98, width: 10, height: 10))
    }

    @Test(arguments: [
        (#"{ "item": "photo", "size": [1, 1] }"#, "itemRegions[0]: missing \"id\""),
        (#"{ "id": "h", "size": [1, 1] }"#, "itemRegions[0]: missing \"item\""),
        (#"{ "id": "h", "item": "photo" }"#, "itemRegions[0]: missing \"size\""),
        (#"{ "id": "knob", "item": "photo", "size": [1, 1] }"#, "duplicate region id \"knob\""),
        (#"{ "id": "h", "item": "nope", "size": [1, 1] }"#, "itemRegions[0].item: no item has the id \"nope\""),
        (#"{ "id": "h", "item": "photo", "size": [1, 1], "anchor": "middle" }"#, "itemRegions[0].anchor"),
        (#"{ "id": "h", "item": "photo", "size": [1, 1], "when": "hovered" }"#, "itemRegions[0].when"),
        (#"{ "id": "h", "item": "photo", "size": [1, 1], "resizes": true }"#, "resizes but does not latch"),
        (#"{ "id": "h", "item": "photo", "size": [1, 1], "latchingAxes": "both" }"#, "a latching region needs one"),
        (#"{ "id": "h", "item": "photo", "size": [-1, 1] }"#, "itemRegions[0].size: width and height must not be negative"),
        (#"{ "id": "h", "item": "photo", "size": [1, 1], "bogus": 1 }"#, "itemRegions[0]"),
    ])
    func rejectsNamingThePath(itemRegions: String, expected: String) {
        let e = Self.error(itemRegions)
        #expect(e?.kind == .malformed)
        #expect(e?.description.contains(expected) == true, "\(e?.description ?? "no error")")
    }
}

/// The scene file's UIKit selection keys (docs/Formats/Scene.md, "selection").
@Suite struct SelectionSettingsSceneTests {
    static func selection(_ json: String) throws -> SelectionConfiguration {
        try SceneFile.parse("{\"format\": \"pointersim-scene/1\", \"selection\": \(json)}", file: "s.json").selection
    }

    @Test func oldScenesKeepTheOldDefaults() throws {
        let s = try Self.selection("{}")
        #expect(s.allowsSelection && s.allowsMultipleSelection && s.allowsSelectionDuringEditing && s.allowsMultipleSelectionDuringEditing)
        #expect(!s.beginsMultipleSelectionInteraction)
        let single = try Self.selection(#"{"multiple": false}"#)
        #expect(!single.allowsMultipleSelection && !single.allowsMultipleSelectionDuringEditing && single.allowsSelectionDuringEditing)
    }

    @Test func anyUIKitKeyGivesUIKitDefaults() throws {
        let s = try Self.selection(#"{"allowsSelection": true}"#)
        #expect(s == SelectionConfiguration.uikit)
        #expect(s.allowsSelection && !s.allowsMultipleSelection && !s.allowsSelectionDuringEditing && !s.allowsMultipleSelectionDuringEditing)
        let both = try Self.selection(
            #"{"multiple": true, "allowsMultipleSelectionDuringEditing": false, "beginsMultipleSelectionInteraction": true}"#
        )
        #expect(both.allowsMultipleSelection && !both.allowsMultipleSelectionDuringEditing && both.beginsMultipleSelectionInteraction)
        #expect(!both.bandMayBegin || both.allowsMultipleNow)
    }

    @Test func editingSwitchesTheSettingsInForce() {
        var c = SelectionConfiguration.uikit
        c.allowsSelectionDuringEditing = true
        c.allowsMultipleSelectionDuringEditing = true
        #expect(c.allowsSelectionNow && !c.allowsMultipleNow && !c.bandMayBegin)
        c.beginsMultipleSelectionInteraction = true
        #expect(c.bandMayBegin)
        c.editing = true
        #expect(c.allowsMultipleNow)
        c.allowsSelectionDuringEditing = false
        #expect(!c.allowsSelectionNow && !c.allowsMultipleNow && !c.bandMayBegin)
    }
}
