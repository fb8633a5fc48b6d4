import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTesting

extension PointerSimCommand {
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replays the same input under several toolkit profiles and reports where their selections differ.",
            discussion: """
                Each profile runs the scene with nothing else changed. The output is JSON Lines \
                (docs/Formats/Compare.md): profiles.diverged whenever the profiles' selections, not all \
                equal, change; profiles.agreed when they are equal again; profiles.activated when they \
                activate different items; profiles.summary last. Inputs as for replay (traces, evemu, \
                libinput record; - for standard input). With --explain, the first line of each difference \
                (and each profiles.activated line) carries "why": for each profile the rule that decided \
                what it did (the threshold, when the selection is applied, the mode table, a click rule), \
                in words and with its source. Exit status as for replay.
                """
        )

        @Argument(help: "Trace files (- for standard input), merged by timestamp.")
        var traces: [String]

        @Option(help: "The scene file; without it the built-in default scene is used (its own profile is replaced).")
        var scene: String?

        @Option(help: "The profiles to compare, comma-separated: \(BandProfile.registeredNamesForHelp).")
        var profiles = BandProfile.registeredNames.joined(separator: ",")

        @Option(help: "Write the comparison here instead of stdout (the file appears only when complete).")
        var output: String?

        @Flag(
            help:
                "Say why: on the first line of each difference and on each profiles.activated line, each profile's deciding rule in words and its source (\"why\")."
        )
        var explain = false

        var profileNames: [String] { (try? PointerSimCommand.checkedProfileNames(profiles)) ?? [] }

        func validate() throws {
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if let p = emptyInputProblem("trace name", traces) ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene") {
                throw ValidationError(p)
            }
            if let p = emptyOutputProblem("--output", output, "give a file name, or leave --output out for standard output") {
                throw ValidationError(p)
            }
            _ = try PointerSimCommand.checkedProfileNames(profiles)
            if let o = output, let problem = Replay.outputProblem(o) { throw ValidationError(problem) }
        }

        /// `compare --explain`: the events are read first (the explanation
        /// needs each profile's whole replay, the conformance oracle's), then
        /// compared; the lines that start a difference and the activation
        /// lines get a `"why"` field (CompareExplanation, PointerSimTesting).
        static func explained(
            paths: [String],
            scene: SimulationScene,
            decoder: DecoderConfiguration,
            profiles: [BandProfile],
            sink: OutputSink
        ) throws {
            var events: [PointerEvent] = []
            try ProfileCompare.forEachStep(paths: paths, scene: scene, decoder: decoder, profiles: []) { e, _ in events.append(e) }
            let states = CompareExplanation.states(scene: scene, profiles: profiles, events: events)
            var index: [String: Int] = [:]
            if !scene.initialSelection.isEmpty { for (i, item) in scene.items.enumerated() where index[item.id] == nil { index[item.id] = i } }
            let initial = Array(Set(scene.initialSelection.compactMap { index[$0] })).sorted()
            let names = profiles.map(\.name)
            var writer = ProfileCompare.Writer(names: names, ids: scene.items.map(\.id), initialSelection: initial)
            var comparison = ProfileComparison(scene: scene, profiles: profiles)
            var agreeing = true
            for (k, e) in events.enumerated() {
                let step = comparison.process(e)
                for line in writer.lines(after: e, step) {
                    let starts = line.contains("\"event\":\"profiles.diverged\"") && agreeing
                    let activated = line.contains("\"event\":\"profiles.activated\"")
                    if starts || activated {
                        let why = CompareExplanation.json(
                            names: names,
                            CompareExplanation.reasons(profiles: profiles, states: states, step: k, event: e)
                        )
                        try sink.writeLine(String(line.dropLast()) + ",\"why\":" + why + "}")
                    } else {
                        try sink.writeLine(line)
                    }
                }
                agreeing = step.selectionsAgree
            }
            try sink.writeLine(writer.summary())
        }

        func run() throws {
            try runReportingErrors {
                try writeWhole(to: try output.map { try OutputSink(path: $0) } ?? OutputSink()) { sink in
                    let s = try loadScene(scene)
                    let ps = ProfileCompare.profiles(named: profileNames) ?? []
                    if explain {
                        try Self.explained(paths: traces, scene: s.scene, decoder: s.decoder, profiles: ps, sink: sink)
                    } else {
                        try ProfileCompare.run(paths: traces, scene: s.scene, decoder: s.decoder, profiles: ps, sink: sink)
                    }
                }
            }
        }
    }

    /// The names of `--profiles` (comma-separated), each a registered
    /// profile and given once: an unknown name, a repeated one or fewer than
    /// two are a usage error naming the first offending name. The list is
    /// read once and stops at the first problem, so it is never longer than
    /// the registered profiles however long the argument (`uikit,` repeated
    /// a million times stops at the second `uikit`).
    static func checkedProfileNames(_ list: String) throws -> [String] {
        var names: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part)
            guard BandProfile.named(name) != nil else {
                throw ValidationError("--profiles: unknown profile \"\(InputError.excerpt(name))\" (expected \(BandProfile.registeredNameList))")
            }
            if names.contains(name) {
                throw ValidationError("--profiles: profile \"\(name)\" is given twice (give each once)")
            }
            let canonical = BandProfile.named(name)!.name
            if let other = names.first(where: { BandProfile.named($0)!.name == canonical }) {
                throw ValidationError("--profiles: \"\(other)\" and \"\(name)\" are the same profile (\(canonical)): give it once")
            }
            names.append(name)
        }
        if names.count < 2 {
            throw ValidationError(
                "--profiles \(InputError.excerpt(list)): give at least two profiles, comma-separated (\(BandProfile.registeredNamesForHelp))"
            )
        }
        return names
    }
}
