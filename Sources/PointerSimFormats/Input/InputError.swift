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
    public static func malformed(_ file: String, line: Int?, _ message: String) -> InputError {
        InputError(.malformed, file: file, line: line, message)
    }

    /// `file:line: message` (or `file: message`).
    public var description: String {
        if let l = line { return "\(file):\(l): \(message)" }
        return "\(file): \(message)"
    }
}
