import PointerSimCore
import Testing

/// Swift Testing helpers: one call checks your model against PointerSim over
/// generated sessions, records an issue with the shrunk divergence's
/// explanation, and can write the counterexample files.
extension Conformance {
    /// Checks `subject` over `sessions` sessions of `generator` from `seed`;
    /// the first `candidates` divergent sessions are shrunk and the smallest
    /// kept. On a divergence, records an issue (the explanation, the seed, and the
    /// counterexample files if `counterexampleDirectory` is set) and returns it.
    @discardableResult
    public static func expect(
        _ subject: ConformanceSubject,
        generator: SessionGenerator = SessionGenerator(),
        sessions: Int = 200,
        seed: UInt64 = 1,
        counterexampleDirectory: String? = nil,
        name: String = "counterexample",
        candidates: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Divergence? {
        do {
            let report = try check(
                generator.sessions(count: sessions, seed: seed),
                subject: subject,
                divergencesToShrink: candidates,
                domain: generator.accepts
            )
            guard let d = report.divergence else { return nil }
            var message =
                "diverges from PointerSim (seed \(seed), shrunk to \(d.session.scene.items.count) item(s) and \(d.session.events.count) step(s)):\n"
                + d.explanation
            if let dir = counterexampleDirectory {
                let files = try Counterexample.write(d.session, name: name, directory: dir, comment: d.explanation)
                message += "\nwritten: " + files.joined(separator: ", ")
            }
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return d
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Checks a ``PointerSelectionModel`` (see ``expect(_:generator:sessions:seed:counterexampleDirectory:name:candidates:sourceLocation:)``).
    @discardableResult
    public static func expect<M: PointerSelectionModel>(
        model: M.Type,
        generator: SessionGenerator = SessionGenerator(),
        sessions: Int = 200,
        seed: UInt64 = 1,
        counterexampleDirectory: String? = nil,
        name: String = "counterexample",
        candidates: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Divergence? {
        expect(
            subject(model),
            generator: generator,
            sessions: sessions,
            seed: seed,
            counterexampleDirectory: counterexampleDirectory,
            name: name,
            candidates: candidates,
            sourceLocation: sourceLocation
        )
    }

    /// Checks a ``BandSelectionModel`` over band sessions.
    @discardableResult
    public static func expect<M: BandSelectionModel>(
        band: M.Type,
        generator: SessionGenerator = SessionGenerator(kind: .band),
        sessions: Int = 200,
        seed: UInt64 = 1,
        counterexampleDirectory: String? = nil,
        name: String = "counterexample",
        candidates: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Divergence? {
        expect(
            subject(band: band),
            generator: generator,
            sessions: sessions,
            seed: seed,
            counterexampleDirectory: counterexampleDirectory,
            name: name,
            candidates: candidates,
            sourceLocation: sourceLocation
        )
    }
}
