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
                """
        )

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
                print(
                    "{\"regions\":\(regions),\"steps\":\(steps),\"index\":\(!scan),\"events\":\(r.events),\"median_ns\":\(r.medianNs),\"p99_ns\":\(r.p99Ns)}"
                )
            } else {
                print("regions workload: \(regions) regions, \(steps) updates, \(scan ? "linear scan" : "index")")
                print("build: \(r.buildNs / 1000) µs   region events: \(r.events)")
                print("median: \(r.medianNs) ns  p99: \(r.p99Ns) ns  mean: \(r.meanNs) ns")
            }
            finishStandardOutput()
        }
    }
}
