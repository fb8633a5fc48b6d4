import PointerSimCore
import PointerSimFormats
import Testing

/// A scene's band profile object (docs/Formats/Scene.md, "Band profile
/// objects" and "Click rules"): every toolkit reading can be switched from a
/// scene file.
@Suite struct ProfileSceneTests {
    static func profile(_ json: String) throws -> BandProfile {
        try SceneFile.parse("{\"format\": \"pointersim-scene/1\", \"band\": {\"profile\": \(json)}}", file: "p.scene.json").band.profile
    }

    @Test func registeredProfilesByName() throws {
        for name in BandProfile.registeredNames { #expect(try Self.profile("\"\(name)\"") == BandProfile.named(name)) }
        #expect(try Self.profile("\"qt\"") == .qtItemView)  // the alias
    }

    @Test func bandGeometryOptions() throws {
        let p = try Self.profile(
            #"{"base": "qt-graphicsview", "rectThroughPointerPixel": false, "holdsWithinThreshold": false, "hitsItemsTouchingFarEdge": true}"#
        )
        #expect(!p.rectThroughPointerPixel && !p.holdsWithinThreshold && p.hitsItemsTouchingFarEdge)
        #expect(p.threshold == 10 && p.clicks.itemsAcceptPress && !p.clicks.arrowsSelect)  // the rest is the base's
    }

    @Test func everyUIKitReadingIsASceneKey() throws {
        let p = try Self.profile(
            #"""
            {"base": "uikit", "clicks": {"plainClickToggles": false, "emptyClick": "keep", "spaceSelects": true,
             "selectAllModifiers": [["command"], ["control"]], "escapeClears": false, "escapeCancelsBand": false,
             "toggleModifiers": [["command"], ["control"]], "rangeWithToggle": "range", "doubleClickInterval": 0.5,
             "clickSeries": "series", "toggleArrow": "movesFocusOnly", "timing": "press", "primaryAction": "doubleClick"}}
            """#
        )
        let c = p.clicks
        #expect(!c.plainClickToggles && c.emptyClick == .keep && c.spaceSelects && !c.escapeClears && !c.escapeCancelsBand)
        #expect(c.selectAllModifiers == [.command, .control] && c.toggleModifiers == [.command, .control])
        #expect(c.rangeWithToggle == .range && c.doubleClickInterval == 0.5 && c.clickSeries == .series)
        #expect(c.toggleArrow == .movesFocusOnly && c.timing == .press && c.primaryAction == .doubleClick)
        // Band rules stay UIKit's.
        #expect(p.threshold == 0 && p.mode(for: .shift) == .add)
    }

    @Test func unknownClickKeysAndValuesNameTheirPath() {
        #expect(throws: InputError.self) { try Self.profile(#"{"clicks": {"plainClicksToggle": true}}"#) }
        do {
            _ = try Self.profile(#"{"clicks": {"clickSeries": "triples"}}"#)
            Issue.record("accepted an unknown clickSeries")
        } catch let e as InputError {
            #expect(e.description.contains("band.profile.clicks.clickSeries"), "\(e)")
        } catch { Issue.record("\(error)") }
    }
}
