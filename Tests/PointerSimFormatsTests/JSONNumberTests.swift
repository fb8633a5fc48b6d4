import Foundation
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import Testing

/// The JSON reader turns most numbers into `Double`s itself (a mantissa of
/// at most 15 digits times an exact power of ten up to 10²²), the rest through
/// the C library: either way the value must be, bit for bit, what
/// `Double(String)` gives.
@Suite struct JSONNumberTests {
    static func parsed(_ text: String) throws -> Double {
        let node = try JSONParser.parse("[\(text)]", file: "n.json")
        guard case .array(let a) = node.value, a.count == 1, case .number(let v) = a[0].value else {
            Issue.record("not one number: \(text)"); return .nan
        }
        return v
    }

    @Test func edgeCasesMatchTheCLibrary() throws {
        let cases = [
            "0", "-0", "0.0", "-0.0e5", "1", "-1", "0.1", "0.5", "4.35", "1e22", "1e23", "1e-22", "1e-23",
            "123456789012345", "1234567890123456", "9007199254740993", "999999999999999.9",
            "123456789012345e7", "123456789012345e8", "1.5E+2", "2.5e-3", "1.7976931348623157e308",
            "1e309", "-1e309", "5e-324", "2e-324", "0.000000000000000000000001", "3.0e00000000000000000001",
            "12345.678e-30", "7e99999", "7e-99999",
        ]
        for text in cases {
            let v = try Self.parsed(text)
            #expect(v.bitPattern == Double(text)!.bitPattern, "\(text): \(v) against \(Double(text)!)")
        }
    }

    @Test func generatedNumbersMatchTheCLibrary() throws {
        // A fixed pseudo-random walk over the shapes JSON allows: sign, 1–18
        // integer digits, an optional fraction of 1–18 digits, an optional
        // exponent of 1–3 digits with or without a sign.
        var z: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            z &+= 0x9E37_79B9_7F4A_7C15
            var x = z
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((x ^ (x >> 31)) % UInt64(n))
        }
        func digits(_ n: Int, leading: Bool) -> String {
            String((0..<n).map { k in Character(String(k == 0 && leading && n > 1 ? 1 + next(9) : next(10))) })
        }
        var fast = 0
        for _ in 0..<20_000 {
            var t = next(3) == 0 ? "-" : ""
            let whole = 1 + next(next(2) == 0 ? 4 : 18)
            t += digits(whole, leading: true)
            let fraction = next(2) == 0 ? 1 + next(next(2) == 0 ? 4 : 18) : 0
            if fraction > 0 { t += "." + digits(fraction, leading: false) }
            if next(2) == 0 {
                t += ["e", "E"][next(2)] + ["", "+", "-"][next(3)] + digits(1 + next(next(2) == 0 ? 1 : 3), leading: false)
            }
            let v = try Self.parsed(t)
            #expect(v.bitPattern == Double(t)!.bitPattern, "\(t): \(v) against \(Double(t)!)")
            if whole + fraction <= 15 { fast += 1 }
        }
        // Both paths were taken many times.
        #expect(fast > 5_000 && fast < 19_000)
    }

    @Test func aListWithEscapedKeysReadsLikeAPlainOne() throws {
        // The column reader matches the keys' bytes; an escaped key takes
        // the ordinary parser, with the same result.
        let plain = try SceneFile.parse(#"{"format": "pointersim-scene/1", "items": [{"id": "a", "rect": [0.5, 1e2, 3, 4]}]}"#, file: "k.json")
        let escaped = try SceneFile.parse(
            #"{"format": "pointersim-scene/1", "items": [{"i\u0064": "a", "r\u0065ct": [0.5, 1e2, 3, 4]}]}"#,
            file: "k.json"
        )
        #expect(plain.items == escaped.items)
        #expect(plain.items == [SceneItem(id: "a", rect: Rect(x: 0.5, y: 100, width: 3, height: 4))])
    }
}
