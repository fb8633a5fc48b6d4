#if os(Linux)
import Glibc
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline

/// Records live raw input with the devices' real descriptions, as
/// `libinput record` YAML (several devices in one file) or evemu (one file
/// per device). The events are written to temporary files beside the output
/// as they arrive; ``finish()`` (on Ctrl-C, SIGTERM or when every device is
/// gone) assembles the final file(s) and renames them into place, so a
/// recording is either absent or complete and valid. An unplug is recorded
/// as the format's removal marker and replays as `device.removed`.
public final class LiveRecorder {
    /// The file format.
    public enum Format: String, Sendable {
        /// `libinput record` YAML.
        case libinput
        /// evemu 1.3 text, one device per file.
        case evemu
    }

    private struct Device {
        var description: DeviceDescription
        var events: OutputSink  // event lines, in a temporary file
        var eventsPath: String
        var count = 0
        var removed = false
        var frame: [EvdevEvent] = []
    }

    /// The output path (for evemu: the first device's file).
    public let path: String
    /// The format.
    public let format: Format
    private var devices: [Device] = []
    private var finished = false

    /// Prepares a recording to `path`.
    /// - Throws: `InputError` of kind `cannotCreate` if the folder is missing or not writable.
    public init(path: String, format: Format) throws {
        self.path = path
        self.format = format
        // Fail now, not at the end, if the file cannot be created.
        let probe = try OutputSink(path: path)
        probe.abandon()
    }

    /// The file of device `index` for evemu: `path`, then `name-2.ext`, `name-3.ext`, ...
    @usableFromInline package func evemuPath(index: Int) -> String {
        if index == 0 { return path }
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != path.startIndex {
            return String(path[..<dot]) + "-\(index + 1)" + String(path[dot...])
        }
        return path + "-\(index + 1)"
    }

    /// The files written (or to be written), in device order.
    @usableFromInline package var outputPaths: [String] {
        format == .libinput ? [path] : devices.indices.map(evemuPath)
    }

    /// Adds a device; its index is the number of devices added before.
    public func addDevice(_ d: DeviceDescription) throws {
        let tmp = path + ".events-\(devices.count)-\(getpid())"
        let sink = try OutputSink(path: tmp)
        devices.append(Device(description: d, events: sink, eventsPath: tmp))
    }

    /// Records one event of device `index` (time already rebased). Frames
    /// are written (and flushed) at their SYN_REPORT.
    public func record(index: Int, _ e: EvdevEvent) throws {
        devices[index].count += 1
        switch format {
        case .evemu:
            try devices[index].events.writeLine(EvemuFormat.renderEvent(Self.evemuTime(e)))
            if e.isSynReport { try devices[index].events.flush() }
        case .libinput:
            devices[index].frame.append(e)
            if e.isSynReport { try writeFrame(index) }
        }
    }

    private func writeFrame(_ index: Int) throws {
        guard !devices[index].frame.isEmpty else { return }
        try devices[index].events.writeLine(LibinputRecordFormat.renderFrame(devices[index].frame).trimmingTrailingNewline)
        devices[index].frame.removeAll(keepingCapacity: true)
        try devices[index].events.flush()
    }

    /// Records that device `index` went away at `at`'s time (our removal
    /// marker comment, which replay turns into `device.removed`).
    public func deviceRemoved(index: Int, at: EvdevEvent) throws {
        guard !devices[index].removed else { return }
        devices[index].removed = true
        let t = format == .evemu ? Self.evemuTime(at) : at
        let marker = EvemuFormat.renderRemoval(sec: t.sec, usec: t.usec)
        switch format {
        case .evemu:
            try devices[index].events.writeLine(marker)
        case .libinput:
            try writeFrame(index)  // an unfinished frame stays as it was read
            try devices[index].events.writeLine("  " + marker)
        }
        try devices[index].events.flush()
    }

    /// evemu files start at 0.000001, as `evemu-record` writes them: evemu's
    /// player (`evemu_read_event_realtime`, 2.7) takes a time of 0.000000 for
    /// "no previous event" and would drop the gap after the first event.
    /// Every time of an evemu file is 1 µs later; relative times are kept.
    static func evemuTime(_ e: EvdevEvent) -> EvdevEvent {
        var e = e
        e.usec += 1
        if e.usec >= 1_000_000 { e.usec -= 1_000_000; e.sec += 1 }
        return e
    }

    /// Writes the final file(s). Calling it again does nothing.
    /// - Throws: `InputError` of kind `io` on a write error (the output is then absent).
    public func finish() throws {
        guard !finished else { return }
        finished = true
        // The staging files go whatever happens (abandon after a commit only
        // removes the committed staging file).
        defer { for d in devices { d.events.abandon(); unlink(d.eventsPath) } }
        if format == .libinput { for i in devices.indices { try writeFrame(i) } }
        for d in devices { try d.events.commit() }
        switch format {
        case .evemu:
            for (i, d) in devices.enumerated() {
                let out = try OutputSink(path: evemuPath(index: i))
                do {
                    try out.writeLine(EvemuFormat.renderDescription(Self.evemuDescription(d.description)).trimmingTrailingNewline)
                    try copyLines(from: d.eventsPath, to: out)
                    try out.commit()
                } catch { out.abandon(); throw error }
            }
        case .libinput:
            let out = try OutputSink(path: path)
            do {
                try out.writeLine(LibinputRecordFormat.renderHeader(devices: devices.map(\.description)).trimmingTrailingNewline)
                for d in devices {
                    try out.writeLine(LibinputRecordFormat.renderDevice(d.description).trimmingTrailingNewline)
                    try copyLines(from: d.eventsPath, to: out)
                }
                try out.commit()
            } catch { out.abandon(); throw error }
        }
    }

    /// evemu's `B: 00` line is `EVIOCGBIT(0)`: the device's event *types*,
    /// whereas libevdev (and libinput record) list the `EV_SYN` codes under
    /// type 0. Rewrite it so that evemu-device recreates the right device.
    static func evemuDescription(_ d: DeviceDescription) -> DeviceDescription {
        var e = d
        e.codes[0] = Set(d.codes.filter { !$0.value.isEmpty || $0.key == 0 }.keys)
        return e
    }

    /// Removes the temporary files (after an error before any event).
    @usableFromInline package func abandon() {
        finished = true
        for d in devices { d.events.abandon(); unlink(d.eventsPath) }
    }

    private func copyLines(from file: String, to out: OutputSink) throws {
        let r = LineReader(try InputFile(path: file))
        _ = try r.forEachLine(upTo: Int.max) { line, _ in try out.writeLine(String(decoding: line, as: UTF8.self)) }
    }
}

extension String {
    var trimmingTrailingNewline: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}
#endif
