// swift-tools-version: 6.1
// Coverage-guided fuzz targets (libFuzzer) for everything that reads input:
// the trace, scene, evemu (single file and split) and libinput record readers,
// the decoder (raw event streams for each kind of device) and the simulator
// (random scenes and event sequences, invariants checked after every step),
// the command line's --udev/--quirk/--dmi checks, --compare's reference
// reader, the JSON log and keyboard focus and selection.
// A separate package so that the main build never compiles them. Built with
// coverage and AddressSanitizer together and run by Tools/fuzz.sh.
import PackageDescription

// A path dependency's identity is its folder name, whatever the clone is called.
let rootIdentity = String(Context.packageDirectory.split(separator: "/").dropLast().last!).lowercased()
let formats = Target.Dependency.product(name: "PointerSimFormats", package: rootIdentity)
let pipeline = Target.Dependency.product(name: "PointerSimPipeline", package: rootIdentity)
let input = Target.Dependency.product(name: "PointerSimInput", package: rootIdentity)
let core = Target.Dependency.product(name: "PointerSimCore", package: rootIdentity)

let package = Package(
    name: "PointerSimFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [formats, pipeline, input, core]),
        .executableTarget(name: "FuzzTrace", dependencies: ["FuzzSupport", formats]),
        .executableTarget(name: "FuzzScene", dependencies: ["FuzzSupport", formats]),
        .executableTarget(name: "FuzzEvemu", dependencies: ["FuzzSupport", formats]),
        .executableTarget(name: "FuzzEvemuSplit", dependencies: ["FuzzSupport", formats]),
        .executableTarget(name: "FuzzLibinputRecord", dependencies: ["FuzzSupport", formats]),
        .executableTarget(name: "FuzzDecoder", dependencies: ["FuzzSupport", formats, input]),
        .executableTarget(name: "FuzzSimulator", dependencies: ["FuzzSupport", formats, core]),
        // Issue #21: the command line's value checks, --compare's reference
        // reader, the JSON log, keyboard focus and selection.
        .executableTarget(name: "FuzzOverrides", dependencies: ["FuzzSupport", formats, pipeline, input]),
        .executableTarget(name: "FuzzCompare", dependencies: ["FuzzSupport", formats, pipeline, input]),
        .executableTarget(name: "FuzzLog", dependencies: ["FuzzSupport", formats, pipeline, core]),
        .executableTarget(name: "FuzzKeys", dependencies: ["FuzzSupport", formats, core]),
    ]
)
