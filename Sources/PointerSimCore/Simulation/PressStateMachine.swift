/// Who has the current primary press, and how a press changes hands: the
/// ``Simulator``'s press state machine (docs/Selection.md, "Who gets a
/// press"; the `Simulator`'s own documentation lists the rule).
///
/// The state changes here; what each change does to the selection, the band
/// and the regions is the `Simulator`'s (`Simulator+Press.swift`), which
/// hands the press to them.
struct PressStateMachine: Sendable {
    /// Who has the current primary press.
    enum Press: Sendable {
        case none
        /// A region claimed it.
        case region
        /// A context click (UIKit's Control-click).
        case context
        /// An item: a click until the pointer moves past the profile's
        /// threshold (any motion for UIKit); then a band from the press point
        /// (unless refused: the item accepts the press, `beginsOnItems` is
        /// false or `shouldBegin` said no) or an item drag.
        case item(Int, anchor: Point, modifiers: ModifierFlags, dragged: Bool, bandRefused: Bool)
        /// A drag of items (``SelectionConfiguration/dragInteractionEnabled``):
        /// the item pressed, the press point (content), the items dragged.
        case drag(Int, anchor: Point, items: LogItemList)
        /// Empty space: the band's.
        case empty
        /// Cancelled: the rest of the press is ignored.
        case ignored
        /// `qt-itemview`: the press belongs to `QtItemView` (item or empty space).
        case itemView
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

    /// The press is cancelled while the primary button is held (a `cancel`
    /// event, or Escape): the rest of an item's, the band's or a drag's press
    /// is ignored. Returns the drag that ends, if one was in progress (its
    /// press point and items).
    mutating func cancel() -> (anchor: Point, items: LogItemList)? {
        switch state {
        case .item, .empty: state = .ignored
        case .drag(_, let anchor, let items):
            state = .ignored
            return (anchor, items)
        default: break
        }
        return nil
    }
}
