import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import Testing

@Suite struct LibinputRecordTests {
    @Test func parsesTheSyntheticKeyboard() throws {
        let r = try LibinputRecordReader(path: RecordingFiles.path("input/mouse-keyboard.keyboard.yaml"))
        #expect(r.devices.count == 1)
        let d = r.devices[0]
        #expect(d.name == "PointerSim Test Keyboard" && d.node == "/dev/input/event3" && d.vendor == 4660 && d.product == 22137)
        #expect(d.codes[1]?.contains(125) == true && d.codes[0x11] == [0, 1, 2])
        #expect(DeviceKind.classify(d) == .keyboard)
        let events = try RecordingFiles.readAll(r)
        #expect(events.count == 14)
        #expect(events[1] == EvdevEvent(sec: 0, usec: 500_000, type: 1, code: 42, value: 1))
    }

    @Test func writeParseRoundTripWithSeveralDevices() throws {
        let pad = try EvemuReader(path: RecordingFiles.path("recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"))
        let kbd = try EvemuReader(path: RecordingFiles.path("recordings/keyboard-logitech-k400plus.evemu"))
        var pd = pad.devices[0]; pd.node = "/dev/input/event7"
        var kd = kbd.devices[0]; kd.node = "/dev/input/event3"
        let docs = [(pd, try RecordingFiles.readAll(pad)), (kd, try RecordingFiles.readAll(kbd))]
        let text = LibinputRecordFormat.render(docs.map { (description: $0.0, events: $0.1) })
        #expect(text.hasPrefix("# libinput record\nversion: 1\nndevices: 2\n"))
        let parsed = try LibinputRecordFormat.parse(text)
        #expect(parsed.count == 2)
        // evemu's A: lines carry no LED/switch state in YAML; compare what YAML carries.
        kd.leds = [:]; pd.leds = [:]
        #expect(parsed[0].description == pd && parsed[0].events == docs[0].1)
        #expect(parsed[1].description == kd && parsed[1].events == docs[1].1)
        // The streaming reader merges the two devices by time.
        let path = try RecordingFiles.temp(text, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try LibinputRecordReader(path: path)
        var count = 0, last = Int64.min, perDevice = [0, 0]
        for item in try RecordingFiles.items(r) {
            #expect(item.microseconds >= last); last = item.microseconds
            if case .event(let dev, _) = item { perDevice[dev] += 1 }
            count += 1
        }
        #expect(perDevice == [docs[0].1.count, docs[1].1.count])
    }

    /// `libinput replay` fetches `udev: properties` of every device and
    /// rejects a file without it: the writer gives each device an empty list
    /// (before `events:`), and the reader skips it.
    @Test func everyDeviceHasTheUdevSectionLibinputReplayNeeds() throws {
        var m = DeviceDescription(name: "USB Mouse"); m.node = "/dev/input/event9"
        m.codes = [0: [0], 1: [272], 2: [0, 1]]
        let text = LibinputRecordFormat.render([(description: m, events: [EvdevEvent(sec: 0, usec: 0, type: 2, code: 0, value: 5), EvdevEvent(sec: 0, usec: 0, type: 0, code: 0, value: 0)])])
        #expect(text.contains("    properties: []\n  udev:\n    properties: []\n  events:\n"))
        let parsed = try LibinputRecordFormat.parse(text)
        #expect(parsed.count == 1 && parsed[0].description.codes == m.codes && parsed[0].events.count == 2)
    }

    @Test func removalMarkerEndsTheDrag() throws {
        var m = DeviceDescription(name: "USB Mouse"); m.node = "/dev/input/event9"
        m.codes = [0: [0], 1: [272], 2: [0, 1]]
        var text = LibinputRecordFormat.renderHeader(devices: [m]) + LibinputRecordFormat.renderDevice(m)
        text += LibinputRecordFormat.renderFrame([EvdevEvent(sec: 0, usec: 0, type: 1, code: 272, value: 1), EvdevEvent(sec: 0, usec: 0, type: 0, code: 0, value: 0)])
        text += LibinputRecordFormat.renderFrame([EvdevEvent(sec: 0, usec: 8000, type: 2, code: 0, value: 5), EvdevEvent(sec: 0, usec: 8000, type: 0, code: 0, value: 0)])
        text += "  " + EvemuFormat.renderRemoval(sec: 0, usec: 20000) + "\n"
        let path = try RecordingFiles.temp(text, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var c = DecoderConfiguration(); c.acceleration = .none
        let kinds = try RecordingFiles.events(try TraceInputs.open(paths: [path], configuration: c)).map(\.kind)
        #expect(kinds == [.press(.primary), .delta(Vector(dx: 5, dy: 0)), .cancel, .release(.primary), .deviceRemoved("/dev/input/event9")])
    }

    @Test func malformedRows() throws {
        let base = LibinputRecordFormat.renderHeader(devices: [DeviceDescription(name: "m")]) + LibinputRecordFormat.renderDevice(DeviceDescription(name: "m"))
        for (row, what) in [("    - [0, 10, 2, 0, 4294967296]", "32 bits"), ("    - [0, 10, 2, 0", "truncated"), ("    - [0, 10, 2, 0]", "5 numbers")] {
            let text = base + "  - evdev:\n    - [0, 20, 2, 0, 1]\n" + row + "\n"
            let path = try RecordingFiles.temp(text, "yaml")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try RecordingFiles.readAll(try LibinputRecordReader(path: path))
                Issue.record("accepted \(row)")
            } catch let e as InputError {
                #expect(e.kind == .malformed && e.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 && e.message.contains(what), "\(e)")
            }
        }
        let back = base + "  - evdev:\n    - [1, 20, 2, 0, 1]\n    - [1, 20, 0, 0, 0]\n  - evdev:\n    - [1, 10, 2, 0, 1]\n"
        let path = try RecordingFiles.temp(back, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: InputError.self) { try RecordingFiles.readAll(try LibinputRecordReader(path: path)) }
    }

    /// Found by Tools/fuzz.sh (FuzzLibinputRecord): an empty text was refused
    /// "at line 0". A file without lines has no line to name.
    @Test func anEmptyRecordingNamesNoLine() throws {
        for text in ["", "\n"] {
            do {
                _ = try LibinputRecordFormat.parse(text, file: "empty.yaml")
                Issue.record("accepted \(text.debugDescription)")
            } catch let e as InputError {
                #expect(e.kind == .malformed && e.message.hasPrefix("no devices"), "\(e)")
                #expect(e.line == (text.isEmpty ? nil : 1), "\(e)")
            }
        }
    }
}

/// Decoding whole recordings: hand-checked properties of the real files.
@Suite struct RecordingDecodingTests {
    func decode(_ paths: [String], _ configure: (inout DecoderConfiguration) -> Void = { _ in }) throws -> [PointerEvent] {
        var c = DecoderConfiguration(); configure(&c)
        return try RecordingFiles.events(try TraceInputs.open(paths: paths.map(RecordingFiles.path), configuration: c))
    }

    @Test func keyboardRecordingModifierState() throws {
        let evs = try decode(["recordings/keyboard-logitech-k400plus.evemu"])
        // Enter release without a press: ignored; Left Ctrl down at 11.228233 and held through
        // the autorepeats (value 2, SYN_REPORT 1); KEY_C is not a modifier but a key
        // (Control-C: one `key c` with Control held, its autorepeats ignored). Times count
        // from the first event (0.000001), in integer µs.
        #expect(evs.map(\.kind) == [.modifiers(.control), .key(.letter("c"))])
        #expect(evs[0].time == 11.228232)
    }

    @Test func twoFingerScrollRecordingScrollsDown() throws {
        let evs = try decode(["recordings/touchpad-clickpad-synaptics.desc", "recordings/touchpad-clickpad-synaptics.two-finger-scroll-down.events"])
        var sum = Vector.zero, n = 0
        for case .scroll(let v) in evs.map(\.kind) { sum = sum + v; n += 1 }
        #expect(evs.allSatisfy { if case .delta = $0.kind { false } else { true } })
        #expect(n > 20 && sum.dy > 50 && abs(sum.dx) < sum.dy / 4, "\(sum)")
    }

    @Test func physicalClickRecordingIsAPrimaryClick() throws {
        let evs = try decode(["recordings/touchpad-clickpad-synaptics.desc", "recordings/touchpad-clickpad-synaptics.left-phys-click.events"])
        #expect(evs.map(\.kind) == [.press(.primary), .release(.primary)])
    }

    @Test func mouseRecordingButtons() throws {
        let evs = try decode(["recordings/mouse-saitek-rat5.desc", "recordings/mouse-saitek-rat5.events"])
        let buttons = evs.compactMap { e -> String? in
            switch e.kind { case .press(let b): "+\(b.rawValue)"; case .release(let b): "-\(b.rawValue)"; default: nil }
        }
        let raw = try RecordingFiles.readAll(try EvemuReader(path: RecordingFiles.path("recordings/mouse-saitek-rat5.desc"), eventsPath: RecordingFiles.path("recordings/mouse-saitek-rat5.events")))
        let rawButtons = raw.filter { $0.type == 1 && ($0.code == 272 || $0.code == 273) }.map { ($0.value == 1 ? "+" : "-") + ($0.code == 272 ? "primary" : "secondary") }
        #expect(buttons == rawButtons)
    }
}
