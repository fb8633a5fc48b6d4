import PointerSimCore
import PointerSimTesting
import Testing

/// Issue #44: the shrinker keeps only a smaller session that fails the same
/// way. A release-timing bug shrank to a Control+Shift+A session before: any
/// smaller failing session was taken, and that one showed another
/// difference, which a correct implementation of the release also has.
@Suite struct ShrinkSameFailureTests {
    /// PointerSim's own selection after every step, with two bugs: a wrong
    /// selection at a primary release in a session of four steps or more, and
    /// one at every change to a non-empty set of modifiers.
    static var twoBugs: ConformanceSubject {
        { s in
            var sim = Simulator(scene: s.scene)
            var out: [ConformanceAnswer] = []
            for e in s.events {
                _ = sim.process([e])
                var selection = sim.selection
                if case .release(.primary) = e.kind, s.events.count >= 4 { selection.append("release-bug") }
                if case .modifiers(let m) = e.kind, !m.isEmpty { selection.append("modifiers-bug") }
                out.append(ConformanceAnswer(selection: selection))
            }
            return .answered(out)
        }
    }

    static var session: ConformanceSession {
        var scene = SimulationScene.default
        scene.band.profile = .uikit
        let events = [
            PointerEvent(time: 0, .move(Point(x: 10, y: 10))), PointerEvent(time: 0.01, .press(.primary)),
            PointerEvent(time: 0.02, .move(Point(x: 300, y: 200))), PointerEvent(time: 0.03, .release(.primary)),
            PointerEvent(time: 0.04, .modifiers([.control, .shift])), PointerEvent(time: 0.05, .key(.letter("a"))),
        ]
        return ConformanceSession(scene: scene, events: events)
    }

    @Test func aShrunkDivergenceFailsAtTheSameKindOfStepInTheSameAnswers() throws {
        let found = try #require(try Conformance.firstDivergence(Self.session, subject: Self.twoBugs))
        #expect(found.step == 3)
        // Two steps (the modifiers alone) would fail too, at the other bug: not taken.
        var other = Self.session
        other.events = [PointerEvent(time: 0, .modifiers([.control, .shift]))]
        #expect(try Conformance.firstDivergence(other, subject: Self.twoBugs)?.step == 0)
        let small = try Conformance.shrink(found, subject: Self.twoBugs)
        let step = small.session.events[small.step]
        #expect(step.kind == .release(.primary), "\(small.explanation)")
        #expect(small.explanation.contains("release-bug") && !small.explanation.contains("modifiers-bug"), "\(small.explanation)")
        // Still shrunk: the bug needs four steps, and nothing more is left.
        #expect(small.session.events.count == 4, "\(small.session.events)")
    }
}
