import PointerSimCore
import PointerSimFormats
import PointerSimInput

/// Opens the inputs of a replay, recognising each format by content
/// (`InputFormat`), as pointer-event streams. Every input is opened once:
/// `-` (standard input), pipes and FIFOs work as well as files.
public enum TraceInputs {
    /// Opens the inputs: one stream per `pointersim-trace` file, and one for
    /// all raw recordings together (one `RawInputPipeline`: merged by
    /// timestamp and decoded together, so a keyboard in one file modifies a
    /// mouse in another). A `.desc` followed by its `.events` is one evemu
    /// recording.
    /// - Throws: `InputError`: `cannotOpen` for an input that cannot be
    ///   opened; `malformed` for an unrecognised or malformed one, or a device
    ///   that cannot be decoded.
    public static func open(paths: [String], configuration: DecoderConfiguration) throws -> [any PointerEventStream] {
        try openInputs(paths: paths, configuration: configuration).map(\.stream)
    }

    /// ``open(paths:configuration:)``, each stream with the input it reads:
    /// a trace (its index among `paths`) or the raw recordings.
    @usableFromInline package static func openInputs(
        paths: [String],
        configuration: DecoderConfiguration
    ) throws -> [(input: Session.Input, stream: any PointerEventStream)] {
        var streams: [(input: Session.Input, stream: any PointerEventStream)] = []
        var raw = RawInputPipeline(configuration: configuration)
        try classify(
            paths: paths,
            trace: { i, r in streams.append((.trace(i), TraceReader(r))) },
            raw: { r, _ in
                for (d, s) in zip(r.devices, r.streams) { _ = raw.addDevice(d, stream: s) }
            }
        )
        if !raw.devices.isEmpty { streams.append((.recordings, DecodedRawStream(raw))) }
        return streams
    }

    /// Opens raw recordings only (evemu, `libinput record`), for `decode`;
    /// their items name devices by their index over all the recordings.
    /// - Throws: `InputError`: `cannotOpen` for an input that cannot be
    ///   opened; `malformed` for a malformed one or one that is not a raw recording.
    @usableFromInline package static func openRecordings(paths: [String]) throws -> [any RawEventReader] {
        var raw: [any RawEventReader] = []
        try classify(
            paths: paths,
            trace: { _, r in
                throw InputError.malformed(
                    r.input.name,
                    line: 1,
                    "a pointersim-trace holds pointer events, not raw device events: decode reads evemu and libinput recordings"
                )
            },
            raw: { r, _ in raw.append(r) }
        )
        return raw
    }

    /// Opens every input (each once), recognises its format from its first
    /// bytes and hands it on: `trace` for `pointersim-trace` (with its index
    /// among `paths`), `raw` for recordings (with the name that names them in
    /// messages), whose devices are numbered in order over all the recordings.
    static func classify(paths: [String], trace: (Int, LineReader) throws -> Void, raw: (any RawEventReader, String) throws -> Void) throws {
        let readers = try paths.map { LineReader(try InputFile(path: $0)) }
        let formats = try readers.map { InputFormat.detect(try $0.prefix(InputFormat.prefixLength)) }
        var devices = 0
        var i = 0
        while i < readers.count {
            let reader = readers[i], name = reader.input.name
            switch formats[i] {
            case .pointerSimTrace:
                try trace(i, reader)
            case .evemu:
                var events: LineReader? = nil
                if i + 1 < readers.count, formats[i + 1] == .evemuEvents { events = readers[i + 1]; i += 1 }
                let r = try EvemuReader(reader, events: events, device: devices)
                devices += r.devices.count
                try raw(r, name)
            case .evemuEvents:
                throw InputError.malformed(name, line: 1, "an evemu events file without its description: give the .desc file first, then this file")
            case .libinputRecord:
                let r = try LibinputRecordReader(reader, firstDevice: devices)
                devices += r.devices.count
                try raw(r, name)
            case nil:
                throw InputError.malformed(
                    name,
                    line: 1,
                    "unrecognised trace format (expected \"\(PointerSimTrace.header)\", an evemu recording or a libinput recording)"
                )
            }
            i += 1
        }
    }
}

/// Raw recordings through the ``RawInputPipeline`` (merge, clock, decoder):
/// pointer events rebased on the first raw item.
final class DecodedRawStream: PointerEventStream {
    private var pipeline: RawInputPipeline?
    private var origin: Int64? = nil
    private var finished = false
    /// Raw items decoded per batch (at least; a frame is never cut).
    static let batchSize = 256

    init(_ pipeline: RawInputPipeline) { self.pipeline = pipeline }

    var clockZero: Double { Double(origin ?? 0) / 1_000_000 }
    var startTime: Double? { origin.map { Double($0) / 1_000_000 } }

    func read(into events: inout [PointerEvent]) throws -> Bool {
        // A local, unique copy while decoding (no exclusivity checks per item).
        guard var p = pipeline else { return false }
        pipeline = nil
        defer { pipeline = p; origin = p.origin }
        let target = events.count + Self.batchSize
        while events.count < target {
            guard let item = try p.next() else {
                // The end: libinput's pending timers still fire.
                if !finished { finished = true; p.finish(into: &events) }
                return false
            }
            p.decode(item, into: &events)
        }
        return true
    }
}

/// The replay driver: runs recordings through the simulation and hands out
/// the interaction log.
public enum Replay {
    /// Replays `paths` over `scene` (raw recordings decoded with `decoder`:
    /// a scene file's `SceneSetup.decoder`), writing each log line to
    /// `sink` as it is produced.
    /// - Throws: `InputError` for unreadable or malformed input; lines
    ///   already written stay complete.
    @usableFromInline package static func run(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        options: SimulationOptions,
        sink: OutputSink
    ) throws {
        try forEachRecord(paths: paths, scene: scene, decoder: decoder, options: options) { try sink.writeLine($0) }
    }

    /// Replays `paths` over `scene`, handing each log record to `body` as it is
    /// produced (the events are read lazily, so memory stays bounded).
    /// - Throws: `InputError` for unreadable or malformed input, or what `body` throws.
    public static func forEachRecord(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        options: SimulationOptions,
        _ body: (LogRecord) throws -> Void
    ) throws {
        try forEachStep(paths: paths, scene: scene, decoder: decoder, options: options) { step, _ in
            for r in step.records { try body(r) }
        }
    }

    /// One step of a replay (a ``Session``'s): an autoscroll step or an
    /// input event with the input it came from, and the records it caused.
    public typealias Step = Session.Step

    /// What a replay read.
    public struct Summary {
        /// The trace-clock time subtracted from every event (the earliest
        /// start, see `merged(_:)`).
        public var origin: Double
        /// The inputs read, in the order of their streams (a trace per
        /// `pointersim-trace` file, one for all raw recordings).
        public var inputs: [Session.Input]
    }

    /// Replays `paths` over `scene` one step at a time through a ``Session``:
    /// every autoscroll step on its own, then each input event; `body` sees
    /// the records of the step, the input it came from, and the simulator
    /// after it (scroll offset, regions, held buttons). The records are those
    /// of ``forEachRecord(paths:scene:decoder:options:_:)``.
    /// - Returns: the clock's origin and the inputs read.
    @discardableResult
    public static func forEachStep(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        options: SimulationOptions,
        _ body: (Step, Simulator) throws -> Void
    ) throws -> Summary {
        let opened = try TraceInputs.openInputs(paths: paths, configuration: decoder)
        var (events, origin) = try aligned(opened.map(\.stream))
        var session = Session(scene: scene, options: options)
        var i = 0
        while let e = try events.next(source: &i) {
            try session.process(e, from: opened[i].input, body)
        }
        try session.finish(body)
        return Summary(origin: origin, inputs: opened.map(\.input))
    }

    /// The streams merged by time (ties keep the order of the streams) on
    /// one clock whose 0 is the earliest start: every stream is shifted by
    /// its `clockZero` minus that (raw recordings starting first: by 0, so
    /// their times are exactly the rebased ones, as live).
    /// - Throws: `InputError` from a first batch.
    @usableFromInline package static func merged(_ streams: [any PointerEventStream]) throws -> StreamMerge<PointerEvent> {
        try aligned(streams).merge
    }

    /// ``merged(_:)`` and the trace-clock time of its 0.
    static func aligned(_ streams: [any PointerEventStream]) throws -> (merge: StreamMerge<PointerEvent>, origin: Double) {
        var merge = StreamMerge<PointerEvent>()
        for s in streams { _ = merge.addSource { try s.read(into: &$0) } }
        try merge.prime()
        var starts: [Double] = []
        for (i, s) in streams.enumerated() {
            if let h = merge.first(of: i) { starts.append(s.clockZero == 0 ? h.time : s.clockZero + h.time) }
            if let t = s.startTime { starts.append(t) }
        }
        let origin = starts.min() ?? 0
        for (i, s) in streams.enumerated() { merge.setOffset(s.clockZero - origin, source: i) }
        return (merge, origin)
    }
}
