import Foundation
import PointerSimTestSupport
import Testing

/// Issue #21: every package manifest of the repository a user may depend on
/// (or build beside it) states its dependencies as `from:` the lowest version
/// it builds with, never pinned: an exact pin makes any client that needs a
/// later release of the same major version fail to resolve.
@Suite struct PackageManifestTests {
    /// Every `Package.swift` of the repository outside build and hidden folders.
    static var manifests: [String] {
        guard let e = FileManager.default.enumerator(atPath: Repository.root.path) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            let last = (p as NSString).lastPathComponent
            if last.hasPrefix(".") || last == "out" { e.skipDescendants(); continue }
            if last == "Package.swift" { out.append(p) }
        }
        return out.sorted()
    }

    /// The manifest's code: comment lines dropped.
    static func code(_ path: String) throws -> String {
        let text = try String(contentsOfFile: Repository.root.appendingPathComponent(path).path, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            .joined(separator: "\n")
    }

    /// The `.package(url: …)` entries of a manifest's code, each up to its
    /// closing parenthesis.
    static func remotePackages(_ code: String) -> [String] {
        var out: [String] = []
        var rest = Substring(code)
        while let r = rest.range(of: ".package(url:") {
            let tail = rest[r.lowerBound...]
            let end = tail.firstIndex(of: ")") ?? tail.endIndex
            out.append(String(tail[..<end]))
            rest = tail[end...]
        }
        return out
    }

    @Test func theManifestsAreFound() {
        #expect(
            Self.manifests == [
                "Benchmarks/Package.swift", "Examples/Client/Package.swift", "Examples/WrongToggle/Package.swift", "Fuzz/Package.swift",
                "Package.swift",
            ]
        )
    }

    @Test func noManifestPinsAVersion() throws {
        for m in Self.manifests {
            let code = try Self.code(m)
            for pin in ["exact:", ".exact(", "revision:", "branch:", ".upToNextMinor(", "..<", "...\""] {
                #expect(!code.contains(pin), "\(m) pins a dependency with \(pin): state from: the lowest version it builds with")
            }
        }
    }

    @Test func everyRemoteDependencyIsFromAVersion() throws {
        var seen = 0
        for m in Self.manifests {
            for p in Self.remotePackages(try Self.code(m)) {
                seen += 1
                #expect(p.range(of: #"from: "[0-9]+\.[0-9]+\.[0-9]+""#, options: .regularExpression) != nil, "\(m): \(p)")
            }
        }
        // swift-argument-parser, swift-property-based, swift-docc-plugin, benchmark.
        #expect(seen == 4)
    }

    @Test func theCheckRejectsAPin() {
        // The check itself, on a manifest that pins.
        let pinned = #".package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),"#
        #expect(pinned.contains("exact:"))
        #expect(Self.remotePackages(pinned).first?.range(of: #"from: "[0-9]+\.[0-9]+\.[0-9]+""#, options: .regularExpression) == nil)
        #expect(Self.remotePackages(#".package(url: "u", from: "1.8.2"),"#) == [#".package(url: "u", from: "1.8.2""#])
    }
}
