import PointerSimCore
import PointerSimFormats

/// Where an implementation first differs from PointerSim, and why.
public struct Divergence: Sendable, CustomStringConvertible {
    /// The session (after shrinking, the shrunk one).
    public var session: ConformanceSession
    /// The 0-based index of the step after which the answers differ.
    public var step: Int
    /// PointerSim's answer.
    public var expected: ConformanceAnswer
    /// The implementation's.
    public var actual: ConformanceAnswer
    /// The explanation: the step, the band rect, the mode, and for each
    /// differing item whether it was selected at the press, is in the rect,
    /// was ever hit by this press's band, and the rule applied.
    public var explanation: String

    public var description: String { explanation }
}

/// The conformance runner: plays sessions through PointerSim and an
/// implementation side by side and stops at the first divergence.
public enum Conformance {
    /// A subject from a Swift model stepped in process (a new one per session).
    public static func subject<M: PointerSelectionModel>(_ type: M.Type) -> ConformanceSubject {
        { session in
            var m = M(scene: session.scene)
            return .answered(session.events.map { m.handle($0) })
        }
    }

    /// A subject from a band-selection model.
    public static func subject<M: BandSelectionModel>(band type: M.Type) -> ConformanceSubject { subject(BandModelDriver<M>.self) }

    /// A subject from a pointer-region model.
    public static func subject<M: PointerRegionModel>(regions type: M.Type) -> ConformanceSubject { subject(RegionModelDriver<M>.self) }

    /// PointerSim's answers, one per step, and the explanation of each
    /// step's state: the last primary press (where, rounded how, on what,
    /// and the rule that decided what it did), the band, the rule applied.
    static func oracle(_ session: ConformanceSession) -> [StepState] {
        var sim = Simulator(scene: session.scene)
        let scene = session.scene
        let profile = scene.band.profile.name
        var out: [StepState] = []
        var atPress: [String]? = nil
        var everHit = Set<Int>()
        var mode: SelectionMode? = nil
        var rule = "none (no primary press yet)"
        var press: String? = nil
        var pressPoint: Point? = nil
        var pressOnItem = false
        var modifiers: ModifierFlags = []
        var held = false
        var records: [LogRecord] = []
        for e in session.events {
            var pressed: (point: Point, item: Int?, context: Bool, claimed: Bool)? = nil
            switch e.kind {
            case .modifiers(let m): modifiers = m
            case .press(.primary) where !held:
                held = true
                atPress = sim.selection; everHit = []; mode = nil
                let rules = sim.clicks.rules
                let p = sim.contentPoint
                pressed = (
                    p, rules.pressedItem(at: p, items: sim.band.engine, selection: sim.selectionModel), rules.isContextClick(modifiers),
                    sim.regionClaimsPress
                )
            case .release(.primary): held = false
            case .cancel: held = false
            default: break
            }
            records.removeAll(keepingCapacity: true)
            sim.process(e, into: &records)
            if let p = pressed {
                let scale = scene.view.scale
                let r = p.point.roundedToPixels(scale: scale)
                pressPoint = p.point; pressOnItem = p.item != nil
                let on: String
                if let i = p.item {
                    let closed = sim.clicks.rules.pressHitsMaxEdges
                    on =
                        "on item \(scene.items[i].id) (a press hits an item's rect \(closed ? "closed: its far edges count" : "half-open: its far edges do not count"))"
                } else {
                    on = "on empty space"
                }
                press =
                    "press at \(Self.point(p.point)) (content), \(Self.point(r)) on the pixel grid of scale \(formatExactNumber(scale)) (halves round away from zero); \(on)"
                let mods = "[\(modifiers.names.joined(separator: ", "))]"
                if p.context {
                    rule =
                        "context click: modifiers \(mods) are a context click under profile \(profile); it opens a context menu and changes neither band nor selection"
                } else if p.claimed {
                    rule = "a control's claim: region \(sim.regions.current?.id ?? "?") takes the press; no band and no click"
                } else if p.item == nil,
                    sim.clicks.lastPressOnlyActivated || sim.clicks.rules.doubleClickPressStartsNoBand && sim.clicks.lastPressWasDoubleClick
                {
                    rule =
                        sim.clicks.rules.doubleClickPressOnlyActivates
                        ? "double-click press: the second press of a double click only activates under profile \(profile); no band, no selection change"
                        : "double-click press: the second press of a double click starts no band under profile \(profile)"
                } else if !scene.selection.allowsSelectionNow {
                    rule = "selection disabled (selection.allowsSelection false): the press changes no selection and starts no band"
                } else if p.item == nil && !scene.selection.bandMayBegin {
                    rule = "single selection (multiple selection off): no band begins; a press on empty space only clears per the click rules"
                } else if p.item == nil {
                    rule =
                        "press on empty space: a band begins once the pointer moves past the threshold (\(formatExactNumber(scene.band.profile.threshold)) points, profile \(profile))"
                } else if sim.clicks.rules.doubleClickPressStartsNoBand && sim.clicks.lastPressWasDoubleClick {
                    rule =
                        "double-click press on item \(scene.items[p.item!].id): the second press of a double click starts no band under profile \(profile)"
                } else {
                    rule = "click on item \(scene.items[p.item!].id) (modifiers \(mods), profile \(profile))"
                }
            }
            for r in records {
                switch r.event {
                case .bandBegan(_, let m, let md):
                    mode = md; rule = "band, mode \(md.rawValue) (modifiers [\(m.names.joined(separator: ", "))], profile \(profile))"
                case .selectionChanged(let cause, _, _): rule = "\(cause.rawValue) (profile \(profile))"
                default: break
                }
            }
            let rect = sim.band.selectionRect
            if let rect {
                let hit = sim.band.hitRect(rect)
                for (i, item) in scene.items.enumerated() where scene.band.hitRule.hits(item: item.rect, band: hit) { everHit.insert(i) }
            }
            let focus = sim.selectionModel.focus.map { sim.itemIDs[$0] }
            let answer = ConformanceAnswer(selection: sim.selection, band: .some(rect), focus: .some(focus), region: .some(sim.regions.current?.id))
            out.append(
                StepState(
                    answer: answer,
                    atPress: atPress,
                    everHit: everHit,
                    mode: sim.band.isActive ? mode : nil,
                    rule: rule,
                    press: press,
                    pressPoint: pressPoint,
                    pressOnItem: pressOnItem,
                    pointer: sim.contentPoint,
                    held: held,
                    modifiers: modifiers
                )
            )
        }
        return out
    }

    static func point(_ p: Point) -> String { "[\(formatExactNumber(p.x)), \(formatExactNumber(p.y))]" }

    struct StepState {
        var answer: ConformanceAnswer
        /// The selection at the last primary press (nil: no press yet).
        var atPress: [String]?
        var everHit: Set<Int>
        var mode: SelectionMode?
        var rule: String
        /// The last primary press: where, rounded how, on what.
        var press: String?
        /// The last primary press's point (content) and whether it was on an item.
        var pressPoint: Point? = nil
        var pressOnItem = false
        /// The pointer after the step (content), whether the primary button
        /// is held, and the modifiers held.
        var pointer = Point(x: 0, y: 0)
        var held = false
        var modifiers: ModifierFlags = []
    }

    /// The hit rule, said in full.
    static func describe(_ rule: HitRule) -> String {
        switch rule {
        case .intersects: "intersects (an item counts when it overlaps the band with positive area; a touching edge does not count)"
        case .contains: "contains (an item counts when it lies strictly inside the band; an edge on the band's edge does not count)"
        }
    }

    /// The first divergence of `subject` from PointerSim on `session`, or nil
    /// (also nil when the subject skips the session).
    public static func firstDivergence(_ session: ConformanceSession, subject: ConformanceSubject) throws -> Divergence? {
        guard case .answered(let answers) = try subject(session) else { return nil }
        return divergence(session, answers: answers)
    }

    /// The first divergence of these answers from PointerSim's.
    public static func divergence(_ session: ConformanceSession, answers: [ConformanceAnswer]) -> Divergence? {
        let states = oracle(session)
        for (k, state) in states.enumerated() {
            guard k < answers.count else {
                return Divergence(
                    session: session,
                    step: k,
                    expected: state.answer,
                    actual: ConformanceAnswer(selection: nil),
                    explanation: "step \(k): no answer (the implementation answered \(answers.count) of \(states.count) steps)"
                )
            }
            let diffs = answers[k].differences(from: state.answer)
            if !diffs.isEmpty {
                return Divergence(
                    session: session,
                    step: k,
                    expected: state.answer,
                    actual: answers[k],
                    explanation: explain(session, step: k, state: state, actual: answers[k], diffs: diffs)
                )
            }
        }
        return nil
    }

    static func explain(_ s: ConformanceSession, step k: Int, state: StepState, actual: ConformanceAnswer, diffs: [String]) -> String {
        let e = s.events[k]
        var lines = ["step \(k) (\(formatExactNumber(e.time)) \(PointerSimTrace.describe(e.kind, exact: true))): " + diffs.joined(separator: "; ")]
        let rect = state.answer.band
        lines.append("  \(state.press ?? "no primary press yet")")
        lines.append(
            "  band rect: \(rect.map(ConformanceAnswer.rect) ?? "none"); mode: \(state.mode?.rawValue ?? "none"); rule applied: \(state.rule)"
        )
        let expected = Set(state.answer.selection ?? []), got = Set(actual.selection ?? [])
        let hitRule = s.scene.band.hitRule
        if s.scene.items.contains(where: { expected.contains($0.id) != got.contains($0.id) }) {
            lines.append("  hit rule: " + describe(hitRule))
        }
        for (i, item) in s.scene.items.enumerated() where expected.contains(item.id) != got.contains(item.id) {
            let inRect = rect.map { hitRule.hits(item: item.rect, band: $0) } ?? false
            let before =
                state.atPress.map { "selected at the press: \($0.contains(item.id))" }
                ?? "selected initially: \(s.scene.initialSelection.contains(item.id))"
            lines.append(
                "  item \(item.id) \(ConformanceAnswer.rect(item.rect)): expected \(expected.contains(item.id) ? "selected" : "not selected"); \(before); in the rect: \(inRect); ever hit: \(state.everHit.contains(i))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Shrinks a divergence to a smaller session that still diverges, keeping
    /// to `domain` (the sessions the implementation is meant to play:
    /// ``SessionGenerator/accepts(_:)``).
    ///
    /// A smaller session is taken only when it fails the same way: its
    /// first divergence is at a step of the same kind (a `release primary`,
    /// a `key`, a `move`…) and differs in the same answers (selection, band,
    /// focus, region, or no answer). Any failure would do otherwise, and a
    /// bug in one rule could shrink to a session that shows another
    /// difference, one a correct implementation of that rule also has.
    public static func shrink(
        _ d: Divergence,
        subject: ConformanceSubject,
        budget: Int = 3000,
        domain: (ConformanceSession) -> Bool = { _ in true }
    ) throws -> Divergence {
        let kind = DivergenceKind(d)
        let small = try Shrinker.shrink(d.session, budget: budget) { c in
            guard domain(c), let e = try firstDivergence(c, subject: subject) else { return false }
            return DivergenceKind(e) == kind
        }
        guard let e = try firstDivergence(small, subject: subject), DivergenceKind(e) == kind else { return d }
        return e
    }

    /// How a divergence fails: the kind of its step and the answers that differ.
    struct DivergenceKind: Equatable {
        var step: String
        var answers: [String]
        init(_ d: Divergence) {
            let kind = d.step < d.session.events.count ? d.session.events[d.step].kind : nil
            switch kind {
            case .press(let b)?: step = "press \(b.rawValue)"
            case .release(let b)?: step = "release \(b.rawValue)"
            case let k?: step = String(PointerSimTrace.describe(k).prefix { $0 != " " })
            case nil: step = "none"
            }
            if d.actual.selection == nil && !d.actual.reportsBand && !d.actual.reportsFocus && !d.actual.reportsRegion {
                answers = ["no answer"]
            } else {
                answers = d.actual.differences(from: d.expected).map { String($0.prefix { $0 != " " }) }
            }
        }
    }

    /// The result of checking many sessions.
    public struct Report: Sendable {
        /// Sessions played (answered or skipped).
        public var sessions = 0
        /// Sessions the implementation skipped.
        public var skipped = 0
        /// The first divergence, shrunk, if any.
        public var divergence: Divergence?
        /// The divergence before shrinking.
        public var original: Divergence?
        /// The 0-based index of the first divergent session.
        public var divergentSession: Int?
    }

    /// Plays `sessions` through `subject`; at the first divergence, shrinks it
    /// and stops, or (`divergencesToShrink` > 1) goes on to that many
    /// divergent sessions, shrinks each, and keeps the smallest (fewest
    /// steps, then fewest items): greedy shrinking finds a local minimum, and
    /// another failing session may have a smaller one.
    public static func check(
        _ sessions: [ConformanceSession],
        subject: ConformanceSubject,
        shrinkBudget: Int = 3000,
        divergencesToShrink: Int = 1,
        domain: (ConformanceSession) -> Bool = { _ in true }
    ) throws -> Report {
        var report = Report()
        var found = 0
        for s in sessions {
            report.sessions += 1
            guard case .answered(let answers) = try subject(s) else { report.skipped += 1; continue }
            if let d = divergence(s, answers: answers) {
                if report.original == nil { report.original = d; report.divergentSession = report.sessions - 1 }
                let small = try shrink(d, subject: subject, budget: shrinkBudget, domain: domain)
                if let best = report.divergence {
                    let a = (small.session.events.count, small.session.scene.items.count),
                        b = (best.session.events.count, best.session.scene.items.count)
                    if a < b { report.divergence = small }
                } else {
                    report.divergence = small
                }
                found += 1
                if found >= divergencesToShrink { return report }
            }
        }
        return report
    }
}
