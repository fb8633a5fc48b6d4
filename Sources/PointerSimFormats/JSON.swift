import PointerSimCore

/// A parsed JSON value that remembers the line it started on, so scene errors
/// can name both the path and the line.
@_spi(Fuzz) public struct JSONNode: Sendable {
    /// The value.
    @_spi(Fuzz) public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order.
        case object([(key: String, value: JSONNode)])
    }
    /// The value.
    @_spi(Fuzz) public var value: Value
    /// The 1-based line the value starts on.
    @_spi(Fuzz) public var line: Int
    /// For an array of `[x, y]` pairs the scene parser read as a column of
    /// points (a `path` shape), its index in those columns (the value is
    /// then an empty array); else -1.
    var pointColumn: Int32 = -1
}

/// A small strict JSON parser (RFC 8259) with line tracking. It also accepts
/// the bare words `NaN`, `Infinity` and `-Infinity` as numbers, so that a scene
/// decoder can reject them with the key's path rather than a syntax error.
@_spi(Fuzz) public struct JSONParser {
    /// The document's UTF-8, borrowed from the text for the parse (no copy).
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var line = 1
    let file: String

    /// Top-level keys whose array of `{"id": …, "rect": […]}` objects is read
    /// straight into ``rectArrays`` instead of nodes (``parseScene(_:file:)``).
    var rectArrayKeys: Set<String> = []
    /// The arrays read that way: ids and `[x, y, width, height]` per element.
    var rectArrays: [String: RectArray] = [:]
    /// Keys whose array value, if it is exactly `[[x, y], …]` with finite
    /// numbers, is read straight into ``pointArrays`` instead of nodes.
    var pointArrayKeys: Set<String> = []
    /// The arrays of points read as columns.
    var pointArrays: [[Point]] = []

    /// An array of `{"id": string, "rect": [x, y, width, height]}` objects read
    /// without a node per value: the ids and the four numbers of each rect.
    struct RectArray {
        /// The elements as items (`SceneItem`: the id and the rect as written).
        var items: [SceneItem] = []
        /// Regions only: per element, its `latchingAxes`, `style`, `styles`
        /// and `claimsPress` as indices into ``values`` (-1: absent); empty
        /// while no element has any of them.
        var extras: [SIMD4<Int32>] = []
        /// The distinct values of those keys (and `comment`), each once: where
        /// its first occurrence lies in the text. Byte-identical values share
        /// one entry, so a million regions with the same style decode it once.
        var values: [ExtraValue] = []
        /// After validation: ``values`` decoded, in the same order.
        var decoded: [DecodedExtra] = []
        /// Whether ``SceneFile`` has checked them (ids, rects, limits).
        var validated = false
        var count: Int { items.count }
        /// The line the array starts on.
        let startLine: Int
    }

    /// A region key other than `id` and `rect` read by the column reader.
    enum ExtraKey: Int {
        case latchingAxes = 0
        case style, styles, claimsPress, comment
    }
    /// One distinct value of an ``ExtraKey``: its bytes in the text and the line it starts on.
    struct ExtraValue {
        let key: ExtraKey
        let start: Int, end: Int, line: Int
    }
    /// A value of an ``ExtraKey`` decoded.
    enum DecodedExtra {
        case axes(Axes)
        case style(PointerStyle)
        case styles([ModifierStyle])
        case bool(Bool)
        case comment
    }
    /// The distinct extra values seen so far, by a hash of their key and bytes
    /// (chained through ``internNext``).
    var internFirst: [UInt64: Int32] = [:]
    var internNext: [Int32] = []
    /// The open brackets of ``skipValue(depth:)``, kept between calls.
    var skipStack: [UInt8] = []

    /// Parses a whole document.
    /// - Throws: ``InputError`` (`malformed`) naming the file, line and what was expected.
    @_spi(Fuzz) public static func parse(_ text: String, file: String) throws -> JSONNode {
        try withBytes(text) { bytes in
            var p = JSONParser(bytes: bytes, file: file)
            return try p.document()
        }
    }

    /// Calls `body` with the text's UTF-8 in place (a copy only if the string
    /// is not stored contiguously).
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        if let r = try text.utf8.withContiguousStorageIfAvailable(body) { return r }
        return try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Parses a scene document; the top-level `items` and `regions` arrays, when
    /// every element is exactly `{"id": string, "rect": [4 numbers]}` (keys in
    /// either order), come back as columns, not nodes: an empty array stands
    /// in the tree. Anything else in them is parsed as usual.
    ///
    /// Every `path` array of `[x, y]` pairs (finite numbers), at any depth,
    /// comes back as a column of points (``JSONNode/pointColumn`` indexes the
    /// third result), not a node per number; any other `path` value is parsed
    /// as usual.
    static func parseScene(_ text: String, file: String) throws -> (JSONNode, [String: RectArray], [[Point]]) {
        try withBytes(text) { try parseScene(bytes: $0, file: file) }
    }

    /// ``parseScene(_:file:)`` of UTF-8 bytes.
    static func parseScene(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> (JSONNode, [String: RectArray], [[Point]]) {
        var p = JSONParser(bytes: bytes, file: file)
        p.rectArrayKeys = ["items", "regions"]
        p.pointArrayKeys = ["path"]
        let root = try p.document()
        return (root, p.rectArrays, p.pointArrays)
    }

    /// ``parse(_:file:)`` of UTF-8 bytes.
    static func parse(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> JSONNode {
        var p = JSONParser(bytes: bytes, file: file)
        return try p.document()
    }

    mutating func document() throws -> JSONNode {
        skipSpace()
        let v = try value(depth: 0)
        skipSpace()
        if i < bytes.count { throw error("expected the end of the document after the top-level value") }
        return v
    }

    /// The most elements a column reserves room for: one past the most items
    /// or regions a scene may have (a longer list is rejected anyway).
    static let mostColumnElements = Swift.max(SceneFile.maxItems, SceneFile.maxRegions) + 1

    /// Reads an array of `{"id": string, "rect": [n, n, n, n]}` objects, or
    /// rewinds and returns nil at the first thing of another shape (or any
    /// syntax error: the node parser then reports it). For `regions`, the
    /// elements may also have `latchingAxes`, `style`, `styles`,
    /// `claimsPress` and `comment`: their values are skipped over (brackets
    /// and strings matched, no node made) and interned by their bytes; the
    /// scene reader parses each distinct value once, exactly.
    /// - Complexity: O(bytes), no allocation per element but its id.
    mutating func rectArray(regions: Bool = false) -> RectArray? {
        let save = (i, line)
        internFirst = [:]; internNext = []
        var hasExtras = false
        var out = RectArray(startLine: line)
        func fail() -> RectArray? { (i, line) = save; return nil }
        @inline(__always) func at(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }
        enum Key { case id, rect }
        func matches(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            let t = text.utf8Start
            for k in 0..<n where bytes[i + k] != t[k] { return false }
            return true
        }
        do {
            guard at(UInt8(ascii: "[")) else { return fail() }
            i += 1; skipSpace()
            if at(UInt8(ascii: "]")) { i += 1; return out }
            // Room for as many elements as the rest of the text can hold (an
            // element takes at least `{"id":"","rect":[0,0,0,0]}`, 26 bytes),
            // up to one past the most a scene may have: the columns never grow
            // by copying. Growing had held the old and the new array beside
            // the text (the load's peak: 2.5 times the file for a million
            // items); pages reserved and never written are not resident.
            let most = Swift.min((bytes.count - i) / 26 + 1, Self.mostColumnElements)
            out.items.reserveCapacity(most)
            while true {
                guard at(UInt8(ascii: "{")) else { return fail() }
                i += 1; skipSpace()
                var id: String? = nil, rect: (Double, Double, Double, Double)? = nil
                var extra = SIMD4<Int32>(repeating: -1), seen: UInt8 = 0
                while true {
                    guard at(UInt8(ascii: "\"")) else { return fail() }
                    // The keys straight from the bytes (no string made).
                    var key = Key.id, extraKey: ExtraKey? = nil
                    if matches(#""id""#) {
                        key = .id; i += 4
                    } else if matches(#""rect""#) {
                        key = .rect; i += 6
                    } else if regions, let k = matchExtraKey() {
                        extraKey = k
                    } else {
                        return fail()
                    }
                    skipSpace()
                    guard at(UInt8(ascii: ":")) else { return fail() }
                    i += 1; skipSpace()
                    if let k = extraKey {
                        let bit = UInt8(1) << UInt8(k.rawValue)
                        guard seen & bit == 0 else { return fail() }
                        seen |= bit
                        let start = i, startLine = line
                        guard skipValue(depth: 3) else { return fail() }
                        let v = intern(k, start, i, startLine, into: &out.values)
                        if k != .comment { extra[k.rawValue] = v }
                    } else if key == .id && id == nil {
                        guard at(UInt8(ascii: "\"")) else { return fail() }
                        id = try string()
                    } else if key == .rect && rect == nil {
                        guard at(UInt8(ascii: "[")) else { return fail() }
                        i += 1; skipSpace()
                        var v = (0.0, 0.0, 0.0, 0.0)
                        for k in 0..<4 {
                            guard i < bytes.count, bytes[i] == UInt8(ascii: "-") || (bytes[i] >= 48 && bytes[i] <= 57) else { return fail() }
                            let x = try number()
                            switch k {
                            case 0: v.0 = x;
                            case 1: v.1 = x;
                            case 2: v.2 = x;
                            default: v.3 = x
                            }
                            skipSpace()
                            guard at(k < 3 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return fail() }
                            i += 1; skipSpace()
                        }
                        rect = v
                    } else {
                        return fail()
                    }
                    skipSpace()
                    if at(UInt8(ascii: ",")) { i += 1; skipSpace(); continue }
                    break
                }
                if !hasExtras && extra != SIMD4(repeating: -1) {
                    hasExtras = true
                    out.extras.reserveCapacity(most)
                    out.extras.append(contentsOf: repeatElement(SIMD4(repeating: -1), count: out.items.count))
                }
                if hasExtras { out.extras.append(extra) }
                guard at(UInt8(ascii: "}")), let id, let r = rect else { return fail() }
                i += 1; skipSpace()
                out.items.append(SceneItem(id: id, rect: Rect(x: r.0, y: r.1, width: r.2, height: r.3)))
                if at(UInt8(ascii: ",")) { i += 1; skipSpace(); continue }
                if at(UInt8(ascii: "]")) { i += 1; return out }
                return fail()
            }
        } catch {
            return fail()
        }
    }

    /// Reads an array of `[x, y]` pairs of finite numbers, or rewinds and
    /// returns nil at the first thing of another shape (or any syntax error:
    /// the node parser then reports it).
    /// - Complexity: O(bytes), one allocation (the array of points).
    mutating func pointArray() -> ([Point], Int)? {
        let save = (i, line)
        let startLine = line
        var out: [Point] = []
        func fail() -> ([Point], Int)? { (i, line) = save; return nil }
        @inline(__always) func at(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }
        do {
            guard at(UInt8(ascii: "[")) else { return fail() }
            i += 1; skipSpace()
            if at(UInt8(ascii: "]")) { i += 1; return (out, startLine) }
            while true {
                guard at(UInt8(ascii: "[")) else { return fail() }
                i += 1; skipSpace()
                var v = (0.0, 0.0)
                for k in 0..<2 {
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "-") || (bytes[i] >= 48 && bytes[i] <= 57) else { return fail() }
                    let x = try number()
                    guard x.isFinite else { return fail() }
                    if k == 0 { v.0 = x } else { v.1 = x }
                    skipSpace()
                    guard at(k == 0 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return fail() }
                    i += 1; skipSpace()
                }
                out.append(Point(x: v.0, y: v.1))
                if at(UInt8(ascii: ",")) { i += 1; skipSpace(); continue }
                if at(UInt8(ascii: "]")) { i += 1; return (out, startLine) }
                return fail()
            }
        } catch {
            return fail()
        }
    }

    func error(_ message: String) -> InputError { InputError.malformed(file, line: line, message) }

    /// The error for a comma at byte `comma` followed by `close` (`}` or
    /// `]`): JSON allows no trailing comma. The line is the comma's (it may
    /// be before the closing bracket's) and the column (1-based, in bytes)
    /// says where on it.
    func trailingComma(at comma: Int, before close: UInt8) -> InputError {
        var start = comma, commaLine = line
        for k in stride(from: i - 1, to: comma, by: -1) where bytes[k] == 10 { commaLine -= 1 }
        while start > 0 && bytes[start - 1] != 10 { start -= 1 }
        return InputError.malformed(
            file,
            line: commaLine,
            "column \(comma - start + 1): a trailing comma before '\(Character(Unicode.Scalar(close)))' (JSON allows none: remove it)"
        )
    }

    /// At a quoted key: one of the ``ExtraKey``s, consumed with its quotes, or nil.
    mutating func matchExtraKey() -> ExtraKey? {
        func matches(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            let t = text.utf8Start
            for k in 0..<n where bytes[i + k] != t[k] { return false }
            i += n
            return true
        }
        if matches(#""style""#) { return .style }
        if matches(#""latchingAxes""#) { return .latchingAxes }
        if matches(#""styles""#) { return .styles }
        if matches(#""claimsPress""#) { return .claimsPress }
        if matches(#""comment""#) { return .comment }
        return nil
    }

    /// Moves past one JSON value without making nodes: strings (escapes
    /// skipped), brackets matched, anything else up to the next delimiter;
    /// lines counted. False, with the position anywhere, where the value
    /// cannot end well (unterminated, mismatched, nested deeper than 256
    /// levels counting `depth`); a value it accepts is still only known to
    /// be well delimited: the scene reader parses its text exactly.
    mutating func skipValue(depth: Int) -> Bool {
        skipStack.removeAll(keepingCapacity: true)
        let n = bytes.count
        guard i < n else { return false }
        switch bytes[i] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"): return false
        default: break
        }
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                while i < n && bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 } else if bytes[i] == 10 { line += 1 }
                    i += 1
                }
                guard i < n else { return false }
                i += 1
                if skipStack.isEmpty { return true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth + skipStack.count + 1 < 256 else { return false }
                skipStack.append(c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard skipStack.last == c else { return false }
                skipStack.removeLast()
                i += 1
                if skipStack.isEmpty { return true }
            case 10:
                line += 1; i += 1
            case 32, 9, 13, UInt8(ascii: ","), UInt8(ascii: ":"):
                i += 1
            default:
                // A number or a word: up to the next delimiter.
                while i < n {
                    switch bytes[i] {
                    case 32, 9, 13, 10, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""),
                        UInt8(ascii: "{"), UInt8(ascii: "["):
                        break
                    default: i += 1; continue
                    }
                    break
                }
                if skipStack.isEmpty { return true }
            }
        }
        return false
    }

    /// The index in `values` of the value of `key` at `start ..< end`: an
    /// earlier byte-identical value of the same key, or a new entry.
    mutating func intern(_ key: ExtraKey, _ start: Int, _ end: Int, _ line: Int, into values: inout [ExtraValue]) -> Int32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(key.rawValue)
        for k in start..<end { h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3 }
        var candidate = internFirst[h] ?? -1
        let len = end - start
        while candidate >= 0 {
            let v = values[Int(candidate)]
            if v.key == key && v.end - v.start == len {
                var same = true
                var k = 0
                while k < len { if bytes[v.start + k] != bytes[start + k] { same = false; break }; k += 1 }
                if same { return candidate }
            }
            candidate = internNext[Int(candidate)]
        }
        let id = Int32(values.count)
        values.append(ExtraValue(key: key, start: start, end: end, line: line))
        internNext.append(internFirst[h] ?? -1)
        internFirst[h] = id
        return id
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 10: line += 1; i += 1
            case 32, 9, 13: i += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> JSONNode {
        guard depth < 256 else { throw error("nesting deeper than 256 levels") }
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        let startLine = line
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, value: JSONNode)] = []
            var seen = Set<String>()
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return JSONNode(value: .object(members), line: startLine) }
            var comma = -1
            while true {
                skipSpace()
                if comma >= 0, i < bytes.count, bytes[i] == UInt8(ascii: "}") { throw trailingComma(at: comma, before: bytes[i]) }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(excerpt(key))\"") }
                i += 1
                skipSpace()
                // A linear scan for small objects, a set beyond (no quadratic time on a huge one).
                if members.count < 16 {
                    if members.contains(where: { $0.key == key }) { throw error("duplicate key \"\(excerpt(key))\"") }
                } else {
                    if seen.isEmpty { seen = Set(members.map(\.key)) }
                    guard seen.insert(key).inserted else { throw error("duplicate key \"\(excerpt(key))\"") }
                }
                if depth == 0 && rectArrayKeys.contains(key), let columns = rectArray(regions: key == "regions") {
                    rectArrays[key] = columns
                    members.append((key, JSONNode(value: .array([]), line: columns.startLine)))
                } else if pointArrayKeys.contains(key), let (points, startLine) = pointArray() {
                    pointArrays.append(points)
                    members.append((key, JSONNode(value: .array([]), line: startLine, pointColumn: Int32(pointArrays.count - 1))))
                } else {
                    members.append((key, try value(depth: depth + 1)))
                }
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") { comma = i; i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("expected ',' or '}' in an object")
            }
            return JSONNode(value: .object(members), line: startLine)
        case UInt8(ascii: "["):
            i += 1
            var elements: [JSONNode] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return JSONNode(value: .array(elements), line: startLine) }
            var comma = -1
            while true {
                skipSpace()
                if comma >= 0, i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw trailingComma(at: comma, before: bytes[i]) }
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
                if bytes[i] == UInt8(ascii: ",") { comma = i; i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                throw error("expected ',' or ']' in an array")
            }
            return JSONNode(value: .array(elements), line: startLine)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), line: startLine)
        case UInt8(ascii: "t"): try word("true"); return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"): try word("false"); return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"): try word("null"); return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "N"): try word("NaN"); return JSONNode(value: .number(.nan), line: startLine)
        case UInt8(ascii: "I"): try word("Infinity"); return JSONNode(value: .number(.infinity), line: startLine)
        default:
            return JSONNode(value: .number(try number()), line: startLine)
        }
    }

    mutating func word(_ w: String) throws {
        let u = Array(w.utf8)
        guard i + u.count <= bytes.count, Array(bytes[i..<(i + u.count)]) == u else { throw error("expected a JSON value") }
        i += u.count
    }

    mutating func number() throws -> Double {
        let s = i
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") {
            i += 1
            if i < bytes.count && bytes[i] == UInt8(ascii: "I") { try word("Infinity"); return -.infinity }
        }
        // The digits as they go by: the mantissa (while it has at most 15
        // digits, so below 2⁵³), how many of them follow the point, and the
        // exponent (while small).
        var mantissa: UInt64 = 0, count = 0, fraction = 0
        func digits(_ isFraction: Bool) -> Int {
            let d = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if count < 15 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 48) }
                count += 1
                i += 1
            }
            if isFraction { fraction = i - d }
            return i - d
        }
        guard digits(false) > 0 else { throw error("expected a JSON value") }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") { i += 1; guard digits(true) > 0 else { throw error("expected digits after '.'") } }
        var exponent = 0
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            var negative = false
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
                negative = bytes[i] == UInt8(ascii: "-"); i += 1
            }
            let d = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[i] - 48) }
                i += 1
            }
            guard i > d else { throw error("expected digits in the exponent") }
            if negative { exponent = -exponent }
        }
        // Clinger's fast path: a mantissa below 2⁵³ and a power of ten up to
        // 10²² are both exact `Double`s, so one multiplication or division,
        // rounded once, is the correctly rounded value, bit for bit what
        // `strtod` gives. Everything else goes to `strtod`.
        let scale = exponent - fraction
        if count <= 15 && scale >= -22 && scale <= 22 {
            let m = Double(mantissa)
            let v = scale >= 0 ? m * Self.powersOfTen[scale] : m / Self.powersOfTen[-scale]
            return bytes[s] == UInt8(ascii: "-") ? -v : v
        }
        guard let v = Double(String(decoding: bytes[s..<i], as: UTF8.self)) else { throw error("malformed number") }
        return v
    }

    /// 10⁰ … 10²², every one exactly a `Double`.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    mutating func string() throws -> String {
        i += 1  // opening quote
        // Plain ASCII without escapes (ids, keys): straight from the bytes.
        var j = i
        while j < bytes.count, bytes[j] >= 0x20, bytes[j] < 0x80, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\") { j += 1 }
        if j < bytes.count && bytes[j] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<j]), as: UTF8.self)
            i = j + 1
            return s
        }
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c == 10 || c < 0x20 { throw error("control character in a string (escape it)") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw error("unterminated escape") }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(34)
                case UInt8(ascii: "\\"): out.append(92)
                case UInt8(ascii: "/"): out.append(47)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if code >= 0xD800 && code < 0xDC00 {
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else {
                            throw error("lone surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("unknown escape '\\\(Character(Unicode.Scalar(bytes[i])))'")
                }
                i += 1
                continue
            }
            out.append(c); i += 1
        }
        guard let s = validUTF8String(out) else { throw error("string is not valid UTF-8") }
        return s
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 < bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw error("expected 4 hex digits after \\u")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }
}
