/// Byte-level number parsing for the line formats.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    init(_ b: UnsafeBufferPointer<UInt8>, at i: Int = 0) { bytes = b; self.i = i }
    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }
    mutating func skipSpaces() {
        guard let base = bytes.baseAddress else { return }
        var j = i
        let n = bytes.count
        while j < n, base[j] == 32 || base[j] == 9 { j &+= 1 }
        i = j
    }
    /// Whether only spaces (or a `#` comment) remain.
    mutating func atLineEnd() -> Bool {
        skipSpaces()
        return i >= bytes.count || bytes[i] == UInt8(ascii: "#")
    }
    /// An unsigned decimal number (at most 18 digits, at most `maxValue`) and its digit count.
    mutating func decimal(maxValue: UInt64 = UInt64(Int64.max)) -> (value: UInt64, digits: Int)? {
        // The position in a local and the bytes through their base address:
        // the loop keeps both in registers (replay parses three numbers a line).
        guard let base = bytes.baseAddress else { return nil }
        var v: UInt64 = 0
        let s = i, n = bytes.count
        var j = s
        while j < n {
            let d = base[j] &- 48
            if d > 9 { break }
            v = v &* 10 &+ UInt64(d)
            j &+= 1
            if j &- s > 18 { i = j; return nil }
        }
        i = j
        return j == s || v > maxValue ? nil : (v, j &- s)
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
        guard let base = bytes.baseAddress else { return nil }
        var v: UInt64 = 0, k = 0
        var j = i
        let n = bytes.count
        defer { i = j }
        while j < n {
            let c = base[j]
            var d = UInt64(c &- 48)  // '0'…'9' → 0…9; anything below '0' wraps past 9
            if d > 9 {
                let l = (c | 0x20) &- 97  // 'a'…'f' and 'A'…'F' → 0…5
                if l > 5 { return k == 0 || v > maxValue ? nil : v }
                d = UInt64(l) &+ 10
            }
            v = v &* 16 &+ d; k &+= 1; j &+= 1
            if k > 16 { return nil }
        }
        return k == 0 || v > maxValue ? nil : v
    }
    mutating func expect(_ c: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1; return true
    }
}
