extension BandEngine {
    /// Checks the engine's internal consistency, and its agreement with the
    /// model it changes (only with `POINTERSIM_INTERNAL_CHECKS`): the same
    /// items, the same removed items, a band in both or in neither, and each
    /// item's hit state against the current band rect (up to 4,096 items).
    @inlinable package func _checkInvariants(_ model: SelectionModel) {
        #if POINTERSIM_INTERNAL_CHECKS
        model._checkInvariants()
        precondition(model.count == edges.count && inRect.capacity == edges.count && everHit.capacity == edges.count, "item count")
        precondition(model.removedCount == removedCount, "removed items differ")
        precondition(model.isBandActive == (bandRect != nil), "band state differs")
        if edges.count <= 4096 {
            precondition(model.removedItems.words == removedItems.words, "removed items differ")
            if let r = bandRect {
                for i in 0..<edges.count {
                    precondition(inRect[i] == (!removedItems[i] && hitsItem(edges[i], r)), "inRect stale for item \(i)")
                }
            }
        }
        #endif
    }
}
