// swift-tools-version: 6.1
// A client of PointerSim, as a user's package would be: it depends on the
// repository by path and builds the README's library examples (Tools/test.sh
// builds and runs it; a test checks the README shows these files verbatim).
import PackageDescription

// A path dependency's identity is the name of its folder (the clone's name),
// whatever that is.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(2).last!).lowercased()

let package = Package(
    name: "PointerSimClient",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        // PointerSimCore alone: it must link by itself (no Foundation, no Glibc here).
        .executableTarget(name: "CoreClient", dependencies: [.product(name: "PointerSimCore", package: root)]),
        // PointerSimCore and PointerSimFormats: a scene and a trace from text, the log out.
        .executableTarget(
            name: "FormatsClient",
            dependencies: [
                .product(name: "PointerSimCore", package: root), .product(name: "PointerSimFormats", package: root),
            ]),
        // Every band field and click rule a scene file can set, set in code.
        .executableTarget(name: "SettingsClient", dependencies: [.product(name: "PointerSimCore", package: root)]),
    ]
)
