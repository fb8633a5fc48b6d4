import Foundation
import PointerSimTestSupport
import Testing

/// The live commands where no input device is needed: the messages and exit
/// statuses for missing devices and folders (docs/CommandLine.md).
@Suite struct LiveCommandTests {
    @Test func liveWithAMissingDeviceExits66AndSaysWhy() throws {
        let r = try CLI.run(["live", "--device", "/nonexistent"])
        #expect(r.status == 66)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "pointersim: /nonexistent: cannot open the device: no such device: check the path with 'pointersim devices'\n")
    }

    @Test func aFileThatIsNoDeviceIsRefused() throws {
        let r = try CLI.run(["live", "--device", "/dev/null"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("/dev/null: cannot open the device: not an evdev device"))
    }

    @Test func recordWithAMissingDeviceWritesNothing() throws {
        let out = try CLI.temp("placeholder", "") + ".yaml"
        let r = try CLI.run(["record", "--output", out, "--device", "/nonexistent"])
        #expect(r.status == 66)
        let dir = (out as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["placeholder"])
    }

    @Test func recordToAMissingFolderExits73() throws {
        let r = try CLI.run(["record", "--output", "/nonexistent-folder/rec.yaml", "--device", "/nonexistent"])
        #expect(r.status == 73)
        #expect(r.stderr == "pointersim: /nonexistent-folder/rec.yaml: cannot create: No such file or directory\n")
    }

    @Test func devicesWithoutTheFolderSaysSoAndSucceeds() throws {
        let r = try CLI.run(["devices", "--directory", "/nonexistent-input"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("no /nonexistent-input on this machine"))
    }

    @Test func devicesListsUnreadableNodesWithTheReason() throws {
        let file = try CLI.temp("event4", "not a device")
        let dir = (file as NSString).deletingLastPathComponent
        let r = try CLI.run(["devices", "--directory", dir])
        #expect(r.status == 0)
        #expect(r.stdout == "\(dir)/event4\tunreadable\tnot an evdev device: give a /dev/input/event* node\n")
    }

    @Test func aBadFormatIsACommandLineError() throws {
        let r = try CLI.run(["record", "--output", "/tmp/x.yaml", "--format", "hid"])
        #expect(r.status == 64)
    }
}
