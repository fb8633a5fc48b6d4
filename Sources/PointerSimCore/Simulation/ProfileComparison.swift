/// One input, several toolkits: the same events run through one simulator per
/// band profile (each registered one, or a user's), so that where the profiles'
/// selections part and meet again can be read off. This is the question a
/// porting engineer asks first ("what would this session have selected in
/// the other toolkit?"); `pointersim compare` and the viewer's profile lane are built on it.
///
/// Each simulator runs the scene with its own profile and nothing else
/// changed; regions, autoscroll and the clock are the scene's.
public struct ProfileComparison: Sendable {
    /// The profiles' names, in the order given.
    public let names: [String]
    /// One simulator per profile.
    @usableFromInline package private(set) var simulators: [Simulator]
    /// Each simulator's last selection read, with the model's change count
    /// then: a step that changed nothing reuses it (no pass over the items).
    var lastSelections: [(changes: UInt64, items: [Int])?] = []

    /// What one input did under each profile.
    public struct Step: Sendable, Hashable {
        /// The event's time (the simulation clock, as the log gives it).
        public var time: Double
        /// Each profile's selection after the event (item indices, ascending).
        public var selections: [[Int]]
        /// The items each profile activated (primary actions) during the event.
        public var activated: [[Int]]
        /// Whether every profile has the same selection after the event.
        public var selectionsAgree: Bool { selections.dropFirst().allSatisfy { $0 == selections[0] } }
        /// Whether every profile activated the same items.
        public var activationsAgree: Bool { activated.dropFirst().allSatisfy { $0 == activated[0] } }
    }

    /// Runs `scene` under each of `profiles` (the scene's own profile is
    /// replaced; everything else is kept).
    /// - Complexity: O(profiles × n) to build the simulators.
    public init(scene: SimulationScene, profiles: [BandProfile]) {
        names = profiles.map(\.name)
        simulators = profiles.map { p in
            var s = scene
            s.band.profile = p
            return Simulator(scene: s)
        }
    }

    /// Processes one event under every profile.
    /// - Complexity: each simulator's step, plus O(profiles × (n / 64 +
    ///   selected)) to read the selections of the profiles whose selection
    ///   or focus changed (the others are the last step's).
    public mutating func process(_ event: PointerEvent) -> Step {
        var out: [LogRecord] = []
        var step = Step(time: event.time, selections: [], activated: [])
        for k in simulators.indices {
            out.removeAll(keepingCapacity: true)
            simulators[k].process(event, into: &out)
            step.time = simulators[k].now
            var activated: [Int] = []
            for r in out {
                // Every simulator runs the same items: one id table (the first's) serves all.
                if case .itemPrimaryAction(let id) = r.event, let i = simulators[0].itemIndex(of: id) { activated.append(i) }
            }
            if lastSelections.count < simulators.count { lastSelections = Array(repeating: nil, count: simulators.count) }
            let changes = simulators[k].selectionModel.changeCount
            if let last = lastSelections[k], last.changes == changes {
                step.selections.append(last.items)
            } else if let j = (0..<k).first(where: {
                step.selections[$0].count == simulators[k].selectionModel.selectedCount
                    && simulators[$0].selectionModel.selection == simulators[k].selectionModel.selection
            }) {
                // The same selection as an earlier profile's (select all under every profile): its array, not another.
                lastSelections[k] = (changes, step.selections[j])
                step.selections.append(step.selections[j])
            } else {
                let items = simulators[k].selectionModel.selectedItems
                lastSelections[k] = (changes, items)
                step.selections.append(items)
            }
            step.activated.append(activated)
        }
        return step
    }
}
