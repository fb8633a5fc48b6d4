/// Who has the current primary press, and how a press changes hands: the
/// ``Simulator``'s press state machine (docs/Selection.md, "Who gets a
/// press"; the `Simulator`'s own documentation lists the rule).
///
/// The state changes here; what each change does to the selection, the band
/// and the regions is the `Simulator`'s (`Simulator+Press.swift`), which
/// hands the press to them: a press on the items to the scene's
/// ``SelectionBehaviour``, which keeps its own state of the press.
struct PressStateMachine: Sendable {
    /// Who has the current primary press.
    enum Press: Sendable {
        case none
        /// A region claimed it.
        case region
        /// A context click (``ClickRules/contextClickModifiers`` held).
        case context
        /// The items': the scene's ``SelectionBehaviour`` has it (a click, a
        /// band, a drag of items, or nothing any more once cancelled: the
        /// behaviour's own state says which).
        case behaviour
    }
    /// The current press.
    var state = Press.none

    /// Whether the primary button counts as held for the regions: held, and
    /// not by a context click.
    func primaryHeld(buttons: Set<PointerButton>) -> Bool {
        guard buttons.contains(.primary) else { return false }
        if case .context = state { return false }
        return true
    }

    /// The primary button came up: the press ends; returns who had it.
    mutating func release() -> Press {
        let p = state
        state = .none
        return p
    }
}
