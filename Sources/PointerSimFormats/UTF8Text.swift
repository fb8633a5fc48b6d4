/// The text of UTF-8 bytes, or nil if they are not valid UTF-8.
///
/// The same as `String(validating:as:)`, which needs macOS 15 / iOS 18; this
/// keeps the package's declared platforms (macOS 13, iOS 16).
func validUTF8String(_ bytes: [UInt8]) -> String? {
    isValidUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
}

/// Whether `bytes` are valid UTF-8 (no copy is made).
func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
    }
}
