/// Byte-level number parsing for the line formats.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    init(_ b: UnsafeBufferPointer<UInt8>, at i: Int = 0) { bytes = b; self.i = i }
    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }
    mutating func skipSpaces() { while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 } }
    /// Whether only spaces (or a `#` comment) remain.
    mutating func atLineEnd() -> Bool {
        skipSpaces()
        return i >= bytes.count || bytes[i] == UInt8(ascii: "#")
    }
    /// An unsigned decimal number (at most 18 digits, at most `maxValue`) and its digit count.
    mutating func decimal(maxValue: UInt64 = UInt64(Int64.max)) -> (value: UInt64, digits: Int)? {
        var v: UInt64 = 0
        let s = i, n = bytes.count
        while i < n {
            let d = bytes[i] &- 48
            if d > 9 { break }
            v = v &* 10 &+ UInt64(d)
            i += 1
            if i - s > 18 { return nil }
        }
        return i == s || v > maxValue ? nil : (v, i - s)
    }
    /// A signed decimal fitting 32 bits, or `nil`; `overflow` tells a number that was too large.
    mutating func int32(overflow: inout Bool) -> Int32? {
        var neg = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { neg = true; i += 1 } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") { i += 1 }
        let start = i
        guard let d = decimal(maxValue: 1 << 40) else {
            if i > start || (i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57) { overflow = true }
            return nil
        }
        let v = neg ? -Int64(d.value) : Int64(d.value)
        guard v >= Int64(Int32.min), v <= Int64(Int32.max) else { overflow = true; return nil }
        return Int32(v)
    }
    /// A hexadecimal number (no `0x`) up to `maxValue`.
    mutating func hex(maxValue: UInt64) -> UInt64? {
        var v: UInt64 = 0, n = 0
        while i < bytes.count {
            let c = bytes[i]
            let d: UInt64
            switch c {
            case 48...57: d = UInt64(c - 48)
            case 97...102: d = UInt64(c - 87)
            case 65...70: d = UInt64(c - 55)
            default: return n == 0 || v > maxValue ? nil : v
            }
            v = v &* 16 &+ d; n += 1; i += 1
            if n > 16 { return nil }
        }
        return n == 0 || v > maxValue ? nil : v
    }
    mutating func expect(_ c: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1; return true
    }
}
