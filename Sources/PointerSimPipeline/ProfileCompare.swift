import PointerSimCore
import PointerSimFormats
import PointerSimInput

/// `pointersim compare`: one input replayed under several band profiles, and
/// where their selections part and meet (docs/Formats/Compare.md).
public enum ProfileCompare {
    /// The registered profile for each name or alias, named as given (an
    /// alias's profile keeps the alias, so the output's keys are the names
    /// the user wrote: `qt` stays `qt`); an unknown name is nil.
    public static func profiles(named names: [String]) -> [BandProfile]? {
        var out: [BandProfile] = []
        for n in names {
            guard var p = BandProfile.named(n) else { return nil }
            p.name = n
            out.append(p)
        }
        return out
    }

    /// Replays `paths` over `scene` under each of `profiles`, writing the
    /// comparison's lines (JSON Lines) to `sink` as they come.
    /// - Throws: `InputError` for unreadable or malformed input (lines
    ///   already written stay complete).
    @usableFromInline package static func run(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        profiles: [BandProfile],
        sink: OutputSink
    ) throws {
        var index: [String: Int] = [:]
        if !scene.initialSelection.isEmpty { for (i, item) in scene.items.enumerated() where index[item.id] == nil { index[item.id] = i } }
        let initial = Array(Set(scene.initialSelection.compactMap { index[$0] })).sorted()
        var writer = Writer(names: profiles.map(\.name), ids: scene.items.map(\.id), initialSelection: initial)
        try forEachStep(paths: paths, scene: scene, decoder: decoder, profiles: profiles) { event, step in
            for line in writer.lines(after: event, step) { try sink.writeLine(line) }
        }
        try sink.writeLine(writer.summary())
    }

    /// Replays `paths` over `scene` under each profile, handing every input
    /// event and what it did under each profile to `body`.
    /// - Complexity: O(events × profiles) simulator steps.
    public static func forEachStep(
        paths: [String],
        scene: SimulationScene,
        decoder: DecoderConfiguration = DecoderConfiguration(),
        profiles: [BandProfile],
        _ body: (PointerEvent, ProfileComparison.Step) throws -> Void
    ) throws {
        var events = try Replay.merged(TraceInputs.open(paths: paths, configuration: decoder))
        var comparison = ProfileComparison(scene: scene, profiles: profiles)
        while let (_, e) = try events.next() {
            try body(e, comparison.process(e))
        }
    }

    /// Turns the steps of a comparison into its lines: a `profiles.diverged`
    /// line whenever the profiles' selections, not all equal, change; a
    /// `profiles.agreed` line when they become equal again; a
    /// `profiles.activated` line when the profiles activate different items;
    /// and a summary at the end.
    public struct Writer {
        let names: [String]
        let ids: [String]
        var last: [[Int]]
        var inputs = 0, divergentInputs = 0, activationDifferences = 0

        /// A writer for these profile names over a scene's item ids.
        public init(names: [String], ids: [String], initialSelection: [Int] = []) {
            self.names = names
            self.ids = ids
            last = names.map { _ in initialSelection }
        }

        /// The lines one input adds (often none).
        public mutating func lines(after event: PointerEvent, _ step: ProfileComparison.Step) -> [String] {
            inputs += 1
            var out: [String] = []
            let agree = step.selectionsAgree
            if !agree { divergentInputs += 1 }
            if step.selections != last {
                let wasAgreeing = last.dropFirst().allSatisfy { $0 == last[0] }
                if !agree {
                    out.append(line(step.time, "profiles.diverged", event, "\"selections\":" + perProfile(step.selections)))
                } else if !wasAgreeing {
                    out.append(line(step.time, "profiles.agreed", event, "\"selection\":" + LogLine.stringsJSON(step.selections[0].map { ids[$0] })))
                }
                last = step.selections
            }
            if !step.activationsAgree {
                activationDifferences += 1
                out.append(line(step.time, "profiles.activated", event, "\"items\":" + perProfile(step.activated)))
            }
            return out
        }

        /// The last line: the profiles, how many inputs, and on how many of them
        /// the selections differed.
        public func summary() -> String {
            "{\"event\":\"profiles.summary\",\"profiles\":" + LogLine.stringsJSON(names) + ",\"inputs\":\(inputs)"
                + ",\"divergentInputs\":\(divergentInputs),\"activationDifferences\":\(activationDifferences)}"
        }

        func line(_ t: Double, _ name: String, _ event: PointerEvent, _ rest: String) -> String {
            var s = "{\"t\":" + formatLogNumber(t) + ",\"event\":\"" + name + "\",\"input\":"
            appendJSONString(PointerSimTrace.describe(event.kind), to: &s)
            return s + "," + rest + "}"
        }

        func perProfile(_ lists: [[Int]]) -> String {
            var s = "{"
            for (k, name) in names.enumerated() {
                if k > 0 { s += "," }
                appendJSONString(name, to: &s)
                s += ":" + LogLine.stringsJSON(lists[k].map { ids[$0] })
            }
            return s + "}"
        }
    }
}
