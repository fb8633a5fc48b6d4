import PointerSimCore

// The scene's `regions` (docs/Formats/Scene.md):
//
//   { "id": "knob", "rect": [x, y, w, h], "latchingAxes": "horizontal",
//     "style":  { "effect": "lift", "shape": {…}, "constrainedAxes": "vertical",
//                 "accessories": [ { "shape": "arrow", "position": "left" }, … ] },
//     "styles": [ { "modifiers": ["shift"], "style": { … } } ] }
//
// - `effect`: automatic, highlight, lift, hover, system, hidden, or `none` (the
//   pointer takes the style's shape and moves freely). Without `effect`, a style
//   with a `shape` means `none`, one without a shape `automatic`.
// - `shape` (styles and accessories): exactly one of `{"circle": d}`,
//   `{"roundedRect": [w, h]}` or `[w, h, r]` (no r: the effect's default radius),
//   `{"verticalBeam": length}`, `{"horizontalBeam": length}`,
//   `{"path": [[x, y], …]}` (points relative to the pointer's centre, at least 3).
// - accessory `position`: top, topRight, right, bottomRight, bottom, bottomLeft,
//   left, topLeft, or `{"offset": 20, "angle": radians}` (offset defaults to 20,
//   clockwise from the top); `rotates` overrides orientationMatchesAngle
//   (arrows true, custom shapes false). At most 4 accessories are used: the
//   others are dropped with a warning that names them.
// - `styles`: modifier-dependent styles; the first entry whose `modifiers` are
//   all held (others may be held too) is used, else `style`.
// - `claimsPress`: true or false overrides the default rule for who gets a
//   primary press on the region (latching regions and regions whose resolved
//   effect is highlight or lift claim it: no band begins, no item is clicked).
// - A latching region must have a `style`. Region ids are unique.
//
// The top-level `regionConfiguration` overrides the numbers of docs/Regions.md
// (PointerRegionConfiguration; every key optional):
//   { "highlight": { "slipFactor": [0.099, 0.09], "maxSlip": 15, "parallax": 0.3,
//                    "scaleUp": 4, "cornerRadius": 8 },
//     "lift": {…}, "hover": {…},
//     "automaticHoverLongestSide": 125, "automaticSmallShorterSide": 50,
//     "automaticSmallLongerSide": 180, "beamWidth": 2, "beamLengthRange": [10, 100],
//     "systemPointerDiameter": 19, "rubberBandConstant": 0.55,
//     "rubberBandLimitFraction": 0.5, "defaultAccessoryOffset": 20,
//     "arrowSize": 11, "maxAccessories": 4 }

extension SceneFile {
    /// Decodes the scene's `regions` array into `scene.regions`.
    /// - Throws: ``InputError`` (`malformed`) naming the JSON path of anything malformed.
    static func decodeRegions(_ field: SceneField, into scene: inout SimulationScene, warnings: inout [String]) throws {
        var ids = Set<String>()
        let elements = try field.array()
        guard elements.count <= maxRegions else { throw field.error("at most 2,000,000 regions, found \(elements.count)") }
        for e in elements {
            let o = try e.object(allowed: ["id", "rect", "latchingAxes", "style", "styles", "claimsPress", "comment"])
            guard let idField = o["id"] else { throw e.error("missing \"id\"") }
            guard let rectField = o["rect"] else { throw e.error("missing \"rect\"") }
            let id = try idField.string()
            guard !id.isEmpty else { throw idField.error("expected a non-empty region id") }
            guard ids.insert(id).inserted else { throw idField.error("duplicate region id \"\(excerpt(id))\"") }
            let axes = try o["latchingAxes"]?.axes() ?? .none
            if !axes.isEmpty && o["style"] == nil {
                throw e.error("region \"\(excerpt(id))\" latches (\(axes.name)) but has no \"style\" (a latching region needs one)")
            }
            let (style, modifierStyles, claims) = try decodeStyling(o, config: scene.regionConfiguration, warnings: &warnings)
            scene.regions.append(
                SceneRegion(id: id, rect: try rectField.rect(), latchingAxes: axes, style: style, modifierStyles: modifierStyles, claimsPress: claims)
            )
        }
    }

    /// A region's `style`, `styles` and `claimsPress` (scene regions and item
    /// regions alike).
    static func decodeStyling(
        _ o: [String: SceneField],
        config: PointerRegionConfiguration,
        warnings: inout [String]
    ) throws -> (style: PointerStyle?, modifierStyles: [ModifierStyle], claimsPress: Bool?) {
        let style = try o["style"].map { try decodeStyle($0, config: config, warnings: &warnings) }
        var modifierStyles: [ModifierStyle] = []
        if let styles = o["styles"] {
            for s in try styles.array() {
                let so = try s.object(allowed: ["modifiers", "style"])
                guard let m = so["modifiers"] else { throw s.error("missing \"modifiers\"") }
                guard let st = so["style"] else { throw s.error("missing \"style\"") }
                modifierStyles.append(ModifierStyle(modifiers: try m.modifiers(), style: try decodeStyle(st, config: config, warnings: &warnings)))
            }
        }
        return (style, modifierStyles, try o["claimsPress"].map { try $0.bool() })
    }

    /// Decodes the top-level `regionConfiguration` into `scene.regionConfiguration`.
    static func decodeRegionConfiguration(_ field: SceneField, into scene: inout SimulationScene) throws {
        let o = try field.object(allowed: [
            "highlight", "lift", "hover", "automaticHoverLongestSide", "automaticSmallShorterSide", "automaticSmallLongerSide",
            "beamWidth", "beamLengthRange", "systemPointerDiameter", "rubberBandConstant", "rubberBandLimitFraction",
            "defaultAccessoryOffset", "arrowSize", "maxAccessories", "animation",
        ])
        var c = scene.regionConfiguration
        func effect(_ key: String, _ p: inout PointerEffectParameters) throws {
            guard let f = o[key] else { return }
            let e = try f.object(allowed: ["slipFactor", "maxSlip", "parallax", "scaleUp", "cornerRadius"])
            if let s = e["slipFactor"] {
                let v = try s.point()
                guard v.x >= 0, v.y >= 0 else { throw s.error("slip factors must not be negative") }
                p.slipFactor = Vector(dx: v.x, dy: v.y)
            }
            if let v = e["maxSlip"] { p.maxSlip = try v.number(in: 0...1e9) }
            if let v = e["parallax"] { p.parallax = try v.number(in: -100...100) }
            if let v = e["scaleUp"] { p.scaleUp = try v.number(in: 0...1e6) }
            if let v = e["cornerRadius"] { p.cornerRadius = try v.number(in: 0...1e6) }
        }
        try effect("highlight", &c.highlight)
        try effect("lift", &c.lift)
        try effect("hover", &c.hover)
        if let v = o["automaticHoverLongestSide"] { c.automaticHoverLongestSide = try v.number(in: 0...1e9) }
        if let v = o["automaticSmallShorterSide"] { c.automaticSmallShorterSide = try v.number(in: 0...1e9) }
        if let v = o["automaticSmallLongerSide"] { c.automaticSmallLongerSide = try v.number(in: 0...1e9) }
        if let v = o["beamWidth"] { c.beamWidth = try v.number(in: 0...1e6) }
        if let v = o["beamLengthRange"] {
            let r = try v.point()
            guard r.x >= 0, r.x <= r.y else { throw v.error("expected [min, max] with 0 ≤ min ≤ max") }
            c.beamLengthRange = r.x...r.y
        }
        if let v = o["systemPointerDiameter"] { c.systemPointerDiameter = try v.number(in: 0...1e6) }
        if let v = o["rubberBandConstant"] { c.rubberBandConstant = try v.number(in: 1e-6...1e6) }
        if let v = o["rubberBandLimitFraction"] { c.rubberBandLimitFraction = try v.number(in: 0...1e6) }
        if let v = o["defaultAccessoryOffset"] { c.defaultAccessoryOffset = try v.number(in: 0...1e6) }
        if let v = o["arrowSize"] { c.arrowSize = try v.number(in: 0...1e6) }
        if let v = o["maxAccessories"] {
            let n = try v.number(in: 0...1000)
            guard n == n.rounded() else { throw v.error("expected a whole number") }
            c.maxAccessories = Int(n)
        }
        if let a = o["animation"] {
            // "standard" (our numbers), "none", or {"duration", "accessoryDuration", "curve"}.
            if case .string = a.node.value {
                c.animation = try a.oneOf(["standard", "none"]) == "standard" ? .standard : PointerAnimation()
            } else {
                let ao = try a.object(allowed: ["duration", "accessoryDuration", "curve"])
                var anim = PointerAnimation()
                if let v = ao["duration"] { anim.duration = try v.number(in: 0...60) }
                if let v = ao["accessoryDuration"] { anim.accessoryDuration = try v.number(in: 0...60) }
                if let v = ao["curve"] {
                    anim.curve = PointerAnimation.Curve(rawValue: try v.oneOf(PointerAnimation.Curve.allCases.map(\.rawValue)))!
                }
                c.animation = anim
            }
        }
        scene.regionConfiguration = c
    }

    static func decodeStyle(_ f: SceneField, config: PointerRegionConfiguration, warnings: inout [String]) throws -> PointerStyle {
        let o = try f.object(allowed: ["effect", "shape", "constrainedAxes", "accessories"])
        var style = PointerStyle()
        if let s = o["shape"] { style.shape = try decodeShape(s) }
        if let e = o["effect"] {
            style.effect = PointerEffect(rawValue: try e.oneOf(PointerEffect.allCases.map(\.rawValue)))!
        } else if style.shape != nil {
            style.effect = .none
        }
        if let c = o["constrainedAxes"] { style.constrainedAxes = try c.axes() }
        if let a = o["accessories"] {
            let elements = try a.array()
            var ignored = 0
            for (i, el) in elements.enumerated() {
                let acc = try decodeAccessory(el, config: config)
                if i < config.maxAccessories {
                    style.accessories.append(acc)
                } else {
                    // The first few are named; the rest are counted.
                    ignored += 1
                    if ignored <= maxRepeatedWarnings {
                        warnings.append(
                            "\(el.file):\(el.node.line): \(el.path): accessory \(i + 1) (\(describe(acc))) ignored: at most \(config.maxAccessories) accessories are used"
                        )
                    }
                }
            }
            if ignored > maxRepeatedWarnings {
                warnings.append("\(a.file):\(a.node.line): \(a.path): … and \(ignored - maxRepeatedWarnings) more accessories ignored")
            }
        }
        return style
    }

    static func describe(_ a: PointerAccessory) -> String {
        let shape: String
        switch a.shape {
        case .arrow: shape = "arrow"
        case .custom(.circle): shape = "circle"
        case .custom(.roundedRect): shape = "roundedRect"
        case .custom(.verticalBeam): shape = "verticalBeam"
        case .custom(.horizontalBeam): shape = "horizontalBeam"
        case .custom(.path): shape = "path"
        }
        let name = AccessoryPosition.predefined.first { $0.position.angle == a.position.angle }?.name ?? "angle \(formatLogNumber(a.position.angle))"
        return "\(shape) at \(name)"
    }

    static func decodeShape(_ f: SceneField) throws -> PointerShape {
        let o = try f.object(allowed: ["circle", "roundedRect", "verticalBeam", "horizontalBeam", "path"])
        guard o.count == 1, let (key, v) = o.first else {
            throw f.error("expected exactly one of circle, roundedRect, verticalBeam, horizontalBeam, path")
        }
        func size(_ v: SceneField) throws -> Double {
            let x = try v.number()
            guard x >= 0 else { throw v.error("a size must not be negative, found \(formatLogNumber(x))") }
            return x
        }
        switch key {
        case "circle": return .circle(diameter: try size(v))
        case "verticalBeam": return .verticalBeam(length: try size(v))
        case "horizontalBeam": return .horizontalBeam(length: try size(v))
        case "roundedRect":
            let parts = try v.array()
            guard parts.count == 2 || parts.count == 3 else { throw v.error("expected [width, height] or [width, height, radius]") }
            let n = try parts.map { try size($0) }
            return .roundedRect(width: n[0], height: n[1], radius: n.count == 3 ? n[2] : nil)
        default:
            let pts = try v.points()
            guard pts.count >= 3 else { throw v.error("a path needs at least 3 points [[x, y], …]") }
            return .path(pts)
        }
    }

    static func decodeAccessory(_ f: SceneField, config: PointerRegionConfiguration) throws -> PointerAccessory {
        let o = try f.object(allowed: ["shape", "position", "rotates"])
        guard let s = o["shape"] else { throw f.error("missing \"shape\" (\"arrow\" or a shape object)") }
        let shape: PointerAccessory.Shape
        if case .string = s.node.value {
            _ = try s.oneOf(["arrow"])
            shape = .arrow
        } else {
            shape = .custom(try decodeShape(s))
        }
        guard let p = o["position"] else { throw f.error("missing \"position\"") }
        var position: AccessoryPosition
        if case .string = p.node.value {
            position = AccessoryPosition.named(try p.oneOf(AccessoryPosition.predefined.map(\.name)))!
            position.offset = config.defaultAccessoryOffset
        } else {
            let po = try p.object(allowed: ["offset", "angle"])
            guard let a = po["angle"] else { throw p.error("missing \"angle\" (radians clockwise from the top)") }
            let angle = try a.number()
            let offset = try po["offset"]?.number() ?? config.defaultAccessoryOffset
            position = AccessoryPosition(offset: offset, angle: angle)
        }
        return PointerAccessory(shape: shape, position: position, orientationMatchesAngle: try o["rotates"]?.bool())
    }
}

// The scene's `itemRegions` (docs/Formats/Scene.md): regions attached to
// items, present while their item is selected (or focused):
//
//   { "id": "photo.right", "item": "photo", "anchor": "right", "size": [12, 40],
//     "offset": [0, 0], "when": "selected", "latchingAxes": "horizontal",
//     "resizes": true, "minimumSize": [20, 20], "style": {…}, "styles": […],
//     "claimsPress": true }
//
// - `anchor`: top, topRight, right, bottomRight, bottom, bottomLeft, left,
//   topLeft, center, or [u, v] in unit coordinates of the item's rect.
// - `when`: selected (default), focused, selectedOrFocused.
// - `resizes`: a latched drag moves the item's edge the anchor sits on.
// - The region keys (`latchingAxes`, `style`, `styles`, `claimsPress`) are
//   as in `regions`; ids are unique among all regions.

extension SceneFile {
    /// Decodes the scene's `itemRegions` array into `scene.itemRegions` (after `items` and `regions`).
    static func decodeItemRegions(_ field: SceneField, into scene: inout SimulationScene, warnings: inout [String]) throws {
        var ids = Set(scene.regions.map(\.id))
        let elements = try field.array()
        guard elements.count <= 100_000 else { throw field.error("at most 100,000 item regions, found \(elements.count)") }
        // The items named, checked in one pass over the items.
        var named: [(String, SceneField)] = []
        for e in elements {
            let o = try e.object(allowed: [
                "id", "item", "anchor", "size", "offset", "when", "latchingAxes", "resizes", "minimumSize", "style", "styles", "claimsPress",
                "comment",
            ])
            guard let idField = o["id"] else { throw e.error("missing \"id\"") }
            guard let itemField = o["item"] else { throw e.error("missing \"item\" (the id of the item it is attached to)") }
            guard let sizeField = o["size"] else { throw e.error("missing \"size\": [width, height]") }
            let id = try idField.string()
            guard !id.isEmpty else { throw idField.error("expected a non-empty region id") }
            guard ids.insert(id).inserted else { throw idField.error("duplicate region id \"\(excerpt(id))\"") }
            let item = try itemField.string()
            named.append((item, itemField))
            var anchor = Point(x: 0.5, y: 0.5)
            if let a = o["anchor"] {
                if case .string = a.node.value {
                    let name = try a.oneOf(ItemRegion.namedAnchors.map(\.name))
                    anchor = ItemRegion.namedAnchors.first { $0.name == name }!.anchor
                } else {
                    anchor = try a.point()
                }
            }
            let size = try sizeField.point()
            guard size.x >= 0, size.y >= 0 else { throw sizeField.error("width and height must not be negative") }
            let offset = try o["offset"]?.point() ?? Point(x: 0, y: 0)
            let presence =
                try o["when"].map { ItemRegion.Presence(rawValue: try $0.oneOf(ItemRegion.Presence.allCases.map(\.rawValue)))! } ?? .selected
            let axes = try o["latchingAxes"]?.axes() ?? .none
            if !axes.isEmpty && o["style"] == nil {
                throw e.error("region \"\(excerpt(id))\" latches (\(axes.name)) but has no \"style\" (a latching region needs one)")
            }
            let resizes = try o["resizes"]?.bool() ?? false
            if resizes && axes.isEmpty { throw e.error("region \"\(excerpt(id))\" resizes but does not latch (a resize follows the latching axes)") }
            var minimum = ItemRegion.defaultMinimumSize
            if let m = o["minimumSize"] {
                let p = try m.point()
                guard p.x >= 0, p.y >= 0 else { throw m.error("width and height must not be negative") }
                minimum = Size(width: p.x, height: p.y)
            }
            let (style, modifierStyles, claims) = try decodeStyling(o, config: scene.regionConfiguration, warnings: &warnings)
            let region = SceneRegion(id: id, rect: .zero, latchingAxes: axes, style: style, modifierStyles: modifierStyles, claimsPress: claims)
            scene.itemRegions.append(
                ItemRegion(
                    region: region,
                    item: item,
                    anchor: anchor,
                    size: Size(width: size.x, height: size.y),
                    offset: Vector(dx: offset.x, dy: offset.y),
                    presence: presence,
                    resizes: resizes,
                    minimumSize: minimum
                )
            )
        }
        let wanted = Set(named.map(\.0))
        var found = Set<String>()
        for item in scene.items where wanted.contains(item.id) { found.insert(item.id) }
        for (id, f) in named where !found.contains(id) { throw f.error("no item has the id \"\(excerpt(id))\"") }
    }
}
