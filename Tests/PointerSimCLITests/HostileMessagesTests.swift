import Foundation
import PointerSimTestSupport
import Testing

/// Issue #44, hostile input round five: messages that never echo hostile
/// input (help, subcommand and option messages with long words, control
/// bytes and invalid UTF-8), conform's option values, the argument cap,
/// profile objects and the newest scene keys of the wrong type, compare and
/// render with every profile. The corpus is Traces/hostile/messages-and-conform;
/// the inputs too big for it (120 kB words) and those a `.case` file cannot
/// hold (invalid UTF-8) are generated here.
@Suite struct HostileMessagesTests {
    static let folder = "Traces/hostile/messages-and-conform"

    /// No raw control character but the line feed, and no line longer than
    /// a message with its quoted tokens can be.
    static func isTame(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7f...0x9f).contains($0.value)) }
            && text.split(separator: "\n").allSatisfy { $0.count <= 2_000 }
    }

    @Test func everyCaseOfTheFifthCorpusGivesItsExactStatusAndMessages() throws {
        try HostileCorpus(
            folder: Self.folder,
            atLeast: 57,
            statuses: [0, 64, 65, 66, 73, 76],
            everyStatusOccurs: true,
            messageShape: { c, r in
                #expect(Self.isTame(r.stderr), "\(c.name): a raw control character or an echoed token in \(r.stderr.debugDescription.prefix(300))")
                switch r.status {
                case 64: #expect(r.stderr.hasPrefix("Error: "), "\(c.name): a usage error starts with Error: (docs/CommandLine.md)")
                case 65: HostileCorpus.namesFileAndLine(c, r)
                case 66, 73, 76: HostileCorpus.oneLine(c, r)
                default: break
                }
            }
        ).check()
    }

    /// `help WORD`, a bare WORD and an unknown option of 120 kB: quoted by
    /// their first 40 characters, and fast (the parser's "did you mean" for
    /// an option took 2–16 s, an edit distance to every option name).
    @Test func wordsOf120kBAreQuotedBy40CharactersAndAnsweredAtOnce() throws {
        let word = "replya" + String(repeating: "x", count: 120_000)
        let cut = "'" + String(word.prefix(40)) + "…'"
        for args in [
            ["help", word], [word], ["replay", "Traces/band/cancel.trace", "--" + word], ["replay", "Traces/band/cancel.trace", "--" + word + "=1"],
            ["conform", "--exec", "true", "--seed", word], ["compare", "Traces/band/cancel.trace", "--profiles", "uikit," + word],
        ] {
            let start = Date()
            let r = try CLI.run(args)
            #expect(Date().timeIntervalSince(start) < 5, "\(args.first!): \(Date().timeIntervalSince(start)) s")
            #expect(r.status == 64 && r.stdout.isEmpty)
            #expect(r.stderr.utf8.count < 2_000, "\(args.first!): \(r.stderr.utf8.count) bytes")
            #expect(r.stderr.hasPrefix("Error: "), "\(r.stderr.prefix(100))")
            #expect(!r.stderr.contains(String(repeating: "x", count: 41)))
            if args.count <= 2 { #expect(r.stderr.hasPrefix("Error: \(cut) is not a subcommand.\n"), "\(r.stderr.prefix(100))") }
        }
        let option = try CLI.run(["replay", "Traces/band/cancel.trace", "--" + word])
        #expect(option.stderr.hasPrefix("Error: Unknown option '--\(word.prefix(38))…'\n"), "\(option.stderr.prefix(100))")
    }

    /// Bytes that are not UTF-8 (a `.case` file cannot hold them): passed
    /// through the shell, shown as U+FFFD, and the ESC beside them escaped.
    @Test func invalidUTF8IsShownReplacedAndControlBytesEscaped() throws {
        func run(_ script: String) throws -> CLI.Result {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script, CLI.binary.path]
            p.currentDirectoryURL = CLI.root
            let out = Pipe(), err = Pipe()
            p.standardOutput = out; p.standardError = err
            try p.run()
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        }
        let word = try run(#""$0" "$(printf 're\377\033]0;x\007play')""#)
        #expect(word.status == 64)
        #expect(word.stderr.hasPrefix("Error: 're\u{FFFD}\\u{1b}]0;x\\u{7}play' is not a subcommand.\n"), "\(word.stderr.debugDescription)")
        let help = try run(#""$0" help "$(printf '\300\201replay')""#)
        #expect(
            help.status == 64 && Self.isTame(help.stderr) && help.stderr.hasPrefix("Error: '\u{FFFD}\u{FFFD}replay' is not a subcommand."),
            "\(help.stderr.debugDescription)"
        )
        let option = try run(#""$0" replay Traces/band/cancel.trace "$(printf -- '--sc\377\033[2Jene')""#)
        #expect(
            option.status == 64 && option.stderr.hasPrefix("Error: Unknown option '--sc\u{FFFD}\\u{1b}[2Jene'\n"),
            "\(option.stderr.debugDescription)"
        )
        let value = try run(#""$0" conform --exec true --kind "$(printf '\376band\033[31m')""#)
        #expect(
            value.status == 64 && value.stderr.hasPrefix("Error: --kind: unknown kind \"\u{FFFD}band\\u{1b}[31m\""),
            "\(value.stderr.debugDescription)"
        )
        let file = try run(#""$0" replay "$(printf 'a\377\033]0;x\007.trace')""#)
        #expect(
            file.status == 66 && file.stderr == "pointersim: a\u{FFFD}\\u{1b}]0;x\\u{7}.trace: cannot open: No such file or directory\n",
            "\(file.stderr.debugDescription)"
        )
    }

    /// The implementation's command is echoed in conform's messages: escaped.
    @Test func conformsMessagesEscapeTheCommand() throws {
        let r = try CLI.run(["conform", "--exec", "exit 3 # \u{1B}]0;x\u{07}", "--kind", "band"])
        #expect(r.status == 76)
        #expect(
            r.stderr == "pointersim: conform: the implementation (exit 3 # \\u{1b}]0;x\\u{7}) ended before answering every step (exit status 3)\n",
            "\(r.stderr.debugDescription)"
        )
    }

    /// A trace name longer than a path can be is quoted by its excerpt.
    @Test func aFileNameBeyondPathMaxIsCut() throws {
        let name = String(repeating: "f", count: 120_000) + ".trace"
        let r = try CLI.run(["replay", name])
        #expect(r.status == 66)
        #expect(r.stderr.hasPrefix("pointersim: \(String(repeating: "f", count: 40))…: cannot open: "), "\(r.stderr.prefix(120))")
        #expect(r.stderr.utf8.count < 200)
    }

    /// Help, completion scripts and --version are written as the parser writes them.
    @Test func helpAndCompletionsStillWork() throws {
        let help = try CLI.run(["help", "conform"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: pointersim conform") && help.stderr.isEmpty)
        let dash = try CLI.run(["replay", "--help"])
        #expect(dash.status == 0 && dash.stdout.lowercased().contains("libinput configuration"), "\(dash.stdout.prefix(400))")
        let bash = try CLI.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.stdout.contains("_pointersim()"))
        let version = try CLI.run(["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
    }
}
