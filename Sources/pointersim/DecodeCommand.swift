import ArgumentParser
@_spi(Fuzz) import PointerSimFormats
@_spi(Fuzz) import PointerSimInput
import PointerSimPipeline

extension PointerSimCommand {
    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decodes raw recordings as libinput would, without a kernel: one JSON object per event.",
            // The usage line of before the libinput options (which `--help` lists):
            // error messages keep their exact text.
            usage:
                "pointersim decode <recordings> ... [--output <output>] [--tail <tail>] [--compare <compare>] [--native] [--dmi <dmi>] [--udev <udev> ...] [--quirk <quirk> ...]",
            discussion: """
                Reads evemu (a single file, or a .desc followed by its .events) and libinput record \
                recordings, merged by timestamp into one seat, and prints every libinput-level event: \
                device.added/removed, motion (accelerated and unaccelerated), button, scroll (wheel, \
                finger, continuous), key and gesture. After the last event timers run for --tail seconds \
                and the devices are removed, as in libinput's reference runs. With --compare, prints the \
                frame-by-frame agreement with a libinput reference file instead (single-device recordings). \
                Inputs are read once (- for standard input, pipes and FIFOs work). Exit status: 0 success, \
                64 bad command line, 65 malformed input, 66 unreadable input, 73 an output that cannot be \
                created, 74 I/O error.
                """
        )

        @Argument(help: "Recordings (evemu, libinput record).")
        var recordings: [String]

        // What most users need first; libinput's own options after, under their own heading.
        @OptionGroup(title: "Output and the recording's machine")
        var main: DecodeOptions

        @OptionGroup(title: "libinput configuration (libinput debug-events' options)")
        var libinput: LibinputOptionGroup

        var output: String? { main.output }
        var tail: Double { main.tail }
        var compare: String? { main.compare }
        var native: Bool { main.native }
        var dmi: String? { main.dmi }
        var udevProperties: [String] { main.udevProperties }
        var quirks: [String] { main.quirks }

        /// The decoder configuration the options describe.
        func decoderConfiguration() throws -> DecoderConfiguration {
            var c = DecoderConfiguration()
            c.environment.attachment = native ? .native : .uinput
            c.environment.dmiModalias = dmi
            if let d = dmi, let problem = DecoderOverrides.dmiProblem(d) { throw ValidationError("--dmi: \(problem)") }
            func pairs(_ list: [String], _ option: String, _ check: (String, String) -> String?) throws -> [String: String] {
                var d: [String: String] = [:]
                for item in list {
                    guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                        throw ValidationError("--\(option) takes KEY=VALUE, not \"\(InputError.excerpt(item))\"")
                    }
                    let key = String(item[..<eq]), value = String(item[item.index(after: eq)...])
                    if let problem = check(key, value) { throw ValidationError("--\(option) \(InputError.excerpt(item)): \(problem)") }
                    d[key] = value
                }
                return d
            }
            c.environment.extraUdevProperties = try pairs(udevProperties, "udev") { DecoderOverrides.udevProblem(key: $0, value: $1) }
            c.environment.extraQuirks = try pairs(quirks, "quirk") { DecoderOverrides.quirkProblem(key: $0, value: $1) }
            return try libinput.applied(to: c)
        }

        func validate() throws {
            if recordings.isEmpty { throw ValidationError("give at least one recording") }
            if let p = emptyInputProblem("recording name", recordings) { throw ValidationError(p) }
            if let p = emptyOutputProblem("--output", output, "give a file name, or leave --output out for standard output") {
                throw ValidationError(p)
            }
            if let c = compare, c.isEmpty { throw ValidationError("--compare: the file name is empty (give a libinput reference file)") }
            if !(tail >= 0 && tail <= 3600) { throw ValidationError("--tail must be between 0 and 3600 seconds") }
            _ = try decoderConfiguration()
        }

        func run() throws {
            try runReportingErrors {
                let tailUS = Int64((tail * 1_000_000).rounded())
                // The output first: a folder is refused before anything is read.
                try writeWhole(to: try output.map { try OutputSink(path: $0) } ?? OutputSink()) { sink in
                    if let ref = compare {
                        var events: [DecodedEvent] = []
                        try PointerSimPipeline.Decode.forEachEvent(paths: recordings, configuration: try decoderConfiguration(), tail: tailUS) {
                            if $0.device == 0 { events.append($0) }
                        }
                        // The reference streams: linear in its size, memory bounded by the recording.
                        try sink.writeLine(FidelityReport(decoded: events, referencePath: ref).summary)
                        return
                    }
                    try PointerSimPipeline.Decode.run(paths: recordings, configuration: try decoderConfiguration(), tail: tailUS, sink: sink)
                }
            }
        }
    }
}

/// `decode`'s own options, listed before the libinput options.
struct DecodeOptions: ParsableArguments {
    @Option(help: "Write the events here instead of stdout (the file appears only when complete).")
    var output: String?

    @Option(help: "Seconds of timers after the last event.")
    var tail: Double = 2

    @Option(help: "A libinput reference file (Tools/libinput-ref output) to compare with.")
    var compare: String?

    @Flag(
        help: "Classify devices as attached on the recording's machine (USB, Bluetooth, PS/2 with its driver) instead of as replayed through uinput."
    )
    var native = false

    @Option(help: "The machine's DMI modalias (dmi:bvn…:svn…), for hwdb entries and quirks that match on it.")
    var dmi: String?

    @Option(name: .customLong("udev"), help: "An extra udev property KEY=VALUE (repeatable), as a local hwdb or rules file would set.")
    var udevProperties: [String] = []

    @Option(name: .customLong("quirk"), help: "An extra libinput quirk KEY=VALUE (repeatable), as local-overrides.quirks would set.")
    var quirks: [String] = []
}
