#if os(Linux)
import CLibevdev
import Glibc
import PointerSimCore
import PointerSimFormats
import PointerSimInput

/// What `pointersim live` and `pointersim record` read and do.
public struct LiveOptions: Sendable {
    /// The nodes to read; empty: every pointer device and keyboard, plus
    /// those that appear later (inotify on `/dev/input`).
    public var devicePaths: [String] = []
    /// Grab the devices exclusively (EVIOCGRAB). Off by default: other
    /// programs (the desktop) keep seeing the input.
    public var grab = false
    /// Run the simulation and write the log (`live`); `record` only records.
    public var simulate = true
    /// Also write a `pointer` line after every input frame.
    public var verbose = false
    /// The folder watched for new nodes.
    public var inputDirectory = Discovery.inputDirectory
    /// Creates options.
    public init() {}
}

/// Reads live devices with poll(2) and libevdev, decodes them with the same
/// ``InputMerger`` as replay, runs the ``Simulator`` and writes each log line
/// as it happens; optionally records the raw input.
///
/// Times: every raw event is rebased on the first event read (integer
/// microseconds), exactly as the recording stores it, and the log's `t` is
/// measured from there, as replay measures a raw recording from its first
/// event. So a replay of the recording prints the same log, byte for byte.
public final class LiveSession {
    private struct Slot {
        var device: EvdevDevice
        var index: Int          // index in the merger and the recorder
    }

    private let options: LiveOptions
    private let scene: Scene
    private let log: OutputSink?
    private let recorder: LiveRecorder?
    private let note: (String) -> Void
    private var slots: [Slot] = []
    private var descriptions: [DeviceDescription] = []
    private var merger: InputMerger
    private var simulator: Simulator
    private var base: (sec: Int64, usec: Int32)? = nil
    private var records: [LogRecord] = []
    private var signalFD: Int32 = -1
    private var inotifyFD: Int32 = -1
    private var knownNodes: Set<String> = []

    /// Opens the devices (`options.devicePaths`, or every pointer device and
    /// keyboard) and prepares the simulation.
    /// - Parameters:
    ///   - log: where log lines go (flushed per line by the caller's sink); `nil` for `record`.
    ///   - recorder: records the raw input, if given.
    ///   - note: progress messages for stderr (`pointersim: reading …`).
    /// - Throws: ``InputError`` 66 when a named device cannot be opened, or
    ///   when there is no input device at all; 65 if a device cannot be decoded.
    public init(scene: Scene, options: LiveOptions, log: OutputSink?, recorder: LiveRecorder?,
                note: @escaping (String) -> Void) throws {
        self.scene = scene
        self.options = options
        self.log = log
        self.recorder = recorder
        self.note = note
        merger = Self.makeMerger([], scene: scene)
        simulator = Simulator(scene: scene, options: SimulationOptions(verbose: options.verbose))

        var opened: [EvdevDevice] = []
        if !options.devicePaths.isEmpty {
            var seen: Set<String> = []
            for path in options.devicePaths where seen.insert(path).inserted {   // a node named twice is read once
                do throws(DeviceOpenError) {
                    opened.append(try EvdevDevice(path: path, grab: options.grab))
                } catch {
                    throw InputError(.cannotOpen, file: path, "cannot open the device: \(error.reason): \(error.advice)")
                }
            }
        } else {
            guard let nodes = Discovery.eventNodes(in: options.inputDirectory) else {
                throw InputError(.cannotOpen, file: options.inputDirectory,
                                 "does not exist: this machine has no input devices (a container or a build machine?)")
            }
            var refused: [DeviceOpenError] = []
            for path in nodes {
                knownNodes.insert(path)
                do throws(DeviceOpenError) {
                    let d = try EvdevDevice(path: path, grab: options.grab)
                    if isLiveInput(d.deviceDescription) { opened.append(d) }
                } catch {
                    refused.append(error)
                }
            }
            for e in refused { note("skipping \(e)") }
            if opened.isEmpty, let why = refused.first {
                throw InputError(.cannotOpen, file: options.inputDirectory,
                                 "no readable pointer device or keyboard: \(why.reason): \(why.advice)")
            }
            if opened.isEmpty { note("no pointer device or keyboard yet: waiting for one to be plugged in") }
        }
        for d in opened { try add(d) }
    }

    deinit {
        if signalFD >= 0 { close(signalFD) }
        if inotifyFD >= 0 { close(inotifyFD) }
    }

    private static func makeMerger(_ d: [DeviceDescription], scene: Scene) -> InputMerger {
        InputMerger(devices: d, configuration: DecoderConfiguration(pointer: scene.pointer))
    }

    private func add(_ d: EvdevDevice) throws {
        let index = descriptions.count
        descriptions.append(d.deviceDescription)
        let i = merger.addDevice(d.deviceDescription)
        precondition(i == index, "merger and session disagree on device indices")
        try recorder?.addDevice(d.deviceDescription)
        slots.append(Slot(device: d, index: index))
        knownNodes.insert(d.path)
        note("reading \(d.path) (\(d.deviceDescription.name), \(DeviceKind.classify(d.deviceDescription).rawValue)\(d.grabbed ? ", grabbed" : ""))")
    }

    /// Runs until SIGINT/SIGTERM (exit status 0), or until every named device
    /// is gone (74). The log and the recording are complete either way.
    /// - Throws: ``InputError`` 74 when the log or the recording cannot be written.
    public func run() throws -> Int32 {
        signalFD = pointersim_termination_signalfd()
        if signalFD < 0 { throw InputError(.io, file: "signalfd", String(cString: strerror(errno))) }
        if options.devicePaths.isEmpty {
            inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if inotifyFD >= 0 {
                _ = inotify_add_watch(inotifyFD, options.inputDirectory, UInt32(IN_CREATE | IN_ATTRIB))
            }
        }
        var status: Int32 = 0
        // Events read but not yet processed (raw times), in time order.
        var pending: [(index: Int, event: EvdevEvent)] = []
        var scratch: [EvdevEvent] = []
        loop: while true {
            if slots.isEmpty && options.devicePaths.isEmpty == false {
                note("every device is gone; stopping")
                status = 74
                break
            }
            var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
            for s in slots { fds.append(pollfd(fd: s.device.fd, events: Int16(POLLIN), revents: 0)) }
            let n = poll(&fds, nfds_t(fds.count), pending.isEmpty ? -1 : 0)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.io, file: "poll", String(cString: strerror(errno)))
            }
            // On SIGINT/SIGTERM, everything already queued is still read (so
            // the recording holds what was typed before Ctrl-C), then we stop.
            let stopping = fds[0].revents != 0 && pointersim_read_signalfd(signalFD) > 0
            // Devices are read one after the other, so a device read later may
            // hold an event newer than one still queued on a device read
            // earlier. Merging by timestamp (as replay does) is only right for
            // events stamped before `barrier`, taken before reading: those were
            // all queued already. Later ones wait for the next round, which
            // comes at once (poll timeout 0).
            let now = EvdevDevice.monotonicNow()
            let barrier = (now.sec, now.usec)
            var gone: [Int] = []
            for (k, s) in slots.enumerated() {
                scratch.removeAll(keepingCapacity: true)
                let st = s.device.readPending(into: &scratch)
                for e in scratch { pending.append((s.index, e)) }
                if case .removed = st { gone.append(k) }
            }
            if !pending.isEmpty {
                // stable: equal times keep device order, like replay's merge
                pending = pending.enumerated().sorted { a, b in
                    let ta = (a.element.event.sec, a.element.event.usec), tb = (b.element.event.sec, b.element.event.usec)
                    return ta != tb ? ta < tb : a.offset < b.offset
                }.map(\.element)
                let flushAll = stopping || !gone.isEmpty
                var ready = pending.count
                if !flushAll, let cut = pending.firstIndex(where: { ($0.event.sec, $0.event.usec) > barrier }) { ready = cut }
                for (i, e) in pending[..<ready] { try process(device: i, rebase(e)) }
                pending.removeFirst(ready)
            }
            for k in gone.reversed() {
                let s = slots.remove(at: k)
                let now = EvdevDevice.monotonicNow()
                let at = rebase(EvdevEvent(sec: now.sec, usec: now.usec, type: 0, code: 0, value: 0))
                try recorder?.deviceRemoved(index: s.index, at: at)
                // the same arithmetic as replay's removal marker (integer µs / 10⁶)
                try emit(merger.removeDevice(s.index, at: Double(at.sec * 1_000_000 + Int64(at.usec)) / 1_000_000))
                note("device removed: \(s.device.path)")
            }
            if stopping {
                note("stopped")
                break loop
            }
            if inotifyFD >= 0, fds[1].revents != 0 { try scanNewNodes() }
        }
        try recorder?.finish()
        try log?.flush()
        return status
    }

    /// `e` with its time relative to the first event read (normalised so
    /// that 0 ≤ usec < 1 000 000).
    private func rebase(_ e: EvdevEvent) -> EvdevEvent {
        if base == nil { base = (e.sec, e.usec) }
        let b = base!
        var us = (e.sec - b.sec) * 1_000_000 + Int64(e.usec) - Int64(b.usec)
        var r = e
        let neg = us < 0
        if neg { us = -us }
        r.sec = us / 1_000_000
        r.usec = Int32(us % 1_000_000)
        if neg {   // before the base: borrow, so usec stays non-negative
            r.sec = -r.sec
            if r.usec != 0 { r.sec -= 1; r.usec = 1_000_000 - r.usec }
        }
        return r
    }

    private func process(device index: Int, _ e: EvdevEvent) throws {
        try recorder?.record(index: index, e)
        try emit(merger.feed(device: index, e))
    }

    private func emit(_ events: [PointerEvent]) throws {
        guard options.simulate, !events.isEmpty else { return }
        // Times are already relative to the first raw event read, which is
        // where replay starts a raw recording's clock too.
        for p in events { simulator.process(p, into: &records) }
        if let log {
            for r in records { try log.writeLine(LogLine.render(r)) }
        }
        records.removeAll(keepingCapacity: true)
    }

    /// Picks up nodes that appeared (or became readable) in the watched folder.
    private func scanNewNodes() throws {
        var buf = [UInt8](repeating: 0, count: 4096)
        while buf.withUnsafeMutableBytes({ read(inotifyFD, $0.baseAddress, $0.count) }) > 0 {}
        guard let nodes = Discovery.eventNodes(in: options.inputDirectory) else { return }
        let open = Set(slots.map { $0.device.path })
        for path in nodes where !open.contains(path) {
            let d: EvdevDevice
            do throws(DeviceOpenError) {
                d = try EvdevDevice(path: path, grab: options.grab)
            } catch {
                // Permissions are often set by udev just after the node
                // appears: IN_ATTRIB brings us back here. Say it once.
                if !knownNodes.contains(path) { note("skipping \(error)") }
                knownNodes.insert(path)
                continue
            }
            knownNodes.insert(path)
            if isLiveInput(d.deviceDescription) { try add(d) }
        }
    }
}
#endif
