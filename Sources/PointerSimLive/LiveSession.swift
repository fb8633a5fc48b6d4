#if os(Linux)
import CLibevdev
import Glibc
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline

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

/// Reads live devices with poll(2) and libevdev through the same
/// `RawInputPipeline` as replay (merge by timestamp, integer-µs clock on
/// the first event, decoder), runs the same `Session` (the simulator, its
/// autoscroll steps) and writes each log line as it happens; optionally
/// records the raw input.
///
/// The recording stores the events exactly as the pipeline hands them out
/// (rebased, in merge order per device), and a replay runs them through the
/// same pipeline: so it prints the same log, byte for byte, by construction.
public final class LiveSession {
    private struct Slot {
        var device: EvdevDevice
        var index: Int  // index in the merger and the recorder
    }

    private let options: LiveOptions
    private let scene: SimulationScene
    /// Where log lines go: the command's buffered sink, or a client's closure.
    private enum Log {
        case sink(OutputSink)
        case lines((String) throws -> Void)
    }
    private var log: Log?
    private let recorder: LiveRecorder?
    private let note: (String) -> Void
    private var slots: [Slot] = []
    private var pipeline: RawInputPipeline
    private var session: Session
    private var events: [PointerEvent] = []
    private var signalFD: Int32 = -1
    private var inotifyFD: Int32 = -1
    private var knownNodes: Set<String> = []

    /// Opens the devices (`options.devicePaths`, or every pointer device and
    /// keyboard) and prepares the simulation.
    /// - Parameters:
    ///   - scene: the scene the simulation runs over.
    ///   - decoder: how the devices' events become pointer events (a scene
    ///     file's `SceneSetup.decoder`).
    ///   - options: the devices to read, grabbing, verbosity.
    ///   - log: where log lines go (flushed per line by the caller's sink); `nil` for `record`.
    ///   - recorder: records the raw input, if given.
    ///   - note: progress messages for stderr (`pointersim: reading …`).
    /// - Throws: `InputError`: `cannotOpen` when a named device cannot be
    ///   opened, or when there is no input device at all; `malformed` if a
    ///   device cannot be decoded.
    @usableFromInline package init(
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        options: LiveOptions,
        log: OutputSink?,
        recorder: LiveRecorder?,
        note: @escaping (String) -> Void
    ) throws {
        self.scene = scene
        self.options = options
        self.log = log.map(Log.sink)
        self.recorder = recorder
        self.note = note
        pipeline = RawInputPipeline(configuration: decoder)
        session = Session(scene: scene, options: SimulationOptions(verbose: options.verbose))

        var opened: [EvdevDevice] = []
        if !options.devicePaths.isEmpty {
            var seen: Set<String> = []
            for path in options.devicePaths where seen.insert(path).inserted {  // a node named twice is read once
                do throws(DeviceOpenError) {
                    opened.append(try EvdevDevice(path: path, grab: options.grab))
                } catch {
                    throw InputError(.cannotOpen, file: path, "cannot open the device: \(error.reason): \(error.advice)")
                }
            }
        } else {
            guard let nodes = Discovery.eventNodes(in: options.inputDirectory) else {
                throw InputError(
                    .cannotOpen,
                    file: options.inputDirectory,
                    "does not exist: this machine has no input devices (a container or a build machine?). "
                        + "On a machine with a mouse or touchpad, `pointersim record --output FILE` records one; "
                        + "here, replay a recording instead: `pointersim replay FILE` (bundled ones are in Traces/)"
                )
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
                throw InputError(
                    .cannotOpen,
                    file: options.inputDirectory,
                    "no readable pointer device or keyboard: \(why.reason): \(why.advice)"
                )
            }
            if opened.isEmpty { note("no pointer device or keyboard yet: waiting for one to be plugged in") }
        }
        for d in opened { try add(d) }
    }

    /// Opens the devices (`options.devicePaths`, or every pointer device and
    /// keyboard) and prepares the simulation; ``run()`` hands each log line
    /// (one JSON object, no newline, as `pointersim live` prints it) to
    /// `logLine` as it happens.
    /// - Parameters:
    ///   - scene: the scene the simulation runs over.
    ///   - decoder: how the devices' events become pointer events.
    ///   - options: the devices to read, grabbing, verbosity; with
    ///     `options.simulate` false no line is made (record only).
    ///   - recorder: records the raw input, if given.
    ///   - note: progress messages (`reading …`, `stopped`).
    ///   - logLine: receives each log line; an error it throws ends ``run()``.
    /// - Throws: `InputError`: `cannotOpen` when a named device cannot be
    ///   opened, or when there is no input device at all; `malformed` if a
    ///   device cannot be decoded.
    public convenience init(
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        options: LiveOptions,
        recorder: LiveRecorder? = nil,
        note: @escaping (String) -> Void = { _ in },
        logLine: @escaping (String) throws -> Void
    ) throws {
        try self.init(scene: scene, decoder: decoder, options: options, log: nil, recorder: recorder, note: note)
        log = .lines(logLine)
    }

    deinit {
        if signalFD >= 0 { close(signalFD) }
        if inotifyFD >= 0 { close(inotifyFD) }
    }

    private func add(_ d: EvdevDevice) throws {
        let index = pipeline.addDevice(d.deviceDescription)
        try recorder?.addDevice(d.deviceDescription)
        slots.append(Slot(device: d, index: index))
        knownNodes.insert(d.path)
        note("reading \(d.path) (\(d.deviceDescription.name), \(DeviceKind.classify(d.deviceDescription).rawValue)\(d.grabbed ? ", grabbed" : ""))")
    }

    /// Why ``run()`` ended.
    public enum Ending: Sendable, Equatable {
        /// SIGINT or SIGTERM.
        case signal
        /// Every named device went away.
        case devicesGone
    }

    /// Runs until SIGINT/SIGTERM, or until every named device is gone. The
    /// log and the recording are complete either way.
    /// - Throws: `InputError` of kind `io` when the log or the recording
    ///   cannot be written.
    public func run() throws -> Ending {
        signalFD = pointersim_termination_signalfd()
        if signalFD < 0 { throw InputError(.io, file: "signalfd", String(cString: strerror(errno))) }
        if options.devicePaths.isEmpty {
            inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if inotifyFD >= 0 {
                _ = inotify_add_watch(inotifyFD, options.inputDirectory, UInt32(IN_CREATE | IN_ATTRIB))
            }
        }
        var ending = Ending.signal
        var queued = 0  // events pushed into the pipeline, not yet handed out
        var scratch: [EvdevEvent] = []
        loop: while true {
            if slots.isEmpty && options.devicePaths.isEmpty == false {
                note("every device is gone; stopping")
                ending = .devicesGone
                break
            }
            var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
            for s in slots { fds.append(pollfd(fd: s.device.fd, events: Int16(POLLIN), revents: 0)) }
            // Sleep until input, or until libinput's next timer (a debounced
            // release, button scrolling, tapping) is due.
            var timeout: Int32 = queued == 0 ? -1 : 0
            if queued == 0, let x = pipeline.nextTimerExpiry {
                let now = EvdevDevice.monotonicNow()
                let wait = x - (now.sec * 1_000_000 + Int64(now.usec))
                timeout = wait <= 0 ? 0 : Int32(clamping: (wait + 999) / 1000)
            }
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.io, file: "poll", String(cString: strerror(errno)))
            }
            // On SIGINT/SIGTERM, everything already queued is still read (so
            // the recording holds what was typed before Ctrl-C), then we stop.
            let stopping = fds[0].revents != 0 && pointersim_read_signalfd(signalFD) > 0
            // Devices are read one after the other, so a device read later may
            // hold an event newer than one still queued on a device read
            // earlier. The merge by timestamp is only right for events stamped
            // up to `barrier`, taken before reading: those were all queued
            // already. Later ones wait for the next round, which comes at once
            // (poll timeout 0).
            let barrier = EvdevDevice.monotonicNow()
            var gone: [Int] = []
            for (k, s) in slots.enumerated() {
                scratch.removeAll(keepingCapacity: true)
                let st = s.device.readPending(into: &scratch)
                for e in scratch { pipeline.push(e, device: s.index) }
                queued += scratch.count
                if case .removed = st { gone.append(k) }
            }
            // A removal comes after every event read from any device.
            for k in gone {
                let now = EvdevDevice.monotonicNow()
                pipeline.pushRemoval(device: slots[k].index, at: now.sec * 1_000_000 + Int64(now.usec))
                queued += 1
            }
            let flushAll = stopping || !gone.isEmpty
            while let item = try pipeline.next(notAfter: flushAll ? nil : barrier.sec * 1_000_000 + Int64(barrier.usec)) {
                if case .added = item { continue }
                queued -= 1
                try process(item)
            }
            // Every event up to the barrier is handed out: timers due by then fire.
            pipeline.fireTimers(upTo: barrier.sec * 1_000_000 + Int64(barrier.usec), into: &events)
            try simulate()
            for k in gone.reversed() {
                note("device removed: \(slots.remove(at: k).device.path)")
            }
            if stopping {
                // As at the end of a replay: pending timers still fire.
                pipeline.finish(into: &events)
                try simulate()
                note("stopped")
                break loop
            }
            if inotifyFD >= 0, fds[1].revents != 0 { try scanNewNodes() }
        }
        try recorder?.finish()
        if case .sink(let sink) = log { try sink.flush() }
        return ending
    }

    /// Records one item of the pipeline (times rebased), decodes it and runs
    /// the simulation on what it completes.
    private func process(_ item: RawItem) throws {
        switch item {
        case .event(let d, let e): try recorder?.record(index: d, e)
        case .removed(let d, let t):
            try recorder?.deviceRemoved(index: d, at: EvdevEvent(sec: 0, usec: 0, type: 0, code: 0, value: 0).atMicroseconds(t))
        case .added: return
        }
        pipeline.decode(item, into: &events)
        try simulate()
    }

    /// Runs the simulation on the decoded events and writes the log lines.
    private func simulate() throws {
        guard options.simulate, !events.isEmpty else { events.removeAll(keepingCapacity: true); return }
        for p in events {
            try session.process(p, from: .devices) { step, _ in
                switch log {
                case .sink(let sink)?: for r in step.records { try sink.writeLine(LogLine.render(r)) }
                case .lines(let deliver)?: for r in step.records { try deliver(LogLine.render(r)) }
                case nil: break
                }
            }
        }
        events.removeAll(keepingCapacity: true)
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
