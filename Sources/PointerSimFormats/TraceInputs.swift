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
        let prefixes = try paths.map { try LineReader.prefix(of: $0) }
        var i = 0
        while i < paths.count {
            let path = paths[i], prefix = prefixes[i]
            switch detect(prefix) {
            case .pointerSimTrace:
                sources.append(ArrayEventSource(try PointerSimTrace.load(path: path)))
            case .evemu:
                if EvemuFormat.matchesEvents(prefix) {
                    throw InputError.malformed(path, line: 1, "an evemu events file without its description: give the .desc file first, then this file")
                }
                if i + 1 < paths.count, EvemuFormat.matchesEvents(prefixes[i + 1]) {
                    raw.append(try EvemuReader(path: path, eventsPath: paths[i + 1])); rawNames.append(path)
                    i += 1
                } else {
                    raw.append(try EvemuReader(path: path)); rawNames.append(path)
                }
            case .libinputRecord:
                raw.append(try LibinputRecordReader(path: path)); rawNames.append(path)
            case nil:
                throw InputError.malformed(
                    path, line: 1,
                    "unrecognised trace format (expected \"\(PointerSimTrace.header)\", an evemu recording or a libinput recording)")
            }
            i += 1
        }
        if !raw.isEmpty { sources.append(try DecodedEventSource(readers: raw, names: rawNames, configuration: configuration)) }
        return sources
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
        let merged = MergedEventSource(try TraceInputs.open(paths: paths, scene: scene))
        var sim = Simulator(scene: scene, options: options)
        var out: [LogRecord] = []
        while let e = try merged.next() {
            sim.process(e, into: &out)
            for r in out { try body(r) }
            out.removeAll(keepingCapacity: true)
        }
    }
}
