// swift-tools-version: 6.1
// PointerSim's benchmarks as regression gates, on ordo-one/benchmark (with its
// malloc counter): the band update (time and allocations), the index build,
// scene loading (plain, styled and latching regions), region lookups, raw
// replay, and selection keys over two million items. Run from the repository root:
//
//   swift package --package-path Benchmarks benchmark        # run, print
//   swift package --package-path Benchmarks benchmark thresholds check \
//       --path "$PWD/Benchmarks/Thresholds"                   # the gate (Tools/test.sh)
//   swift package --package-path Benchmarks --allow-writing-to-package-directory \
//       benchmark thresholds update --path "$PWD/Benchmarks/Thresholds"   # record anew
//
// Thresholds are checked in under Benchmarks/Thresholds (p90 per metric);
// the tolerances are in the benchmarks' code: allocations exactly, times up
// to 4 times the recorded p90 (a loaded 2-core CI machine).
import PackageDescription

// A path dependency's identity is the name of its folder (the clone's name),
// whatever that is.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(1).last!).lowercased()

let package = Package(
    name: "PointerSimBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PointerSimBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PointerSimCore", package: root),
                .product(name: "PointerSimFormats", package: root),
                .product(name: "PointerSimPipeline", package: root),
                .product(name: "PointerSimRender", package: root),
                .product(name: "PointerSimWorkloads", package: root),
            ],
            path: "Benchmarks/PointerSimBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
