/// A parsed JSON value that remembers the line it started on, so scene errors
/// can name both the path and the line.
public struct JSONNode: Sendable {
    /// The value.
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order.
        case object([(key: String, value: JSONNode)])
    }
    /// The value.
    public var value: Value
    /// The 1-based line the value starts on.
    public var line: Int
}

/// A small strict JSON parser (RFC 8259) with line tracking. It also accepts
/// the bare words `NaN`, `Infinity` and `-Infinity` as numbers, so that a scene
/// decoder can reject them with the key's path rather than a syntax error.
public struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    let file: String

    /// Parses a whole document.
    /// - Throws: ``InputError`` (`malformed`) naming the file, line and what was expected.
    public static func parse(_ text: String, file: String) throws -> JSONNode {
        var p = JSONParser(bytes: Array(text.utf8), file: file)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("expected the end of the document after the top-level value") }
        return v
    }

    func error(_ message: String) -> InputError { InputError.malformed(file, line: line, message) }

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
            while true {
                skipSpace()
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
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("expected ',' or '}' in an object")
            }
            return JSONNode(value: .object(members), line: startLine)
        case UInt8(ascii: "["):
            i += 1
            var elements: [JSONNode] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return JSONNode(value: .array(elements), line: startLine) }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
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
        func digits() -> Int { let d = i; while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }; return i - d }
        guard digits() > 0 else { throw error("expected a JSON value") }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { throw error("expected digits after '.'") } }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        guard let v = Double(String(decoding: bytes[s..<i], as: UTF8.self)) else { throw error("malformed number") }
        return v
    }

    mutating func string() throws -> String {
        i += 1  // opening quote
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
