import Foundation
import PointerSimTestSupport
import Testing

/// Inputs that are read once (standard input, pipes, FIFOs) and the exit
/// statuses the command maps the libraries' errors to.
@Suite struct InputCLITests {
    static func file(_ rel: String) throws -> Data { try Data(contentsOf: CLI.root.appendingPathComponent(rel)) }
    static func expected(_ rel: String) throws -> String { String(decoding: try file(rel), as: UTF8.self) }

    @Test func aTraceOnStandardInput() throws {
        let r = try CLI.run(["replay", "-", "--scene", "Traces/band/cancel.scene.json"], stdin: try Self.file("Traces/band/cancel.trace"))
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == (try Self.expected("Traces/band/cancel.expected.jsonl")))
    }

    @Test func devStdinWithALibinputRecordingMergedWithAnEvemuFile() throws {
        let r = try CLI.run(
            ["replay", "Traces/input/mouse-keyboard.mouse.evemu", "/dev/stdin", "--scene", "Traces/input/mouse-keyboard.scene.json"],
            stdin: try Self.file("Traces/input/mouse-keyboard.keyboard.yaml")
        )
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == (try Self.expected("Traces/input/mouse-keyboard.expected.jsonl")))
    }

    @Test func anEvemuEventsFileFromAFIFO() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-cli-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let fifo = dir.appendingPathComponent("events").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let data = try Self.file("Traces/recordings/mouse-saitek-rat5.events")
        Thread.detachNewThread {
            let fd = open(fifo, O_WRONLY)
            _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let r = try CLI.run(["replay", "Traces/recordings/mouse-saitek-rat5.desc", fifo, "--scene", "Traces/recordings/mouse-saitek-rat5.scene.json"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == (try Self.expected("Traces/recordings/mouse-saitek-rat5.expected.jsonl")))
    }

    @Test func decodeReadsStandardInputLikeTheFile() throws {
        let rec = "Traces/input/mouse-keyboard.keyboard.yaml"
        let fromFile = try CLI.run(["decode", rec])
        let fromPipe = try CLI.run(["decode", "-"], stdin: try Self.file(rec))
        #expect(fromFile.status == 0 && fromPipe.status == 0 && fromPipe.stderr.isEmpty)
        #expect(!fromFile.stdout.isEmpty && fromPipe.stdout == fromFile.stdout)
    }

    @Test func malformedStandardInputExits65NamingIt() throws {
        let r = try CLI.run(["replay", "-"], stdin: Data("pointersim-trace 1\n0 move 1\u{0}2 3\n".utf8))
        #expect(r.status == 65)
        #expect(r.stderr == "pointersim: <stdin>:2: move: expected a number, found \"1\\02\"\n")
        let u = try CLI.run(["replay", "-"], stdin: Data("hello\n".utf8))
        #expect(u.status == 65)
        #expect(
            u.stderr
                == "pointersim: <stdin>:1: unrecognised trace format (expected \"pointersim-trace 1\", an evemu recording or a libinput recording)\n"
        )
    }

    @Test func aFolderIsNoInputAndExits66() throws {
        let r = try CLI.run(["replay", "Traces"])
        #expect(r.status == 66)
        #expect(r.stderr == "pointersim: Traces: is a directory, expected a file\n")
    }

    @Test func anOutputThatCannotBeCreatedExits73() throws {
        let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--output", "/nonexistent-pointersim/log.jsonl"])
        #expect(r.status == 73)
        #expect(r.stderr == "pointersim: /nonexistent-pointersim/log.jsonl: cannot create: No such file or directory\n")
        #expect(r.stdout.isEmpty)
    }
}
