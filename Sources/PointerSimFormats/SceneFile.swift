import PointerSimCore
import PointerSimInput

/// Walks a JSON tree with the path of each value, so that every error names
/// where it is (`items[3].rect`) and unknown keys are rejected.
@usableFromInline package struct SceneField {
    /// The node.
    @_spi(Fuzz) public let node: JSONNode
    /// Its path from the document root (`items[3].rect`), made when asked
    /// for (an error, a warning): an array of a million elements makes no
    /// million strings.
    @usableFromInline package var path: String { index.map { "\(base)[\($0)]" } ?? base }
    /// The path, or the array's path for an element (then `index` is set).
    let base: String
    let index: Int?
    /// The file, for messages.
    @usableFromInline package let file: String
    /// The `path` arrays the scene parser read as columns
    /// (``JSONNode/pointColumn`` indexes them), passed down to every field.
    var pointColumns: [[Point]] = []

    /// Creates a field.
    @_spi(Fuzz) public init(node: JSONNode, path: String, file: String) { self.node = node; base = path; index = nil; self.file = file }

    init(node: JSONNode, array: String, index: Int, file: String) { self.node = node; base = array; self.index = index; self.file = file }

    /// A malformed-input error at this field.
    @usableFromInline package func error(_ message: String) -> InputError {
        InputError.malformed(file, line: node.line, "\(path.isEmpty ? "(top level)" : path): \(message)")
    }

    /// The members of an object, after checking every key is one of `allowed`.
    @usableFromInline package func object(allowed: [String]) throws -> [String: SceneField] {
        guard case .object(let members) = node.value else { throw error("expected an object") }
        let path = self.path
        var out: [String: SceneField] = [:]
        for (k, v) in members {
            guard allowed.contains(k) else {
                let p = path.isEmpty ? excerpt(k) : "\(path).\(excerpt(k))"
                throw InputError.malformed(
                    file,
                    line: v.line,
                    "\(p): unknown key \"\(excerpt(k))\" (expected one of: \(allowed.joined(separator: ", ")))"
                )
            }
            var field = SceneField(node: v, path: path.isEmpty ? k : "\(path).\(k)", file: file)
            field.pointColumns = pointColumns
            out[k] = field
        }
        return out
    }

    /// The elements of an array.
    @usableFromInline package func array() throws -> [SceneField] {
        guard case .array(let elements) = node.value else { throw error("expected an array") }
        let path = self.path
        return elements.enumerated().map {
            var field = SceneField(node: $1, array: path, index: $0, file: file)
            field.pointColumns = pointColumns
            return field
        }
    }

    /// An array of `[x, y]` points (read as a column by the scene parser when
    /// it could be).
    @usableFromInline package func points() throws -> [Point] {
        if node.pointColumn >= 0, Int(node.pointColumn) < pointColumns.count { return pointColumns[Int(node.pointColumn)] }
        return try array().map { try $0.point() }
    }

    /// A finite number, optionally within a range.
    @usableFromInline package func number(in range: ClosedRange<Double>? = nil) throws -> Double {
        guard case .number(let v) = node.value else { throw error("expected a number") }
        guard v.isFinite else { throw error("expected a finite number, found \(v)") }
        if let r = range, !r.contains(v) { throw error("expected a number from \(r.lowerBound) to \(r.upperBound), found \(v)") }
        return v
    }

    /// A string.
    @usableFromInline package func string() throws -> String {
        guard case .string(let s) = node.value else { throw error("expected a string") }
        return s
    }

    /// A boolean.
    @usableFromInline package func bool() throws -> Bool {
        guard case .bool(let b) = node.value else { throw error("expected true or false") }
        return b
    }

    /// One of a set of names.
    @usableFromInline package func oneOf(_ names: [String]) throws -> String {
        let s = try string()
        guard names.contains(s) else { throw error("unknown value \"\(excerpt(s))\" (expected one of: \(names.joined(separator: ", ")))") }
        return s
    }

    /// An array of exactly `count` finite numbers.
    @usableFromInline package func numbers(_ count: Int, _ what: String) throws -> [Double] {
        let elements = try array()
        guard elements.count == count else { throw error("expected \(what)") }
        return try elements.map { try $0.number() }
    }

    /// `[x, y]`.
    @usableFromInline package func point() throws -> Point {
        let v = try numbers(2, "[x, y]")
        return Point(x: v[0], y: v[1])
    }

    /// `[x, y, width, height]` with non-negative width and height.
    @usableFromInline package func rect() throws -> Rect {
        let v = try numbers(4, "an array of 4 numbers [x, y, width, height]")
        guard v[2] >= 0, v[3] >= 0 else { throw error("width and height must not be negative") }
        try checkCoordinates(v[0], v[1], v[0] + v[2], v[1] + v[3])
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// Throws unless every value lies within ±``SceneFile/maxCoordinate``.
    func checkCoordinates(_ values: Double...) throws {
        for v in values where !(abs(v) <= SceneFile.maxCoordinate) {
            throw error("coordinates must lie within ±1e15, found \(v)")
        }
    }

    /// `none`, `horizontal`, `vertical` or `both`.
    @usableFromInline package func axes() throws -> Axes {
        Axes(name: try oneOf(["none", "horizontal", "vertical", "both"]))!
    }

    /// A list of modifier flag names.
    @usableFromInline package func modifiers() throws -> ModifierFlags {
        var flags: ModifierFlags = []
        for e in try array() {
            let name = try e.string()
            guard let f = ModifierFlags(name: name) else {
                throw e.error("unknown modifier \"\(excerpt(name))\" (expected shift, control, option, command, capsLock)")
            }
            flags.insert(f)
        }
        return flags
    }
}

/// At most `limit` characters of `s`, then "…" if it was longer: how messages
/// quote a token from the input, so that a huge one never floods the terminal.
func excerpt(_ s: String, limit: Int = 40) -> String {
    var i = s.startIndex, n = 0
    while i < s.endIndex && n < limit { s.formIndex(after: &i); n += 1 }
    return i == s.endIndex ? s : String(s[..<i]) + "…"
}

/// What a scene file sets up: the scene the simulator runs over and the
/// decoder settings of its `pointer` section (acceleration, speed, points per
/// unit and per wheel detent), which the core never reads.
public struct SceneSetup: Sendable {
    /// The scene.
    public var scene: SimulationScene
    /// How raw device events become the scene's pointer events.
    public var decoder: DecoderConfiguration
    /// A scene and its decoder settings (by default, the decoder's defaults).
    public init(scene: SimulationScene, decoder: DecoderConfiguration = DecoderConfiguration()) {
        self.scene = scene
        self.decoder = decoder
    }
}

/// Reads `*.scene.json` files (docs/Formats/Scene.md).
public enum SceneFile {
    /// The `format` value this reader understands.
    public static let formatTag = "pointersim-scene/1"

    /// The largest magnitude of a coordinate (an edge of an item, a region, a
    /// veto rect, a grid's first or last item): 10¹⁵, below 2⁵³, so whole
    /// numbers stay exact and no sum of two edges overflows.
    @usableFromInline package static let maxCoordinate = 1e15
    /// The most items a scene holds (a list or a grid).
    @usableFromInline package static let maxItems = 2_000_000
    /// The most regions a scene holds.
    @usableFromInline package static let maxRegions = 2_000_000
    /// The most warnings of one kind reported per style before the rest are
    /// summarised (`… and N more`).
    @usableFromInline package static let maxRepeatedWarnings = 3

    /// Reads and validates a scene file.
    /// - Throws: ``InputError``: `cannotOpen` if it cannot be opened, `malformed` naming the line
    ///   and path of anything malformed or unknown.
    public static func load(path: String) throws -> SimulationScene {
        var warnings: [String] = []
        return try load(path: path, warnings: &warnings)
    }

    /// Reads and validates a scene file (``load(path:warnings:)``): the scene,
    /// and the decoder settings of its `pointer` section, which the scene
    /// (the core's) does not hold.
    /// - Throws: ``InputError`` as ``load(path:warnings:)`` does.
    public static func loadSetup(path: String, warnings: inout [String]) throws -> SceneSetup {
        var bytes = try readTextBytes(path)
        var (node, columns, points) = try bytes.withUnsafeBufferPointer { try JSONParser.parseScene(bytes: $0, file: path) }
        // Plain lists (no other keys whose values are decoded from the text)
        // are checked without it: the text goes first (a million items'
        // text, columns and check never live at once), and is read again
        // only if they are rejected, for the ordinary parser to report.
        let textNeeded = columns.values.contains { !$0.values.isEmpty }
        if !textNeeded { bytes = [] }
        do {
            if textNeeded {
                try bytes.withUnsafeBufferPointer { try validate(&columns, root: node, text: $0, file: path) }
            } else {
                try validate(&columns, root: node, text: UnsafeBufferPointer(start: nil, count: 0), file: path)
            }
        } catch is ColumnsRejected {
            if !textNeeded { bytes = try readTextBytes(path) }
            var w: [String] = []
            let root = try bytes.withUnsafeBufferPointer { try JSONParser.parse(bytes: $0, file: path) }
            let setup = try parse(root: root, columns: [:], file: path, warnings: &w)
            warnings += w
            return setup
        }
        // From here every error names a node's line: the text can go.
        bytes = []
        return try parse(root: node, columns: consume columns, points: points, file: path, warnings: &warnings)
    }

    /// Reads and validates a scene file, collecting warnings (e.g. dropped
    /// accessories) as `file:line: path: message` strings for the caller to print.
    ///
    /// The file's text is let go as soon as it is parsed (plain `items` and
    /// `regions` lists already checked as columns): a scene of a million
    /// items or regions never holds its text, its columns and its items at
    /// once. For such lists (regions with styles, latching, claims and
    /// comments included: each distinct value is parsed once), and `path`
    /// shapes, peak memory stays within about 2.5 times the file's size
    /// (docs/Benchmarks.md).
    /// - Complexity: O(bytes).
    ///
    /// The decoder settings of the `pointer` section are not the scene's:
    /// ``loadSetup(path:warnings:)`` returns them too.
    public static func load(path: String, warnings: inout [String]) throws -> SimulationScene {
        try loadSetup(path: path, warnings: &warnings).scene
    }

    /// Parses scene text.
    public static func parse(_ text: String, file: String) throws -> SimulationScene {
        var warnings: [String] = []
        return try parse(text, file: file, warnings: &warnings)
    }

    /// Parses scene text, collecting warnings.
    ///
    /// Large `items` and `regions` lists of plain `{"id", "rect"}` objects are
    /// read as columns, without a node per value; if anything in them is wrong,
    /// the whole text is parsed again the ordinary way, which names the error
    /// exactly (file, line, path). So errors cost a second pass, valid scenes
    /// do not.
    /// - Complexity: O(bytes).
    public static func parse(_ text: String, file: String, warnings: inout [String]) throws -> SimulationScene {
        try parseSetup(text, file: file, warnings: &warnings).scene
    }

    /// Parses scene text (``parse(_:file:warnings:)``): the scene and the
    /// decoder settings of its `pointer` section.
    public static func parseSetup(_ text: String, file: String, warnings: inout [String]) throws -> SceneSetup {
        var (node, columns, points) = try JSONParser.parseScene(text, file: file)
        do {
            try JSONParser.withBytes(text) { try validate(&columns, root: node, text: $0, file: file) }
            return try parse(root: node, columns: consume columns, points: points, file: file, warnings: &warnings)
        } catch is ColumnsRejected {
            var w: [String] = []
            let setup = try parse(root: try JSONParser.parse(text, file: file), columns: [:], file: file, warnings: &w)
            warnings += w
            return setup
        }
    }

    /// Something in an `items` or `regions` list read as columns needs the
    /// ordinary parse to be reported.
    struct ColumnsRejected: Error {}

    /// Checks the `items` and `regions` read as columns, before anything else
    /// is decoded (so that the text, needed again only if they are rejected,
    /// can be let go first).
    /// - Throws: ``ColumnsRejected``.
    static func validate(_ columns: inout [String: JSONParser.RectArray], root: JSONNode, text: UnsafeBufferPointer<UInt8>, file: String) throws {
        for (key, limit, nonEmpty) in [("items", maxItems, false), ("regions", maxRegions, true)] {
            guard var c = columns.removeValue(forKey: key) else { continue }
            _ = try rows(c, limit: limit, nonEmptyIDs: nonEmpty)
            if !c.values.isEmpty { try decodeExtras(&c, root: root, text: text, file: file) }
            c.validated = true
            columns[key] = c
        }
    }

    /// Decodes the distinct values of the regions' other keys (`latchingAxes`,
    /// `style`, `styles`, `claimsPress`, `comment`) read as columns: each
    /// parsed exactly, once, from its text, as the ordinary decoder would
    /// (with the scene's `regionConfiguration`). Throws ``ColumnsRejected``
    /// at anything the ordinary decoder would report, and at any warning (a
    /// warning names its region's path and line): the ordinary parse then
    /// says it.
    static func decodeExtras(_ c: inout JSONParser.RectArray, root: JSONNode, text: UnsafeBufferPointer<UInt8>, file: String) throws {
        var scene = SimulationScene()
        if case .object(let members) = root.value, let rc = members.first(where: { $0.key == "regionConfiguration" }) {
            do { try decodeRegionConfiguration(SceneField(node: rc.value, path: "regionConfiguration", file: file), into: &scene) } catch {
                throw ColumnsRejected()
            }
        }
        let config = scene.regionConfiguration
        var decoded: [JSONParser.DecodedExtra] = []
        decoded.reserveCapacity(c.values.count)
        for v in c.values {
            var p = JSONParser(bytes: UnsafeBufferPointer(rebasing: text[v.start..<v.end]), file: file)
            p.line = v.line
            p.pointArrayKeys = ["path"]
            var warnings: [String] = []
            do {
                let node = try p.value(depth: 3)
                p.skipSpace()
                guard p.i == p.bytes.count else { throw ColumnsRejected() }
                var f = SceneField(node: node, path: "regions", file: file)
                f.pointColumns = p.pointArrays
                switch v.key {
                case .latchingAxes: decoded.append(.axes(try f.axes()))
                case .style: decoded.append(.style(try decodeStyle(f, config: config, warnings: &warnings)))
                case .styles:
                    var modifierStyles: [ModifierStyle] = []
                    for s in try f.array() {
                        let so = try s.object(allowed: ["modifiers", "style"])
                        guard let m = so["modifiers"], let st = so["style"] else { throw ColumnsRejected() }
                        modifierStyles.append(
                            ModifierStyle(modifiers: try m.modifiers(), style: try decodeStyle(st, config: config, warnings: &warnings))
                        )
                    }
                    decoded.append(.styles(modifierStyles))
                case .claimsPress: decoded.append(.bool(try f.bool()))
                case .comment: decoded.append(.comment)
                }
            } catch {
                throw ColumnsRejected()
            }
            guard warnings.isEmpty else { throw ColumnsRejected() }
        }
        // A latching region needs a style.
        for e in c.extras where e[0] >= 0 && e[1] < 0 {
            if case .axes(let a) = decoded[Int(e[0])], !a.isEmpty { throw ColumnsRejected() }
        }
        c.decoded = decoded
    }

    /// The regions of a validated column: plain ones as they are; those with
    /// other keys sharing one ``SceneRegion`` detail box per distinct
    /// combination of values (a million regions with the same style hold one
    /// style).
    static func regions(_ c: consuming JSONParser.RectArray) throws -> [SceneRegion] {
        let extras = c.extras, decoded = c.decoded
        let items = try rows(c, limit: maxRegions, nonEmptyIDs: true)
        guard !extras.isEmpty else { return items.map { SceneRegion(id: $0.id, rect: $0.rect) } }
        var templates: [SIMD4<Int32>: SceneRegion] = [:]
        var out: [SceneRegion] = []
        out.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            let e = extras[k]
            var r: SceneRegion
            if let t = templates[e] {
                r = t
                r.id = item.id
                r.rect = item.rect
            } else {
                var axes = Axes.none, style: PointerStyle? = nil, styles: [ModifierStyle] = [], claims: Bool? = nil
                if e[0] >= 0, case .axes(let a) = decoded[Int(e[0])] { axes = a }
                if e[1] >= 0, case .style(let s) = decoded[Int(e[1])] { style = s }
                if e[2] >= 0, case .styles(let s) = decoded[Int(e[2])] { styles = s }
                if e[3] >= 0, case .bool(let b) = decoded[Int(e[3])] { claims = b }
                r = SceneRegion(id: item.id, rect: item.rect, latchingAxes: axes, style: style, modifierStyles: styles, claimsPress: claims)
                templates[e] = r
            }
            out.append(r)
        }
        return out
    }

    /// Items or regions read as columns, validated as the ordinary decoder
    /// would (ids, rects, limits); throws ``ColumnsRejected`` at the first
    /// problem. Duplicate ids are found by sorting 64-bit hashes of the ids
    /// (no set of strings, no dictionary); equal hashes are then
    /// compared as strings.
    /// - Complexity: O(n log n) comparisons of 8-byte hashes.
    static func rows(_ c: JSONParser.RectArray, limit: Int, nonEmptyIDs: Bool) throws -> [SceneItem] {
        if c.validated { return c.items }
        guard c.count <= limit else { throw ColumnsRejected() }
        var hashes: [UInt64] = []
        hashes.reserveCapacity(c.count)
        for item in c.items {
            let r = item.rect, x = r.x, y = r.y, w = r.width, h = r.height
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0,
                abs(x) <= maxCoordinate, abs(y) <= maxCoordinate, abs(x + w) <= maxCoordinate, abs(y + h) <= maxCoordinate
            else { throw ColumnsRejected() }
            guard !(nonEmptyIDs && item.id.isEmpty) else { throw ColumnsRejected() }
            // FNV-1a over the UTF-8 bytes.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in item.id.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
            hashes.append(hash)
        }
        var order = Array(0..<Int32(c.count))
        order.sort { hashes[Int($0)] < hashes[Int($1)] }
        var k = 0
        while k + 1 < order.count {
            var end = k + 1
            while end < order.count && hashes[Int(order[end])] == hashes[Int(order[k])] { end += 1 }
            if end - k > 1 {
                var seen = Set<String>()
                for m in k..<end where !seen.insert(c.items[Int(order[m])].id).inserted { throw ColumnsRejected() }
            }
            k = end
        }
        return c.items
    }

    static func parse(
        root node: JSONNode,
        columns: consuming [String: JSONParser.RectArray],
        points: [[Point]] = [],
        file: String,
        warnings: inout [String]
    ) throws -> SceneSetup {
        var root = SceneField(node: node, path: "", file: file)
        var decoder = DecoderConfiguration()
        root.pointColumns = points
        let top = try root.object(allowed: [
            "format", "view", "pointer", "band", "selection", "items", "regions", "itemRegions", "regionConfiguration", "comment",
        ])
        var scene = SimulationScene()
        guard let format = top["format"] else { throw root.error("missing \"format\": \"\(formatTag)\"") }
        guard try format.string() == formatTag else { throw format.error("expected \"\(formatTag)\"") }

        if let view = top["view"] {
            let v = try view.object(allowed: ["width", "height", "scale", "content"])
            if let w = v["width"] { scene.view.size.width = try w.number(in: 1...1e9) }
            if let h = v["height"] { scene.view.size.height = try h.number(in: 1...1e9) }
            if let s = v["scale"] { scene.view.scale = try s.number(in: 0.1...16) }
            scene.view.contentSize = scene.view.size
            if let c = v["content"] {
                let cc = try c.object(allowed: ["width", "height", "offset"])
                if let w = cc["width"] { scene.view.contentSize.width = try w.number(in: 1...1e12) }
                if let h = cc["height"] { scene.view.contentSize.height = try h.number(in: 1...1e12) }
                if let o = cc["offset"] {
                    let p = try o.point()
                    scene.view.contentOffset = Vector(dx: p.x, dy: p.y)
                }
            }
        }

        if let pointer = top["pointer"] {
            let p = try pointer.object(allowed: ["start", "device", "acceleration", "speed", "pointsPerUnit", "scrollPointsPerDetent", "libinput"])
            if let s = p["start"] { scene.pointer.start = try s.point() }
            if let d = p["device"] {
                scene.pointer.device = PointerConfiguration.ExpectedDevice(
                    rawValue: try d.oneOf(PointerConfiguration.ExpectedDevice.allCases.map(\.rawValue))
                )!
            }
            // The decoder's settings (the scene does not hold them).
            if let a = p["acceleration"] { decoder.acceleration = AccelerationProfile(rawValue: try a.oneOf(["adaptive", "flat", "none"]))! }
            if let s = p["speed"] { decoder.speed = try s.number(in: -1...1) }
            if let u = p["pointsPerUnit"] { decoder.pointsPerUnit = try u.number(in: 1e-6...1e6) }
            if let u = p["scrollPointsPerDetent"] { decoder.scrollPointsPerDetent = try u.number(in: 0...1e6) }
            // libinput's options with `libinput debug-events`' names: one list of
            // arguments, or a list of such lists (each with its own --apply-to).
            if let l = p["libinput"] {
                let items = try l.array()
                let groups: [[SceneField]]
                if let first = items.first, case .array = first.node.value {
                    groups = try items.map { try $0.array() }
                } else {
                    groups = [items]
                }
                for g in groups {
                    var o = LibinputOptions()
                    for arg in g {
                        do { try o.set(try arg.string()) } catch let e as LibinputOptions.ParseError { throw arg.error(e.description) }
                    }
                    decoder.libinput.append(o)
                }
            }
        }

        var initialSelection: [SceneField] = []
        if let band = top["band"] {
            let b = try band.object(allowed: [
                "profile", "hitRule", "enabled", "beginsOnItems", "regionsClaimPress", "initialSelection", "vetoRects", "autoscroll",
            ])
            if let p = b["profile"] { scene.band.profile = try profile(p) }
            if let h = b["hitRule"] { scene.band.hitRule = HitRule(rawValue: try h.oneOf(HitRule.allCases.map(\.rawValue)))! }
            if let e = b["enabled"] { scene.band.isEnabled = try e.bool() }
            if let e = b["beginsOnItems"] { scene.band.beginsOnItems = try e.bool() }
            if let e = b["regionsClaimPress"] { scene.band.regionsClaimPress = try e.bool() }
            if let s = b["initialSelection"] { initialSelection = try s.array() }
            if let v = b["vetoRects"] { scene.band.vetoRects = try v.array().map { try $0.rect() } }
            if let a = b["autoscroll"] {
                let o = try a.object(allowed: ["enabled", "edgeZone", "maxSpeed", "tickInterval"])
                if let e = o["enabled"] { scene.autoscroll.isEnabled = try e.bool() }
                if let z = o["edgeZone"] { scene.autoscroll.edgeZone = try z.number(in: 0...1e6) }
                if let s = o["maxSpeed"] { scene.autoscroll.maxSpeed = try s.number(in: 0...1e9) }
                if let t = o["tickInterval"] { scene.autoscroll.tickInterval = try t.number(in: 1e-4...10) }
            }
        }

        if let selection = top["selection"] {
            let uikitKeys = [
                "allowsSelection", "allowsMultipleSelection", "allowsSelectionDuringEditing",
                "allowsMultipleSelectionDuringEditing", "beginsMultipleSelectionInteraction", "listLayout",
            ]
            let o = try selection.object(
                allowed: [
                    "multiple", "focus", "selectionFollowsFocus", "editing", "dragInteractionEnabled",
                    "bandNeedsMultipleSelectionInteraction",
                ] + uikitKeys
            )
            // Any of UIKit's keys: the others take UIKit's defaults.
            if uikitKeys.contains(where: { o[$0] != nil }) { scene.selection = .uikit }
            if let v = o["multiple"] { scene.selection.multiple = try v.bool() }
            if let v = o["allowsSelection"] { scene.selection.allowsSelection = try v.bool() }
            if let v = o["allowsMultipleSelection"] { scene.selection.allowsMultipleSelection = try v.bool() }
            if let v = o["allowsSelectionDuringEditing"] { scene.selection.allowsSelectionDuringEditing = try v.bool() }
            if let v = o["allowsMultipleSelectionDuringEditing"] { scene.selection.allowsMultipleSelectionDuringEditing = try v.bool() }
            if let v = o["beginsMultipleSelectionInteraction"] { scene.selection.beginsMultipleSelectionInteraction = try v.bool() }
            if let v = o["dragInteractionEnabled"] { scene.selection.dragInteractionEnabled = try v.bool() }
            if let v = o["listLayout"] { scene.selection.listLayout = try v.bool() }
            if let v = o["bandNeedsMultipleSelectionInteraction"] { scene.selection.bandNeedsMultipleSelectionInteraction = try v.bool() }
            if let v = o["focus"] { scene.selection.focus = try v.bool() }
            if let v = o["selectionFollowsFocus"] { scene.selection.selectionFollowsFocus = try v.bool() }
            if let v = o["editing"] { scene.selection.editing = try v.bool() }
        }

        var ids = Set<String>()
        if let items = top["items"], case .object = items.node.value {
            // {"grid": {"rows", "columns", "origin", "size", "pitch"}}: ids r<row>c<col>.
            let g = try items.object(allowed: ["grid"])
            guard let gridField = g["grid"] else { throw items.error("expected an array of items or {\"grid\": {…}}") }
            let grid = try gridField.object(allowed: ["rows", "columns", "origin", "size", "pitch"])
            func count(_ k: String) throws -> Int {
                guard let f = grid[k] else { throw gridField.error("missing \"\(k)\"") }
                let v = try f.number(in: 1...10_000_000)
                guard v == v.rounded() else { throw f.error("expected a whole number") }
                return Int(v)
            }
            let rows = try count("rows"), cols = try count("columns")
            guard rows * cols <= maxItems else { throw gridField.error("at most 2,000,000 items, found \(rows * cols)") }
            let origin = try grid["origin"]?.point() ?? Point(x: 0, y: 0)
            guard let sizeField = grid["size"] else { throw gridField.error("missing \"size\": [width, height]") }
            let size = try sizeField.point()
            guard size.x >= 0, size.y >= 0 else { throw sizeField.error("width and height must not be negative") }
            let pitch = try grid["pitch"]?.point() ?? Point(x: size.x, y: size.y)
            // The grid is linear in row and column: its first and last items are its extremes.
            let lastX = origin.x + Double(cols - 1) * pitch.x, lastY = origin.y + Double(rows - 1) * pitch.y
            try gridField.checkCoordinates(origin.x, origin.y, origin.x + size.x, origin.y + size.y, lastX, lastY, lastX + size.x, lastY + size.y)
            scene.items.reserveCapacity(rows * cols)
            // Only the ids the initial selection names need the set.
            let wanted = initialSelection.isEmpty ? [] : Set(initialSelection.compactMap { try? $0.string() })
            for r in 0..<rows {
                for c in 0..<cols {
                    let id = "r\(r)c\(c)"
                    if !wanted.isEmpty && wanted.contains(id) { ids.insert(id) }
                    scene.items.append(
                        SceneItem(
                            id: id,
                            rect: Rect(x: origin.x + Double(c) * pitch.x, y: origin.y + Double(r) * pitch.y, width: size.x, height: size.y)
                        )
                    )
                }
            }
        } else if let c = columns.removeValue(forKey: "items") {
            scene.items = try rows(c, limit: maxItems, nonEmptyIDs: false)
            // The initial selection is checked against the ids.
            if !initialSelection.isEmpty {
                let wanted = Set(try initialSelection.map { try $0.string() })
                for item in scene.items where wanted.contains(item.id) { ids.insert(item.id) }
            }
        } else if let items = top["items"] {
            let elements = try items.array()
            guard elements.count <= maxItems else { throw items.error("at most 2,000,000 items, found \(elements.count)") }
            for e in elements {
                let o = try e.object(allowed: ["id", "rect"])
                guard let idField = o["id"] else { throw e.error("missing \"id\"") }
                guard let rectField = o["rect"] else { throw e.error("missing \"rect\"") }
                let id = try idField.string()
                guard ids.insert(id).inserted else { throw idField.error("duplicate item id \"\(excerpt(id))\"") }
                scene.items.append(SceneItem(id: id, rect: try rectField.rect()))
            }
        }
        for s in initialSelection {
            let id = try s.string()
            guard ids.contains(id) else { throw s.error("no item has the id \"\(excerpt(id))\"") }
            scene.initialSelection.append(id)
        }
        if let c = top["regionConfiguration"] {
            try decodeRegionConfiguration(c, into: &scene)
        }
        if let c = columns.removeValue(forKey: "regions") {
            // (The columns are let go as they become regions.)
            scene.regions = try regions(consume c)
        } else if let regions = top["regions"] {
            try decodeRegions(regions, into: &scene, warnings: &warnings)
        }
        if let r = top["itemRegions"] {
            try decodeItemRegions(r, into: &scene, warnings: &warnings)
        }
        return SceneSetup(scene: scene, decoder: decoder)
    }

    static func profile(_ f: SceneField) throws -> BandProfile {
        if case .string = f.node.value {
            return BandProfile.named(try f.oneOf(BandProfile.acceptedNames))!
        }
        let o = try f.object(allowed: ["name", "base"] + BandProfile.fields.map(\.name) + ["clicks"])
        var p = BandProfile.uikit
        if let b = o["base"] { p = BandProfile.named(try b.oneOf(BandProfile.acceptedNames))! }
        p.name = try o["name"]?.string() ?? "custom"
        for field in BandProfile.fields {
            guard let v = o[field.name] else { continue }
            field.setValue(try settingValue(v, field.type), in: &p)
        }
        if let c = o["clicks"] { try clickRules(c, into: &p.clicks) }
        return p
    }

    /// A setting's value as its type reads it (``BandProfile/fields``,
    /// ``ClickRules/registry``).
    static func settingValue(_ v: SceneField, _ type: SettingType) throws -> SettingValue {
        switch type {
        case .bool: return .bool(try v.bool())
        case .number(let range, _): return .number(try v.number(in: range))
        case .choice(let names): return .choice(try v.oneOf(names))
        case .optionalChoice(let names):
            if case .null = v.node.value { return .none }
            return .choice(try v.oneOf(names))
        case .modifiers: return .modifiers(try v.modifiers())
        case .modifierSets: return .modifierSets(try v.array().map { try $0.modifiers() })
        case .modeTable:
            let modes = SelectionMode.allCases.map(\.rawValue)
            return .modeTable(
                try v.array().map { r in
                    let ro = try r.object(allowed: ["flags", "match", "mode"])
                    guard let flags = ro["flags"], let mode = ro["mode"] else { throw r.error("a rule needs \"flags\" and \"mode\"") }
                    let match = try ro["match"].map { BandProfile.Match(rawValue: try $0.oneOf(["exact", "includes"]))! } ?? .exact
                    return BandProfile.Rule(try flags.modifiers(), match, SelectionMode(rawValue: try mode.oneOf(modes))!)
                }
            )
        }
    }

    /// A profile's `clicks` object: every ``ClickRules`` field by its Swift
    /// name, as ``ClickRules/registry`` declares them (docs/Formats/Scene.md,
    /// "Click rules").
    static func clickRules(_ f: SceneField, into r: inout ClickRules) throws {
        let o = try f.object(allowed: ClickRules.registry.map(\.name))
        for rule in ClickRules.registry {
            guard let v = o[rule.name] else { continue }
            let value = try settingValue(v, rule.type)
            rule.setValue(value, in: &r)
        }
    }
}
