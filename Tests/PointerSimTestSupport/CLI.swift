import Foundation

/// Runs the real `pointersim` binary (built beside the test bundle, so a test
/// target that uses this must depend on the `pointersim` target) in the
/// repository's root, with arguments and standard input, and returns its
/// exit status, standard output and standard error, for tests of exact output
/// and exit codes as swift-argument-parser's example tests do.
public enum CLI {
    /// The binary: `pointersim` in the folder of the running test bundle.
    public static var binary: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("pointersim")
    }

    /// The repository's root, where the binary runs.
    public static var root: URL { Repository.root }

    /// What one run gave.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status; self.stdout = stdout; self.stderr = stderr
        }
    }

    /// Runs `pointersim ARGS` (with `stdin` on its standard input, if given;
    /// in `directory`, the repository's root unless given) and waits for it
    /// to end.
    public static func run(_ args: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = directory ?? root
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        let input = Pipe()
        if stdin != nil { p.standardInput = input }
        try p.run()
        if let data = stdin {
            // Written from another thread: the child may fill stdout meanwhile.
            let h = input.fileHandleForWriting
            Thread.detachNewThread {
                h.write(data); try? h.close()
            }
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// A new file `name` holding `content` (``Repository/temporaryFile(_:_:)``).
    public static func temp(_ name: String, _ content: String) throws -> String {
        try Repository.temporaryFile(name, content)
    }
}
