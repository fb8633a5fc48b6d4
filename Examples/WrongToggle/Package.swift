// swift-tools-version: 6.1
// A client of PointerSimTesting, as a user's package would be: its own band
// selection (deliberately wrong) and a property test of it against PointerSim
// in a few lines. It depends on the repository by path, as Examples/Client
// does; a published client writes
//     .package(url: "https://github.com/…/PointerSim", from: "0.2.0")
// instead. Tools/check-examples.sh runs its test and checks the bug is caught.
import PackageDescription

// A path dependency's identity is the name of its folder (the clone's name),
// whatever that is.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(2).last!).lowercased()

let package = Package(
    name: "WrongToggle",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "WrongToggle", dependencies: [.product(name: "PointerSimCore", package: root)]),
        .testTarget(
            name: "WrongToggleTests",
            dependencies: ["WrongToggle", .product(name: "PointerSimTesting", package: root)]),
    ]
)
