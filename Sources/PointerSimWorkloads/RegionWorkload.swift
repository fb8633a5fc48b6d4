import PointerSimCore

/// The regions workload of `pointersim bench regions` (see its `--help`):
/// N regions on a grid, the pointer along a fixed path, each `Simulator`
/// update timed. Here, beside the band workload, so that the command holds
/// argument parsing only.
@_spi(Benchmarks) public enum RegionWorkload {
    @_spi(Benchmarks) public struct Result: Sendable {
        @_spi(Benchmarks) public var events: Int
        @_spi(Benchmarks) public var medianNs: Int64, p99Ns: Int64, meanNs: Int64, buildNs: Int64
    }

    @_spi(Benchmarks) public static func scene(regions n: Int) -> [SceneRegion] {
        var out: [SceneRegion] = []
        out.reserveCapacity(n)
        var i = 0
        while out.count < n {
            let x = Double(50 * (i % 80)), y = Double(40 * (i / 80))
            out.append(
                SceneRegion(
                    id: "g\(i)",
                    rect: Rect(x: x, y: y, width: 40, height: 30),
                    latchingAxes: i % 7 == 0 ? .horizontal : .none,
                    style: PointerStyle()
                )
            )
            if i % 16 == 0 && out.count < n {
                out.append(SceneRegion(id: "p\(i)", rect: Rect(x: x + 10, y: y + 10, width: 130, height: 110), style: PointerStyle(effect: .lift)))
            }
            i += 1
        }
        return out
    }

    @_spi(Benchmarks) public static func run(regions n: Int, steps: Int, scan: Bool) -> Result {
        let regions = scene(regions: n)
        let rows = (n + 79) / 80
        var s = SimulationScene()
        s.band.isEnabled = false
        s.view.size = Size(width: 4000, height: Double(40 * rows + 40))
        s.view.contentSize = s.view.size
        let clock = ContinuousClock()
        let t0 = clock.now
        let provider = SceneRegionProvider(regions: regions, usesIndex: !scan)
        var sim = Simulator(scene: s, regionProvider: provider)
        let buildNs = BandWorkload.nanos(clock.now - t0)
        let h = 40 * rows
        var out: [LogRecord] = []
        var samples: [Int64] = []
        samples.reserveCapacity(steps)
        var events = 0
        for k in 0..<steps {
            // A zig-zag over the whole grid: x bounces across 4000 pt, y advances one row per sweep.
            let x = (k * 37) % 8000, y = ((k * 37) / 8000 * 41 + (k * 13) % 40) % Swift.max(1, h)
            let p = Point(x: Double(x < 4000 ? x : 8000 - x) + 0.5, y: Double(y) + 0.5)
            var e = [PointerEvent(time: Double(k) / 1000, .move(p))]
            if k % 50 == 0 { e.append(PointerEvent(time: Double(k) / 1000, .press(.primary))) }
            if k % 50 == 10 { e.append(PointerEvent(time: Double(k) / 1000, .release(.primary))) }
            for ev in e {
                let a = clock.now
                sim.process(ev, into: &out)
                let b = clock.now
                samples.append(BandWorkload.nanos(b - a))
            }
            events += out.count
            out.removeAll(keepingCapacity: true)
        }
        let rank = BandWorkload.nearestRank(samples)
        return Result(events: events, medianNs: rank(0.5), p99Ns: rank(0.99), meanNs: samples.reduce(0, +) / Int64(samples.count), buildNs: buildNs)
    }
}
