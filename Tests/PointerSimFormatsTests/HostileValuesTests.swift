import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimTestSupport
import Testing

/// The decoder's bounds on hostile values (docs/Decoding.md, "Hostile values").
@Suite struct HostileValuesTests {
    @Test func everyRecordedDeviceIsInsideTheBounds() throws {
        // The clamping must never touch a real device: every description in
        // Traces comes back unchanged.
        let root = RecordingFiles.root.appendingPathComponent("Traces")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { ($0.hasSuffix(".evemu") || $0.hasSuffix(".desc") || $0.hasSuffix(".yaml")) && !$0.hasPrefix("hostile/") }
        var devices = 0
        for f in files {
            let path = root.appendingPathComponent(f).path
            let descriptions = f.hasSuffix(".yaml") ? try LibinputRecordReader(path: path).devices : [try EvemuReader(path: path).devices[0]]
            for d in descriptions {
                devices += 1
                #expect(HostileValues.sanitized(d) == d, "\(f)")
            }
        }
        #expect(devices >= 10)
    }

    @Test func absurdAxesAreClampedSwappedAndLimited() {
        var d = DeviceDescription(name: "pad")
        d.absInfo = [
            0: AbsInfo(value: Int32.min, minimum: 3260, maximum: 0, fuzz: -5, flat: -1, resolution: -32),
            1: AbsInfo(minimum: Int32.min, maximum: Int32.max, fuzz: Int32.max, resolution: 0),
            EventCodes.ABS_MT_SLOT: AbsInfo(value: 9, minimum: -3, maximum: Int32.max),
        ]
        let s = HostileValues.sanitized(d)
        let limit = HostileValues.axisLimit
        #expect(s.absInfo[0] == AbsInfo(value: -limit, minimum: 0, maximum: 3260, fuzz: 0, flat: 0, resolution: 0))
        #expect(s.absInfo[1] == AbsInfo(minimum: -limit, maximum: limit, fuzz: limit, resolution: 0))
        #expect(s.absInfo[EventCodes.ABS_MT_SLOT] == AbsInfo(value: 9, minimum: 0, maximum: 63))
        let e = EvdevEvent(sec: 0, usec: 0, type: EventCodes.EV_ABS, code: 0x35, value: 2_000_000_000)
        #expect(HostileValues.sanitized(e).value == limit)
        let rel = EvdevEvent(sec: 0, usec: 0, type: EventCodes.EV_REL, code: 0, value: 2_000_000_000)
        #expect(HostileValues.sanitized(rel) == rel)  // relative motion is summed in 64 bits: kept
    }

    @Test func aFileWithAThousandDevicesDecodesEveryOneInTimeOrder() throws {
        // One `libinput record` file, 1,000 mice, 3 motions each, interleaved
        // in time: the heap merge hands every event out, in time order.
        var s = "# libinput record\nversion: 1\nndevices: 1000\ndevices:\n"
        for d in 0..<1000 {
            s += "- node: /dev/input/event\(d)\n  evdev:\n    name: \"Mouse \(d)\"\n    id: [3, 4660, 22136, 273]\n"
            s += "    codes:\n      0: [0, 1, 2]\n      1: [272, 273, 274]\n      2: [0, 1, 8]\n    properties: []\n  events:\n"
            for k in 0..<3 {
                let us = d * 37 + k * 1000
                s += "  - evdev:\n    - [\(us / 1_000_000), \(us % 1_000_000), 2, 0, 1]\n    - [\(us / 1_000_000), \(us % 1_000_000), 0, 0, 0]\n"
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID().uuidString).yaml")
        try s.write(to: url, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try LibinputRecordReader(path: url.path)
        #expect(reader.devices.count == 1000)
        let items = try RecordingFiles.items(reader)
        let events = items.compactMap { item -> (Int64, Int)? in
            if case .event(let d, let e) = item, e.type == EventCodes.EV_REL { return (e.microseconds, d) } else { return nil }
        }
        #expect(events.count == 3000)
        var expected: [(time: Int64, device: Int)] = []
        for d in 0..<1000 { for k in 0..<3 { expected.append((Int64(d * 37 + k * 1000), d)) } }
        expected.sort { a, b in a.time != b.time ? a.time < b.time : a.device < b.device }
        let gotTimes: [Int64] = events.map { $0.0 }, gotDevices: [Int] = events.map { $0.1 }
        let wantTimes: [Int64] = expected.map { $0.time }, wantDevices: [Int] = expected.map { $0.device }
        #expect(gotTimes == wantTimes)
        #expect(gotDevices == wantDevices)
    }
}
