import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import Testing

/// Issue #21: every time of every input lies within the one clock's range
/// (0 … 9×10⁹ s, `InputClock`); beyond it the readers refuse the line with
/// its file, line and value (they trapped on arithmetic overflow before), and
/// the clock's own sums saturate.
@Suite struct ClockRangeTests {
    static let keyboardEvemu = """
        # EVEMU 1.3
        N: kbd
        I: 0003 046d 404d 0111
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 fe ff ff ff ff ff ff ff
        B: 01 ff ff ff ff ff ff ff ff
        E: 1.000000 0001 001e 0001
        E: 1.000000 0000 0000 0000
        E: 1.100000 0001 001e 0000
        E: 1.100000 0000 0000 0000

        """

    static func libinputRecord(rows: String, after: String = "") -> String {
        """
        # libinput record
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event3
          evdev:
            name: "kbd"
            id: [3, 1133, 16461, 273]
            codes:
              0: [0, 1]
              1: [30]
            properties: []
          events:
          - evdev:
        \(rows)
        \(after)
        """
    }

    func decodeError(_ text: String, _ ext: String) throws -> InputError? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        do {
            try Decode.forEachEvent(paths: [path], configuration: DecoderConfiguration(), tail: 3_600_000_000) { _ in }
            return nil
        } catch let e as InputError {
            #expect(e.file == path && e.kind == .malformed)
            return e
        }
    }

    @Test func anEvemuRemovalMarkerBeyondTheClockIsRefused() throws {
        // InputMerger/DecodePipeline.finish added the tail to it: a trap.
        let e = try decodeError(Self.keyboardEvemu + "# pointersim: device removed 9223372036853.999999\n", "evemu")
        #expect(e?.line == 12)
        #expect(e?.message == "time 9223372036853.999999 is beyond the clock's range (0 … 9000000000 s)")
        // Twenty digits: beyond Int64 itself, the same message.
        let f = try decodeError(Self.keyboardEvemu.replacingOccurrences(of: "E: 1.100000 0001", with: "E: 99999999999999999999.100000 0001"), "evemu")
        #expect(f?.line == 10)
        #expect(f?.message == "time \"99999999999999999999\" is beyond the clock's range (0 … 9000000000 s)")
    }

    @Test func theLastSecondOfTheClockDecodesWithTheLongestTail() throws {
        // 9×10⁹ s plus an hour of tail: no overflow, the removal an hour later.
        let text = Self.keyboardEvemu.replacingOccurrences(of: "E: 1.", with: "E: 9000000000.")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString).evemu").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        var last: DecodedEvent?
        try Decode.forEachEvent(paths: [path], configuration: DecoderConfiguration(), tail: 3_600_000_000) { last = $0 }
        let expected: Int64 = 9_000_003_600_100_000
        #expect(last?.time == expected)
        #expect(DecodedLine.exactSeconds(last?.time ?? 0) == "9000003600.1")
    }

    @Test func libinputRecordRowsAndMarkersBeyondTheClockAreRefused() throws {
        let row = try decodeError(
            Self.libinputRecord(rows: "    - [9223372036854775807, 0, 1, 30, 1]\n    - [9223372036854775807, 0, 0, 0, 0]"),
            "yaml"
        )
        #expect(row?.line == 15)
        #expect(row?.message == "event row: time 9223372036854775807.000000 is beyond the clock's range (0 … 9000000000 s)")
        let marker = try decodeError(
            Self.libinputRecord(
                rows: "    - [1, 0, 1, 30, 1]\n    - [1, 0, 0, 0, 0]",
                after: "  # pointersim: device removed 100000000000000000.000000\n"
            ),
            "yaml"
        )
        #expect(marker?.line == 17)
        #expect(marker?.message == "device-removed marker: time 100000000000000000.000000 is beyond the clock's range (0 … 9000000000 s)")
        // Negative seconds are no time either.
        let negative = try decodeError(
            Self.libinputRecord(rows: "    - [1, 0, 1, 30, 1]", after: "  # pointersim: device removed -5.000000\n"),
            "yaml"
        )
        #expect(negative?.message == "device-removed marker expects <sec>.<usec>")
        // Inside the range both are read.
        #expect(
            try decodeError(
                Self.libinputRecord(
                    rows: "    - [9000000000, 999999, 1, 30, 1]\n    - [9000000000, 999999, 0, 0, 0]",
                    after: "  # pointersim: device removed 9000000000.999999\n"
                ),
                "yaml"
            ) == nil
        )
    }

    @Test func traceTimesBeyondTheClockAreRefused() {
        for (t, ok) in [("0", true), ("9000000000", true), ("9000000000.5", true), ("9000000001", false), ("1e16", false), ("2e16", false)] {
            do {
                let events = try PointerSimTrace.parse("pointersim-trace 1\n0 move 1 1\n\(t) move 2 2\n", file: "t.trace")
                #expect(ok && events.count == 2, "\(t)")
            } catch let e as InputError {
                #expect(!ok, "\(t)")
                #expect(e.description == "t.trace:3: time \(t) is beyond the clock's range (0 … 9000000000 s)")
            } catch { Issue.record("\(error)") }
        }
    }

    @Test func theClocksConversionsSaturate() {
        #expect(InputClock.adding(.max - 5, 2_000_000) == .max)
        #expect(InputClock.adding(.min + 5, -2_000_000) == .min)
        #expect(InputClock.adding(1, 2) == 3)
        #expect(InputClock.microseconds(seconds: 1e300) == .max)
        #expect(InputClock.microseconds(seconds: -1e300) == .min)
        #expect(InputClock.microseconds(seconds: .nan) == 0)
        #expect(InputClock.microseconds(seconds: 1.5) == 1_500_000)
        // A library caller past the readers: the pipeline's finish saturates.
        var p = DecodePipeline(configuration: DecoderConfiguration())
        var out: [DecodedEvent] = []
        var kbd = DeviceDescription(name: "kbd")
        kbd.codes = [EventCodes.EV_SYN: [0], EventCodes.EV_KEY: [30]]
        p.addDevice(kbd, at: 0, into: &out)
        // 9223372036854.775 s: the last millisecond Int64 holds in µs.
        p.feed(device: 0, EvdevEvent(sec: 9_223_372_036_854, usec: 775_000, type: EventCodes.EV_KEY, code: 30, value: 1), into: &out)
        p.feed(device: 0, EvdevEvent(sec: 9_223_372_036_854, usec: 775_000, type: EventCodes.EV_SYN, code: 0, value: 0), into: &out)
        p.finish(tail: 3_600_000_000, into: &out)
        #expect(out.last?.kind == .deviceRemoved)
        #expect(out.last?.time == Int64.max)
    }
}
