import PointerSimCore
import PropertyBased
import Testing

// Random scenes on a half-point lattice, so that band edges often land exactly
// on item edges (the touching cases), plus random drag paths.
extension Gen where Value == Rect {
    static var item: Generator<Rect, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: 0...400), Gen<Int>.int(in: 0...400), Gen<Int>.int(in: 0...120), Gen<Int>.int(in: 0...90))
            .map { Rect(x: Double($0) / 2, y: Double($1) / 2, width: Double($2) / 2, height: Double($3) / 2) }
    }
}

extension Gen where Value == Point {
    static var dragPoint: Generator<Point, some Sequence & SendableMetatype> {
        zip(Gen<Int>.int(in: -20...440), Gen<Int>.int(in: -20...440)).map { Point(x: Double($0) / 2, y: Double($1) / 2) }
    }
}

extension Gen where Value == SelectionMode {
    static var mode: Generator<SelectionMode, some Sequence & SendableMetatype> { Gen<Int>.int(in: 0...4).map { SelectionMode.allCases[$0] } }
}

@Suite struct SelectionEngineProperties {
    /// The selection a mode gives, computed from scratch by scanning.
    static func reference(mode: SelectionMode, start: Set<Int>, inRect: Set<Int>, everHit: Set<Int>, count: Int) -> Set<Int> {
        Set((0..<count).filter { mode.isSelected(start: start.contains($0), inRect: inRect.contains($0), everHit: everHit.contains($0)) })
    }

    @Test func indexedIncrementalEngineEqualsNaiveScanAfterEveryUpdate() async {
        await propertyCheck(
            count: 150,
            input: Gen<Rect>.item.array(of: 0...60),
            Gen<Point>.dragPoint.array(of: 1...25),
            Gen<SelectionMode>.mode,
            Gen<Bool>.bool,
            Gen<Int>.int(in: 0...6)
        ) { items, path, mode, contains, startStride in
            let rule: HitRule = contains ? .contains : .intersects
            var engine = SelectionEngine(items: items, hitRule: rule)
            let start = Set(stride(from: 0, to: items.count, by: startStride + 1))
            engine.setSelection(start)
            var previous = start
            let beganDiff = engine.beginBand(mode: mode)
            var current = previous.subtracting(beganDiff.removed).union(beganDiff.added)
            var everHit = Set<Int>()
            let anchor = path[0]
            for p in path {
                let rect = Rect.band(from: anchor, to: p, scale: 2)
                // Rects are normalised and at least 1×1.
                #expect(rect.width >= 1 && rect.height >= 1 && rect.isNormalized)
                let diff = engine.updateBand(to: rect)
                let hits = Set(SelectionEngine.naiveHits(items: items, rect: rect, hitRule: rule))
                everHit.formUnion(hits)
                // Applying the reported diff to the previous selection gives the new one.
                #expect(Set(diff.added).isDisjoint(with: current) && Set(diff.removed).isSubset(of: current))
                current = current.subtracting(diff.removed).union(diff.added)
                let actual = Set(engine.selection.members)
                #expect(current == actual)
                #expect(engine.selectedCount == actual.count)
                #expect(diff.added == diff.added.sorted() && diff.removed == diff.removed.sorted())
                // The indexed engine equals a naive scan.
                #expect(Set(engine.inRect.members) == hits)
                let expected = mode.isLive ? Self.reference(mode: mode, start: start, inRect: hits, everHit: everHit, count: items.count) : start
                // (For add this is start ∪ inRect, so add ⊇ start holds after every update.)
                #expect(actual == expected)
                previous = actual
            }
            let endDiff = engine.endBand()
            let final = previous.subtracting(endDiff.removed).union(endDiff.added)
            #expect(final == Set(engine.selection.members))
        }
    }

    @Test func liveSelectionDependsOnlyOnTheCurrentRect() async {
        await propertyCheck(count: 100, input: Gen<Rect>.item.array(of: 1...50), Gen<Point>.dragPoint.array(of: 2...15), Gen<Point>.dragPoint) {
            (items: [Rect], path: [Point], last: Point) in
            let modes: [SelectionMode] = [.replace, .add, .toggle]
            for mode in modes {
                var a = SelectionEngine(items: items)
                a.setSelection(stride(from: 0, to: items.count, by: 3))
                var b = a
                a.beginBand(mode: mode); b.beginBand(mode: mode)
                for p in path { _ = a.updateBand(to: Rect.band(from: path[0], to: p, scale: 2)) }
                let finalRect = Rect.band(from: path[0], to: last, scale: 2)
                _ = a.updateBand(to: finalRect)
                _ = b.updateBand(to: finalRect)
                #expect(a.selection == b.selection)
            }
        }
    }

    @Test func cancelRestoresTheStartSelection() async {
        await propertyCheck(count: 100, input: Gen<Rect>.item.array(of: 1...40), Gen<Point>.dragPoint.array(of: 1...10), Gen<SelectionMode>.mode) {
            items,
            path,
            mode in
            var engine = SelectionEngine(items: items)
            engine.setSelection(stride(from: 1, to: items.count, by: 2))
            let start = engine.selection
            engine.beginBand(mode: mode)
            for p in path { _ = engine.updateBand(to: Rect.band(from: path[0], to: p, scale: 2)) }
            let before = Set(engine.selection.members)
            let diff = engine.cancelBand()
            #expect(engine.selection == start)
            #expect(before.subtracting(diff.removed).union(diff.added) == Set(start.members))
        }
    }

    @Test func workloadCheckpointsAreExact() {
        // A slice of the band workload (docs/Benchmarks.md): N = 10,000, replace, k = 40 and 250
        // (the full reference table is checked by `pointersim bench band`).
        let items: [Rect] = (0..<10_000).map { (id: Int) -> Rect in
            let col = Double(50 * (id % 80)), row = Double(40 * (id / 80))
            return Rect(x: col, y: row, width: 40, height: 30)
        }
        var engine = SelectionEngine(items: items)
        engine.beginBand(mode: .replace)
        _ = engine.updateBand(to: Rect(corner: Point(x: 5, y: 5), Point(x: 84.5, y: 101.5)))
        #expect(engine.selectedCount == 6)
        _ = engine.updateBand(to: Rect(corner: Point(x: 5, y: 5), Point(x: 495.5, y: 598.5)))
        #expect(engine.selectedCount == 150)
    }
}
