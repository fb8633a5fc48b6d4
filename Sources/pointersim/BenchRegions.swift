import ArgumentParser
import PointerSimCore
@_spi(Benchmarks) import PointerSimWorkloads

extension PointerSimCommand.Bench {
    struct Regions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pointer-region hit-testing and state updates over a scene of N regions.",
            discussion: """
                Builds N regions of 40 × 30 points on a grid of 80 columns (pitch 50 × 40), every 16th one \
                with a larger 130 × 110 region on top of it, every 7th latching horizontally; then moves the \
                pointer along a fixed integer path (--steps motions sweeping the whole grid, with a press \
                every 50 steps held for 10) and times each Simulator update (provider query, enter/exit, \
                latching). Reports the median and p99 per update in nanoseconds and the number of region \
                events as a digest. Use a release build: swift run -c release pointersim bench regions.
                """)

        @Option(help: "Number of regions.")
        var regions: Int = 10_000

        @Option(help: "Number of pointer updates.")
        var steps: Int = 20_000

        @Flag(help: "Scan every region instead of using the index (for comparison).")
        var scan = false

        @Flag(help: "Print one JSON object.")
        var json = false

        func validate() throws {
            guard regions > 0, regions <= 10_000_000 else { throw ValidationError("--regions must be from 1 to 10000000") }
            guard steps > 0, steps <= 10_000_000 else { throw ValidationError("--steps must be from 1 to 10000000") }
        }

        func run() throws {
            warnIfDebugBuild()
            let r = RegionWorkload.run(regions: regions, steps: steps, scan: scan)
            if json {
                print("{\"regions\":\(regions),\"steps\":\(steps),\"index\":\(!scan),\"events\":\(r.events),\"median_ns\":\(r.medianNs),\"p99_ns\":\(r.p99Ns)}")
            } else {
                print("regions workload: \(regions) regions, \(steps) updates, \(scan ? "linear scan" : "index")")
                print("build: \(r.buildNs / 1000) µs   region events: \(r.events)")
                print("median: \(r.medianNs) ns  p99: \(r.p99Ns) ns  mean: \(r.meanNs) ns")
            }
            finishStandardOutput()
        }
    }
}

/// The regions workload (see `pointersim bench regions --help`).
enum RegionWorkload {
    struct Result { var events: Int; var medianNs: Int64; var p99Ns: Int64; var meanNs: Int64; var buildNs: Int64 }

    static func scene(regions n: Int) -> [SceneRegion] {
        var out: [SceneRegion] = []
        out.reserveCapacity(n)
        var i = 0
        while out.count < n {
            let x = Double(50 * (i % 80)), y = Double(40 * (i / 80))
            out.append(SceneRegion(id: "g\(i)", rect: Rect(x: x, y: y, width: 40, height: 30), latchingAxes: i % 7 == 0 ? .horizontal : .none, style: PointerStyle()))
            if i % 16 == 0 && out.count < n {
                out.append(SceneRegion(id: "p\(i)", rect: Rect(x: x + 10, y: y + 10, width: 130, height: 110), style: PointerStyle(effect: .lift)))
            }
            i += 1
        }
        return out
    }

    static func run(regions n: Int, steps: Int, scan: Bool) -> Result {
        let regions = scene(regions: n)
        let rows = (n + 79) / 80
        var s = Scene()
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
