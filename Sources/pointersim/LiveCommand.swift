import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline

#if os(Linux)
import PointerSimLive
#endif

extension PointerSimCommand {
    /// `pointersim live`: the simulation on live devices, log as it happens.
    struct Live: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reads live devices and writes the interaction log as events happen.",
            // The usage line of before the libinput options (which `--help` lists):
            // error messages keep their exact text.
            usage: "pointersim live [--scene <scene>] [--device <device> ...] [--record <record>] [--format <format>] [--grab] [--verbose]",
            discussion: """
                Without --device, every pointer device and keyboard in /dev/input is read, and devices \
                plugged in later are picked up. A device that goes away becomes a device.removed line; the \
                others go on. Ctrl-C (SIGINT) or SIGTERM ends cleanly: the log and the recording are \
                complete. Exit status: 0 ended by a signal, 64 bad command line, 65 a device that cannot be \
                decoded or a malformed scene, 66 a device that cannot be opened, 73 a recording that cannot \
                be created, 74 an I/O error or every named device removed.
                """
        )

        // What most users need first; the libinput options after, under their own heading.
        @OptionGroup(title: "Devices, scene and output")
        var main: LiveOptionsArguments

        @OptionGroup(title: "libinput configuration (libinput debug-events' options)")
        var libinput: LibinputOptionGroup

        var scene: String? { main.scene }
        var devices: [String] { main.devices }
        var record: String? { main.record }
        var format: RecordingFormatArgument { main.format }
        var grab: Bool { main.grab }
        var verbose: Bool { main.verbose }

        func validate() throws {
            if let p = emptyOutputProblem("--record", record, "give the recording's file name") { throw ValidationError(p) }
            if let p = emptyInputProblem("device path", devices, option: "--device")
                ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene")
            {
                throw ValidationError(p)
            }
        }

        func run() throws {
            #if os(Linux)
            try runReportingErrors(cleanupOnSignal: false) {
                let s = try libinput.applied(to: try loadScene(scene))
                var o = LiveOptions()
                o.devicePaths = devices; o.grab = grab; o.verbose = verbose
                let ending = try runLive(scene: s, options: o, record: record, format: format.format, log: OutputSink(standardOutput: true))
                if ending == .devicesGone { throw ExitCode(ExitStatus.devicesGone) }
            }
            #else
            fail(InputError(.cannotOpen, file: "live", "live devices are only supported on Linux"))
            #endif
        }
    }

    /// `pointersim record`: raw input to an evemu or libinput-record file.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Records raw device input (evemu or libinput record); the file replays with `pointersim replay`.",
            discussion: """
                Without --device, every pointer device and keyboard is recorded. Ctrl-C (SIGINT), SIGTERM or \
                the removal of every named device ends the recording; it is complete and valid in each case. \
                evemu holds one device per file: further devices go to FILE-2, FILE-3, ... (before the \
                extension). Exit status: 0 ended by a signal, 64 bad command line, 66 a device that cannot be \
                opened, 73 an output file that cannot be created, 74 an I/O error or every named device removed.
                """
        )

        @Option(help: "The recording file.")
        var output: String

        @Option(name: .customLong("device"), help: "A device node to record (repeatable); default: all pointer devices and keyboards.")
        var devices: [String] = []

        @Option(help: "libinput (libinput record YAML, several devices per file) or evemu.")
        var format: RecordingFormatArgument = .libinput

        @Flag(help: "Grab the devices exclusively.")
        var grab = false

        func validate() throws {
            if let p = emptyOutputProblem("--output", output, "give the recording's file name") { throw ValidationError(p) }
            if let p = emptyInputProblem("device path", devices, option: "--device") { throw ValidationError(p) }
        }

        func run() throws {
            #if os(Linux)
            try runReportingErrors(cleanupOnSignal: false) {
                var o = LiveOptions()
                o.devicePaths = devices; o.grab = grab; o.simulate = false
                let ending = try runLive(
                    scene: SceneSetup(scene: SimulationScene.default),
                    options: o,
                    record: output,
                    format: format.format,
                    log: nil
                )
                if ending == .devicesGone { throw ExitCode(ExitStatus.devicesGone) }
            }
            #else
            fail(InputError(.cannotOpen, file: "record", "live devices are only supported on Linux"))
            #endif
        }
    }
}

/// `--format` of `live` and `record`.
enum RecordingFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case libinput, evemu
    #if os(Linux)
    var format: LiveRecorder.Format { self == .evemu ? .evemu : .libinput }
    #endif
}

#if os(Linux)
/// Opens the devices and the recording, runs until a signal or until every
/// named device is gone; says which.
func runLive(scene: SceneSetup, options: LiveOptions, record: String?, format: LiveRecorder.Format, log: OutputSink?) throws -> LiveSession.Ending {
    let recorder = try record.map { try LiveRecorder(path: $0, format: format) }
    do {
        let session = try LiveSession(
            scene: scene.scene,
            decoder: scene.decoder,
            options: options,
            log: log,
            recorder: recorder,
            note: { writeStderr("pointersim: \($0)\n") }
        )
        if let r = record { writeStderr("pointersim: recording to \(r)\n") }
        let ending = try session.run()
        if let r = recorder, r.outputPaths.count > 1 || r.outputPaths.first != record {
            writeStderr("pointersim: recorded \(r.outputPaths.joined(separator: ", "))\n")
        }
        return ending
    } catch {
        recorder?.abandon()
        throw error
    }
}
#endif

/// `live`'s own options, listed before the libinput options.
struct LiveOptionsArguments: ParsableArguments {
    @Option(
        name: .customLong("device"),
        help: "A device node to read (repeatable); default: all pointer devices and keyboards (`pointersim devices` lists them)."
    )
    var devices: [String] = []

    @Option(help: "The scene file (*.scene.json); without it the built-in default scene is used.")
    var scene: String?

    @Option(help: "Also record the raw input to this file (libinput record YAML; see `record` for evemu).")
    var record: String?

    @Option(help: "The recording's format: libinput or evemu (evemu: one file per device).")
    var format: RecordingFormatArgument = .libinput

    @Flag(help: "Grab the devices exclusively (no other program sees their events meanwhile).")
    var grab = false

    @Flag(help: "Also write a `pointer` line after every input frame.")
    var verbose = false
}
