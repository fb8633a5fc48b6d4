import PointerSimCore
import PointerSimFormats
import Testing

/// The scene file's `regions` (docs/Formats/Scene.md; the comment in
/// SceneFile+Regions.swift): decoding and every rejection with its JSON path.
@Suite struct RegionSceneTests {
    static func scene(_ regions: String) -> String {
        "{\"format\": \"pointersim-scene/1\",\n\"regions\": [\(regions)]}"
    }

    static func error(_ regions: String) -> InputError? {
        do { _ = try SceneFile.parse(scene(regions), file: "s.json"); return nil } catch let e as InputError { return e } catch { return nil }
    }

    @Test func decodesTheSpecExample() throws {
        var warnings: [String] = []
        let s = try SceneFile.parse(
            Self.scene(
                """
                { "id": "slider-knob", "rect": [100, 600, 24, 24], "latchingAxes": "horizontal",
                  "style": { "effect": "lift",
                             "accessories": [ { "shape": "arrow", "position": "left" },
                                              { "shape": "arrow", "position": "right" } ] } },
                { "id": "text", "rect": [300, 100, 400, 20],
                  "style": { "shape": { "verticalBeam": 20 }, "constrainedAxes": "vertical" },
                  "styles": [ { "modifiers": ["option"], "style": { "effect": "hidden" } } ] }
                """
            ),
            file: "s.json",
            warnings: &warnings
        )
        #expect(warnings.isEmpty)
        #expect(s.regions.count == 2)
        let knob = s.regions[0]
        #expect(knob.latchingAxes == .horizontal)
        #expect(
            knob.style
                == PointerStyle(
                    effect: .lift,
                    accessories: [.arrow(AccessoryPosition(offset: 20, angle: 3 * .pi / 2)), .arrow(AccessoryPosition(offset: 20, angle: .pi / 2))]
                )
        )
        let text = s.regions[1]
        #expect(text.style(for: []) == PointerStyle(effect: .none, shape: .verticalBeam(length: 20), constrainedAxes: .vertical))
        #expect(text.style(for: [.option, .shift]).effect == .hidden)
        #expect(text.style(for: [.shift]).effect == .none)
    }

    @Test func customPositionsAndShapes() throws {
        let s = try SceneFile.parse(
            Self.scene(
                """
                { "id": "a", "rect": [0, 0, 10, 10], "style": { "effect": "system", "accessories": [
                    { "shape": { "circle": 6 }, "position": { "angle": 1 } },
                    { "shape": { "roundedRect": [8, 4] }, "position": { "offset": -3, "angle": 2 }, "rotates": true },
                    { "shape": { "path": [[0, -2], [2, 2], [-2, 2]] }, "position": "bottomLeft" } ] } }
                """
            ),
            file: "s.json"
        )
        let acc = s.regions[0].style!.accessories
        #expect(acc[0] == PointerAccessory(shape: .custom(.circle(diameter: 6)), position: AccessoryPosition(offset: 20, angle: 1)))
        #expect(acc[0].orientationMatchesAngle == false)
        #expect(acc[1].orientationMatchesAngle == true)
        #expect(acc[1].position.offset == -3)
        #expect(acc[2].position.angle == 5 * .pi / 4)
    }

    @Test func fifthAccessoryIsDroppedWithAWarningNamingIt() throws {
        var warnings: [String] = []
        let five = (0..<5).map { _ in "{ \"shape\": \"arrow\", \"position\": \"top\" }" }.joined(separator: ", ")
        let s = try SceneFile.parse(
            Self.scene("{ \"id\": \"a\", \"rect\": [0, 0, 10, 10], \"style\": { \"accessories\": [\(five)] } }"),
            file: "s.json",
            warnings: &warnings
        )
        #expect(s.regions[0].style?.accessories.count == 4)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("regions[0].style.accessories[4]") == true)
    }

    @Test func regionConfigurationOverridesTheDefaults() throws {
        var warnings: [String] = []
        let s = try SceneFile.parse(
            """
            {"format": "pointersim-scene/1",
             "regionConfiguration": { "lift": { "slipFactor": [0.1, 0.2], "parallax": 0.5 }, "maxAccessories": 1,
                                      "beamLengthRange": [5, 50], "rubberBandConstant": 0.3, "defaultAccessoryOffset": 10 },
             "regions": [ { "id": "a", "rect": [0, 0, 10, 10], "style": { "accessories": [
                 { "shape": "arrow", "position": "top" }, { "shape": "arrow", "position": "bottom" } ] } } ] }
            """,
            file: "s.json",
            warnings: &warnings
        )
        let c = s.regionConfiguration
        #expect(c.lift.slipFactor == Vector(dx: 0.1, dy: 0.2) && c.lift.parallax == 0.5 && c.lift.maxSlip == 15)
        #expect(c.maxAccessories == 1 && c.beamLengthRange == 5...50 && c.rubberBandConstant == 0.3)
        #expect(s.regions[0].style?.accessories == [.arrow(AccessoryPosition(offset: 10, angle: 0))])
        #expect(warnings.count == 1 && warnings[0].contains("accessory 2 (arrow at bottom) ignored"))
        #expect(PointerRegionConfiguration().highlight.slipFactor == Vector(dx: 0.099, dy: 0.09))
    }

    @Test(arguments: [
        // A latching region without a style.
        (#"{ "id": "k", "rect": [0, 0, 10, 10], "latchingAxes": "both" }"#, "regions[0]: region \"k\" latches (both) but has no \"style\""),
        // An angle of NaN.
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "accessories": [ { "shape": "arrow", "position": { "angle": NaN } } ] } }"#,
            "regions[0].style.accessories[0].position.angle: expected a finite number"
        ),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "accessories": [ { "shape": "arrow", "position": { "angle": -Infinity } } ] } }"#,
            "regions[0].style.accessories[0].position.angle: expected a finite number"
        ),
        // Negative sizes.
        (#"{ "id": "k", "rect": [0, 0, -10, 10] }"#, "regions[0].rect: width and height must not be negative"),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "shape": { "circle": -4 } } }"#,
            "regions[0].style.shape.circle: a size must not be negative"
        ),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "shape": { "roundedRect": [4, -1, 2] } } }"#,
            "regions[0].style.shape.roundedRect[1]: a size must not be negative"
        ),
        // An unknown effect, shape, position, key.
        (#"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "effect": "glow" } }"#, "regions[0].style.effect: unknown value \"glow\""),
        (#"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "shape": { "star": 4 } } }"#, "regions[0].style.shape.star: unknown key"),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "accessories": [ { "shape": "arrow", "position": "north" } ] } }"#,
            "regions[0].style.accessories[0].position: unknown value \"north\""
        ),
        (#"{ "id": "k", "rect": [0, 0, 10, 10], "latchingAxes": "diagonal", "style": {} }"#, "regions[0].latchingAxes: unknown value"),
        (#"{ "id": "k", "rect": [0, 0, 10, 10], "stlye": {} }"#, "regions[0].stlye: unknown key"),
        (#"{ "id": "k", "rect": [0, 0, 10, 10] }, { "id": "k", "rect": [0, 0, 1, 1] }"#, "regions[1].id: duplicate region id"),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "styles": [ { "modifiers": ["hyper"], "style": {} } ] }"#,
            "regions[0].styles[0].modifiers[0]: unknown modifier"
        ),
        (
            #"{ "id": "k", "rect": [0, 0, 10, 10], "style": { "shape": { "circle": 4, "verticalBeam": 3 } } }"#,
            "regions[0].style.shape: expected exactly one of"
        ),
    ])
    func rejectsWithExit65NamingThePath(regions: String, expected: String) {
        let e = Self.error(regions)
        #expect(e?.kind == .malformed)
        #expect(e?.description.contains(expected) == true, "\(e?.description ?? "no error")")
    }
}
