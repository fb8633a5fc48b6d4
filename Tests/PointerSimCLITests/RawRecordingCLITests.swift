import Foundation
import PointerSimTestSupport
import Testing

/// The real binary on raw recordings: merging, and exit 65 with file:line.
@Suite struct RawRecordingCLITests {
    @Test func mouseAndKeyboardFilesMergeIntoAddAndToggleBands() throws {
        let r = try CLI.run([
            "replay", "Traces/input/mouse-keyboard.mouse.evemu", "Traces/input/mouse-keyboard.keyboard.yaml",
            "--scene", "Traces/input/mouse-keyboard.scene.json",
        ])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"modifiers\":[\"shift\"],\"mode\":\"add\""))
        #expect(r.stdout.contains("\"modifiers\":[\"command\"],\"mode\":\"toggle\""))
    }

    static let bad: [(String, Int, String)] = [
        ("E: 0.000001 0002 0000", 6, "truncated"),
        ("B: 01 00 00", 6, "8 hexadecimal bytes"),
        ("E: 0.000001 0002 0000 99999999999", 6, "32 bits"),
        ("E: 2.000000 0000 0000 0000\nE: 1.000000 0000 0000 0000", 7, "backwards"),
    ]

    @Test(arguments: bad) func malformedEvemuExits65WithFileAndLine(_ c: (String, Int, String)) throws {
        let path = try CLI.temp(
            "bad.evemu",
            "# EVEMU 1.3\nN: M\nI: 0003 0001 0002 0003\nP: 00 00 00 00 00 00 00 00\nB: 02 03 00 00 00 00 00 00 00\n" + c.0 + "\n"
        )
        let r = try CLI.run(["replay", path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(path):\(c.1):") && r.stderr.contains(c.2), "\(r.stderr)")
    }
}
