/// Something a ``StreamMerge`` orders by time.
public protocol MergeItem {
    /// The clock the items are ordered on.
    associatedtype Time: Comparable & AdditiveArithmetic
    /// The item's time.
    var mergeTime: Time { get }
    /// The item moved by `offset` on its clock.
    func shifted(by offset: Time) -> Self
}

/// The one buffering layer: items read ahead in batches, and an error met
/// while reading a batch, delivered only after the items read before it (so
/// everything before a malformed line is processed, then the error comes).
public struct ItemQueue<Item> {
    var items: [Item] = []
    var head = 0
    var deferredError: (any Error)? = nil
    /// Whether the source has no more items (after any deferred error).
    public private(set) var exhausted = false

    /// Creates an empty queue.
    public init() {}

    /// Whether no item is waiting.
    public var isEmpty: Bool { head == items.count }

    /// The next item, if one is waiting.
    public var first: Item? { head < items.count ? items[head] : nil }

    /// Appends an item (a source that pushes: live devices).
    public mutating func append(_ item: Item) { items.append(item) }

    /// Removes and returns the next item, if one is waiting.
    /// - Complexity: amortised O(1); a pushed queue that never empties (live
    ///   items held back by a barrier) is compacted once half of it is read.
    public mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        defer {
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true); head = 0
            } else if head >= 1024 && head * 2 >= items.count {
                items.removeFirst(head); head = 0
            }
        }
        return items[head]
    }

    /// Reads the next batch from a source that is pulled (files), once the
    /// queue is empty: `read` appends items and returns false at the end; if
    /// it throws after appending some, they come first and the error after.
    /// - Throws: the source's error, once no item read before it is left.
    public mutating func refill(_ read: (inout [Item]) throws -> Bool) throws {
        while isEmpty && !exhausted {
            items.removeAll(keepingCapacity: true); head = 0
            if let e = deferredError { deferredError = nil; exhausted = true; throw e }
            do {
                exhausted = try !read(&items)
            } catch {
                if items.isEmpty { exhausted = true; throw error }
                deferredError = error
            }
        }
    }
}

/// The one "earliest head" merge: one queue per source, the item with the
/// earliest time first, ties to the lower source index (so equal times keep
/// the order of the sources). Sources are pulled (files: a queue is refilled
/// as soon as it is empty, before comparing) or pushed (live devices: what
/// has been appended is all there is; ``next(notAfter:)`` with a barrier
/// keeps later items for the next round).
public struct StreamMerge<Item: MergeItem> {
    private var queues: [ItemQueue<Item>] = []
    private var readers: [((inout [Item]) throws -> Bool)?] = []
    private var offsets: [Item.Time] = []

    /// An empty merge.
    public init() {}

    /// The number of sources.
    public var count: Int { queues.count }

    /// Adds a source; `read` pulls its next batch (see ``ItemQueue/refill(_:)``),
    /// `nil` for a source whose items are pushed with ``push(_:source:)``.
    /// - Returns: the source's index.
    public mutating func addSource(_ read: ((inout [Item]) throws -> Bool)? = nil) -> Int {
        queues.append(ItemQueue()); readers.append(read); offsets.append(.zero)
        return queues.count - 1
    }

    /// Appends an item to a pushed source.
    public mutating func push(_ item: Item, source: Int) { queues[source].append(item) }

    /// Moves every later item of `source` by `offset` (items come out shifted).
    public mutating func setOffset(_ offset: Item.Time, source: Int) { offsets[source] = offset }

    /// Fills the queue of every pulled source that is empty.
    /// - Throws: a source's error (see ``ItemQueue/refill(_:)``).
    public mutating func prime() throws {
        for i in queues.indices where queues[i].isEmpty {
            if let read = readers[i] { try queues[i].refill(read) }
        }
    }

    /// The next item waiting in `source`'s queue, unshifted (after ``prime()``).
    public func first(of source: Int) -> Item? { queues[source].first }

    /// The time of the earliest item waiting (shifted), after filling the
    /// pulled queues; `nil` if none.
    /// - Throws: a pulled source's error.
    public mutating func earliestTime() throws -> Item.Time? {
        try prime()
        var best: Item.Time? = nil
        for i in queues.indices {
            guard let h = queues[i].first else { continue }
            let t = h.mergeTime + offsets[i]
            if best.map({ t < $0 }) ?? true { best = t }
        }
        return best
    }

    /// Removes and returns the earliest item (shifted by its source's offset),
    /// if its time is at most `barrier`; `nil` when every queue is empty (or
    /// the earliest item is later than the barrier).
    /// - Complexity: O(number of sources).
    /// - Throws: a pulled source's error, after its items read before it.
    public mutating func next(notAfter barrier: Item.Time? = nil) throws -> (source: Int, item: Item)? {
        try prime()
        var best = -1
        var bestTime = Item.Time.zero
        for i in queues.indices {
            guard let h = queues[i].first else { continue }
            let t = h.mergeTime + offsets[i]
            if best < 0 || t < bestTime { best = i; bestTime = t }
        }
        guard best >= 0 else { return nil }
        if let b = barrier, bestTime > b { return nil }
        let item = queues[best].popFirst()!
        let o = offsets[best]
        return (best, o == .zero ? item : item.shifted(by: o))
    }
}
