import PointerSimCore

/// Something a ``StreamMerge`` orders by time.
@usableFromInline package protocol MergeItem {
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
@usableFromInline package struct ItemQueue<Item> {
    var items: [Item] = []
    var head = 0
    var deferredError: (any Error)? = nil
    /// Whether the source has no more items (after any deferred error).
    @usableFromInline package private(set) var exhausted = false

    /// Creates an empty queue.
    @usableFromInline package init() {}

    /// Whether no item is waiting.
    @usableFromInline package var isEmpty: Bool { head == items.count }

    /// The next item, if one is waiting.
    @usableFromInline package var first: Item? { head < items.count ? items[head] : nil }

    /// Appends an item (a source that pushes: live devices).
    @usableFromInline package mutating func append(_ item: Item) {
        // Compacted here rather than in popFirst: only a pushed queue grows
        // while items are waiting (a pulled one is refilled once empty).
        if head >= 1024 && head * 2 >= items.count { items.removeFirst(head); head = 0 }
        items.append(item)
    }

    /// Removes and returns the next item, if one is waiting.
    /// - Complexity: amortised O(1); a pushed queue that never empties (live
    ///   items held back by a barrier) is compacted once half of it is read
    ///   (on the next ``append(_:)``).
    @usableFromInline package mutating func popFirst() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count { items.removeAll(keepingCapacity: true); head = 0 }
        return item
    }

    /// Reads the next batch from a source that is pulled (files), once the
    /// queue is empty: `read` appends items and returns false at the end; if
    /// it throws after appending some, they come first and the error after.
    /// - Throws: the source's error, once no item read before it is left.
    @usableFromInline package mutating func refill(_ read: (inout [Item]) throws -> Bool) throws {
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

extension ItemQueue where Item: MergeItem {
    /// The time of the next item (the queue must not be empty), without copying it.
    @inline(__always) var firstTime: Item.Time { items[head].mergeTime }
}

/// The one "earliest head" merge: one queue per source, the item with the
/// earliest time first, ties to the lower source index (so equal times keep
/// the order of the sources). Sources are pulled (files: a queue is refilled
/// as soon as it is empty, before comparing) or pushed (live devices: what
/// has been appended is all there is; ``next(notAfter:)`` with a barrier
/// keeps later items for the next round).
///
/// The sources whose queue has an item sit in a binary heap keyed on (time
/// of that item, source index), so taking an item costs O(log k) for k
/// sources (a `libinput record` file with 10,000 devices merges in linear
/// time); the pulled queues that ran empty are refilled before the next
/// comparison, as before.
@usableFromInline package struct StreamMerge<Item: MergeItem> {
    private var queues: [ItemQueue<Item>] = []
    private var readers: [((inout [Item]) throws -> Bool)?] = []
    private var offsets: [Item.Time] = []
    /// Sources with a waiting item, a min-heap on (shifted head time, index).
    private var heap: [Int] = []
    /// Each source's position in `heap`, or -1.
    private var position: [Int] = []
    /// Pulled sources whose queue is empty and not exhausted: refilled by ``prime()``.
    private var toRefill: [Int] = []

    /// An empty merge.
    @usableFromInline package init() {}

    /// The number of sources.
    @usableFromInline package var count: Int { queues.count }

    /// Adds a source; `read` pulls its next batch (see ``ItemQueue/refill(_:)``),
    /// `nil` for a source whose items are pushed with ``push(_:source:)``.
    /// - Returns: the source's index.
    @usableFromInline package mutating func addSource(_ read: ((inout [Item]) throws -> Bool)? = nil) -> Int {
        queues.append(ItemQueue()); readers.append(read); offsets.append(.zero); position.append(-1)
        let i = queues.count - 1
        if read != nil { toRefill.append(i) }
        return i
    }

    /// Appends an item to a pushed source.
    @usableFromInline package mutating func push(_ item: Item, source: Int) {
        let wasEmpty = queues[source].isEmpty
        queues[source].append(item)
        if wasEmpty { insert(source) }
    }

    /// Moves every later item of `source` by `offset` (items come out shifted).
    @usableFromInline package mutating func setOffset(_ offset: Item.Time, source: Int) {
        offsets[source] = offset
        let p = position[source]
        if p >= 0 { siftUp(p); siftDown(position[source]) }
    }

    /// Fills the queue of every pulled source that is empty.
    /// - Throws: a source's error (see ``ItemQueue/refill(_:)``).
    @usableFromInline package mutating func prime() throws {
        guard !toRefill.isEmpty else { return }
        toRefill.sort()  // in source order, as a scan of every queue would
        var done = 0
        defer { toRefill.removeFirst(done) }
        while done < toRefill.count {
            let i = toRefill[done]
            done += 1  // off the list first: an error is thrown once
            if let read = readers[i], queues[i].isEmpty {
                try queues[i].refill(read)
                if !queues[i].isEmpty { insert(i) }
            }
        }
    }

    /// The next item waiting in `source`'s queue, unshifted (after ``prime()``).
    @usableFromInline package func first(of source: Int) -> Item? { queues[source].first }

    /// The time of the earliest item waiting (shifted), after filling the
    /// pulled queues; `nil` if none.
    /// - Throws: a pulled source's error.
    @usableFromInline package mutating func earliestTime() throws -> Item.Time? {
        try prime()
        guard let top = heap.first else { return nil }
        return key(top)
    }

    /// Removes and returns the earliest item (shifted by its source's offset),
    /// if its time is at most `barrier`; `nil` when every queue is empty (or
    /// the earliest item is later than the barrier).
    /// - Complexity: O(log number of sources).
    /// - Throws: a pulled source's error, after its items read before it.
    @usableFromInline package mutating func next(notAfter barrier: Item.Time? = nil) throws -> (source: Int, item: Item)? {
        var source = 0
        guard let item = try next(notAfter: barrier, source: &source) else { return nil }
        return (source, item)
    }

    /// ``next(notAfter:)`` with the source in `source`: the replay loop's
    /// form (an optional item, not an optional tuple, which Swift destroys
    /// through the generic value witnesses when the item is not trivial).
    /// - Throws: a pulled source's error, after its items read before it.
    @inline(__always)
    mutating func next(notAfter barrier: Item.Time? = nil, source: inout Int) throws -> Item? {
        if !toRefill.isEmpty { try prime() }
        guard let best = heap.first else { return nil }
        if let b = barrier, key(best) > b { return nil }
        let item = queues[best].popFirst()!
        if queues[best].isEmpty {
            removeTop()
            if readers[best] != nil && !queues[best].exhausted { toRefill.append(best) }
        } else if heap.count > 1 {
            siftDown(0)
        }
        source = best
        let o = offsets[best]
        return o == .zero ? item : item.shifted(by: o)
    }

    // MARK: The heap

    private func key(_ source: Int) -> Item.Time { queues[source].firstTime + offsets[source] }

    /// Whether source `a` comes before source `b`.
    private func before(_ a: Int, _ b: Int) -> Bool {
        let ta = key(a), tb = key(b)
        return ta < tb || (ta == tb && a < b)
    }

    private mutating func insert(_ source: Int) {
        guard position[source] < 0 else { return }
        heap.append(source); position[source] = heap.count - 1
        siftUp(heap.count - 1)
    }

    private mutating func removeTop() {
        let top = heap[0]
        position[top] = -1
        let last = heap.removeLast()
        if !heap.isEmpty { heap[0] = last; position[last] = 0; siftDown(0) }
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard before(heap[i], heap[parent]) else { return }
            heap.swapAt(i, parent); position[heap[i]] = i; position[heap[parent]] = parent
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count && before(heap[l], heap[m]) { m = l }
            if r < heap.count && before(heap[r], heap[m]) { m = r }
            if m == i { return }
            heap.swapAt(i, m); position[heap[i]] = i; position[heap[m]] = m
            i = m
        }
    }
}

extension PointerEvent: MergeItem {
    /// The time in seconds.
    @inlinable package var mergeTime: Double { time }
    /// The event `offset` seconds later.
    @inlinable package func shifted(by offset: Double) -> PointerEvent { PointerEvent(time: time + offset, kind) }
}
