import Foundation
import PointerSimCore
import PointerSimInput
import PointerSimLive
import Testing

/// A client creates a `LiveSession` with the public initializer (no
/// `@testable`): the log lines come to its closure. Real devices are read in
/// the VM test (Tools/vm-test); here, what a client sees without them.
@Suite struct LiveSessionTests {
    @Test func aNamedFileThatIsNoDeviceIsRefusedWithItsReason() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-device-\(UUID().uuidString)").path
        try "x".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = LiveOptions()
        options.devicePaths = [path]
        var lines: [String] = []
        #expect {
            _ = try LiveSession(scene: .default, options: options) { lines.append($0) }
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("cannot open the device")
        }
        #expect(lines.isEmpty)
    }

    @Test func anEmptyInputFolderWaitsForADeviceAndSaysSo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = LiveOptions()
        options.inputDirectory = dir
        var notes: [String] = []
        _ = try LiveSession(scene: .default, options: options, note: { notes.append($0) }) { _ in }
        #expect(notes == ["no pointer device or keyboard yet: waiting for one to be plugged in"])
        options.inputDirectory = dir + "/missing"
        #expect {
            _ = try LiveSession(scene: .default, options: options) { _ in }
        } throws: { error in
            "\(error)".contains("this machine has no input devices")
        }
    }
}
