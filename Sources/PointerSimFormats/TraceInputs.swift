import PointerSimCore
import PointerSimInput

/// Opens trace files of any supported format, recognised by content
/// (FORMATS.md §2), as pointer-event sources.
public enum TraceInputs {
    /// The formats recognised by content.
    public enum Format: String, Sendable {
        /// `pointersim-trace 1`.
        case pointerSimTrace
        /// evemu (single file or `.desc` + `.events`).
        case evemu
        /// `libinput record` YAML.
        case libinputRecord
    }

    /// Recognises a file's format from its first bytes.
    public static func detect(_ prefix: [UInt8]) -> Format? {
        if PointerSimTrace.matches(prefix) { return .pointerSimTrace }
        if EvemuFormat.matchesDescription(prefix) || EvemuFormat.matchesEvents(prefix) { return .evemu }
        if LibinputRecordFormat.matches(prefix) { return .libinputRecord }
        return nil
    }

    /// Opens the files as sources: one per `pointersim-trace` file, and one
    /// for all raw recordings together (decoded through one ``InputMerger``,
    /// merged by timestamp, so a keyboard in one file modifies a mouse in
    /// another). A `.desc` followed by its `.events` counts as one evemu trace.
    /// - Throws: ``InputError``: 66 for a file that cannot be opened, 65 for
    ///   an unrecognised or malformed one.
    public static func open(paths: [String], scene: Scene) throws -> [any PointerEventSource] {
        try open(paths: paths, configuration: DecoderConfiguration(pointer: scene.pointer))
    }

    /// ``open(paths:scene:)`` with an explicit decoder configuration.
    public static func open(paths: [String], configuration: DecoderConfiguration) throws -> [any PointerEventSource] {
        var sources: [any PointerEventSource] = []
        var raw: [any RawEventReader] = [], rawNames: [String] = []
        try classify(paths: paths, trace: { sources.append(ArrayEventSource(try PointerSimTrace.load(path: $0))) },
                     raw: { raw.append($0); rawNames.append($1) })
        if !raw.isEmpty { sources.append(DecodedEventSource(readers: raw, names: rawNames, configuration: configuration)) }
        return sources
    }

    /// Opens raw recordings only (evemu, `libinput record`), for `decode`.
    /// - Throws: ``InputError``: 66 for a file that cannot be opened, 65 for a
    ///   malformed one or one that is not a raw recording.
    public static func openRecordings(paths: [String]) throws -> [any RawEventReader] {
        var raw: [any RawEventReader] = []
        try classify(paths: paths, trace: {
            throw InputError.malformed($0, line: 1, "a pointersim-trace holds pointer events, not raw device events: decode reads evemu and libinput recordings")
        }, raw: { r, _ in raw.append(r) })
        return raw
    }

    /// Recognises each file and opens it: `trace` for `pointersim-trace`
    /// files, `raw` for recordings (with the path that names them).
    static func classify(paths: [String], trace: (String) throws -> Void, raw: (any RawEventReader, String) throws -> Void) throws {
        let prefixes = try paths.map { try LineReader.prefix(of: $0) }
        var i = 0
        while i < paths.count {
            let path = paths[i], prefix = prefixes[i]
            switch detect(prefix) {
            case .pointerSimTrace:
                try trace(path)
            case .evemu:
                if EvemuFormat.matchesEvents(prefix) {
                    throw InputError.malformed(path, line: 1, "an evemu events file without its description: give the .desc file first, then this file")
                }
                if i + 1 < paths.count, EvemuFormat.matchesEvents(prefixes[i + 1]) {
                    try raw(try EvemuReader(path: path, eventsPath: paths[i + 1]), path)
                    i += 1
                } else {
                    try raw(try EvemuReader(path: path), path)
                }
            case .libinputRecord:
                try raw(try LibinputRecordReader(path: path), path)
            case nil:
                throw InputError.malformed(
                    path, line: 1,
                    "unrecognised trace format (expected \"\(PointerSimTrace.header)\", an evemu recording or a libinput recording)")
            }
            i += 1
        }
    }
}

/// Runs recordings through the simulation and writes the interaction log.
public enum Replay {
    /// Replays `paths` over `scene`, writing each log line to `sink` as it is
    /// produced.
    /// - Throws: ``InputError`` for unreadable or malformed input; lines
    ///   already written stay complete.
    public static func run(paths: [String], scene: Scene, options: SimulationOptions, sink: OutputSink) throws {
        try forEachRecord(paths: paths, scene: scene, options: options) { try sink.writeLine(LogLine.render($0)) }
    }

    /// Replays `paths` over `scene`, handing each log record to `body` as it is
    /// produced (the events are read lazily, so memory stays bounded).
    /// - Throws: ``InputError`` for unreadable or malformed input, or what `body` throws.
    public static func forEachRecord(
        paths: [String], scene: Scene, options: SimulationOptions, _ body: (LogRecord) throws -> Void
    ) throws {
        try forEachStep(paths: paths, scene: scene, options: options) { step, _ in
            for r in step.records { try body(r) }
        }
    }

    /// One step of a replay: an autoscroll step (`event` nil) or an input
    /// event, with the records it caused.
    public struct Step {
        /// The input event processed, or nil for an autoscroll step.
        public var event: PointerEvent?
        /// The log records of this step, in order.
        public var records: [LogRecord]
    }

    /// Replays `paths` over `scene` one step at a time: every autoscroll step
    /// on its own, then each input event; `body` sees the records of the step
    /// and the simulator after it (scroll offset, regions, held buttons).
    /// The records are those of ``forEachRecord(paths:scene:options:_:)``.
    /// - Returns: the trace-clock time subtracted from every event (the
    ///   earliest event's time).
    @discardableResult
    public static func forEachStep(
        paths: [String], scene: Scene, options: SimulationOptions, _ body: (Step, Simulator) throws -> Void
    ) throws -> Double {
        let merged = MergedEventSource(try TraceInputs.open(paths: paths, scene: scene))
        var sim = Simulator(scene: scene, options: options)
        var step = Step(event: nil, records: [])
        while let e = try merged.next() {
            // Autoscroll steps due before the event, one at a time (as
            // `process` would run them, at min(tick, event time)).
            while let tick = sim.autoscroller.nextTick, tick <= e.time + 1e-9 {
                sim.runAutoscroll(until: Swift.min(tick, e.time), into: &step.records)
                if sim.autoscroller.nextTick == tick { break }  // defensive: no progress
                if !step.records.isEmpty { try body(step, sim); step.records.removeAll(keepingCapacity: true) }
            }
            step.event = e
            sim.process(e, into: &step.records)
            try body(step, sim)
            step.event = nil
            step.records.removeAll(keepingCapacity: true)
        }
        return merged.origin
    }
}
