import Benchmark
import PointerSimCore
import PointerSimFormats
import PointerSimWorkloads

// The band workload of docs/Benchmarks.md (v1): BandWorkload.item and
// BandWorkload.band, the definitions `pointersim bench band` uses.
let workloadItem = BandWorkload.item

/// State kept between iterations (the benchmarks run one at a time).
final class Shared: @unchecked Sendable {
    static let shared = Shared()
    let n = 1_000_000
    lazy var edges = ItemEdges(count: n, workloadItem)
    lazy var bands = (1...2000).map { BandWorkload.band(k: $0, n: n) }
    var engine: SelectionEngine?
    lazy var regions: SceneRegionProvider = SceneRegionProvider(regions: (0..<100_000).map {
        SceneRegion(id: "g\($0)", rect: workloadItem($0))
    })
    lazy var sceneText: String = {
        let items = (0..<100_000).map { id -> String in
            let r = workloadItem(id)
            return "{\"id\": \"i\(id)\", \"rect\": [\(Int(r.x)), \(Int(r.y)), 40, 30]}"
        }
        return "{\"format\": \"pointersim-scene/1\", \"items\": [\n" + items.joined(separator: ",\n") + "]}"
    }()
}

let benchmarks: @Sendable () -> Void = {
    // Times vary with the machine and its load: the gates on time are loose
    // (several times the measured p90); allocations are gated exactly.
    let looseTime = BenchmarkThresholds(relative: [.p90: 300], absolute: [:])
    let exact = BenchmarkThresholds(relative: [.p90: 0], absolute: [.p90: 0])

    // One iteration: the 2000 updates of the workload's drag at 1,000,000
    // items, in a band that began before (steady state: the diff buffers have
    // grown in the warm-up). The diff is not sorted (as in `bench band`).
    Benchmark(
        "BandUpdate1M",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
            warmupIterations: 2, maxDuration: .seconds(3), maxIterations: 20,
            thresholds: [.wallClock: looseTime, .mallocCountTotal: exact])
    ) { benchmark in
        let s = Shared.shared
        if s.engine == nil {
            var e = SelectionEngine(edges: s.edges)
            e.beginBand(mode: .replace)
            s.engine = e
        }
        let bands = s.bands
        benchmark.startMeasurement()
        for band in bands {
            let diff = s.engine!.updateBand(to: band, sorted: false)
            blackHole(diff.added.count)
        }
        benchmark.stopMeasurement()
    }

    // The index build at 1,000,000 items (items already in columns).
    Benchmark(
        "IndexBuild1M",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .milliseconds,
            warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 10,
            thresholds: [.wallClock: looseTime])
    ) { benchmark in
        let edges = Shared.shared.edges
        benchmark.startMeasurement()
        blackHole(SpatialIndex(edges: edges))
        benchmark.stopMeasurement()
    }

    // A scene of 100,000 explicit items parsed from text.
    Benchmark(
        "SceneLoad100k",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .milliseconds,
            warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20,
            thresholds: [.wallClock: looseTime])
    ) { benchmark in
        let text = Shared.shared.sceneText
        benchmark.startMeasurement()
        blackHole(try SceneFile.parse(text, file: "bench.scene.json").items.count)
        benchmark.stopMeasurement()
    }

    // Region lookups along a path over 100,000 regions: allocation-free.
    Benchmark(
        "RegionLookup100k",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
            warmupIterations: 2, maxDuration: .seconds(3), maxIterations: 50,
            thresholds: [.wallClock: looseTime, .mallocCountTotal: exact])
    ) { benchmark in
        let provider = Shared.shared.regions
        benchmark.startMeasurement()
        var found = 0
        for k in 0..<10_000 {
            let p = Point(x: Double((k * 37) % 4000), y: Double((k * 53) % 50_000))
            if provider.region(for: PointerRegionRequest(location: p, modifiers: [])) != nil { found += 1 }
        }
        blackHole(found)
        benchmark.stopMeasurement()
    }
}
