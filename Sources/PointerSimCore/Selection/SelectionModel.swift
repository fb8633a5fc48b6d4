/// The selection of a set of items, in its own room: which items are
/// selected, which were removed, the keyboard focus and the anchor of
/// ranges, and (in a simulation) the table from item ids to indices.
///
/// A ``Simulator`` owns one. Clicks and keys (``SelectionController``) act
/// on it directly; a band (``BandEngine``, through
/// ``BandSelectionInteraction``) reads it when the band begins and applies
/// its changes to it as the band moves. Operations cost what they change
/// (`setSelection(_:band:)-(SelectionTarget,_)`): toggling one item is
/// O(1), and select all, clear and ranges after one another are
/// O(changed items / 64 + runs).
///
/// While a band is active, the band's mode applies to
/// the selection the band began from (`bandStart`): an operation then
/// sets that starting selection, and the band engine, passed to the
/// operation, applies its mode to it again.
///
/// An item's index is its id in the band engine and is never reused: a
/// removed item keeps its index, is never selected again, and neither
/// focus nor anchor stays on it.
public struct SelectionModel: Sendable {
    /// The number of items (removed ones included).
    public internal(set) var count: Int
    /// The selected items.
    @usableFromInline package internal(set) var selection: ItemBitSet { didSet { changeCount &+= 1 } }
    /// The number of selected items.
    @usableFromInline package internal(set) var selectedCount = 0
    /// Removed items (never selected).
    @usableFromInline package internal(set) var removedItems: ItemBitSet { didSet { changeCount &+= 1 } }
    /// The number of removed items.
    @usableFromInline package internal(set) var removedCount = 0
    /// When known, a range whose items not removed are exactly the selection
    /// (nil: the selection is any set). Select all, clear and ranges keep it,
    /// so that the next such operation changes only the items between the
    /// two ranges instead of comparing every word of the selection.
    @usableFromInline var exactRange: Range<Int>? = 0..<0
    /// The selection when the current band began (meaningful while
    /// ``isBandActive``).
    @usableFromInline package internal(set) var bandStart: ItemBitSet
    /// Whether a band is active: from its first rect to its end or cancel.
    @usableFromInline package internal(set) var isBandActive = false
    /// The item with keyboard focus.
    public internal(set) var focus: Int? { didSet { changeCount &+= 1 } }
    /// Counts the changes of the selection, the removed items and the
    /// focus (each assignment or change in place, even one that leaves the
    /// value as it was): equal counts mean nothing changed. The simulator
    /// recomputes its item regions only when it moved.
    @usableFromInline package private(set) var changeCount: UInt64 = 0
    /// Where Shift-click and Shift+arrow ranges start.
    public internal(set) var anchor: Int?
    /// The item ids' index table, for a model made from scene items.
    let ids: ItemIDMap?

    /// A model of `count` items with these selected (indices out of range
    /// are ignored).
    /// - Complexity: O(count / 64 + selected).
    public init<S: Sequence>(count: Int, selected: S) where S.Element == Int {
        self.count = count
        selection = ItemBitSet(capacity: count)
        removedItems = selection
        bandStart = selection
        ids = nil
        setSelection(selected)
    }

    /// A model of `count` items, none selected.
    public init(count: Int) { self.init(count: count, selected: []) }

    /// A model of a scene's items (index i is `items[i]`), with the items
    /// of these ids selected (unknown ids are ignored). The id table is
    /// built at the first lookup (``index(of:)``) and shared by the model's
    /// copies.
    /// - Complexity: O(n) when ids are given (the table), else O(n / 64).
    public init(items: [SceneItem], selectedIDs: [String] = []) {
        let map = ItemIDMap(items)
        self.init(count: items.count, selected: selectedIDs.compactMap { map.index(of: $0) }, ids: map)
    }

    init(count: Int, selected: [Int], ids: ItemIDMap?) {
        self.count = count
        selection = ItemBitSet(capacity: count)
        removedItems = selection
        bandStart = selection
        self.ids = ids
        setSelection(selected)
    }

    /// Whether item `i` is selected.
    @inlinable public func isSelected(_ i: Int) -> Bool { selection[i] }

    /// Whether item `i` was removed.
    @inlinable public func isRemoved(_ i: Int) -> Bool { removedItems[i] }

    /// The selected item indices, ascending.
    /// - Complexity: O(n / 64 + count).
    public var selectedItems: [Int] { selection.members }

    /// The index of the item with this id (the first, if repeated); nil for
    /// an unknown id or a model not made from scene items.
    /// - Complexity: O(1) on average; the first call builds the table of
    ///   every id (O(n)), shared by the model's copies.
    public func index(of id: String) -> Int? { ids?.index(of: id) }
}
