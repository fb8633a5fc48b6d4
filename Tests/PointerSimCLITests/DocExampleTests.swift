import Foundation
import PointerSimTestSupport
import Testing

/// The documentation's code blocks (Tools/doc-examples.py): every swift and
/// sh block of README.md, docs/ and the DocC catalogs is listed in
/// Tools/doc-examples.txt with how it is checked or why it is not; the sh
/// blocks' `pointersim` invocations name real subcommands, options and
/// profiles; the `$` transcripts print what the pages show; every
/// comma-separated profile list in a code span is one `compare --profiles`
/// takes. (The Swift examples are built and run in a client package by
/// Tools/check-doc-examples.sh, in the full tier.)
@Suite struct DocExampleTests {
    static func tool(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "Tools/doc-examples.py"] + args
        p.currentDirectoryURL = CLI.root
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func everyBlockIsCoveredOrSkippedWithAReason() throws {
        let r = try Self.tool(["--coverage"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func theCommandBlocksAndTranscriptsHoldAgainstTheCommand() throws {
        let r = try Self.tool(["--commands", CLI.binary.path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The checks can fail: a wrong option, a refused profile list, a
    /// transcript with another output and a block not listed are each found.
    @Test func theChecksFindWhatIsWrong() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-docex-\(getpid())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Tools"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent("Tools/doc-examples.py"),
            to: dir.appendingPathComponent("Tools/doc-examples.py")
        )
        for name in ["Traces", "Examples"] {
            try FileManager.default.createSymbolicLink(
                at: dir.appendingPathComponent(name),
                withDestinationURL: CLI.root.appendingPathComponent(name)
            )
        }
        try "".write(to: dir.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try """
        ```sh
        pointersim replay T --frobnicate
        pointersim compare T --profiles uikit,qt,qt-itemview
        ```

        ```swift
        print(1)
        ```

        ```text
        $ pointersim replay Traces/band/cancel.trace --profile motif
        Error: something else
        ```

        Compare `uikit,qt,qt-itemview`.
        """.write(to: dir.appendingPathComponent("docs/Bad.md"), atomically: true, encoding: .utf8)
        try "docs/Bad.md#sh1 check\n".write(to: dir.appendingPathComponent("Tools/doc-examples.txt"), atomically: true, encoding: .utf8)
        func run(_ args: [String]) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", dir.appendingPathComponent("Tools/doc-examples.py").path] + args
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let data = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            #expect(p.terminationStatus == 1)
            return String(decoding: data, as: UTF8.self)
        }
        let coverage = try run(["--coverage"])
        #expect(coverage.contains("docs/Bad.md:6: the swift block docs/Bad.md#swift1 is not in"), "\(coverage)")
        let commands = try run(["--commands", CLI.binary.path])
        #expect(commands.contains("pointersim replay has no option --frobnicate"), "\(commands)")
        #expect(commands.contains("--profiles uikit,qt,qt-itemview: the command refuses it"), "\(commands)")
        #expect(commands.contains("printed something else than the page shows") && commands.contains("unknown profile \"motif\""), "\(commands)")
        #expect(commands.contains("docs/Bad.md:15: the profile list uikit,qt,qt-itemview is refused"), "\(commands)")
    }

    /// Compare.md's default list is the command's default (`compare --help`).
    @Test func compareDocsListTheDefaultProfiles() throws {
        let help = try CLI.run(["compare", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ")
        let def = try #require(help.range(of: "(default: ")).upperBound
        let list = String(help[def...].prefix { $0 != ")" })
        let doc = try String(contentsOf: CLI.root.appendingPathComponent("docs/Formats/Compare.md"), encoding: .utf8)
        #expect(doc.contains("(default: every registered profile, `\(list)`"), "the command's default is \(list)")
    }
}
