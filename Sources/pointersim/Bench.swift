import ArgumentParser
import PointerSimCore
import PointerSimFormats
@_spi(Benchmarks) import PointerSimWorkloads

extension PointerSimCommand {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Runs benchmark workloads (use a release build: swift run -c release pointersim bench …).",
            subcommands: [Band.self, Regions.self]
        )
    }
}

/// Says on stderr, in a debug build, that the figures are not representative.
func warnIfDebugBuild() {
    #if DEBUG
    writeStderr(
        "pointersim: warning: this is a debug build: timings are about 10 times slower than a release build (swift run -c release pointersim bench …)\n"
    )
    #endif
}

extension PointerSimCommand.Bench {
    struct Band: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The band-selection workload (v1, described in docs/Benchmarks.md).",
            discussion: """
                Builds N items on the workload's grid, drags the band along its integer-exact path, \
                checks the selection at the checkpoints k = 40, 250, 500, 1000, 1500, 2000 \
                (count and splitmix64 sum; the reference digests are in Traces/bench/) and reports the \
                per-update median and p99 in nanoseconds.
                """
        )

        @Option(help: "Number of items.")
        var items: Int = 1_000_000

        @Option(help: "Selection mode: replace, add, toggle or addSticky.")
        var mode: String = "replace"

        @Option(help: "Run steps s, 2s, …, 2000 (s must divide 2000).")
        var stride: Int = 1

        @Flag(help: "Print one JSON object.")
        var json = false

        func validate() throws {
            guard items > 0, items <= 50_000_000 else { throw ValidationError("--items must be from 1 to 50000000") }
            guard ["replace", "add", "toggle", "addSticky", "add_qt"].contains(mode) else {
                throw ValidationError("--mode must be replace, add, toggle or addSticky")
            }
            guard stride > 0, 2000 % stride == 0 else { throw ValidationError("--stride must divide 2000") }
        }

        func run() throws {
            warnIfDebugBuild()
            let m: SelectionMode = mode == "add_qt" ? .addSticky : SelectionMode(rawValue: mode)!
            let result = BandWorkload.run(items: items, mode: m, stride: stride)
            if json {
                let cps = result.checkpoints.map { "{\"k\":\($0.k),\"count\":\($0.count),\"sum\":\"\(hex16($0.sum))\"}" }
                print(
                    "{\"items\":\(items),\"mode\":\"\(m.rawValue)\",\"stride\":\(stride),\"checkpoints\":[\(cps.joined(separator: ","))],\"build_ns\":\(result.buildNs),\"index_ns\":\(result.indexNs),\"index_cpu_ns\":\(result.indexCPUNs),\"items_cpu_ns\":\(result.itemsCPUNs),\"median_ns\":\(result.medianNs),\"p99_ns\":\(result.p99Ns)}"
                )
            } else {
                print("band workload v1: \(items) items, mode \(m.rawValue), stride \(stride), \(result.steps) updates")
                print("build: \(result.buildNs / 1000) µs (items made and indexed)")
                print("index build: \(result.indexNs / 1000) µs, CPU \(result.indexCPUNs / 1000) µs (items made: CPU \(result.itemsCPUNs / 1000) µs)")
                for c in result.checkpoints { print("k=\(c.k)\tcount=\(c.count)\tsum=\(hex16(c.sum))") }
                print("median: \(result.medianNs) ns  p99: \(result.p99Ns) ns  mean: \(result.meanNs) ns  total: \(result.totalNs / 1000) µs")
            }
            finishStandardOutput()
        }
    }
}

func hex16(_ v: UInt64) -> String {
    let h = String(v, radix: 16)
    return String(repeating: "0", count: 16 - h.count) + h
}
