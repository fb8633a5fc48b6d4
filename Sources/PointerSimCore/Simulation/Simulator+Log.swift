// The Simulator's records: `LogBuilder` writes them (a selection behaviour's
// own go through its `BehaviourOutput`, Profiles/SelectionBehaviour.swift).

extension Simulator {
    /// The whole selection as the log writes it.
    var logSelection: LogItemList { log.logSelection(selectionModel) }

    /// The log records of the regions' events.
    func emit(_ events: RegionEvents, at t: Double, into out: inout [LogRecord]) {
        log.emit(events, at: t, into: &out)
    }

    mutating func emit(_ update: BandUpdate?, at t: Double, into out: inout [LogRecord]) {
        guard let u = update else { return }
        log.emit(u, selection: selectionModel, at: t, into: &out)
    }

    mutating func emit(_ events: [SelectionEvent], at t: Double, into out: inout [LogRecord]) {
        log.emit(events, contextMenuFlocks: clicks.rules.contextMenuFlocks, at: t, into: &out)
    }
}
