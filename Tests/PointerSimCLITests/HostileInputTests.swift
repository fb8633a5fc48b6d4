import Foundation
import PointerSimTestSupport
import Testing

/// Issue #8, "hostile input never crashes or hangs it": the corpus in
/// Traces/hostile (each `.case` file names a command line and its exact exit
/// status, standard output and standard error; `Tools/update-hostile.sh`
/// rewrites them), the big inputs generated here, and `--output` under
/// failures and signals. Every case ends with 0 or a clear message and 64,
/// 65 or 73, never a signal.
@Suite struct HostileInputTests {
    struct Case {
        var name: String
        var args: [String]
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `.case` files: comment lines, `args:`, `status:`, then the
    /// `stdout:` lines and the `stderr:` lines.
    static func cases(_ folder: String = "Traces/hostile") throws -> [Case] {
        let dir = CLI.root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".case") }.sorted()
        return try names.map { name in
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            var args: [String] = [], status: Int32 = -1, out: [Substring] = [], err: [Substring] = []
            var section = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                switch section {
                case 0:
                    // Split at spaces; a lone '' is an empty argument (as Tools/update-hostile.sh reads it).
                    if line.hasPrefix("args: ") {
                        args = line.dropFirst(6).split(separator: " ").map { $0 == "''" ? "" : String($0) }
                    } else if line.hasPrefix("status: ") {
                        status = Int32(line.dropFirst(8)) ?? -1
                    } else if line == "stdout:" {
                        section = 1
                    }
                case 1:
                    if line == "stderr:" { section = 2 } else { out.append(line) }
                default:
                    err.append(line)
                }
            }
            func joined(_ l: [Substring]) -> String { l.isEmpty ? "" : l.joined(separator: "\n") + "\n" }
            return Case(name: name, args: args, status: status, stdout: joined(out), stderr: joined(err))
        }
    }

    @Test func everyCaseOfTheCorpusGivesItsExactStatusAndMessages() throws {
        try HostileCorpus(
            folder: "Traces/hostile",
            atLeast: 40,
            statuses: [0, 65, 73],
            messageShape: { c, r in
                if r.status != 0 { HostileCorpus.oneLine(c, r) }
            }
        ).check()
    }

    @Test func aFourHundredThousandLineReferenceIsComparedInOnePass() throws {
        // The comparison streams the reference (it held every line's
        // dictionary before: 4,000,000 lines took over 120 s and 1.6 GB).
        let ref = try String(
            contentsOfFile: CLI.root.appendingPathComponent("Traces/libinput/touchpad-alps-dualpoint-st.tap.libinput.txt").path,
            encoding: .utf8
        )
        let events = ref.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let block = events.joined(separator: "\n") + "\n"
        let big = String(repeating: block, count: 400_000 / events.count + 1)
        #expect(big.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } >= 400_000)
        let path = try CLI.temp("big.libinput.txt", big)
        let start = Date()
        let r = try CLI.run(["decode", "Traces/libinput/touchpad-alps-dualpoint-st.tap.evemu", "--compare", path])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(Date().timeIntervalSince(start) < 30)
        // Each repetition of the reference's frames matches again.
        #expect(r.stdout.hasPrefix("motion within 1 %: "))
    }

    /// Runs the command with its standard output on /dev/full (no case file
    /// can say `> /dev/full`): every command that writes data must notice.
    static func runToDevFull(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = args
        p.currentDirectoryURL = CLI.root
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardOutput = full; p.standardError = err
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? full.close()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    @Test func standardOutputOnDevFullIsAnIOError() throws {
        // decode --compare printed its summary and exited 0 before.
        let tap = "Traces/libinput/touchpad-alps-dualpoint-st.tap"
        for args in [
            ["decode", tap + ".evemu", "--compare", tap + ".libinput.txt"],
            ["decode", tap + ".evemu"],
            ["replay", "Traces/band/cancel.trace", "--scene", "Traces/band/cancel.scene.json"],
            ["bench", "band", "--items", "100", "--stride", "1000", "--json"],
            ["bench", "regions", "--regions", "10", "--steps", "10", "--json"],
        ] {
            let r = try Self.runToDevFull(args)
            #expect(r.status == 74, "\(args)")
            #expect(r.stderr.hasSuffix("pointersim: <stdout>: write error: No space left on device\n"), "\(args): \(r.stderr)")
        }
    }

    /// The evemu description of the Samsung touchpad, with `extra` inserted
    /// before its first line starting with `before`.
    static func samsung(inserting extra: String, before: String) throws -> String {
        let text = try String(
            contentsOf: CLI.root.appendingPathComponent("Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"),
            encoding: .utf8
        )
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let i = try #require(lines.firstIndex { $0.hasPrefix(before) })
        lines.insert(extra, at: i)
        return lines.joined(separator: "\n")
    }

    @Test func thousandsOfRepeatedBitmaskLinesAreRefusedWithTheLimit() throws {
        // 1,100 `B: 01 ff…` lines overflowed a 16-bit code (a trap).
        let b = try CLI.temp(
            "b.evemu",
            Self.samsung(inserting: Array(repeating: "B: 01 ff ff ff ff ff ff ff ff", count: 1100).joined(separator: "\n"), before: "B:")
        )
        let rb = try CLI.run(["replay", b])
        #expect(rb.status == 65)
        #expect(rb.stderr == "pointersim: \(b):121: too many B: 01 lines: at most 16 for one event type (codes 0…1023)\n")
        let p = try CLI.temp(
            "p.evemu",
            Self.samsung(inserting: Array(repeating: "P: ff ff ff ff ff ff ff ff", count: 1100).joined(separator: "\n"), before: "P:")
        )
        let rp = try CLI.run(["replay", p])
        #expect(rp.status == 65)
        #expect(rp.stderr == "pointersim: \(p):120: too many P: lines: at most 16 (properties 0…1023)\n")
        // 16 lines of one type are still read (codes up to 1023).
        let ok = try CLI.temp(
            "ok.evemu",
            Self.samsung(inserting: Array(repeating: "B: 02 00 00 00 00 00 00 00 00", count: 16).joined(separator: "\n"), before: "B:")
        )
        #expect(try CLI.run(["decode", ok]).status == 0)
    }

    @Test func aTenMegabyteTokenIsQuotedByItsFirstFortyCharacters() throws {
        let token = String(repeating: "x", count: 10_000_000)
        let trace = try CLI.temp("t.trace", "pointersim-trace 1\n0 press \(token)\n")
        let r = try CLI.run(["replay", trace])
        #expect(r.status == 65)
        #expect(r.stderr == "pointersim: \(trace):2: line longer than 1024 KiB (the longest accepted; is this a text file of the right format?)\n")
        // Under the line limit, the message still quotes 40 characters.
        let short = String(repeating: "y", count: 500_000)
        let t2 = try CLI.temp("t2.trace", "pointersim-trace 1\n0 press \(short)\n")
        let r2 = try CLI.run(["replay", t2])
        #expect(r2.status == 65)
        #expect(
            r2.stderr
                == "pointersim: \(t2):2: press: unknown button \"\(String(repeating: "y", count: 40))…\" (expected primary, secondary or middle)\n"
        )
        let ev = try CLI.temp("e.evemu", "# EVEMU 1.3\nN: x\n\(short)\n")
        let r3 = try CLI.run(["replay", ev])
        #expect(r3.status == 65)
        #expect(
            r3.stderr
                == "pointersim: \(ev):3: expected an evemu line (N:, I:, P:, B:, A:, L:, S: or E:), found \"\(String(repeating: "y", count: 40))…\"\n"
        )
        let yaml = try CLI.temp(
            "l.yaml",
            "# libinput record\nversion: 1\ndevices:\n- node: /dev/input/event0\n  evdev:\n    name: \"k\"\n    codes:\n      1: [\(short)]\n"
        )
        let r4 = try CLI.run(["replay", yaml])
        #expect(r4.status == 65)
        #expect(r4.stderr == "pointersim: \(yaml):8: codes: expects integers, found \"\(String(repeating: "y", count: 40))…\"\n")
        #expect(r.stderr.utf8.count < 300 && r2.stderr.utf8.count < 300 && r3.stderr.utf8.count < 300 && r4.stderr.utf8.count < 300)
    }

    @Test func aBandHeldAtTheEdgeOfHugeContentForABillionSecondsEnds() throws {
        // 10^12 points of content at 1200 pt/s: 8.3e8 s of scrolling, 5e10
        // steps. The first 3600 after the last input are logged one by one,
        // the rest in one record, at the step that reaches the content's edge.
        let r = try CLI.run(["replay", "Traces/hostile/autoscroll-long-idle.trace", "--scene", "Traces/hostile/autoscroll-long-idle.scene.json"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3 + 3600 + 1)
        #expect(
            lines.suffix(3) == [
                #"{"t":60.04,"event":"band.selecting","rect":[100,100,200,72668],"added":[],"removed":[]}"#,
                #"{"t":833333332.74,"event":"band.selecting","rect":[100,100,200,999999999900],"added":[],"removed":[]}"#,
                #"{"t":1000000000,"event":"band.ended","rect":[100,100,200,999999999900],"selection":[],"cancelled":false}"#,
            ]
        )
    }

    // MARK: --output

    static func folder() throws -> String {
        URL(fileURLWithPath: try CLI.temp("x", "")).deletingLastPathComponent().path
    }

    static func contents(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test func outputFollowsASymlinkAndKeepsTheModeOfTheFileItReplaces() throws {
        let dir = try Self.folder()
        let target = "\(dir)/real.jsonl"
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink("real.jsonl", "\(dir)/link.jsonl") == 0)
        let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--scene", "Traces/band/cancel.scene.json", "--output", "\(dir)/link.jsonl"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let expected = try String(contentsOfFile: CLI.root.appendingPathComponent("Traces/band/cancel.expected.jsonl").path, encoding: .utf8)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
        var st = stat()
        #expect(lstat("\(dir)/link.jsonl", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)  // still a link
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o600)  // still 0600
        #expect(try Self.contents(dir) == ["link.jsonl", "real.jsonl", "x"])
        // A dangling link: the file it names is created.
        #expect(symlink("new.jsonl", "\(dir)/dangling.jsonl") == 0)
        #expect(
            try CLI.run(["replay", "Traces/band/cancel.trace", "--scene", "Traces/band/cancel.scene.json", "--output", "\(dir)/dangling.jsonl"])
                .status == 0
        )
        #expect(try String(contentsOfFile: "\(dir)/new.jsonl", encoding: .utf8) == expected)
    }

    @Test func outputToADeviceNodeWritesItAndAFolderIsRefusedBeforeReading() throws {
        let r = try CLI.run(["replay", "Traces/band/cancel.trace", "--output", "/dev/null"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
        let dir = try Self.folder()
        // The folder is refused although the input does not even exist.
        let f = try CLI.run(["replay", "/nonexistent.trace", "--output", dir])
        #expect(f.status == 73)
        #expect(f.stderr == "pointersim: \(dir): cannot create: it is a folder (give a file name)\n")
        #expect(try Self.contents(dir) == ["x"])
    }

    @Test func onEveryFailureAnExistingOutputIsUntouched() throws {
        let dir = try Self.folder()
        let out = "\(dir)/log.jsonl"
        let inputs = try Self.cases().filter { $0.status == 65 }
        #expect(inputs.count >= 20)
        for c in inputs {
            try "previous\n".write(toFile: out, atomically: false, encoding: .utf8)
            let r = try CLI.run(c.args + ["--output", out])
            #expect(r.status == 65, "\(c.name)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n", "\(c.name)")
            #expect(try Self.contents(dir) == ["log.jsonl", "x"], "\(c.name)")
        }
    }

    /// `replay FIFO --output FILE`, killed by `signal` while it waits for
    /// more input: the process ends by that signal, its temporary file is
    /// gone and FILE still holds what it held.
    func killWhileWriting(_ signal: Int32) throws {
        let dir = try Self.folder()
        let fifo = "\(dir)/in.fifo", out = "\(dir)/log.jsonl"
        #expect(mkfifo(fifo, 0o600) == 0)
        try "previous\n".write(toFile: out, atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["replay", fifo, "--output", out]
        p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
        try p.run()
        let w = try #require(FileHandle(forWritingAtPath: fifo))
        var lines = "pointersim-trace 1\n0 move 10 10\n0.1 press primary\n"
        for k in 1...2000 { lines += "\(0.1 + Double(k) * 0.01) move \(10 + k % 500) \(10 + k % 300)\n" }
        w.write(Data(lines.utf8))
        // Wait until the temporary file exists (the output is open), then kill.
        var waited = 0
        while try Self.contents(dir).filter({ $0.contains(".tmp-") }).isEmpty && waited < 1000 { usleep(10_000); waited += 1 }
        #expect(try Self.contents(dir).contains { $0.hasPrefix("log.jsonl.tmp-") })
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        try? w.close()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal)
        #expect(try Self.contents(dir) == ["in.fifo", "log.jsonl", "x"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n")
    }

    @Test func sigtermLeavesNoTemporaryFileAndTheOutputUntouched() throws { try killWhileWriting(SIGTERM) }
    @Test func sigintLeavesNoTemporaryFileAndTheOutputUntouched() throws { try killWhileWriting(SIGINT) }
}
