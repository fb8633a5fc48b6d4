import Foundation
import Testing

/// Each libinput function is ported once: `Tools/check-ported.sh` lists the
/// `/// libinput: <c_name>` markers of Sources/PointerSimInput and fails on a
/// duplicate (issue #18).
@Suite struct PortedFunctionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func runCheck() throws -> (status: Int32, listing: [String], messages: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", Self.root.appendingPathComponent("Tools/check-ported.sh").path, "--list"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let listing = String(decoding: o, as: UTF8.self).split(separator: "\n").map(String.init)
        return (p.terminationStatus, listing, String(decoding: e, as: UTF8.self))
    }

    @Test func noLibinputFunctionIsPortedTwice() throws {
        let r = try Self.runCheck()
        #expect(r.status == 0, "\(r.messages)")
        let names = r.listing.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(names).count == names.count)
        // The shared ports the two dispatches use, each in one place.
        for (name, file) in [
            ("evdev_post_scroll", "Evdev/EvdevScroll.swift"), ("evdev_stop_scroll", "Evdev/EvdevScroll.swift"),
            ("evdev_middlebutton_filter_button", "Evdev/MiddleButtonEmulation.swift"),
            ("evdev_middlebutton_handle_event", "Evdev/MiddleButtonEmulation.swift"),
            ("evdev_pointer_notify_physical_button", "Evdev/MiddleButtonEmulation.swift"),
            ("evdev_pointer_post_button", "Evdev/KeyDownCounts.swift"),
            ("evdev_update_key_down_count", "Evdev/KeyDownCounts.swift"),
        ] {
            let rows = r.listing.filter { $0.hasPrefix(name + " ") }
            #expect(rows.count == 1 && rows[0].contains(file), "\(name): \(rows)")
        }
        #expect(names.count > 100)  // every port carries its marker
    }
}
