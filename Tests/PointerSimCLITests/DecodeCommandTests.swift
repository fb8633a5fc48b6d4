import Foundation
import PointerSimTestSupport
import Testing

/// `pointersim decode`: output shape, exit codes, and messages.
@Suite struct DecodeCommandTests {
    @Test func aKeyboardRecordingGivesAddedKeysAndTheRemovalReleases() throws {
        let r = try CLI.run(["decode", "Traces/recordings/keyboard-logitech-k400plus.evemu"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first == #"{"t":0.000001,"device":"Logitech K400 Plus","origin":"added","event":"device.added"}"#)
        #expect(lines.last?.hasSuffix(#""origin":"removal","event":"device.removed"}"#) == true)
        // Left Ctrl and C as real libinput reports them (Traces/libinput): the
        // orphan release, autorepeat and the repeated press filtered; what is
        // still held is released when the device goes away.
        let keys = lines.filter { $0.contains(#""event":"key""#) }.map { String($0.drop { $0 != "," }.dropFirst()) }
        #expect(
            keys == [
                #""device":"Logitech K400 Plus","frame":1,"event":"key","key":29,"state":"pressed"}"#,
                #""device":"Logitech K400 Plus","frame":5,"event":"key","key":46,"state":"pressed"}"#,
                #""device":"Logitech K400 Plus","origin":"removal","event":"key","key":29,"state":"released"}"#,
                #""device":"Logitech K400 Plus","origin":"removal","event":"key","key":46,"state":"released"}"#,
            ]
        )
        // Every line is a JSON object with t, device and either frame or origin, in that order.
        for l in lines {
            #expect(l.hasPrefix("{\"t\":") && l.contains(",\"device\":\"Logitech K400 Plus\","))
            #expect(l.contains(",\"frame\":") || l.contains(",\"origin\":"))
        }
        // Byte-reproducible.
        #expect(try CLI.run(["decode", "Traces/recordings/keyboard-logitech-k400plus.evemu"]).stdout == r.stdout)
    }

    @Test func aPointerSimTraceIsNotARecording() throws {
        let r = try CLI.run(["decode", "Traces/band/uikit-add-shift.trace"])
        #expect(r.status == 65)
        #expect(
            r.stderr
                == "pointersim: Traces/band/uikit-add-shift.trace:1: a pointersim-trace holds pointer events, not raw device events: decode reads evemu and libinput recordings\n"
        )
    }

    @Test func aMissingFileExits66AndAMalformedOne65WithItsLine() throws {
        let missing = try CLI.run(["decode", "/nonexistent/x.evemu"])
        #expect(missing.status == 66)
        let path = try CLI.temp(
            "bad.evemu",
            "# EVEMU 1.3\nN: M\nI: 0003 0001 0002 0003\nP: 00 00 00 00 00 00 00 00\nB: 02 03 00 00 00 00 00 00 00\nE: 0.000001 0002 0000\n"
        )
        let bad = try CLI.run(["decode", path])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("\(path):6:") && bad.stderr.contains("truncated"), "\(bad.stderr)")
    }

    @Test func outputAppearsOnlyWhenComplete() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent("k.jsonl").path
        let ok = try CLI.run(["decode", "Traces/recordings/keyboard-logitech-k400plus.evemu", "--output", out])
        #expect(ok.status == 0 && ok.stdout.isEmpty)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == (try CLI.run(["decode", "Traces/recordings/keyboard-logitech-k400plus.evemu"])).stdout)
        // A failing run leaves the old file untouched.
        let failing = try CLI.run(["decode", "/nonexistent/x.evemu", "--output", out])
        #expect(failing.status == 66)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == written)
    }

    @Test func badOptionsExit64() throws {
        #expect(try CLI.run(["decode"]).status == 64)
        #expect(try CLI.run(["decode", "--tail", "-1", "Traces/recordings/keyboard-logitech-k400plus.evemu"]).status == 64)
    }
}
