// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PointerSim",
    // The pure products (Core, Input, Formats, Pipeline) use nothing newer than these.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "PointerSimCore", targets: ["PointerSimCore"]),
        .library(name: "PointerSimInput", targets: ["PointerSimInput"]),
        .library(name: "PointerSimFormats", targets: ["PointerSimFormats"]),
        .library(name: "PointerSimPipeline", targets: ["PointerSimPipeline"]),
        .library(name: "PointerSimLive", targets: ["PointerSimLive"]),
        .library(name: "PointerSimRender", targets: ["PointerSimRender"]),
        .library(name: "PointerSimWorkloads", targets: ["PointerSimWorkloads"]),
        .library(name: "PointerSimTesting", targets: ["PointerSimTesting"]),
        .executable(name: "pointersim", targets: ["pointersim"]),
    ],
    // `from:` the lowest version each is known to build with (the only one
    // present on the build machines), never an exact pin: a client that needs a
    // later release of the same major version must still resolve
    // (PackageManifestTests checks every Package.swift of the repository).
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The pure core: no Foundation, no C. Geometry, band selection,
        // regions, the simulator.
        // It calls round, floor and sqrt: declare the maths library, so that a
        // client that depends on nothing else links on Linux.
        .target(name: "PointerSimCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Raw evdev events → pointer events, the way libinput does it (pure).
        .target(name: "PointerSimInput", dependencies: ["PointerSimCore"]),
        // File formats around the core: recordings, traces, scenes, the JSON
        // Lines log, libinput's reference output.
        .target(name: "PointerSimFormats", dependencies: ["PointerSimCore", "PointerSimInput"]),
        // The orchestration: opening inputs, the raw-event merge and clock, the
        // decoder's call site, the session (replay, live, render), the replay
        // and decode drivers, the output sink.
        .target(name: "PointerSimPipeline", dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats"]),
        // Drawing a replay: the HTML viewer and the SVG summary (`pointersim render`).
        // The page's script is Viewer/viewer.js, compiled in as a Swift string
        // (ViewerScript.swift, Tools/gen-viewer-script.sh), not a resource.
        .target(
            name: "PointerSimRender", dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline"],
            exclude: ["Viewer/viewer.js"]),
        .target(name: "PointerSimWorkloads", dependencies: ["PointerSimCore"]),
        // Property tests of your own pointer code against PointerSim:
        // generators, shrinking, models, the conformance runner.
        .target(
            name: "PointerSimTesting",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // libevdev (Linux only): only PointerSimLive imports it.
        .systemLibrary(
            name: "CLibevdev", path: "Sources/CLibevdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        // Live devices: discovery, the poll loop, the recorder (Linux only).
        .target(
            name: "PointerSimLive",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline",
                .target(name: "CLibevdev", condition: .when(platforms: [.linux])),
            ]),
        // The thin command.
        .executableTarget(
            name: "pointersim",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline", "PointerSimRender",
                "PointerSimWorkloads", "PointerSimTesting",
                .target(name: "PointerSimLive", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // What the test targets share (not a product): the repository's root
        // and data files (`Repository`, `RecordingFiles`), the reader of
        // libinput reference files, the fidelity tolerance, a runner of the
        // `pointersim` binary, and simulators from scene and trace literals
        // with their logs compared line by line (`SimulatorLiterals.swift`).
        .target(
            name: "PointerSimTestSupport",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline"],
            path: "Tests/PointerSimTestSupport"),
        .testTarget(
            name: "PointerSimCoreTests",
            dependencies: [
                "PointerSimCore", "PointerSimTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "PointerSimInputTests",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimFormatsTests",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimPipelineTests",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimRenderTests",
            dependencies: ["PointerSimCore", "PointerSimFormats", "PointerSimPipeline", "PointerSimRender", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimLiveTests",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimPipeline",
                .target(name: "PointerSimLive", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(
            name: "PointerSimTestingTests",
            dependencies: [
                "PointerSimCore", "PointerSimFormats", "PointerSimTesting", "PointerSimTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "PointerSimCLITests",
            dependencies: ["pointersim", "PointerSimCore", "PointerSimTestSupport"]),
        // Checks of the repository itself, not of one module: ported
        // functions, licence notices, the package manifests, the docs and
        // their links, the `uikit` sources table, the trace comments. (The
        // public API budget is Tools/check-public-api.sh --check, from the symbol
        // graph, a step of Tools/test.sh.)
        .testTarget(
            name: "PointerSimRepositoryTests",
            dependencies: ["PointerSimCore", "PointerSimFormats", "PointerSimPipeline", "PointerSimTestSupport"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    if target.type != .test {
        settings.append(.define("POINTERSIM_INTERNAL_CHECKS", .when(configuration: .debug)))
    }
    target.swiftSettings = settings
}
