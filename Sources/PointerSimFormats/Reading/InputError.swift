/// An error in an input file or device, or in an output that cannot be
/// written: what failed, where (file and line) and what was expected. The
/// libraries only say what went wrong; the command maps ``Kind`` to an exit
/// status.
public struct InputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure.
    public enum Kind: Sendable, Hashable {
        /// Malformed input: a line or value that is not what the format expects.
        case malformed
        /// A file or device that cannot be opened (missing, unreadable, a directory).
        case cannotOpen
        /// An output file that cannot be created (its folder is missing or not writable).
        case cannotCreate
        /// An I/O error while reading or writing.
        case io
    }

    /// The kind.
    public var kind: Kind
    /// The file (or device) concerned.
    public var file: String
    /// The 1-based line, where one applies.
    public var line: Int?
    /// What was wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind; self.file = file; self.line = line; self.message = message
    }

    /// A malformed-input error at a line.
    @usableFromInline package static func malformed(_ file: String, line: Int?, _ message: String) -> InputError {
        InputError(.malformed, file: file, line: line, message)
    }

    /// `file:line: message` (or `file: message`).
    public var description: String {
        if let l = line { return "\(file):\(l): \(message)" }
        return "\(file): \(message)"
    }
}

extension InputError {
    /// How many characters of an offending token a message quotes.
    @usableFromInline package static let excerptLength = 40

    /// A short excerpt of an offending token for a message: the token itself
    /// if it has at most ``excerptLength`` characters, else its first
    /// ``excerptLength`` followed by "…". A NUL byte is shown as `\0`, other
    /// control characters (C0, DEL and C1) as `\u{…}`, so the message stays one
    /// line and a terminal reading it sees no escape sequence. The one
    /// helper of every reader: a 10 MB token gives a short message.
    @usableFromInline package static func excerpt<S: StringProtocol>(_ token: S) -> String {
        var out = ""
        var n = 0
        for ch in token.unicodeScalars {
            if n == excerptLength { out += "…"; break }
            if ch.value == 0 {
                out += "\\0"
            } else if ch.value < 0x20 || (0x7f...0x9f).contains(ch.value) {
                out += "\\u{\(String(ch.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(ch)
            }
            n += 1
        }
        return out
    }

    /// ``excerpt(_:)`` of bytes (decoded as UTF-8; only the first few
    /// hundred are looked at).
    @usableFromInline package static func excerpt<C: Collection<UInt8>>(bytes: C) -> String {
        excerpt(String(decoding: bytes.prefix(excerptLength * 4 + 4), as: UTF8.self))
    }
}

/// ``InputError/excerpt(_:)``.
@inline(__always) func excerpt<S: StringProtocol>(_ token: S) -> String { InputError.excerpt(token) }
