/// Formats a number the way the interaction log requires (docs/Formats/Log.md): at
/// most 3 decimals, rounded half away from zero, trailing zeros dropped, no
/// exponent, and no negative zero.
///
/// The rounding is decimal: the shortest representation that round-trips
/// (Swift's `description`) is rounded as written, so `0.0125` gives `0.013`
/// and `2.0005` gives `2.001`. Non-finite values print as `0` (logs never
/// contain them; scenes reject them).
@usableFromInline package func formatLogNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { let i = Int64(value); return i == 0 ? "0" : String(i) }
    if let k = logThousandths(value) { return formatThousandths(k) }
    return formatLogNumberFromText(value)
}

/// ``formatLogNumber(_:)``'s general path: the shortest round-trip text
/// rounded as written (`value` finite and not whole).
func formatLogNumberFromText(_ value: Double) -> String {
    var text = value.description  // e.g. "-12.3456", "1e-05", "1.5e+20"
    var negative = false
    if text.hasPrefix("-") { negative = true; text.removeFirst() }
    var mantissa = Substring(text), exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        mantissa = text[..<e]
        exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    // digits with the decimal point at position `point` (count of integer digits).
    var digits: [UInt8] = []
    var point = 0
    var seenPoint = false
    for ch in mantissa.utf8 {
        if ch == UInt8(ascii: ".") { seenPoint = true; continue }
        digits.append(ch - 48)
        if !seenPoint { point += 1 }
    }
    point += exponent
    // Pad so that the point lies within the digits and 4 decimals exist.
    while point <= 0 { digits.insert(0, at: 0); point += 1 }
    while digits.count < point + 4 { digits.append(0) }
    // Round at 3 decimals, half away from zero (on the magnitude).
    var kept = Array(digits[0..<(point + 3)])
    if digits[point + 3] >= 5 {
        var i = kept.count - 1
        while i >= 0 {
            if kept[i] == 9 { kept[i] = 0; i -= 1 } else { kept[i] += 1; break }
        }
        if i < 0 { kept.insert(1, at: 0); point += 1 }
    }
    var intPart = kept[0..<point].drop { $0 == 0 }.map { Character(Unicode.Scalar($0 + 48)) }
    var frac = kept[point...].map { Character(Unicode.Scalar($0 + 48)) }
    while frac.last == "0" { frac.removeLast() }
    if intPart.isEmpty { intPart = ["0"] }
    if intPart == ["0"] && frac.isEmpty { return "0" }
    var out = negative ? "-" : ""
    out += String(intPart)
    if !frac.isEmpty { out += "." + String(frac) }
    return out
}

/// The fast path of ``formatLogNumber(_:)``: `k` when `value` is the double
/// nearest to k / 1000 and below 10¹² in magnitude. Its shortest round-trip
/// text is then exactly k / 1000 (two decimals of at most 3 places lie at
/// least 0.001 apart, more than the spacing of doubles there), so the
/// general path would print k / 1000 as well.
@inline(__always)
func logThousandths(_ value: Double) -> Int64? {
    guard abs(value) < 1e12 else { return nil }
    let k = Int64((value * 1000).rounded())
    return Double(k) / 1000 == value ? k : nil
}

/// k / 1000 in the log's form: up to 3 decimals, trailing zeros dropped
/// (`k` is not a multiple of 1000: the value is not whole).
func formatThousandths(_ k: Int64) -> String {
    var m = k.magnitude
    let frac = Int(m % 1000)
    m /= 1000
    // At most 20 bytes: a sign, 9 digits below 10¹², a point, 3 decimals.
    return String(unsafeUninitializedCapacity: 20) { buf in
        var n = 0
        if k < 0 { buf[n] = UInt8(ascii: "-"); n += 1 }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var d = 0
        withUnsafeMutableBytes(of: &digits) { t in
            repeat { t[d] = UInt8(m % 10) + 48; m /= 10; d += 1 } while m > 0
            while d > 0 { d -= 1; buf[n] = t[d]; n += 1 }
        }
        buf[n] = UInt8(ascii: "."); n += 1
        var f = frac, place = 100
        while f > 0 { buf[n] = UInt8(f / place) + 48; n += 1; f %= place; place /= 10 }
        return n
    }
}

/// Appends ``formatLogNumber(_:)`` of `value` to `out`.
@inline(__always)
func appendLogNumber(_ value: Double, to out: inout String) {
    out += formatLogNumber(value)
}

/// Whether `s` is written unchanged inside a JSON string literal.
@inline(__always)
func needsNoJSONEscape(_ s: String) -> Bool {
    for b in s.utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
    return true
}

/// Appends `s` as a JSON string literal (quotes, escapes).
@usableFromInline package func appendJSONString(_ s: String, to out: inout String) {
    if needsNoJSONEscape(s) { out += "\""; out += s; out += "\""; return }
    out += "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    out += "\""
}

/// Formats a number exactly: the shortest text that parses back to the same
/// `Double`, bit for bit (traces and scenes written by the writers, so that a
/// counterexample saved to files replays as it was found).
///
/// Whole numbers below 10¹⁵ print without a point (`3`, `-12`); everything
/// else prints as Swift's `description` (`0.1`, `1e-05`, `5e+20`, `-0.0`),
/// the shortest decimal that round-trips. Both the trace and the JSON readers
/// accept that syntax. Non-finite values print as `description` (`inf`,
/// `nan`), which neither reader accepts: scenes and traces never hold them.
@usableFromInline package func formatExactNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
        return String(Int64(value))
    }
    return value.description
}
