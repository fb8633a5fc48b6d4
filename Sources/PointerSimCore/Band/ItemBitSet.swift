/// A fixed-capacity set of item indices, one bit per item.
public struct ItemBitSet: Sendable, Hashable {
    @usableFromInline var words: [UInt64]
    /// The number of indices the set can hold (`0 ..< capacity`).
    public private(set) var capacity: Int

    /// An empty set for `capacity` items.
    /// - Complexity: O(capacity / 64).
    public init(capacity: Int) {
        self.capacity = capacity
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    /// Whether index `i` is in the set.
    @inlinable public subscript(i: Int) -> Bool {
        get { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
        set {
            if newValue { words[i >> 6] |= 1 << UInt64(i & 63) } else { words[i >> 6] &= ~(1 << UInt64(i & 63)) }
        }
    }

    /// The number of members.
    /// - Complexity: O(capacity / 64).
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The members in ascending order.
    /// - Complexity: O(capacity / 64 + count).
    public var members: [Int] {
        var out: [Int] = []
        forEachMember { out.append($0) }
        return out
    }

    /// Calls `body` for each member in ascending order.
    /// - Complexity: O(capacity / 64 + count).
    @inlinable public func forEachMember(_ body: (Int) -> Void) {
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
    @inlinable public func forEachDifference(from other: ItemBitSet, _ body: (Int) -> Void) {
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
    public mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        capacity = newCapacity
        let need = (newCapacity + 63) / 64
        if words.count < need { words.append(contentsOf: repeatElement(0, count: need - words.count)) }
    }

    /// Adds every index `0 ..< capacity`.
    /// - Complexity: O(capacity / 64).
    public mutating func insertAll() {
        for i in words.indices { words[i] = ~0 }
        let extra = words.count * 64 - capacity
        if extra > 0, !words.isEmpty { words[words.count - 1] >>= UInt64(extra) }
    }

    /// Removes every member.
    /// - Complexity: O(capacity / 64).
    public mutating func removeAll() {
        for i in words.indices { words[i] = 0 }
    }
}
