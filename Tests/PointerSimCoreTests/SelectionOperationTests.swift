import PointerSimCore
import PropertyBased
import Testing

/// The selection operations that cost what changes (``SelectionTarget``,
/// ``SelectionEngine/nearestItem(from:direction:)``) against the lists and
/// scans they replace.
@Suite struct SelectionOperationTests {
    /// The items a target names, computed the way the controller used to.
    static func reference(_ target: SelectionTarget, _ engine: SelectionEngine) -> [Int] {
        let sel = engine.selection.members
        switch target {
        case .items(let l): return l
        case .toggling(let i): return engine.isSelected(i) ? sel.filter { $0 != i } : sel + [i]
        case .range(let r, let keeping):
            let span = Array(r).filter { !engine.isRemoved($0) }
            return keeping ? Array(Set(sel).union(span)) : span
        case .all: return Array(0..<engine.count).filter { !engine.isRemoved($0) }
        }
    }

    @Test func targetsGiveTheSelectionAndDiffOfTheirLists() async {
        let op = zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...39), Gen<Int>.int(in: 0...39))
        await propertyCheck(count: 300, input: op.array(of: 1...40), Gen<Int>.int(in: 1...40), Gen<Bool>.bool) { ops, n, band in
            let items = (0..<n).map { Rect(x: Double($0 % 8) * 10, y: Double($0 / 8) * 10, width: 8, height: 8) }
            var fast = SelectionEngine(items: items), slow = SelectionEngine(items: items)
            if band { fast.beginBand(mode: .add); slow.beginBand(mode: .add) }
            for (kind, a, b) in ops {
                let i = a % n, j = b % n
                let target: SelectionTarget
                switch kind {
                case 0: target = .toggling(i)
                case 1: target = .range(Swift.min(i, j)...Swift.max(i, j), keepingSelection: false)
                case 2: target = .range(Swift.min(i, j)...Swift.max(i, j), keepingSelection: true)
                case 3: target = .all
                case 4: target = []
                case 5: target = [i]
                case 6: target = [i, j]
                case 7:
                    fast.removeItem(i); slow.removeItem(i)
                    continue
                case 8:
                    let r = Rect(x: Double(a), y: Double(b), width: 30, height: 20)
                    #expect(fast.updateBand(to: r) == slow.updateBand(to: r))
                    continue
                default:
                    #expect(fast.selectAll() == slow.setSelection(Self.reference(.all, slow)))
                    continue
                }
                let expected = slow.setSelection(Self.reference(target, slow))
                let got = fast.setSelection(target)
                #expect(got == expected, "\(target)")
                #expect(got.added == got.added.sorted() && got.removed == got.removed.sorted())
                #expect(fast.selection == slow.selection && fast.selectedCount == slow.selectedCount)
            }
        }
    }

    @Test func runsAreTheDiffsLists() {
        var e = SelectionEngine(items: (0..<5000).map { Rect(x: Double($0), y: 0, width: 1, height: 1) })
        let all = e.setSelection(.all)
        #expect(all.addedRuns == [0..<5000] && all.addedCount == 5000 && all.added == Array(0..<5000))
        let range = e.setSelection(.range(100...4899, keepingSelection: false))
        #expect(range.removedRuns == [0..<100, 4900..<5000] && range.addedCount == 0)
        let clear = e.setSelection([])
        #expect(clear.removedRuns == [100..<4900] && e.selectedCount == 0)
        e.setSelection([3, 4, 5, 9, 64, 65, 127, 128, 4999])
        #expect(e.selection.runs == [3..<6, 9..<10, 64..<66, 127..<129, 4999..<5000])
        #expect(SelectionDiff.runs(of: [1, 2, 3, 7, 9, 10]) == [1..<4, 7..<8, 9..<11])
    }

    @Test func nearestItemIsTheScansChoice() async {
        await propertyCheck(
            count: 300,
            input: Gen<Rect>.item.array(of: 1...60),
            Gen<Int>.int(in: 0...59),
            Gen<Int>.int(in: 0...3),
            Gen<Int>.int(in: 0...3)
        ) { items, f, dir, removals in
            var engine = SelectionEngine(items: items)
            for k in 0..<removals where k * 7 % items.count != f % items.count { engine.removeItem(k * 7 % items.count) }
            let from = f % items.count, d = FocusDirection.allCases[dir]
            let expected = SelectionController.nearest(from: from, direction: d, items: engine.items, isRemoved: engine.isRemoved)
            #expect(engine.nearestItem(from: from, direction: d) == expected)
            // Moved items (on the engine's changed list) too.
            engine.setRect(Rect(x: 500, y: 30, width: 5, height: 5), ofItem: (from + 1) % items.count)
            let moved = SelectionController.nearest(from: from, direction: d, items: engine.items, isRemoved: engine.isRemoved)
            #expect(engine.nearestItem(from: from, direction: d) == moved)
        }
    }

    @Test func nearestItemOnAGridWalksOneStep() {
        let items = (0..<10_000).map { Rect(x: Double($0 % 100) * 50, y: Double($0 / 100) * 40, width: 40, height: 30) }
        let e = SelectionEngine(items: items)
        #expect(e.nearestItem(from: 0, direction: .right) == 1)
        #expect(e.nearestItem(from: 0, direction: .down) == 100)
        #expect(e.nearestItem(from: 0, direction: .left) == nil)
        #expect(e.nearestItem(from: 99, direction: .right) == nil)
        #expect(e.nearestItem(from: 9999, direction: .up) == 9899)
    }

    @Test func itemIndexOfIDsUsesTheTable() {
        var scene = SimulationScene()
        scene.items = (0..<3000).map { SceneItem(id: "i\($0 % 2500)", rect: Rect(x: Double($0), y: 0, width: 1, height: 1)) }
        let sim = Simulator(scene: scene)
        #expect(sim.itemIndex(of: "i0") == 0)
        #expect(sim.itemIndex(of: "i2499") == 2499)
        #expect(sim.itemIndex(of: "i17") == 17)  // repeated at 2517: the first
        #expect(sim.itemIndex(of: "x") == nil)
    }
}
