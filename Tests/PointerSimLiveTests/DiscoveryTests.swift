#if os(Linux)
import Foundation
import PointerSimInput
@testable import PointerSimLive
import Testing

/// What can be checked without a kernel input device: node discovery, the
/// messages for nodes that cannot be opened, libevdev refusing non-evdev files.
@Suite struct DiscoveryTests {
    static func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func eventNodesAreListedInNumericOrderAndOthersIgnored() throws {
        let dir = try Self.tempDir()
        for n in ["event10", "event2", "mouse0", "event", "eventx", "by-id", "event0"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + n, contents: nil)
        }
        #expect(Discovery.eventNodes(in: dir) == [dir + "/event0", dir + "/event2", dir + "/event10"])
    }

    @Test func aMissingFolderIsNil() {
        #expect(Discovery.eventNodes(in: "/nonexistent-pointersim") == nil)
        #expect(Discovery.scan(directory: "/nonexistent-pointersim") == nil)
    }

    @Test func aRegularFileIsNotAnEvdevDevice() throws {
        let dir = try Self.tempDir()
        _ = FileManager.default.createFile(atPath: dir + "/event3", contents: Data("x".utf8))
        let entries = try #require(Discovery.scan(directory: dir))
        #expect(entries.count == 1)
        #expect(entries[0].description == nil)
        #expect(entries[0].error?.reason == "not an evdev device")  // libevdev: -ENOTTY
    }

    @Test func openingReportsWhyAndWhatToDo() {
        #expect(throws: DeviceOpenError.self) { try EvdevDevice(path: "/nonexistent-pointersim/event0") }
        do {
            _ = try EvdevDevice(path: "/dev/null")
            Issue.record("/dev/null opened as an evdev device")
        } catch {
            #expect(error.code == ENOTTY)
        }
        let denied = DeviceOpenError(path: "/dev/input/event4", code: EACCES)
        #expect(denied.reason == "permission denied")
        #expect(denied.advice.contains("'input' group") && denied.advice.contains("root"))
        let busy = DeviceOpenError(path: "/dev/input/event4", code: EBUSY)
        #expect(busy.reason == "busy")
        #expect(busy.advice.contains("grabbed"))
        #expect(busy.description.hasPrefix("/dev/input/event4: busy: "))
    }

    @Test func nodeNames() {
        #expect(Discovery.isEventNodeName("event0"))
        #expect(Discovery.isEventNodeName("event123"))
        #expect(!Discovery.isEventNodeName("event"))
        #expect(!Discovery.isEventNodeName("mouse1"))
        #expect(!Discovery.isEventNodeName("event1a"))
    }
}
#endif
