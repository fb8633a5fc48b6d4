// swift-tools-version: 6.1
// Coverage-guided fuzz targets (libFuzzer) for the parsers. A separate package
// so that the main build never compiles them. Run with Tools/fuzz.sh.
import PackageDescription

// A path dependency's identity is its folder name, whatever the clone is called.
let rootIdentity = String(Context.packageDirectory.split(separator: "/").dropLast().last!).lowercased()

let package = Package(
    name: "PointerSimFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzTrace", dependencies: [.product(name: "PointerSimFormats", package: rootIdentity)]),
        .executableTarget(name: "FuzzScene", dependencies: [.product(name: "PointerSimFormats", package: rootIdentity)]),
    ]
)
