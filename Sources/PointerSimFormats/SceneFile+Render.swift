import PointerSimCore
import PointerSimInput

// The scene writer: every key the reader reads, every number exact.

extension SceneFile {
    /// Writes a scene and its decoder settings: the inverse of
    /// ``parseSetup(_:file:warnings:)``.
    /// - Complexity: O(size of the scene).
    public static func render(_ setup: SceneSetup) -> String {
        render(setup.scene, decoder: setup.decoder)
    }

    /// Writes a scene as a `pointersim-scene/1` file (docs/Formats/Scene.md):
    /// the inverse of ``parse(_:file:)``.
    ///
    /// Every key the reader reads is written, at its value (defaults
    /// included), so the file says everything the simulation will use: the
    /// view, the pointer, the band (the profile: a registered profile by its
    /// name, another as an object with the band fields and click rules that
    /// differ from the registered profile it is written on, its `base`; the
    /// hit rule, `initialSelection`, veto rects, autoscroll), the
    /// selection settings, the items, the region configuration and the
    /// regions with their styles. Numbers are exact
    /// (`formatExactNumber(_:)`), so parsing the text gives the same scene
    /// bit for bit. Not written, because the file cannot say them: a
    /// non-finite number (the default `hover.maxSlip`, infinite, is left to
    /// its default), `PointerEffectParameters.pointerIsFree`, and
    /// `BandConfiguration.scale` (the simulator takes the view's).
    /// The pointer section's decoder settings (acceleration, speed, points
    /// per unit and per detent) are `decoder`'s: a ``SceneSetup`` renders
    /// with `render(_ setup:)`.
    /// - Complexity: O(size of the scene).
    public static func render(_ scene: SimulationScene, decoder: DecoderConfiguration = DecoderConfiguration()) -> String {
        render(scene, decoder: decoder, profileInFull: false)
    }

    /// ``render(_:decoder:)``; `profileInFull`: the profile as an object
    /// with every band field and click rule, for a reader that knows no
    /// registered profile (the conformance protocol's subjects,
    /// docs/Formats/Conform.md).
    package static func render(_ scene: SimulationScene, decoder: DecoderConfiguration = DecoderConfiguration(), profileInFull: Bool) -> String {
        var w = JSONWriter()
        w.open("{")
        w.key("format"); w.string(formatTag)
        w.key("view"); w.open("{")
        w.key("width"); w.number(scene.view.size.width)
        w.key("height"); w.number(scene.view.size.height)
        w.key("scale"); w.number(scene.view.scale)
        w.key("content"); w.open("{")
        w.key("width"); w.number(scene.view.contentSize.width)
        w.key("height"); w.number(scene.view.contentSize.height)
        w.key("offset"); w.pair(scene.view.contentOffset.dx, scene.view.contentOffset.dy)
        w.close("}"); w.close("}")

        let p = scene.pointer
        w.key("pointer"); w.open("{")
        if let s = p.start { w.key("start"); w.pair(s.x, s.y) }
        w.key("device"); w.string(p.device.rawValue)
        w.key("acceleration"); w.string(decoder.acceleration.rawValue)
        w.key("speed"); w.number(decoder.speed)
        w.key("pointsPerUnit"); w.number(decoder.pointsPerUnit)
        w.key("scrollPointsPerDetent"); w.number(decoder.scrollPointsPerDetent)
        // libinput's options, only when some are set (older scenes render unchanged).
        if decoder.libinput.count == 1 {
            w.key("libinput"); w.strings(decoder.libinput[0].arguments)
        } else if decoder.libinput.count > 1 {
            w.key("libinput"); w.text += "["
            for (i, o) in decoder.libinput.enumerated() {
                if i > 0 { w.text += ", " }
                w.strings(o.arguments)
            }
            w.text += "]"
        }
        w.close("}")

        let b = scene.band
        w.key("band"); w.open("{")
        w.key("profile"); renderProfile(b.profile, inFull: profileInFull, into: &w)
        w.key("hitRule"); w.string(b.hitRule.rawValue)
        w.key("enabled"); w.bool(b.isEnabled)
        w.key("beginsOnItems"); w.bool(b.beginsOnItems)
        w.key("regionsClaimPress"); w.bool(b.regionsClaimPress)
        w.key("initialSelection"); w.strings(scene.initialSelection)
        w.key("vetoRects"); w.open("[")
        for r in b.vetoRects { w.element(); w.rect(r) }
        w.close("]")
        let a = scene.autoscroll
        w.key("autoscroll"); w.open("{")
        w.key("enabled"); w.bool(a.isEnabled)
        w.key("edgeZone"); w.number(a.edgeZone)
        w.key("maxSpeed"); w.number(a.maxSpeed)
        w.key("tickInterval"); w.number(a.tickInterval)
        w.close("}")
        w.close("}")

        let s = scene.selection
        w.key("selection"); w.open("{")
        w.key("multiple"); w.bool(s.multiple)
        w.key("focus"); w.bool(s.focus)
        w.key("selectionFollowsFocus"); w.bool(s.selectionFollowsFocus)
        w.key("editing"); w.bool(s.editing)
        // UIKit's keys only when they differ from the package's defaults (a
        // scene that writes any gets UIKit's defaults for the rest: all five
        // are written then).
        let d = SelectionConfiguration()
        let uikitBlock =
            s.allowsSelection != d.allowsSelection || s.allowsSelectionDuringEditing != d.allowsSelectionDuringEditing
            || s.allowsMultipleSelectionDuringEditing != s.allowsMultipleSelection || s.beginsMultipleSelectionInteraction
            || s.listLayout || s.bandNeedsMultipleSelectionInteraction
        if uikitBlock {
            w.key("allowsSelection"); w.bool(s.allowsSelection)
            w.key("allowsMultipleSelection"); w.bool(s.allowsMultipleSelection)
            w.key("allowsSelectionDuringEditing"); w.bool(s.allowsSelectionDuringEditing)
            w.key("allowsMultipleSelectionDuringEditing"); w.bool(s.allowsMultipleSelectionDuringEditing)
            w.key("beginsMultipleSelectionInteraction"); w.bool(s.beginsMultipleSelectionInteraction)
            w.key("listLayout"); w.bool(s.listLayout)
        }
        // The reader infers it from UIKit's keys (true with them, false
        // without): written only when it differs.
        if s.bandNeedsMultipleSelectionInteraction != uikitBlock {
            w.key("bandNeedsMultipleSelectionInteraction"); w.bool(s.bandNeedsMultipleSelectionInteraction)
        }
        if s.dragInteractionEnabled { w.key("dragInteractionEnabled"); w.bool(true) }
        w.close("}")

        w.key("items"); w.open("[")
        for item in scene.items {
            w.element(); w.inline("{")
            w.key("id"); w.string(item.id)
            w.key("rect"); w.rect(item.rect)
            w.inlineClose("}")
        }
        w.close("]")

        renderRegionConfiguration(scene.regionConfiguration, into: &w)

        w.key("regions"); w.open("[")
        for r in scene.regions {
            w.element(); w.inline("{")
            w.key("id"); w.string(r.id)
            w.key("rect"); w.rect(r.rect)
            if !r.latchingAxes.isEmpty { w.key("latchingAxes"); w.string(r.latchingAxes.name) }
            renderRegionStyles(r, into: &w)
            w.inlineClose("}")
        }
        w.close("]")
        if !scene.itemRegions.isEmpty {
            w.key("itemRegions"); w.open("[")
            for ir in scene.itemRegions {
                let r = ir.region
                w.element(); w.inline("{")
                w.key("id"); w.string(r.id)
                w.key("item"); w.string(ir.item)
                w.key("anchor"); w.pair(ir.anchor.x, ir.anchor.y)
                w.key("size"); w.pair(ir.size.width, ir.size.height)
                w.key("offset"); w.pair(ir.offset.dx, ir.offset.dy)
                w.key("when"); w.string(ir.presence.rawValue)
                if !r.latchingAxes.isEmpty { w.key("latchingAxes"); w.string(r.latchingAxes.name) }
                if ir.resizes { w.key("resizes"); w.bool(true) }
                w.key("minimumSize"); w.pair(ir.minimumSize.width, ir.minimumSize.height)
                renderRegionStyles(r, into: &w)
                w.inlineClose("}")
            }
            w.close("]")
        }
        w.close("}")
        return w.text + "\n"
    }

    /// A region's `style`, `styles` (by modifiers) and `claimsPress`, the keys
    /// scene regions and item regions share.
    static func renderRegionStyles(_ r: SceneRegion, into w: inout JSONWriter) {
        if let st = r.style { w.key("style"); renderStyle(st, into: &w) }
        if !r.modifierStyles.isEmpty {
            w.key("styles"); w.inline("[")
            for m in r.modifierStyles {
                w.element(); w.inline("{")
                w.key("modifiers"); w.strings(m.modifiers.names)
                w.key("style"); renderStyle(m.style, into: &w)
                w.inlineClose("}")
            }
            w.inlineClose("]")
        }
        if let c = r.claimsPress { w.key("claimsPress"); w.bool(c) }
    }

    /// A profile as a scene writes it: a registered profile by its name;
    /// another as an object on the registered profile it differs from least
    /// (its own name's, if registered), with only the band fields and click
    /// rules that differ from that base (``BandProfile/fields``,
    /// ``ClickRules/registry``). `inFull`: every field and rule, for a reader
    /// that knows no profile (the conformance protocol's subjects).
    static func renderProfile(_ p: BandProfile, inFull: Bool = false, into w: inout JSONWriter) {
        if !inFull, let registered = BandProfile.named(p.name), registered == p, registered.name == p.name {
            w.string(p.name)
            return
        }
        let base = inFull ? nil : baseProfile(of: p)
        w.open("{")
        w.key("name"); w.string(p.name)
        if let base { w.key("base"); w.string(base.name) }
        for field in BandProfile.fields {
            let v = field.value(in: p)
            if let base, field.value(in: base) == v { continue }
            w.key(field.name); renderSetting(v, into: &w)
        }
        let rules = ClickRules.registry.filter { base == nil || $0.value(in: base!.clicks) != $0.value(in: p.clicks) }
        if !rules.isEmpty {
            w.key("clicks"); w.open("{")
            for rule in rules { w.key(rule.name); renderSetting(rule.value(in: p.clicks), into: &w) }
            w.close("}")
        }
        w.close("}")
    }

    /// The registered profile `p` is written on: its own name's, else the one
    /// it differs from in the fewest settings (the first of equals).
    static func baseProfile(of p: BandProfile) -> BandProfile {
        if let own = BandProfile.named(p.name), own.name == p.name { return own }
        func differences(_ b: BandProfile) -> Int {
            BandProfile.fields.count { $0.value(in: b) != $0.value(in: p) }
                + ClickRules.registry.count { $0.value(in: b.clicks) != $0.value(in: p.clicks) }
        }
        var best = BandProfile.registered[0], least = differences(best)
        for b in BandProfile.registered.dropFirst() {
            let d = differences(b)
            if d < least { (best, least) = (b, d) }
        }
        return best
    }

    /// One setting's value.
    static func renderSetting(_ v: SettingValue, into w: inout JSONWriter) {
        switch v {
        case .bool(let b): w.bool(b)
        case .number(let d): w.number(d)
        case .choice(let c): w.string(c)
        case .none: w.text += "null"
        case .modifiers(let m): w.strings(m.names)
        case .modifierSets(let sets):
            w.inline("[")
            for m in sets { w.element(); w.strings(m.names) }
            w.inlineClose("]")
        case .modeTable(let rules):
            w.open("[")
            for r in rules {
                w.element(); w.inline("{")
                w.key("flags"); w.strings(r.flags.names)
                w.key("match"); w.string(r.match.rawValue)
                w.key("mode"); w.string(r.mode.rawValue)
                w.inlineClose("}")
            }
            w.close("]")
        }
    }

    static func renderRegionConfiguration(_ c: PointerRegionConfiguration, into w: inout JSONWriter) {
        w.key("regionConfiguration"); w.open("{")
        for (name, e) in [("highlight", c.highlight), ("lift", c.lift), ("hover", c.hover)] {
            w.key(name); w.inline("{")
            w.key("slipFactor"); w.pair(e.slipFactor.dx, e.slipFactor.dy)
            if e.maxSlip.isFinite { w.key("maxSlip"); w.number(e.maxSlip) }
            w.key("parallax"); w.number(e.parallax)
            w.key("scaleUp"); w.number(e.scaleUp)
            w.key("cornerRadius"); w.number(e.cornerRadius)
            w.inlineClose("}")
        }
        w.key("automaticHoverLongestSide"); w.number(c.automaticHoverLongestSide)
        w.key("automaticSmallShorterSide"); w.number(c.automaticSmallShorterSide)
        w.key("automaticSmallLongerSide"); w.number(c.automaticSmallLongerSide)
        w.key("beamWidth"); w.number(c.beamWidth)
        w.key("beamLengthRange"); w.pair(c.beamLengthRange.lowerBound, c.beamLengthRange.upperBound)
        w.key("systemPointerDiameter"); w.number(c.systemPointerDiameter)
        w.key("rubberBandConstant"); w.number(c.rubberBandConstant)
        w.key("rubberBandLimitFraction"); w.number(c.rubberBandLimitFraction)
        w.key("defaultAccessoryOffset"); w.number(c.defaultAccessoryOffset)
        w.key("arrowSize"); w.number(c.arrowSize)
        w.key("maxAccessories"); w.number(Double(c.maxAccessories))
        if c.animation.isEnabled || c.animation != PointerAnimation() {
            w.key("animation"); w.inline("{")
            w.key("duration"); w.number(c.animation.duration)
            w.key("accessoryDuration"); w.number(c.animation.accessoryDuration)
            w.key("curve"); w.string(c.animation.curve.rawValue)
            w.inlineClose("}")
        }
        w.close("}")
    }

    static func renderStyle(_ s: PointerStyle, into w: inout JSONWriter) {
        w.inline("{")
        w.key("effect"); w.string(s.effect.rawValue)
        if let shape = s.shape { w.key("shape"); renderShape(shape, into: &w) }
        w.key("constrainedAxes"); w.string(s.constrainedAxes.name)
        if !s.accessories.isEmpty {
            w.key("accessories"); w.inline("[")
            for a in s.accessories {
                w.element(); w.inline("{")
                w.key("shape")
                switch a.shape {
                case .arrow: w.string("arrow")
                case .custom(let shape): renderShape(shape, into: &w)
                }
                w.key("position"); w.inline("{")
                w.key("offset"); w.number(a.position.offset)
                w.key("angle"); w.number(a.position.angle)
                w.inlineClose("}")
                w.key("rotates"); w.bool(a.orientationMatchesAngle)
                w.inlineClose("}")
            }
            w.inlineClose("]")
        }
        w.inlineClose("}")
    }

    static func renderShape(_ s: PointerShape, into w: inout JSONWriter) {
        w.inline("{")
        switch s {
        case .circle(let d): w.key("circle"); w.number(d)
        case .verticalBeam(let l): w.key("verticalBeam"); w.number(l)
        case .horizontalBeam(let l): w.key("horizontalBeam"); w.number(l)
        case .roundedRect(let width, let height, let r):
            w.key("roundedRect"); w.inline("[")
            for v in [width, height] + (r.map { [$0] } ?? []) { w.element(); w.number(v) }
            w.inlineClose("]")
        case .path(let points):
            w.key("path"); w.inline("[")
            for p in points { w.element(); w.pair(p.x, p.y) }
            w.inlineClose("]")
        }
        w.inlineClose("}")
    }
}

/// A small JSON writer: objects and arrays opened with ``open(_:)`` go one
/// member a line, indented; those opened with ``inline(_:)`` stay on one
/// line.
struct JSONWriter {
    var text = ""
    /// For each open container: whether it is on one line, and whether it has a member yet.
    var stack: [(inline: Bool, count: Int)] = []

    var indent: String { String(repeating: "  ", count: stack.count) }

    /// Starts the next member (a key or an array element).
    mutating func element() {
        guard var top = stack.popLast() else { return }
        if top.count > 0 { text += "," }
        text += top.inline ? (top.count > 0 ? " " : "") : "\n" + String(repeating: "  ", count: stack.count + 1)
        top.count += 1
        stack.append(top)
    }
    mutating func key(_ k: String) { element(); appendJSONString(k, to: &text); text += ": " }
    mutating func open(_ bracket: String) { text += bracket; stack.append((false, 0)) }
    mutating func inline(_ bracket: String) { text += bracket; stack.append((true, 0)) }
    mutating func close(_ bracket: String) {
        let top = stack.removeLast()
        if top.count > 0 { text += "\n" + indent }
        text += bracket
    }
    mutating func inlineClose(_ bracket: String) { stack.removeLast(); text += bracket }
    mutating func string(_ s: String) { appendJSONString(s, to: &text) }
    mutating func number(_ v: Double) { text += formatExactNumber(v) }
    mutating func bool(_ b: Bool) { text += b ? "true" : "false" }
    mutating func pair(_ a: Double, _ b: Double) { text += "[\(formatExactNumber(a)), \(formatExactNumber(b))]" }
    mutating func rect(_ r: Rect) {
        text += "[\(formatExactNumber(r.x)), \(formatExactNumber(r.y)), \(formatExactNumber(r.width)), \(formatExactNumber(r.height))]"
    }
    mutating func strings(_ s: [String]) {
        text += "["
        for (i, x) in s.enumerated() {
            if i > 0 { text += ", " }
            appendJSONString(x, to: &text)
        }
        text += "]"
    }
}
