// The selection operations, at the cost of what they change. During a band
// (``SelectionModel/isBandActive``) each takes the band engine: the target
// becomes the band's starting selection and the engine applies its mode to it.

extension SelectionModel {
    /// Replaces the selection (indices out of range and removed items are
    /// ignored). During a band this is the band's new starting selection and
    /// `band`'s mode is applied to it again.
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + members).
    @discardableResult
    @usableFromInline package mutating func setSelection<S: Sequence>(_ members: S, band: BandEngine? = nil) -> SelectionDiff where S.Element == Int {
        // Clearing, or selecting one item, after a range: only the range's items change.
        if !isBandActive, exactRange != nil, let list = members as? [Int], list.count <= 1 { return setSelection(.items(list)) }
        var target = ItemBitSet(capacity: count)
        for i in members where i >= 0 && i < count && !removedItems[i] { target[i] = true }
        return replaceSelection(with: target, band: band)
    }

    /// Selects every item that is not removed.
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + change).
    @discardableResult
    public mutating func selectAll(band: BandEngine? = nil) -> SelectionDiff {
        if !isBandActive, let known = exactRange {
            return setRange(0..<count, from: known)
        }
        var target = ItemBitSet(capacity: count)
        target.insertAll()
        for w in target.words.indices { target.words[w] &= ~removedItems.words[w] }
        return replaceSelection(with: target, band: band)
    }

    mutating func replaceSelection(with target: ItemBitSet, band: BandEngine?) -> SelectionDiff {
        exactRange = nil
        if isBandActive {
            guard let band else { preconditionFailure("during a band, a selection operation needs the band engine") }
            bandStart = target
            if band.isLive { return replaceBits(with: band.bandSelection(start: bandStart)) }
        }
        return replaceBits(with: target)
    }

    /// Sets the selection to `target` (no removed item in it).
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + change).
    mutating func replaceBits(with target: ItemBitSet) -> SelectionDiff {
        var diff = SelectionDiff()
        target.forEachDifference(from: selection) { i in
            if target[i] { diff.added.append(i) } else { diff.removed.append(i) }
        }
        selection = target
        selectedCount = target.count
        exactRange = nil
        _checkInvariants()
        return diff
    }

    /// Selects or deselects one item (a band's change to one item).
    mutating func setMember(_ i: Int, _ on: Bool) {
        exactRange = nil
        selection[i] = on
        selectedCount += on ? 1 : -1
    }

    /// Sets the selection as a ``SelectionTarget`` describes it: the same
    /// selection as ``setSelection(_:band:)-(S,_)`` given the target's items,
    /// at the cost of what changes: outside a band, toggling one item is
    /// O(1), and select all, clear and ranges after one another are
    /// O(changed items / 64 + runs) (the diff is runs of indices). During a
    /// band, the target's items become the band's starting selection, as
    /// with a list.
    /// - Returns: the change.
    @discardableResult
    @usableFromInline package mutating func setSelection(_ target: SelectionTarget, band: BandEngine? = nil) -> SelectionDiff {
        if isBandActive {
            switch target {
            case .all: return selectAll(band: band)
            case .items(let list): return setSelection(list, band: band)
            case .toggling(let i): return setSelection(selection[i] ? selection.members.filter { $0 != i } : selection.members + [i], band: band)
            case .range(let r, let keeping):
                let span = Array(r).filter { !isRemoved($0) }
                return setSelection(keeping ? Array(Set(selection.members).union(span)) : span, band: band)
            }
        }
        switch target {
        case .all:
            return selectAll()
        case .items(let list):
            guard list.count <= 1, let known = exactRange else { return setSelection(list) }
            let r = list.first.map { $0 >= 0 && $0 < count ? $0..<$0 + 1 : 0..<0 } ?? 0..<0
            return setRange(r, from: known)
        case .toggling(let i):
            guard !removedItems[i] else { return SelectionDiff() }
            let on = !selection[i]
            selection[i] = on
            selectedCount += on ? 1 : -1
            if selectedCount == 0 { exactRange = 0..<0 } else if on && selectedCount == 1 { exactRange = i..<i + 1 } else { exactRange = nil }
            _checkInvariants()
            return on ? SelectionDiff(added: [i]) : SelectionDiff(removed: [i])
        case .range(let closed, let keeping):
            let r = Swift.max(closed.lowerBound, 0)..<Swift.max(Swift.max(closed.lowerBound, 0), Swift.min(closed.upperBound + 1, count))
            if let known = exactRange {
                if !keeping { return setRange(r, from: known) }
                // The union is a range when the two overlap or touch.
                if known.isEmpty || r.isEmpty || (r.lowerBound <= known.upperBound && known.lowerBound <= r.upperBound) {
                    let u =
                        known.isEmpty ? r : r.isEmpty ? known : Swift.min(r.lowerBound, known.lowerBound)..<Swift.max(r.upperBound, known.upperBound)
                    return setRange(u, from: known)
                }
            }
            if keeping {
                // Only additions: the range's unselected items.
                var added: [Int] = []
                for i in r where !selection[i] && !removedItems[i] { added.append(i); selection[i] = true }
                selectedCount += added.count
                exactRange = nil
                _checkInvariants()
                return SelectionDiff(added: added)
            }
            var t = ItemBitSet(capacity: count)
            t.setRange(r, to: true)
            for w in t.words.indices { t.words[w] &= ~removedItems.words[w] }
            let diff = replaceSelection(with: t, band: nil)
            exactRange = r
            return diff
        }
    }

    /// Outside a band: the selection is exactly the items of `known` not
    /// removed, and becomes those of `r`. Only the items between the two
    /// ranges are visited.
    mutating func setRange(_ r: Range<Int>, from known: Range<Int>) -> SelectionDiff {
        // The runs of `r` not in `known` (added) and of `known` not in `r` (removed), ascending.
        func minus(_ a: Range<Int>, _ b: Range<Int>) -> [Range<Int>] {
            if a.isEmpty { return [] }
            if b.isEmpty || b.upperBound <= a.lowerBound || a.upperBound <= b.lowerBound { return [a] }
            return [a.lowerBound..<Swift.max(a.lowerBound, b.lowerBound), Swift.min(a.upperBound, b.upperBound)..<a.upperBound].filter { !$0.isEmpty }
        }
        let addRuns = minus(r, known), removeRuns = minus(known, r)
        exactRange = r
        if addRuns.isEmpty && removeRuns.isEmpty { return SelectionDiff() }
        for run in addRuns { selection.setRange(run, to: true) }
        for run in removeRuns { selection.setRange(run, to: false) }
        if removedCount == 0 {
            selectedCount += addRuns.reduce(0) { $0 + $1.count } - removeRuns.reduce(0) { $0 + $1.count }
            _checkInvariants()
            return SelectionDiff(addedRuns: addRuns, removedRuns: removeRuns)
        }
        // Removed items are never selected: leave them out, one by one.
        var added: [Int] = [], removed: [Int] = []
        for run in addRuns { for i in run { if removedItems[i] { selection[i] = false } else { added.append(i) } } }
        for run in removeRuns { for i in run where !removedItems[i] { removed.append(i) } }
        selectedCount += added.count - removed.count
        _checkInvariants()
        return SelectionDiff(added: added, removed: removed)
    }

    /// Puts the selection back to the band's starting selection (a cancelled band).
    /// - Returns: the change.
    /// - Complexity: O(n / 64 + change).
    mutating func restoreBandStart() -> SelectionDiff {
        var diff = SelectionDiff()
        let start = bandStart
        start.forEachDifference(from: selection) { i in
            if start[i] { diff.added.append(i) } else { diff.removed.append(i) }
        }
        selection = start
        selectedCount = selection.count
        exactRange = nil
        return diff
    }
}
