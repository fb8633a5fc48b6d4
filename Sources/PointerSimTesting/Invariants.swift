import PointerSimCore

/// The invariants every PointerSim log keeps, exported for your own logs
/// (an implementation that writes PointerSim's log format can be checked
/// against them without PointerSim's answers).
public enum LogInvariants {
    /// The violations in a log of a session over `scene` (empty: all hold):
    /// - time never goes back;
    /// - every band rect is at least 1 × 1 (at least 0 × 0 under a profile
    ///   whose band may be empty: `imgui`) and normalised;
    /// - diffs apply: added ids were not selected, removed ones were;
    /// - ids in a diff are in scene order;
    /// - a cancelled band ends with the selection of its press;
    /// - a band whose selection follows it ends with the selection the diffs
    ///   composed (one applied at its end, `gtk` or `subtract`, sets it there).
    public static func violations(in log: [LogRecord], scene: SimulationScene) -> [String] {
        var out: [String] = []
        var order: [String: Int] = [:]
        for (i, item) in scene.items.enumerated() where order[item.id] == nil { order[item.id] = i }
        var selection = Set(scene.initialSelection)
        var atBegin = selection
        var live = true
        var last = -Double.infinity
        func inOrder(_ ids: [String]) -> Bool { zip(ids, ids.dropFirst()).allSatisfy { (order[$0] ?? 0) < (order[$1] ?? 0) } }
        func apply(_ k: Int, _ added: [String], _ removed: [String]) {
            if !Set(added).isDisjoint(with: selection) { out.append("record \(k): added ids already selected") }
            if !Set(removed).isSubset(of: selection) { out.append("record \(k): removed ids not selected") }
            if !inOrder(added) || !inOrder(removed) { out.append("record \(k): ids not in scene order") }
            selection.subtract(removed); selection.formUnion(added)
        }
        func checkRect(_ k: Int, _ r: Rect) {
            let least: Double = scene.band.profile.bandMayBeEmpty ? 0 : 1
            if !(r.width >= least && r.height >= least && r.isNormalized) {
                out.append("record \(k): band rect smaller than 1 × 1 or not normalised")
            }
        }
        for (k, r) in log.enumerated() {
            if r.time < last { out.append("record \(k): time goes back") }
            last = r.time
            switch r.event {
            case .bandBegan(let rect, _, let mode):
                checkRect(k, rect); atBegin = selection
                live = scene.band.profile.application == .live && mode.isLive
            case .bandSelecting(let rect, let added, let removed): checkRect(k, rect); apply(k, Array(added), Array(removed))
            case .selectionChanged(_, let added, let removed): apply(k, Array(added), Array(removed))
            case .bandEnded(let rect, let final, let cancelled):
                checkRect(k, rect)
                if cancelled && Set(final) != atBegin { out.append("record \(k): a cancelled band did not restore the selection of its press") }
                // A live band announced every change with its diffs; one applied at
                // its end (`gtk`, `subtract`) changes the selection at this line.
                if !cancelled && live && Set(final) != selection {
                    out.append("record \(k): a band ended with a selection its diffs did not compose")
                }
                selection = Set(final)
            default: break
            }
        }
        return out
    }
}
