/// Building the ``Simulator``'s log records: item indices to the ids (or,
/// for long lists, the runs of scene order) the log writes, and the records
/// of the regions', the band's and the click rules' events.
struct LogBuilder: Sendable {
    /// The scene's items (item i is index i).
    let items: [SceneItem]

    /// The item ids in scene order.
    var itemIDs: Simulator.ItemIDs { Simulator.ItemIDs(items: items) }

    /// The items of a selection diff's list as the log writes them: ids, or
    /// runs of scene indices above ``LogItemList/compactThreshold``.
    func logItems(_ count: Int, _ runs: @autoclosure () -> [Range<Int>], _ indices: @autoclosure () -> [Int]) -> LogItemList {
        count > LogItemList.compactThreshold ? LogItemList(runs: runs(), of: items) : LogItemList(indices().map { itemIDs[$0] })
    }
    func logAdded(_ d: SelectionDiff) -> LogItemList { logItems(d.addedCount, d.addedRuns, d.added) }
    func logRemoved(_ d: SelectionDiff) -> LogItemList { logItems(d.removedCount, d.removedRuns, d.removed) }
    /// The whole selection of `selectionModel` as the log writes it.
    func logSelection(_ selectionModel: SelectionModel) -> LogItemList {
        let s = selectionModel.selection
        return logItems(selectionModel.selectedCount, s.runs, s.members)
    }

    /// The log records of the regions' events.
    func emit(_ events: RegionEvents, at t: Double, into out: inout [LogRecord]) {
        for e in events { out.append(LogRecord(time: t, e.logEvent)) }
    }

    /// The log records of a band update (the selection after it is
    /// `selectionModel`'s). A band that begins may begin more
    /// (``Simulator``'s `beginMultipleSelectionInteraction`): that is the
    /// caller's.
    func emit(_ u: BandUpdate, selection selectionModel: SelectionModel, at t: Double, into out: inout [LogRecord]) {
        switch u.state {
        case .began:
            // The log's `band.began` has no diff. When the band changes the
            // selection as it begins (its first rect hits items, as a band that begins
            // past the threshold; a replace band clears at the press), a
            // `band.selecting` line at the same time says so, so that the log's
            // diffs compose at every line (docs/Formats/Log.md).
            out.append(LogRecord(time: t, .bandBegan(rect: u.rect, modifiers: u.modifiers, mode: u.mode)))
            if !u.diff.isEmpty {
                out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: logAdded(u.diff), removed: logRemoved(u.diff))))
            }
        case .selecting:
            out.append(LogRecord(time: t, .bandSelecting(rect: u.rect, added: logAdded(u.diff), removed: logRemoved(u.diff))))
        case .ended:
            out.append(LogRecord(time: t, .bandEnded(rect: u.rect, selection: logSelection(selectionModel), cancelled: u.cancelled)))
        case .possible:
            break
        }
    }

    /// The log records of the click rules' events (`contextMenuFlocks`: the
    /// profile's ``ClickRules/contextMenuFlocks``).
    func emit(_ events: [SelectionEvent], contextMenuFlocks: Bool, at t: Double, into out: inout [LogRecord]) {
        for e in events {
            switch e {
            case .changed(let cause, let d):
                out.append(LogRecord(time: t, .selectionChanged(cause: cause, added: logAdded(d), removed: logRemoved(d))))
            case .focusMoved(let i):
                out.append(LogRecord(time: t, .focusMoved(item: itemIDs[i])))
            case .primaryAction(let i):
                out.append(LogRecord(time: t, .itemPrimaryAction(item: itemIDs[i])))
            case .contextMenu(let p, let items):
                // Above the long-list bound, runs (the selection's items are ascending).
                let list =
                    items.count > LogItemList.compactThreshold && zip(items, items.dropFirst()).allSatisfy({ $0 < $1 })
                    ? LogItemList(runs: SelectionDiff.runs(of: items), of: self.items) : LogItemList(items.map { itemIDs[$0] })
                out.append(LogRecord(time: t, .contextMenuRequested(point: p, items: list)))
                if contextMenuFlocks && items.count > 1 {
                    out.append(LogRecord(time: t, .contextMenuFlocked(point: p, items: list)))
                }
            }
        }
    }
}
