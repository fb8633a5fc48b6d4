import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
import Testing

@Suite struct EvemuTests {
    static let singleFiles = [
        "recordings/touchpad-clickpad-elantech-samsung700z3a.evemu", "recordings/keyboard-logitech-k400plus.evemu",
        "input/duplicate-tracking-id.evemu", "input/mouse-keyboard.mouse.evemu",
    ]

    @Test(arguments: singleFiles) func parseWriteParseRoundTrip(_ rel: String) throws {
        let r = try EvemuReader(path: RecordingFiles.path(rel))
        let events = try RecordingFiles.readAll(r)
        let text = EvemuFormat.renderDescription(r.devices[0]) + events.map { EvemuFormat.renderEvent($0) + "\n" }.joined()
        let again = try EvemuFormat.parse(text)
        #expect(again.description == r.devices[0])
        #expect(again.events == events)
        // And the in-memory parser agrees with the streaming reader.
        let direct = try EvemuFormat.parse(String(contentsOfFile: RecordingFiles.path(rel), encoding: .utf8))
        #expect(direct.description == r.devices[0] && direct.events == events)
    }

    @Test func splitFormWithAbsoluteTimesAndFormat10Description() throws {
        let r = try EvemuReader(
            path: RecordingFiles.path("recordings/touchpad-clickpad-synaptics.desc"),
            eventsPath: RecordingFiles.path("recordings/touchpad-clickpad-synaptics.left-phys-click.events")
        )
        let d = r.devices[0]
        #expect(d.name == "SynPS/2 Synaptics TouchPad")
        #expect(d.bustype == 0x11 && d.vendor == 2 && d.product == 7 && d.version == 0x1b1)
        #expect(d.properties == [0, 2])
        #expect(d.absInfo[0x35] == AbsInfo(minimum: 1472, maximum: 5472, fuzz: 8, flat: 0, resolution: 0))
        #expect(d.codes[1] == [272, 325, 328, 330, 333, 334, 335])
        let events = try RecordingFiles.readAll(r)
        #expect(events.count == 234)
        #expect(events[0] == EvdevEvent(sec: 1_344_907_381, usec: 341498, type: 3, code: 0x39, value: 0))
        let text = EvemuFormat.renderDescription(d) + events.map { EvemuFormat.renderEvent($0) + "\n" }.joined()
        let again = try EvemuFormat.parse(text)
        #expect(again.description == d && again.events == events)
    }

    @Test func mouseDescriptionKeepsUnnamedCodes() throws {
        let r = try EvemuReader(
            path: RecordingFiles.path("recordings/mouse-saitek-rat5.desc"),
            eventsPath: RecordingFiles.path("recordings/mouse-saitek-rat5.events")
        )
        #expect(r.devices[0].codes[1]?.contains(0x118) == true)
        #expect(EventCodes.codeName(type: 1, code: 0x118) == nil)
        #expect(
            EvemuFormat.renderEvent(EvdevEvent(sec: 1, usec: 5, type: 1, code: 0x118, value: 1)) == "E: 1.000005 0001 0118 0001\t# EV_KEY / 280 1"
        )
        #expect(try RecordingFiles.readAll(r).count == 1838)
    }

    @Test func eventLineRendering() {
        #expect(
            EvemuFormat.renderEvent(EvdevEvent(sec: 0, usec: 1, type: 3, code: 0x39, value: -1))
                == "E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID -1"
        )
        #expect(
            EvemuFormat.renderEvent(EvdevEvent(sec: 12, usec: 345678, type: 0, code: 0, value: 0))
                == "E: 12.345678 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------"
        )
        #expect(EvemuFormat.renderEvent(EvdevEvent(sec: 0, usec: 0, type: 4, code: 4, value: 458792)).hasPrefix("E: 0.000000 0004 0004 458792\t"))
    }

    @Test func descriptionRendering() {
        var d = DeviceDescription(name: "Demo # Mouse")
        d.bustype = 3; d.vendor = 0x46d; d.codes = [0: [0, 1], 2: [0, 1, 8]]; d.leds = [1: 1]
        let text = EvemuFormat.renderDescription(d)
        #expect(text.hasPrefix("# EVEMU 1.3\n"))
        #expect(
            text.contains(
                "\nN: Demo # Mouse\nI: 0003 046d 0000 0000\nP: 00 00 00 00 00 00 00 00\nB: 00 03 00 00 00 00 00 00 00\nB: 02 03 01 00 00 00 00 00 00\nL: 01 1\n"
            )
        )
    }

    static let malformed: [(String, Int, String)] = [
        ("E: 0.000001 0002 00", 5, "truncated"),  // truncated event line
        ("E: 0.000001 0002", 5, "code"),
        ("B: 02 03 00 00", 5, "8 hexadecimal bytes"),  // B: with too few bytes
        ("E: 0.000001 0002 0000 4294967296", 5, "32 bits"),  // value overflow
        ("E: 0.000001 0002 0000 -2147483649", 5, "32 bits"),
        ("E: 0.5 0002 0000 1\nE: 0.4 0000 0000 0", 6, "backwards"),  // time going backwards
        ("X: what", 5, "unknown evemu line"),
        ("A: 00 1 2 3", 5, "4 or 5 numbers"),
    ]

    @Test(arguments: malformed) func malformedInputNamesFileAndLine(_ c: (String, Int, String)) throws {
        let header = "# EVEMU 1.3\nN: M\nI: 0003 0001 0002 0003\nB: 02 03 00 00 00 00 00 00 00\n"
        let path = try RecordingFiles.temp(header + c.0 + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let r = try EvemuReader(path: path)
            _ = try RecordingFiles.readAll(r)
            Issue.record("accepted \(c.0)")
        } catch let e as InputError {
            #expect(e.kind == .malformed)
            #expect(e.file == path && e.line == c.1)
            #expect(e.message.contains(c.2), "\(e.message)")
        }
    }

    /// Event lines exactly as evemu writes them are read by a one-pass
    /// reader, any other spelling by the general parser: both must give the
    /// same events, and the same errors for a canonical line that is wrong.
    @Test func canonicalAndRespacedEventLinesGiveTheSameEvents() throws {
        let header = "# EVEMU 1.3\nN: M\nI: 0003 0001 0002 0003\nB: 02 03 00 00 00 00 00 00 00\n"
        var canonical: [String] = [], respaced: [String] = []
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        var sec: UInt64 = 0, usec: UInt64 = 0
        let values: [Int64] = [0, 1, -1, 7, -42, 999_999_999, -999_999_999, 2_147_483_647, -2_147_483_648, 1_000_000_000]
        for k in 0..<2000 {
            usec += next() % 3000
            if usec >= 1_000_000 { sec += usec / 1_000_000; usec %= 1_000_000 }
            if k == 1000 { sec = 8_999_999_000 }
            let type = UInt16(truncatingIfNeeded: next() % 3 == 0 ? next() : next() % 5)
            let code = UInt16(truncatingIfNeeded: next())
            let value = k % 3 == 0 ? values[Int(next() % UInt64(values.count))] : Int64(Int32(truncatingIfNeeded: next() % 2001)) - 1000
            let hexType = String(type, radix: 16), hexCode = String(code, radix: 16, uppercase: k % 2 == 0)
            let t = "\(sec).\(String(repeating: "0", count: 6 - String(usec).count))\(usec)"
            let comment = ["", "\t# EV_REL / REL_X \(value)", " #", "  "][k % 4]
            // Every other line's value as evemu writes it ("%04d": 0003, -042, 12345), read four digits at once.
            let magnitude = String(value.magnitude), width = value < 0 ? 3 : 4
            let padded = (value < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - magnitude.count)) + magnitude
            canonical.append(
                "E: \(t) \(String(repeating: "0", count: 4 - hexType.count) + hexType) \(String(repeating: "0", count: 4 - hexCode.count) + hexCode) \(k % 2 == 1 ? padded : String(value))\(comment)"
            )
            respaced.append("E:  \(t)\t\(hexType)  \(hexCode) \(value >= 0 && k % 4 == 1 ? "+" : "")\(value)  ")
        }
        func read(_ lines: [String]) throws -> [EvdevEvent] {
            let path = try RecordingFiles.temp(header + lines.joined(separator: "\n") + "\n")
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try RecordingFiles.readAll(try EvemuReader(path: path))
        }
        let a = try read(canonical), b = try read(respaced)
        #expect(a.count == 2000)
        #expect(a == b)
        #expect(a == (try EvemuFormat.parse(header + canonical.joined(separator: "\n"))).events)
        // Canonical lines that are wrong: the general parser's errors.
        for (line, message) in [
            ("E: 9000000001.000000 0002 0000 1", "range"), ("E: 1.000000 0002 0000 1\nE: 0.999999 0002 0000 1", "backwards"),
            ("E: 1.000000 000g 0000 1", "type"), ("E: 1.000000 0002 0000 12345678901", "32 bits"),
            ("E: 1.000000 0002 0000 1x", "after the value"), ("E: 1.000000 0002 0000 0001x", "after the value"),
            ("E: 1.000000 0:02 0000 0001", "expects"), ("E: 1.000000 0002 00/0 0001", "expects"),
        ] {
            #expect(throws: InputError.self) { _ = try read([line]) }
            do { _ = try read([line]) } catch let e as InputError { #expect(e.message.contains(message), "\(line): \(e.message)") }
        }
    }

    @Test func unterminatedFinalLineAndCRLF() throws {
        let header = "# EVEMU 1.3\r\nN: M\r\nI: 0003 0001 0002 0003\r\nB: 02 03 00 00 00 00 00 00 00\r\n"
        let ok = try RecordingFiles.temp(header + "E: 0.000001 0002 0000 0005\r\nE: 0.000001 0000 0000 0000")
        defer { try? FileManager.default.removeItem(atPath: ok) }
        let r = try EvemuReader(path: ok)
        #expect(r.devices[0].name == "M")
        #expect(
            try RecordingFiles.readAll(r) == [
                EvdevEvent(sec: 0, usec: 1, type: 2, code: 0, value: 5), EvdevEvent(sec: 0, usec: 1, type: 0, code: 0, value: 0),
            ]
        )
        let cut = try RecordingFiles.temp(header + "E: 0.000001 0002 0000 0005\nE: 0.000001 00")
        defer { try? FileManager.default.removeItem(atPath: cut) }
        do { _ = try RecordingFiles.readAll(try EvemuReader(path: cut)); Issue.record("accepted") } catch let e as InputError {
            #expect(e.kind == .malformed && e.line == 6)
        }
    }

    @Test func everyRecordingReplaysTwiceIdentically() throws {
        for inputs in ["mouse-saitek-rat5", "touchpad-clickpad-elantech-samsung700z3a", "touchpad-clickpad-synaptics.two-finger-scroll-down"] {
            let list = try String(contentsOfFile: RecordingFiles.path("recordings/\(inputs).inputs"), encoding: .utf8)
                .split(separator: "\n").map { RecordingFiles.path("recordings/" + $0) }
            func run() throws -> [PointerEvent] {
                try RecordingFiles.events(try TraceInputs.open(paths: list, configuration: DecoderConfiguration()))
            }
            let a = try run(), b = try run()
            #expect(!a.isEmpty && a == b)
        }
    }

    @Test func eventsBeforeAMalformedLineStillComeOut() throws {
        let text =
            "# EVEMU 1.3\nN: M\nI: 0003 0001 0002 0003\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 07 00 00 00 00 00\nB: 02 03 00 00 00 00 00 00 00\n"
            + "E: 0.000001 0001 0110 0001\nE: 0.000001 0000 0000 0000\nE: 0.001 0002 0000 zz\n"
        let path = try RecordingFiles.temp(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var c = DecoderConfiguration(); c.acceleration = .none
        var src = try Replay.merged(try TraceInputs.open(paths: [path], configuration: c))
        #expect(try src.next()?.item.kind == .press(.primary))
        do { _ = try src.next(); Issue.record("no error") } catch let e as InputError { #expect(e.line == 12 && e.kind == .malformed) }
        #expect(try src.next() == nil)
    }

    @Test func aProtocolAPadIsDecoded() throws {
        // Apple's bcm5974 in multitouch protocol A (contacts separated by
        // SYN_MT_REPORT, no slots): libinput's single-touch path moves the
        // pointer and its three-finger physical click is a middle click.
        let path = RecordingFiles.path("libinput/touchpad-bcm5974-protocol-a.three-finger-click.evemu")
        let kinds = try RecordingFiles.events(try TraceInputs.open(paths: [path], configuration: DecoderConfiguration())).map(\.kind)
        #expect(kinds.contains { if case .delta = $0 { true } else { false } })
        #expect(kinds.contains(.press(.middle)) && kinds.contains(.release(.middle)))
    }

    @Test func detection() throws {
        #expect(InputFormat.detect(Array("# EVEMU 1.2\n".utf8)) == .evemu)
        #expect(InputFormat.detect(Array("N: Foo\nI: 0003 0 0 0\n".utf8)) == .evemu)
        #expect(InputFormat.detect(Array("# comment\nE: 1.0 0000 0000 0\n".utf8)) == .evemuEvents)
        #expect(InputFormat.detect(Array("# libinput record\nversion: 1\n".utf8)) == .libinputRecord)
        #expect(InputFormat.detect(Array("version: 1\nndevices: 1\ndevices:\n".utf8)) == .libinputRecord)
        #expect(InputFormat.detect(Array("pointersim-trace 1\n".utf8)) == .pointerSimTrace)
        #expect(InputFormat.detect(Array("hello\n".utf8)) == nil)
    }

    @Test func eventsFileAloneIsRejected() throws {
        do {
            _ = try TraceInputs.open(paths: [RecordingFiles.path("recordings/mouse-saitek-rat5.events")], configuration: DecoderConfiguration())
            Issue.record("accepted")
        } catch let e as InputError { #expect(e.kind == .malformed && e.message.contains(".desc")) }
    }
}
