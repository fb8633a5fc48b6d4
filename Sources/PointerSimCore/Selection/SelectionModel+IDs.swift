#if os(Linux)
import Synchronization
#endif

/// The id → index table of one selection model and its copies: built at the
/// first lookup (under a lock on Linux; elsewhere, where `Mutex` needs newer
/// systems than the package supports, with the model).
final class ItemIDMap: Sendable {
    #if os(Linux)
    let state = Mutex<ItemIDTable?>(nil)
    let items: [SceneItem]
    init(_ items: [SceneItem]) { self.items = items }
    func index(of id: String) -> Int? {
        state.withLock { table in
            if table == nil { table = ItemIDTable(items) }
            return table!.index(of: id, in: items)
        }
    }
    #else
    let table: ItemIDTable
    let items: [SceneItem]
    init(_ items: [SceneItem]) { self.items = items; table = ItemIDTable(items) }
    func index(of id: String) -> Int? { table.index(of: id, in: items) }
    #endif
}

/// The item ids' inverse: an open-addressing
/// table keyed by a 64-bit hash of the id, each slot the item's index and 32
/// bits of the hash (8 bytes a slot, at least two slots per item), so that
/// building and looking up compare ids only when those bits agree.
struct ItemIDTable: Sendable {
    var slots: [UInt64]  // (index + 1) << 32 | tag; 0: empty
    let mask: Int

    init(_ items: [SceneItem]) {
        var size = 16
        while size < 2 * items.count { size <<= 1 }
        mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        let m = mask
        slots.withUnsafeMutableBufferPointer { t in
            for i in items.indices {
                let id = items[i].id
                let h = Self.hash(id), tag = h >> 32
                var k = Int(truncatingIfNeeded: h) & m
                var repeated = false
                while t[k] != 0 {
                    if t[k] & 0xffff_ffff == tag && items[Int(t[k] >> 32) - 1].id == id { repeated = true; break }  // keeps the first index
                    k = (k + 1) & m
                }
                if !repeated { t[k] = UInt64(i + 1) << 32 | tag }
            }
        }
        self.slots = slots
    }

    /// FNV-1a over the UTF-8 bytes, mixed.
    @inline(__always) static func hash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h ^ (h >> 29) &* 0xbf58_476d_1ce4_e5b9
    }

    func index(of id: String, in items: [SceneItem]) -> Int? {
        let h = Self.hash(id), tag = h >> 32
        var k = Int(truncatingIfNeeded: h) & mask
        while slots[k] != 0 {
            if slots[k] & 0xffff_ffff == tag, case let i = Int(slots[k] >> 32) - 1, items[i].id == id { return i }
            k = (k + 1) & mask
        }
        return nil
    }
}
