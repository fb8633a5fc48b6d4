/// An error in an input file or device, with the exit status FORMATS.md §1
/// assigns to it.
public struct InputError: Error, CustomStringConvertible, Equatable {
    /// What kind of failure, and its exit status.
    public enum Kind: Int32, Sendable {
        /// Malformed input: exit 65 (`EX_DATAERR`).
        case malformed = 65
        /// A file or device that cannot be opened: exit 66 (`EX_NOINPUT`).
        case cannotOpen = 66
        /// An I/O error while running: exit 74 (`EX_IOERR`).
        case io = 74
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

    /// The process exit status for this error.
    public var exitStatus: Int32 { kind.rawValue }
}
