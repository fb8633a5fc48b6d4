/// The items that joined and left the selection in one update, as item
/// indices.
///
/// A diff holds each list either as indices or, when an operation changes
/// whole ranges of items (select all, clear, a Shift range), as runs of
/// consecutive indices (``addedRuns``, ``removedRuns``), so that selecting
/// two million items costs one run, not two million indices. ``added`` and
/// ``removed`` read either form as indices.
public struct SelectionDiff: Sendable, Hashable {
    /// One list of a diff: indices, or ascending runs of indices.
    @usableFromInline enum List: Sendable {
        case indices([Int])
        /// Ascending, disjoint, non-adjacent, non-empty runs, and their total size.
        case runs([Range<Int>], count: Int)

        @usableFromInline var indices: [Int] {
            switch self {
            case .indices(let a): return a
            case .runs(let r, let n):
                var a: [Int] = []
                a.reserveCapacity(n)
                for run in r { a.append(contentsOf: run) }
                return a
            }
        }
        var count: Int {
            switch self {
            case .indices(let a): return a.count
            case .runs(_, let n): return n
            }
        }
        /// The runs of an ascending list (O(count) for indices).
        var runs: [Range<Int>] {
            switch self {
            case .runs(let r, _): return r
            case .indices(let a): return SelectionDiff.runs(of: a)
            }
        }
    }
    @usableFromInline var addedList: List
    @usableFromInline var removedList: List

    /// Items newly selected.
    /// - Complexity: O(1) for a diff of indices; O(count) to list runs.
    public var added: [Int] {
        get { addedList.indices }
        _modify { var a = addedList.indices; addedList = .indices([]); defer { addedList = .indices(a) }; yield &a }
        set { addedList = .indices(newValue) }
    }
    /// Items newly deselected.
    /// - Complexity: O(1) for a diff of indices; O(count) to list runs.
    public var removed: [Int] {
        get { removedList.indices }
        _modify { var a = removedList.indices; removedList = .indices([]); defer { removedList = .indices(a) }; yield &a }
        set { removedList = .indices(newValue) }
    }
    /// Creates a diff.
    public init(added: [Int] = [], removed: [Int] = []) { addedList = .indices(added); removedList = .indices(removed) }
    /// Creates a diff of runs of consecutive indices (ascending and disjoint;
    /// empty runs are dropped, adjacent ones joined).
    public init(addedRuns: [Range<Int>], removedRuns: [Range<Int>]) {
        addedList = Self.list(addedRuns)
        removedList = Self.list(removedRuns)
    }

    static func list(_ runs: [Range<Int>]) -> List {
        var out: [Range<Int>] = []
        var n = 0
        for r in runs where !r.isEmpty {
            n += r.count
            if let last = out.last, last.upperBound == r.lowerBound { out[out.count - 1] = last.lowerBound..<r.upperBound } else { out.append(r) }
        }
        return .runs(out, count: n)
    }

    /// The maximal runs of consecutive indices of an ascending list.
    /// - Complexity: O(count).
    @usableFromInline package static func runs(of sorted: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < sorted.count {
            var j = i + 1
            while j < sorted.count && sorted[j] == sorted[j - 1] + 1 { j += 1 }
            out.append(sorted[i]..<sorted[j - 1] + 1)
            i = j
        }
        return out
    }

    /// The number of items added.
    public var addedCount: Int { addedList.count }
    /// The number of items removed.
    public var removedCount: Int { removedList.count }
    /// ``added`` as ascending runs of consecutive indices (the list must be
    /// sorted, as every diff of a selection operation and every `sorted` band
    /// update is).
    /// - Complexity: O(1) for a diff of runs, O(count) for indices.
    public var addedRuns: [Range<Int>] { addedList.runs }
    /// ``removed`` as ascending runs; see ``addedRuns``.
    public var removedRuns: [Range<Int>] { removedList.runs }

    /// Whether nothing changed.
    public var isEmpty: Bool { addedList.count == 0 && removedList.count == 0 }

    /// Equal when the lists hold the same indices in the same order, whatever their form.
    public static func == (a: SelectionDiff, b: SelectionDiff) -> Bool {
        a.addedCount == b.addedCount && a.removedCount == b.removedCount && a.added == b.added && a.removed == b.removed
    }
    /// Hashes the sizes (equal diffs have equal sizes).
    public func hash(into h: inout Hasher) { h.combine(addedCount); h.combine(removedCount) }

    /// This diff followed by `next`, as one diff (an item added then removed
    /// again cancels out). Both must be sorted; the result is sorted.
    /// - Complexity: O(total size).
    @usableFromInline package func followed(by next: SelectionDiff) -> SelectionDiff {
        if isEmpty { return next }
        if next.isEmpty { return self }
        let added = self.added, removed = self.removed, nextAdded = next.added, nextRemoved = next.removed
        // An item added then removed (or removed then added) is back where it was.
        let removedNext = Set(nextRemoved), addedNext = Set(nextAdded)
        let addedFirst = Set(added), removedFirst = Set(removed)
        return SelectionDiff(
            added: (added.filter { !removedNext.contains($0) } + nextAdded.filter { !removedFirst.contains($0) }).sorted(),
            removed: (removed.filter { !addedNext.contains($0) } + nextRemoved.filter { !addedFirst.contains($0) }).sorted()
        )
    }
}

/// A selection described by how it is made, so that the model can apply
/// it at the cost of what changes (``SelectionModel/setSelection(_:band:)-(SelectionTarget,_)``).
@usableFromInline package enum SelectionTarget: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// These items.
    case items([Int])
    /// The current selection with this item toggled.
    case toggling(Int)
    /// The items of the range that are not removed; with
    /// `keepingSelection`, added to the current selection.
    case range(ClosedRange<Int>, keepingSelection: Bool)
    /// Every item not removed.
    case all
    /// The items of the list.
    @usableFromInline package init(arrayLiteral elements: Int...) { self = .items(elements) }
}

extension SelectionDiff: CustomStringConvertible, CustomDebugStringConvertible {
    /// `SelectionDiff(added: [1, 2], removed: [3])`, whatever the storage (a
    /// list of indices or runs).
    public var description: String { "SelectionDiff(added: \(added), removed: \(removed))" }
    /// The same as ``description``.
    public var debugDescription: String { description }
}
