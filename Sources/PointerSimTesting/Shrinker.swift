import PointerSimCore

/// Shrinks a failing session: deletes and merges steps, drops items and
/// regions, folds the first move into the pointer's start, and moves the
/// presses, the items and the releases together toward small whole numbers.
public enum Shrinker {
    /// The candidates smaller than `s`, most shrunk first. Each is a valid
    /// session (times never decrease; ids of the initial selection exist).
    public static func candidates(of s: ConformanceSession) -> [ConformanceSession] {
        var out: [ConformanceSession] = []
        let n = s.events.count
        // Delete runs of steps: halves first, then gestures of 4…1 steps.
        for len in Array(Set([n / 2, 4, 3, 2, 1])).sorted(by: >) where len > 0 && len <= n {
            var start = 0
            while start + len <= n {
                var c = s
                c.events.removeSubrange(start..<(start + len))
                out.append(c)
                start += len == 1 ? 1 : max(1, len / 2)
            }
        }
        // Drop an item (and its id from the initial selection), a region.
        for k in s.scene.items.indices.reversed() {
            var c = s
            let id = c.scene.items.remove(at: k).id
            c.scene.initialSelection.removeAll { $0 == id }
            out.append(c)
        }
        for k in s.scene.regions.indices.reversed() {
            var c = s
            c.scene.regions.remove(at: k)
            out.append(c)
        }
        for k in s.scene.initialSelection.indices {
            var c = s
            c.scene.initialSelection.remove(at: k)
            out.append(c)
        }
        // The first move becomes where the pointer starts.
        if let i = s.events.firstIndex(where: { if case .move = $0.kind { true } else { false } }),
            s.events[..<i].allSatisfy({ if case .modifiers = $0.kind { true } else { false } }),
            case .move(let p) = s.events[i].kind
        {
            var c = s
            c.scene.pointer.start = p
            c.events.remove(at: i)
            out.append(c)
        }
        // Everything together toward small whole numbers: rounded, then moved
        // toward the origin (a press, its item and its release keep their
        // relation), then halved.
        let rounded = s.mapCoordinates { $0.rounded(.down) }
        if !rounded.sameGeometry(as: s) { out.append(rounded) }
        let (mx, my) = s.minimumCoordinates
        for (dx, dy) in [(mx, my), (mx, 0), (0, my), (mx / 2, my / 2)] where dx >= 1 || dy >= 1 {
            let fx = dx.rounded(.down), fy = dy.rounded(.down)
            out.append(s.translated(dx: -fx, dy: -fy))
        }
        // Simpler modifiers: one flag fewer.
        for (i, e) in s.events.enumerated() {
            if case .modifiers(let m) = e.kind, !m.isEmpty {
                for name in m.names {
                    var c = s
                    var f = m
                    f.remove(ModifierFlags(name: name)!)
                    c.events[i] = PointerEvent(time: e.time, .modifiers(f))
                    out.append(c)
                }
            }
        }
        // Times from 0 (as replay rebases them), then steps 10 ms apart.
        if let t0 = s.events.first?.time, t0 != 0 {
            var c = s
            c.events = s.events.map { PointerEvent(time: $0.time - t0, $0.kind) }
            out.append(c)
        }
        let regular = s.events.enumerated().map { PointerEvent(time: Double($0.offset) / 100, $0.element.kind) }
        if regular != s.events {
            var c = s
            c.events = regular
            out.append(c)
        }
        return out
    }

    /// Shrinks `session` while `fails` holds, greedily (the first smaller
    /// candidate that still fails is taken), at most `budget` evaluations.
    public static func shrink(
        _ session: ConformanceSession,
        budget: Int = 3000,
        fails: (ConformanceSession) throws -> Bool
    ) rethrows -> ConformanceSession {
        var current = session
        var runs = 0
        var progress = true
        while progress && runs < budget {
            progress = false
            for c in candidates(of: current) {
                runs += 1
                if runs > budget { break }
                if try fails(c) {
                    current = c
                    progress = true
                    break
                }
            }
        }
        return current
    }
}

extension ConformanceSession {
    /// The session with every coordinate (items, regions, vetoes, the start,
    /// moves) mapped.
    func mapCoordinates(_ f: (Double) -> Double) -> ConformanceSession {
        var c = self
        func r(_ x: Rect) -> Rect {
            Rect(x: f(x.x), y: f(x.y), width: x.width == 0 ? 0 : max(1, f(x.width)), height: x.height == 0 ? 0 : max(1, f(x.height)))
        }
        c.scene.items = scene.items.map { SceneItem(id: $0.id, rect: r($0.rect)) }
        for k in c.scene.regions.indices { c.scene.regions[k].rect = r(c.scene.regions[k].rect) }
        c.scene.band.vetoRects = scene.band.vetoRects.map(r)
        c.scene.pointer.start = scene.pointer.start.map { Point(x: f($0.x), y: f($0.y)) }
        c.events = events.map { e in
            if case .move(let p) = e.kind { return PointerEvent(time: e.time, .move(Point(x: f(p.x), y: f(p.y)))) }
            return e
        }
        return c
    }

    /// Everything moved by (dx, dy).
    func translated(dx: Double, dy: Double) -> ConformanceSession {
        var c = self
        func r(_ x: Rect) -> Rect { Rect(x: x.x + dx, y: x.y + dy, width: x.width, height: x.height) }
        c.scene.items = scene.items.map { SceneItem(id: $0.id, rect: r($0.rect)) }
        for k in c.scene.regions.indices { c.scene.regions[k].rect = r(c.scene.regions[k].rect) }
        c.scene.band.vetoRects = scene.band.vetoRects.map(r)
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        c.scene.pointer.start = Point(x: start.x + dx, y: start.y + dy)
        c.events = events.map { e in
            if case .move(let p) = e.kind { return PointerEvent(time: e.time, .move(Point(x: p.x + dx, y: p.y + dy))) }
            return e
        }
        return c
    }

    /// The smallest x and y of anything placed (never below 0).
    var minimumCoordinates: (Double, Double) {
        var xs = scene.items.map(\.rect.minX) + scene.regions.map(\.rect.minX)
        var ys = scene.items.map(\.rect.minY) + scene.regions.map(\.rect.minY)
        let start = scene.pointer.start ?? Point(x: scene.view.size.width / 2, y: scene.view.size.height / 2)
        xs.append(start.x); ys.append(start.y)
        for e in events { if case .move(let p) = e.kind { xs.append(p.x); ys.append(p.y) } }
        return (max(0, xs.min() ?? 0), max(0, ys.min() ?? 0))
    }

    func sameGeometry(as o: ConformanceSession) -> Bool {
        scene.items == o.scene.items && scene.regions == o.scene.regions && events == o.events && scene.pointer.start == o.scene.pointer.start
    }
}
