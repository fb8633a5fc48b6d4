/// A fixed-capacity set of item indices, one bit per item.
@usableFromInline package struct ItemBitSet: Sendable, Hashable {
    @usableFromInline var words: [UInt64]
    /// The number of indices the set can hold (`0 ..< capacity`).
    @usableFromInline package private(set) var capacity: Int

    /// An empty set for `capacity` items.
    /// - Complexity: O(capacity / 64).
    @usableFromInline package init(capacity: Int) {
        self.capacity = capacity
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    /// Whether index `i` is in the set.
    @inlinable package subscript(i: Int) -> Bool {
        get { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
        set {
            if newValue { words[i >> 6] |= 1 << UInt64(i & 63) } else { words[i >> 6] &= ~(1 << UInt64(i & 63)) }
        }
    }

    /// The number of members.
    /// - Complexity: O(capacity / 64).
    @usableFromInline package var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The members in ascending order.
    /// - Complexity: O(capacity / 64 + count).
    @usableFromInline package var members: [Int] {
        var out: [Int] = []
        for (w, word) in words.enumerated() where word != 0 {
            if word == .max {
                // A full word: 64 indices in one append (select all over millions of items).
                out.append(contentsOf: w << 6..<(w << 6) + 64)
                continue
            }
            var bits = word
            while bits != 0 {
                out.append(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return out
    }

    /// Calls `body` for each member in ascending order.
    /// - Complexity: O(capacity / 64 + count).
    @inlinable package func forEachMember(_ body: (Int) -> Void) {
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                body(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    /// Calls `body` for each index where this set and `other` differ, ascending.
    /// - Complexity: O(capacity / 64 + differences).
    @inlinable package func forEachDifference(from other: ItemBitSet, _ body: (Int) -> Void) {
        for w in words.indices {
            var bits = words[w] ^ other.words[w]
            while bits != 0 {
                body(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    /// Grows the set to hold `0 ..< newCapacity` (new indices are not members).
    /// - Complexity: amortised O(1) per added index.
    @usableFromInline package mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        capacity = newCapacity
        let need = (newCapacity + 63) / 64
        if words.count < need { words.append(contentsOf: repeatElement(0, count: need - words.count)) }
    }

    /// Adds every index `0 ..< capacity`.
    /// - Complexity: O(capacity / 64).
    @usableFromInline package mutating func insertAll() {
        for i in words.indices { words[i] = ~0 }
        let extra = words.count * 64 - capacity
        if extra > 0, !words.isEmpty { words[words.count - 1] >>= UInt64(extra) }
    }

    /// Adds (`true`) or removes every index of a range.
    /// - Complexity: O(range / 64).
    @usableFromInline package mutating func setRange(_ r: Range<Int>, to value: Bool) {
        guard !r.isEmpty else { return }
        let w0 = r.lowerBound >> 6, w1 = (r.upperBound - 1) >> 6
        for w in w0...w1 {
            var mask = UInt64.max
            if w == w0 { mask &= UInt64.max << UInt64(r.lowerBound & 63) }
            if w == w1 { let top = r.upperBound - (w1 << 6); if top < 64 { mask &= (1 << UInt64(top)) - 1 } }
            if value { words[w] |= mask } else { words[w] &= ~mask }
        }
    }

    /// The members as ascending runs of consecutive indices.
    /// - Complexity: O(capacity / 64 + runs).
    @usableFromInline package var runs: [Range<Int>] {
        var out: [Range<Int>] = []
        var start = -1, end = -1
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word, base = w << 6
            while bits != 0 {
                let lo = bits.trailingZeroBitCount
                let ones = (~(bits >> UInt64(lo))).trailingZeroBitCount  // the run of ones from lo
                let a = base + lo, b = base + lo + ones
                if a == end { end = b } else { if start >= 0 { out.append(start..<end) }; start = a; end = b }
                bits = lo + ones >= 64 ? 0 : bits & ~((UInt64(1) << UInt64(lo + ones)) &- 1)
            }
        }
        if start >= 0 { out.append(start..<end) }
        return out
    }

    /// The lowest member, if any.
    /// - Complexity: O(position / 64).
    @usableFromInline package var first: Int? {
        for (w, word) in words.enumerated() where word != 0 { return w << 6 | word.trailingZeroBitCount }
        return nil
    }

    /// Removes every member.
    /// - Complexity: O(capacity / 64).
    @usableFromInline package mutating func removeAll() {
        for i in words.indices { words[i] = 0 }
    }
}
