import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
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
        let text = LibinputRecordFormat.render([
            (
                description: m,
                events: [EvdevEvent(sec: 0, usec: 0, type: 2, code: 0, value: 5), EvdevEvent(sec: 0, usec: 0, type: 0, code: 0, value: 0)]
            )
        ])
        #expect(text.contains("    properties: []\n  udev:\n    properties: []\n  events:\n"))
        let parsed = try LibinputRecordFormat.parse(text)
        #expect(parsed.count == 1 && parsed[0].description.codes == m.codes && parsed[0].events.count == 2)
    }

    @Test func removalMarkerEndsTheDrag() throws {
        var m = DeviceDescription(name: "USB Mouse"); m.node = "/dev/input/event9"
        m.codes = [0: [0], 1: [272], 2: [0, 1]]
        var text = LibinputRecordFormat.renderHeader(devices: [m]) + LibinputRecordFormat.renderDevice(m)
        text += LibinputRecordFormat.renderFrame([
            EvdevEvent(sec: 0, usec: 0, type: 1, code: 272, value: 1), EvdevEvent(sec: 0, usec: 0, type: 0, code: 0, value: 0),
        ])
        text += LibinputRecordFormat.renderFrame([
            EvdevEvent(sec: 0, usec: 8000, type: 2, code: 0, value: 5), EvdevEvent(sec: 0, usec: 8000, type: 0, code: 0, value: 0),
        ])
        text += "  " + EvemuFormat.renderRemoval(sec: 0, usec: 20000) + "\n"
        let path = try RecordingFiles.temp(text, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var c = DecoderConfiguration(); c.acceleration = .none
        let kinds = try RecordingFiles.events(try TraceInputs.open(paths: [path], configuration: c)).map(\.kind)
        #expect(kinds == [.press(.primary), .delta(Vector(dx: 5, dy: 0)), .cancel, .release(.primary), .deviceRemoved("/dev/input/event9")])
    }

    @Test func malformedRows() throws {
        let base =
            LibinputRecordFormat.renderHeader(devices: [DeviceDescription(name: "m")])
            + LibinputRecordFormat.renderDevice(DeviceDescription(name: "m"))
        for (row, what) in [
            ("    - [0, 10, 2, 0, 4294967296]", "32 bits"), ("    - [0, 10, 2, 0", "truncated"), ("    - [0, 10, 2, 0]", "5 numbers"),
        ] {
            let text = base + "  - evdev:\n    - [0, 20, 2, 0, 1]\n" + row + "\n"
            let path = try RecordingFiles.temp(text, "yaml")
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try RecordingFiles.readAll(try LibinputRecordReader(path: path))
                Issue.record("accepted \(row)")
            } catch let e as InputError {
                #expect(
                    e.kind == .malformed && e.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                        && e.message.contains(what),
                    "\(e)"
                )
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
            switch e.kind {
            case .press(let b): "+\(b.rawValue)";
            case .release(let b): "-\(b.rawValue)";
            default: nil
            }
        }
        let raw = try RecordingFiles.readAll(
            try EvemuReader(
                path: RecordingFiles.path("recordings/mouse-saitek-rat5.desc"),
                eventsPath: RecordingFiles.path("recordings/mouse-saitek-rat5.events")
            )
        )
        let rawButtons = raw.filter { $0.type == 1 && ($0.code == 272 || $0.code == 273) }.map {
            ($0.value == 1 ? "+" : "-") + ($0.code == 272 ? "primary" : "secondary")
        }
        #expect(buttons == rawButtons)
    }
}

/// Issue #21: the shapes of file `libinput record` writes, 1.19 to 1.29
/// (`Traces/libinput-record`, README there): comments everywhere, the
/// `libinput:` and `system:` headers, `autorestart`, `udev:` properties, an
/// empty or non-empty `quirks:` list (1.29 writes its items at the key's own
/// indent), a multi-line `hid: [` … `]` report descriptor, a device
/// `libinput:` section, and `- libinput:` and `- hid:` entries among the
/// events. Each decodes to exactly what the minimal file with the same evdev
/// events decodes to.
@Suite struct LibinputRecordShapeTests {
    static let shapes = ["libinput-1.19.yaml", "libinput-1.23-with-libinput.yaml", "libinput-1.29-quirks-hid.yaml"]

    static func decoded(_ name: String) throws -> [String] {
        var lines: [String] = [], names: [String] = []
        try Decode.forEachEvent(
            paths: [RecordingFiles.path("libinput-record/" + name)],
            configuration: DecoderConfiguration(),
            devices: { names = $0 }
        ) { e in
            if let l = DecodedLine.render(e, deviceName: names[e.device]) { lines.append(l) }
        }
        return lines
    }

    @Test func theMinimalFileDecodes() throws {
        let lines = try Self.decoded("minimal.yaml")
        #expect(lines.count == 8)
        #expect(lines[4] == #"{"t":0.1,"device":"PointerSim Shape Mouse","frame":3,"event":"button","button":272,"state":"pressed"}"#)
        #expect(lines[6] == #"{"t":0.3,"device":"PointerSim Shape Mouse","frame":5,"event":"scroll","source":"wheel","vert":15,"v120":120}"#)
    }

    @Test(arguments: shapes) func everyShapeDecodesAsTheMinimalFile(_ name: String) throws {
        #expect(try Self.decoded(name) == (try Self.decoded("minimal.yaml")), "\(name)")
        // The whole-file parser reads the same description and events.
        let text = try String(contentsOfFile: RecordingFiles.path("libinput-record/" + name), encoding: .utf8)
        let minimal = try LibinputRecordFormat.parse(try String(contentsOfFile: RecordingFiles.path("libinput-record/minimal.yaml"), encoding: .utf8))
        let parsed = try LibinputRecordFormat.parse(text, file: name)
        #expect(parsed.count == 1 && parsed[0].description == minimal[0].description && parsed[0].events == minimal[0].events, "\(name)")
    }

    @Test func aNonEmptyQuirksListAtItsKeysIndentIsRead() throws {
        // The 1.29 shape alone, the way the issue saw it refused before.
        let text = """
            # libinput record
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "Pad"
                id: [24, 1739, 52619, 256]
                codes:
                  0: [0, 1, 3]
                  1: [272]
                  3: [0, 1]
                absinfo:
                  0: [0, 1000, 0, 0, 12]
                  1: [0, 600, 0, 0, 12]
                properties: [0, 2]
              quirks:
              - ModelTouchpadVisibleMarker=1
              events:
              - evdev:
                - [  0,      0,   3,   0,     500]
                - [  0,      0,   0,   0,       0]

            """
        let parsed = try LibinputRecordFormat.parse(text)
        #expect(parsed.count == 1 && parsed[0].description.name == "Pad" && parsed[0].events.count == 2)
    }

    @Test func autorestartTwoDevicesAndCommentsBetweenThem() throws {
        let lines = try Self.decoded("libinput-1.26-autorestart-two-devices.yaml")
        let mouse = try Self.decoded("minimal.yaml")
        // The mouse's lines, in order, among the keyboard's.
        #expect(lines.filter { $0.contains("Shape Mouse") } == mouse)
        let keyboard = lines.filter { $0.contains("Shape Keyboard") }
        #expect(keyboard.count == 4)
        #expect(keyboard[1] == #"{"t":0.05,"device":"PointerSim Shape Keyboard","frame":0,"event":"key","key":42,"state":"pressed"}"#)
    }
}
