#if os(Linux)
import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
@testable import PointerSimLive
import PointerSimPipeline
import Testing

/// The recorder writes what the readers read back: every event, the
/// removal markers, the descriptions; a recording is complete or absent.
@Suite struct LiveRecorderTests {
    static func mouse(_ node: String) -> DeviceDescription {
        var d = DeviceDescription(name: "rec \"mouse\"")
        d.codes = [0: [0], 1: [EventCodes.BTN_LEFT], 2: [EventCodes.REL_X, EventCodes.REL_Y]]
        d.bustype = 6; d.vendor = 0x1d6b; d.product = 0x201; d.version = 1
        d.node = node
        return d
    }
    static func keyboard(_ node: String) -> DeviceDescription {
        var d = DeviceDescription(name: "rec keyboard")
        d.codes = [0: [0], 1: [EventCodes.KEY_LEFTSHIFT, EventCodes.KEY_ESC]]
        d.node = node
        return d
    }
    static func ev(_ us: Int64, _ t: UInt16, _ c: UInt16, _ v: Int32) -> EvdevEvent {
        EvdevEvent(sec: us / 1_000_000, usec: Int32(us % 1_000_000), type: t, code: c, value: v)
    }
    static let mouseEvents = [
        ev(1000, 2, 0, 5), ev(1000, 2, 1, -3), ev(1000, 0, 0, 0),
        ev(1_020_000, 1, EventCodes.BTN_LEFT, 1), ev(1_020_000, 0, 0, 0),
    ]
    static let keyEvents = [ev(500, 1, EventCodes.KEY_LEFTSHIFT, 1), ev(500, 0, 0, 0)]

    static func record(_ format: LiveRecorder.Format, to path: String) throws -> LiveRecorder {
        let r = try LiveRecorder(path: path, format: format)
        try r.addDevice(mouse("/dev/input/event7"))
        try r.addDevice(keyboard("/dev/input/event8"))
        try r.record(index: 1, keyEvents[0]); try r.record(index: 1, keyEvents[1])
        for e in mouseEvents { try r.record(index: 0, e) }
        try r.deviceRemoved(index: 0, at: ev(2_000_123, 0, 0, 0))
        return r
    }

    static func readAll(_ reader: any RawEventReader) throws -> [RawItem] {
        var m = StreamMerge<RawItem>()
        for s in reader.streams { _ = m.addSource { try s.read(into: &$0) } }
        var items: [RawItem] = []
        while let (_, i) = try m.next() { items.append(i) }
        return items
    }

    @Test func libinputRecordingReadsBackCompletely() throws {
        let path = try DiscoveryTests.tempDir() + "/session.yaml"
        let r = try Self.record(.libinput, to: path)
        #expect(!FileManager.default.fileExists(atPath: path))  // nothing half-written before the end
        try r.finish()
        let reader = try LibinputRecordReader(path: path)
        #expect(reader.devices.map(\.name) == ["rec \"mouse\"", "rec keyboard"])
        #expect(reader.devices[0].node == "/dev/input/event7")
        #expect(reader.devices[0].codes[2] == [EventCodes.REL_X, EventCodes.REL_Y])
        #expect(reader.devices[0].product == 0x201)
        let items = try Self.readAll(reader)
        #expect(
            items == [.event(device: 1, Self.keyEvents[0]), .event(device: 1, Self.keyEvents[1])]
                + Self.mouseEvents.map { .event(device: 0, $0) } + [.removed(device: 0, microseconds: 2_000_123)]
        )
        // no temporary files left beside it
        let dir = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["session.yaml"])
    }

    @Test func evemuRecordingIsOneFilePerDevice() throws {
        let path = try DiscoveryTests.tempDir() + "/session.evemu"
        let r = try Self.record(.evemu, to: path)
        try r.finish()
        #expect(r.outputPaths == [path, path.replacingOccurrences(of: "session.evemu", with: "session-2.evemu")])
        let m = try EvemuReader(path: r.outputPaths[0])
        #expect(m.devices.first?.name == "rec \"mouse\"")
        // evemu files are 1 µs later (as evemu-record: never 0.000000), see evemuTime
        let later = { (e: EvdevEvent) in Self.ev(Int64(e.sec) * 1_000_000 + Int64(e.usec) + 1, e.type, e.code, e.value) }
        #expect(try Self.readAll(m) == Self.mouseEvents.map { .event(device: 0, later($0)) } + [.removed(device: 0, microseconds: 2_000_124)])
        let k = try EvemuReader(path: r.outputPaths[1])
        #expect(try Self.readAll(k) == Self.keyEvents.map { .event(device: 0, later($0)) })
    }

    /// evemu-play (2.7) takes an event time of 0.000000 for "no previous
    /// event" and drops the gap after it: the first event is at 0.000001,
    /// and a carry into the seconds is handled.
    @Test func evemuTimesStartAtOneMicrosecond() throws {
        let path = try DiscoveryTests.tempDir() + "/zero.evemu"
        let r = try LiveRecorder(path: path, format: .evemu)
        try r.addDevice(Self.keyboard("/dev/input/event8"))
        try r.record(index: 0, Self.ev(0, 1, EventCodes.KEY_ESC, 1)); try r.record(index: 0, Self.ev(0, 0, 0, 0))
        try r.record(index: 0, Self.ev(999_999, 1, EventCodes.KEY_ESC, 0)); try r.record(index: 0, Self.ev(999_999, 0, 0, 0))
        try r.finish()
        let times = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("E: ") }.map { $0.split(separator: " ")[1] }
        #expect(times == ["0.000001", "0.000001", "1.000000", "1.000000"])
    }

    @Test func replayOfTheRecordingReportsTheUnplug() throws {
        let path = try DiscoveryTests.tempDir() + "/session.yaml"
        try Self.record(.libinput, to: path).finish()
        let sink = try OutputSink(path: path + ".log")
        var decoder = DecoderConfiguration()
        decoder.acceleration = .none
        try Replay.run(paths: [path], scene: SimulationScene.default, decoder: decoder, options: SimulationOptions(), sink: sink)
        try sink.commit()
        let log = try String(contentsOfFile: path + ".log", encoding: .utf8)
        // The press began a band with shift held (add); the unplug cancels it, then device.removed.
        let lines = log.split(separator: "\n")
        #expect(lines.first?.contains(#""event":"band.began""#) == true && lines.first?.contains(#""mode":"add""#) == true)
        #expect(lines.contains { $0.contains(#""cancelled":true"#) })
        #expect(lines.last == #"{"t":2,"event":"device.removed","device":"/dev/input/event7"}"#)
    }

    @Test func abandonLeavesNothing() throws {
        let dir = try DiscoveryTests.tempDir()
        let r = try Self.record(.libinput, to: dir + "/x.yaml")
        r.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test func anUnwritableFolderIsReportedAtOnce() {
        #expect(throws: InputError.self) { try LiveRecorder(path: "/nonexistent-pointersim/x.yaml", format: .libinput) }
    }

    @Test func evemuFileNames() throws {
        let dir = try DiscoveryTests.tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/a.b", withIntermediateDirectories: true)
        let r = try LiveRecorder(path: dir + "/a.b/rec", format: .evemu)
        #expect(r.evemuPath(index: 1) == dir + "/a.b/rec-2")  // a dot in a folder is no extension
        let r2 = try LiveRecorder(path: dir + "/rec.evemu", format: .evemu)
        #expect(r2.evemuPath(index: 0) == dir + "/rec.evemu")
        #expect(r2.evemuPath(index: 2) == dir + "/rec-3.evemu")
    }
}
#endif

#if os(Linux)
extension LiveRecorderTests {
    /// libevdev lists the SYN codes under type 0; evemu's `B: 00` is the type bitmask.
    @Test func evemuTypeBitsAreTheEventTypes() throws {
        var d = DeviceDescription(name: "pad")
        d.codes = [0: Set(0...15), 1: [EventCodes.BTN_LEFT], 3: [0, 1]]
        let text = EvemuFormat.renderDescription(LiveRecorder.evemuDescription(d))
        #expect(text.contains("B: 00 0b 00 00 00 00 00 00 00\n"))
    }
}
#endif
