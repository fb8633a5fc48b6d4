// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PointerSim",
    // The pure products (Core, Input, Formats) use nothing newer than these.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "PointerSimCore", targets: ["PointerSimCore"]),
        .library(name: "PointerSimInput", targets: ["PointerSimInput"]),
        .library(name: "PointerSimFormats", targets: ["PointerSimFormats"]),
        .library(name: "PointerSimLive", targets: ["PointerSimLive"]),
        .library(name: "PointerSimRender", targets: ["PointerSimRender"]),
        .library(name: "PointerSimWorkloads", targets: ["PointerSimWorkloads"]),
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
        // Files around the core: traces, scenes, the JSON Lines log.
        .target(name: "PointerSimFormats", dependencies: ["PointerSimCore", "PointerSimInput"]),
        // Drawing a replay: the HTML viewer and the SVG summary (`pointersim render`).
        .target(name: "PointerSimRender", dependencies: ["PointerSimCore", "PointerSimFormats"]),
        .target(name: "PointerSimWorkloads", dependencies: ["PointerSimCore"]),
        // libevdev (Linux only): only PointerSimLive imports it.
        .systemLibrary(
            name: "CLibevdev", path: "Sources/CLibevdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        // Live devices: discovery, the poll loop, the recorder (Linux only).
        .target(
            name: "PointerSimLive",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats",
                .target(name: "CLibevdev", condition: .when(platforms: [.linux])),
            ]),
        // The thin command.
        .executableTarget(
            name: "pointersim",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimRender", "PointerSimWorkloads",
                .target(name: "PointerSimLive", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // What the test targets share (not a product): the repository's root
        // and data files, the reader of libinput reference files, the
        // fidelity tolerance, and a runner of the `pointersim` binary.
        .target(
            name: "PointerSimTestSupport",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats"],
            path: "Tests/PointerSimTestSupport"),
        .testTarget(
            name: "PointerSimCoreTests",
            dependencies: [
                "PointerSimCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "PointerSimInputTests",
            dependencies: ["PointerSimCore", "PointerSimInput", "PointerSimFormats", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimFormatsTests",
            dependencies: ["PointerSimCore", "PointerSimFormats", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimRenderTests",
            dependencies: ["PointerSimCore", "PointerSimFormats", "PointerSimRender", "PointerSimTestSupport"]),
        .testTarget(
            name: "PointerSimLiveTests",
            dependencies: [
                "PointerSimCore", "PointerSimInput", "PointerSimFormats",
                .target(name: "PointerSimLive", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(
            name: "PointerSimCLITests",
            dependencies: ["pointersim", "PointerSimTestSupport"]),
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
