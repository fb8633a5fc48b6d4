extension SelectionModel {
    /// Checks the model's internal consistency (only with
    /// `POINTERSIM_INTERNAL_CHECKS`): the bitsets' sizes, the counts, no
    /// removed item selected, the known range, focus and anchor on items
    /// that exist and were not removed. The O(n) checks run up to 4,096 items.
    @inlinable package func _checkInvariants() {
        #if POINTERSIM_INTERNAL_CHECKS
        precondition(selection.capacity == count && removedItems.capacity == count && bandStart.capacity == count, "bitset capacity")
        precondition(selectedCount >= 0 && selectedCount <= count && removedCount >= 0 && removedCount <= count, "counts out of range")
        if let f = focus { precondition(f >= 0 && f < count && !removedItems[f], "focus on no item") }
        if let a = anchor { precondition(a >= 0 && a < count && !removedItems[a], "anchor on no item") }
        if count <= 4096 {
            precondition(selectedCount == selection.count, "selectedCount out of sync")
            precondition(removedCount == removedItems.count, "removedCount out of sync")
            for w in selection.words.indices { precondition(selection.words[w] & removedItems.words[w] == 0, "a removed item is selected") }
            if let r = exactRange {
                for i in 0..<count { precondition(selection[i] == (r.contains(i) && !removedItems[i]), "exactRange stale at item \(i)") }
            }
        }
        #endif
    }
}
