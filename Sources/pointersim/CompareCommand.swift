import ArgumentParser
import PointerSimCore
import PointerSimFormats
import PointerSimPipeline

extension PointerSimCommand {
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replays the same input under several toolkit profiles and reports where their selections differ.",
            discussion: """
                Each profile runs the scene with nothing else changed. The output is JSON Lines \
                (docs/Formats/Compare.md): profiles.diverged whenever the profiles' selections, not all \
                equal, change; profiles.agreed when they are equal again; profiles.activated when they \
                activate different items; profiles.summary last. Inputs as for replay (traces, evemu, \
                libinput record; - for standard input). Exit status as for replay.
                """)

        @Argument(help: "Trace files (- for standard input), merged by timestamp.")
        var traces: [String]

        @Option(help: "The scene file; without it the built-in default scene is used (its own profile is replaced).")
        var scene: String?

        @Option(help: "The profiles to compare, comma-separated: \(BandProfile.registeredNamesForHelp).")
        var profiles = BandProfile.registeredNames.joined(separator: ",")

        @Option(help: "Write the comparison here instead of stdout (the file appears only when complete).")
        var output: String?

        var profileNames: [String] { (try? PointerSimCommand.checkedProfileNames(profiles)) ?? [] }

        func validate() throws {
            if traces.isEmpty { throw ValidationError("give at least one trace file") }
            if let p = emptyInputProblem("trace name", traces) ?? emptyInputProblem("scene name", scene.map { [$0] } ?? [], option: "--scene") { throw ValidationError(p) }
            if let p = emptyOutputProblem("--output", output, "give a file name, or leave --output out for standard output") { throw ValidationError(p) }
            _ = try PointerSimCommand.checkedProfileNames(profiles)
            if let o = output, let problem = Replay.outputProblem(o) { throw ValidationError(problem) }
        }

        func run() throws {
            try runReportingErrors {
                try writeWhole(to: try output.map { try OutputSink(path: $0) } ?? OutputSink()) { sink in
                    let s = try loadScene(scene)
                    try ProfileCompare.run(paths: traces, scene: s.scene, decoder: s.decoder, profiles: ProfileCompare.profiles(named: profileNames) ?? [], sink: sink)
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
            throw ValidationError("--profiles \(InputError.excerpt(list)): give at least two profiles, comma-separated (\(BandProfile.registeredNamesForHelp))")
        }
        return names
    }
}
