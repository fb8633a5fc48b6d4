import PointerSimFormats

/// A growing byte buffer of LEB128 varints (zigzag for signed values): the
/// columns of a rendered replay. Numbers of the log are carried as integer
/// thousandths (``milli(_:)``), so the page reprints them exactly as the log does.
struct ByteStream {
    private(set) var bytes: [UInt8] = []

    /// An unsigned varint.
    mutating func u(_ v: Int) {
        var x = UInt64(truncatingIfNeeded: max(0, v))
        while x >= 0x80 { bytes.append(UInt8(x & 0x7f) | 0x80); x >>= 7 }
        bytes.append(UInt8(x))
    }

    /// A signed varint (zigzag).
    mutating func s(_ v: Int) {
        let x = Int64(v)
        var z = UInt64(bitPattern: (x << 1) ^ (x >> 63))
        while z >= 0x80 { bytes.append(UInt8(z & 0x7f) | 0x80); z >>= 7 }
        bytes.append(UInt8(z))
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Standard base64 (RFC 4648), for embedding in the page.
    func base64() -> String { Base64.encode(bytes) }
}

enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ b: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((b.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < b.count {
            let n = Int(b[i]) << 16 | Int(b[i + 1]) << 8 | Int(b[i + 2])
            out.append(alphabet[n >> 18]); out.append(alphabet[n >> 12 & 63])
            out.append(alphabet[n >> 6 & 63]); out.append(alphabet[n & 63])
            i += 3
        }
        let rest = b.count - i
        if rest == 1 {
            let n = Int(b[i]) << 16
            out.append(alphabet[n >> 18]); out.append(alphabet[n >> 12 & 63]); out.append(61); out.append(61)
        } else if rest == 2 {
            let n = Int(b[i]) << 16 | Int(b[i + 1]) << 8
            out.append(alphabet[n >> 18]); out.append(alphabet[n >> 12 & 63]); out.append(alphabet[n >> 6 & 63]); out.append(61)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A log number as integer thousandths, rounded exactly as the log prints it
/// (``formatLogNumber(_:)``: decimal rounding, half away from zero). The fast
/// path is exact except near a half, where the printed form decides.
///
/// Saturates at ±2⁵³ thousandths (the page's numbers are JavaScript doubles,
/// exact up to there), so differences of two of them never overflow.
func milli(_ v: Double) -> Int {
    guard v.isFinite else { return 0 }
    let x = v * 1000
    if abs(x) >= 9_007_199_254_740_992 { return x < 0 ? -9_007_199_254_740_992 : 9_007_199_254_740_992 }
    let f = x - x.rounded(.down)
    if abs(f - 0.5) > 1e-6, abs(x) < 1e15 { return Int(x.rounded(.toNearestOrAwayFromZero)) }
    let text = formatLogNumber(v)
    // "-12.345" → -12345
    var negative = false, whole = 0, frac = 0, fracDigits = 0, seenPoint = false
    for c in text.utf8 {
        switch c {
        case UInt8(ascii: "-"): negative = true
        case UInt8(ascii: "."): seenPoint = true
        default:
            let d = Int(c) - 48
            if seenPoint { frac = frac * 10 + d; fracDigits += 1 } else { whole = whole &* 10 &+ d }
        }
    }
    while fracDigits < 3 { frac *= 10; fracDigits += 1 }
    let m = whole &* 1000 &+ frac
    return negative ? -m : m
}
