// The run lists and word operations `QtItemView` keeps its selection with, so
// that each operation costs the runs and words it changes, not the items.

extension QtItemView {
    /// The smallest range holding both (an empty range holds nothing).
    static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return Swift.min(a.lowerBound, b.lowerBound)..<Swift.max(a.upperBound, b.upperBound)
    }

    /// The indices in exactly one of two run lists (each ascending and
    /// disjoint), as ascending, disjoint, non-adjacent runs.
    /// - Complexity: O(runs).
    package static func symmetricDifference(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        if a.isEmpty { return b.filter { !$0.isEmpty } }
        if b.isEmpty { return a.filter { !$0.isEmpty } }
        // Every boundary of either list toggles the parity of "in exactly one".
        var out: [Range<Int>] = []
        var i = 0, j = 0, inside = false, start = 0
        func point(_ list: [Range<Int>], _ k: Int) -> Int { k % 2 == 0 ? list[k / 2].lowerBound : list[k / 2].upperBound }
        let na = a.count * 2, nb = b.count * 2
        while i < na || j < nb {
            let p: Int
            if j >= nb || (i < na && point(a, i) <= point(b, j)) { p = point(a, i); i += 1 } else { p = point(b, j); j += 1 }
            if inside && p > start {
                if let last = out.last, last.upperBound == start { out[out.count - 1] = last.lowerBound..<p } else { out.append(start..<p) }
            }
            inside.toggle()
            start = p
        }
        return out
    }

    /// Ranges in any order, overlapping or not, as ascending, disjoint,
    /// non-adjacent runs.
    /// - Complexity: O(k log k).
    package static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var out: [Range<Int>] = []
        for r in sorted {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<Swift.max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }
}

extension ItemBitSet {
    /// The bits of word `w` that lie in `r`.
    @inline(__always) static func mask(_ r: Range<Int>, word w: Int) -> UInt64 {
        var mask = UInt64.max
        if w == r.lowerBound >> 6 { mask &= UInt64.max << UInt64(r.lowerBound & 63) }
        if w == (r.upperBound - 1) >> 6 { let top = r.upperBound - (w << 6); if top < 64 { mask &= (1 << UInt64(top)) - 1 } }
        return mask
    }

    /// Flips every index of a range.
    /// - Complexity: O(range / 64).
    mutating func toggleRange(_ r: Range<Int>) {
        guard !r.isEmpty else { return }
        for w in (r.lowerBound >> 6)...((r.upperBound - 1) >> 6) { words[w] ^= Self.mask(r, word: w) }
    }
}

extension SelectionModel {
    /// Outside a band: sets the selection on `ranges` (ascending and
    /// disjoint) to the bits `word` gives for each word (removed items left
    /// out); elsewhere it stays.
    /// - Returns: the change, as runs.
    /// - Complexity: O(words of the ranges + runs of the change).
    package mutating func applyWords(on ranges: [Range<Int>], _ word: (Int) -> UInt64) -> SelectionDiff {
        var added: [Range<Int>] = [], removed: [Range<Int>] = []
        var addedCount = 0, removedCount = 0
        // The runs of ones of word `w`'s bits, joined to the last run when adjacent; returns how many ones.
        func runs(of bits: UInt64, word w: Int, into runs: inout [Range<Int>]) -> Int {
            var p = bits, n = 0
            while p != 0 {
                let lo = p.trailingZeroBitCount
                let ones = (~(p >> UInt64(lo))).trailingZeroBitCount
                let a = w << 6 + lo
                if let last = runs.last, last.upperBound == a { runs[runs.count - 1] = last.lowerBound..<a + ones } else { runs.append(a..<a + ones) }
                n += ones
                p = lo + ones >= 64 ? 0 : p & ~((UInt64(1) << UInt64(lo + ones)) &- 1)
            }
            return n
        }
        var bits = selection
        selection = ItemBitSet(capacity: 0)  // keeps `bits` the only reference: changed in place
        for r in ranges where !r.isEmpty {
            for w in (r.lowerBound >> 6)...((r.upperBound - 1) >> 6) {
                let mask = ItemBitSet.mask(r, word: w)
                let old = bits.words[w]
                let new = word(w) & mask & ~removedItems.words[w]
                let change = (old & mask) ^ new
                guard change != 0 else { continue }
                bits.words[w] = (old & ~mask) | new
                addedCount += runs(of: change & new, word: w, into: &added)
                removedCount += runs(of: change & old, word: w, into: &removed)
            }
        }
        selection = bits
        guard addedCount > 0 || removedCount > 0 else { return SelectionDiff() }
        selectedCount += addedCount - removedCount
        exactRange = selectedCount == 0 ? 0..<0 : nil
        _checkInvariants()
        return SelectionDiff(addedRuns: added, removedRuns: removed)
    }
}
