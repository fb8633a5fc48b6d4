import PointerSimCore
import Testing

/// `qt-itemview` over its run lists and bitsets (issue #44): the run
/// operations against sets, and a Qt session at 100,000 items whose
/// selections are known.
@Suite struct QtItemViewScaleTests {
    /// A deterministic generator (xorshift).
    struct Rng { var s: UInt64; mutating func next(_ n: Int) -> Int { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return Int(s % UInt64(n)) } }

    static func runs(_ rng: inout Rng, upTo n: Int) -> [Range<Int>] {
        var out: [Range<Int>] = [], at = rng.next(8)
        while at < n, out.count < 6 {
            let len = 1 + rng.next(90)
            out.append(at..<Swift.min(n, at + len))
            at += len + 1 + rng.next(40)
        }
        return out
    }
    static func set(_ runs: [Range<Int>]) -> Set<Int> { Set(runs.flatMap { $0 }) }

    @Test func theSymmetricDifferenceOfTwoRunListsIsTheSetsAsRuns() {
        var rng = Rng(s: 0x9e37_79b9_7f4a_7c15)
        for _ in 0..<500 {
            let a = Self.runs(&rng, upTo: 400), b = Self.runs(&rng, upTo: 400)
            let d = QtItemView.symmetricDifference(a, b)
            #expect(Self.set(d) == Self.set(a).symmetricDifference(Self.set(b)), "\(a) △ \(b) = \(d)")
            // ascending, disjoint, not adjacent, not empty
            #expect(zip(d, d.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound } && d.allSatisfy { !$0.isEmpty }, "\(d)")
            let n = QtItemView.normalized(a + b)
            #expect(Self.set(n) == Self.set(a).union(Self.set(b)) && zip(n, n.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "\(n)")
        }
    }

    @Test func applyingWordsChangesTheRangesOnlyAndReturnsTheChangeAsRuns() {
        var rng = Rng(s: 12345)
        for _ in 0..<200 {
            let before = Self.set(Self.runs(&rng, upTo: 500)), target = Self.set(Self.runs(&rng, upTo: 500))
            var model = SelectionModel(count: 500, selected: before)
            let on = QtItemView.normalized(Self.runs(&rng, upTo: 500))
            let covered = Self.set(on)
            var words = [UInt64](repeating: 0, count: 8)
            for i in target { words[i >> 6] |= 1 << UInt64(i & 63) }
            let diff = model.applyWords(on: on) { words[$0] }
            let expected = before.subtracting(covered).union(target.intersection(covered))
            #expect(Set(model.selectedItems) == expected)
            #expect(Set(diff.added) == expected.subtracting(before) && Set(diff.removed) == before.subtracting(expected))
            #expect(diff.added == diff.added.sorted() && diff.removed == diff.removed.sorted())
        }
    }

    /// 1,000 rows of 100 items (40 × 30 at pitch 50 × 40) under qt-itemview.
    func simulator() -> Simulator {
        var scene = SimulationScene()
        scene.band.profile = .qtItemView
        scene.view.size = Size(width: 5000, height: 40_000)
        scene.view.contentSize = Size(width: 5000, height: 40_000)
        for r in 0..<1000 {
            for c in 0..<100 {
                scene.items.append(SceneItem(id: "r\(r)c\(c)", rect: Rect(x: Double(c) * 50, y: Double(r) * 40, width: 40, height: 30)))
            }
        }
        return Simulator(scene: scene)
    }

    func click(_ sim: inout Simulator, row: Int, column: Int, _ m: ModifierFlags = [], at t: Double, button: PointerButton = .primary) -> [LogRecord]
    {
        var out: [LogRecord] = []
        for e in [
            PointerEvent(time: t, .modifiers(m)), PointerEvent(time: t + 0.001, .move(Point(x: Double(column) * 50 + 20, y: Double(row) * 40 + 15))),
            PointerEvent(time: t + 0.002, .press(button)), PointerEvent(time: t + 0.003, .release(button)),
        ] {
            sim.process(e, into: &out)
        }
        return out
    }

    @Test func aQtSessionAtAHundredThousandItemsSelectsWhatQtWould() {
        var sim = simulator()
        _ = click(&sim, row: 0, column: 0, at: 1)
        #expect(sim.selectionModel.selectedItems == [0])
        // Shift-clicks: the range from r0c0 in model order, each replacing the last.
        _ = click(&sim, row: 20, column: 5, .shift, at: 2)
        #expect(sim.selectionModel.selectedItems == Array(0...2005))
        _ = click(&sim, row: 3, column: 0, .shift, at: 3)
        #expect(sim.selectionModel.selectedItems == Array(0...300))
        // Control-clicks toggle, committed as they go; a Shift-click then ranges from the last.
        _ = click(&sim, row: 1, column: 1, .control, at: 4)
        _ = click(&sim, row: 600, column: 7, .control, at: 5)
        #expect(sim.selectionModel.selectedCount == 301 - 1 + 1 && !sim.selectionModel.isSelected(101) && sim.selectionModel.isSelected(60_007))
        _ = click(&sim, row: 600, column: 9, .shift, at: 6)
        #expect(sim.selectionModel.selectedCount == 301 - 1 + 3 && sim.selectionModel.isSelected(60_009))
        // Control+A selects everything (the log says "all"), a Control-click lets one go.
        var out: [LogRecord] = []
        for e in [PointerEvent(time: 7, .modifiers(.control)), PointerEvent(time: 7.01, .key(.letter("a")))] { sim.process(e, into: &out) }
        #expect(sim.selectionModel.selectedCount == 100_000)
        #expect(out.contains { if case .selectionChanged(_, let added, _) = $0.event { added.count == 100_000 - 303 } else { false } })
        _ = click(&sim, row: 999, column: 99, .control, at: 8)
        #expect(sim.selectionModel.selectedCount == 99_999 && !sim.selectionModel.isSelected(99_999))
        // A plain click clears to one item.
        _ = click(&sim, row: 500, column: 50, at: 9)
        #expect(sim.selectionModel.selectedItems == [50_050])
        // A drag from empty space selects the cells the rect meets: rows 0 … 4, columns 0 … 3.
        out = []
        for e in [
            PointerEvent(time: 10, .move(Point(x: 45, y: 35))), PointerEvent(time: 10.01, .press(.primary)),
            PointerEvent(time: 10.02, .move(Point(x: 170, y: 190))), PointerEvent(time: 10.03, .release(.primary)),
        ] { sim.process(e, into: &out) }
        #expect(
            Set(sim.selectionModel.selectedItems) == Set((0...4).flatMap { r in (0...3).map { r * 100 + $0 } }),
            "\(sim.selectionModel.selectedItems)"
        )
    }

    @Test func aContextClickOnTheWholeSelectionWritesTheLongListForm() {
        var scene = SimulationScene()
        scene.band.profile = .uikit
        for r in 0..<50 {
            for c in 0..<50 {
                scene.items.append(SceneItem(id: "r\(r)c\(c)", rect: Rect(x: Double(c) * 50, y: Double(r) * 40, width: 40, height: 30)))
            }
        }
        var sim = Simulator(scene: scene), out: [LogRecord] = []
        for e in [
            PointerEvent(time: 1, .modifiers(.command)), PointerEvent(time: 1.01, .key(.letter("a"))), PointerEvent(time: 1.02, .modifiers([])),
        ] { sim.process(e, into: &out) }
        out = click(&sim, row: 0, column: 0, at: 2, button: .secondary)
        let menus = out.compactMap { r -> LogItemList? in
            switch r.event {
            case .contextMenuRequested(_, let items), .contextMenuFlocked(_, let items): return items
            default: return nil
            }
        }
        #expect(menus.count == 2, "\(out)")
        // Kept as runs (the whole scene: written "all"), the same ids as a list.
        #expect(menus.allSatisfy { $0.runs?.ranges == [0..<2500] && $0.count == 2500 && $0.last == "r49c49" })
        // A context click on one unselected item still names it.
        for e in [PointerEvent(time: 3, .key(.escape))] { sim.process(e, into: &out) }
        out = click(&sim, row: 1, column: 1, at: 4, button: .secondary)
        #expect(
            out.contains { if case .contextMenuRequested(_, let items) = $0.event { Array(items) == ["r1c1"] && items.runs == nil } else { false } },
            "\(out)"
        )
    }
}
