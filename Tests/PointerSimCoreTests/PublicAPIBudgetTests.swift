import Foundation
import Testing

/// The public API stays what docs/Architecture.md ("The public API") says:
/// each library module writes at most its budget of `public`/`open`
/// declarations (Tools/api/budget.txt; `@_spi(…) public` ones not counted),
/// counted as Tools/public-api.sh counts them.
@Suite struct PublicAPIBudgetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Lines that declare something `public` or `open` (after attributes),
    /// apart from SPI ones.
    static func publicDeclarations(in source: String) -> Int {
        var n = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            // attributes: `@name` or `@name(…)`, each followed by spaces
            while rest.first == "@" {
                var i = rest.index(after: rest.startIndex)
                while i < rest.endIndex, rest[i].isLetter || rest[i].isNumber || rest[i] == "_" { i = rest.index(after: i) }
                if i < rest.endIndex, rest[i] == "(" {
                    guard let close = rest[i...].firstIndex(of: ")") else { break }
                    i = rest.index(after: close)
                }
                let after = rest[i...]
                guard after.first == " " || after.first == "\t" else { break }
                rest = after.drop { $0 == " " || $0 == "\t" }
            }
            if (rest.hasPrefix("public ") || rest.hasPrefix("open ")) && !line.contains("@_spi(") { n += 1 }
        }
        return n
    }

    static func budget() throws -> [String: Int] {
        let text = try String(contentsOf: root.appendingPathComponent("Tools/api/budget.txt"), encoding: .utf8)
        var out: [String: Int] = [:]
        for (i, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let n = Int(parts[1]) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Tools/api/budget.txt:\(i + 1): expected `Module N`, got \(line)"])
            }
            out[String(parts[0])] = n
        }
        return out
    }

    static func count(module: String) throws -> Int {
        let dir = root.appendingPathComponent("Sources/\(module)")
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return 0 }
        var n = 0
        for case let url as URL in e where url.pathExtension == "swift" {
            n += publicDeclarations(in: try String(contentsOf: url, encoding: .utf8))
        }
        return n
    }

    @Test func theCounterSeesWhatPublicApiShSees() {
        let source = """
            public struct A {
                @inlinable public init() {}
                @usableFromInline package var b = 0
                @_spi(Fuzz) public var c = 0
                @available(*, deprecated) public func d() {}
                /// public in a comment
                let publicName = 1
                open class E {}
            }
            """
        #expect(Self.publicDeclarations(in: source) == 4)
    }

    @Test func everyModuleIsWithinItsBudget() throws {
        let budget = try Self.budget()
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { $0.hasPrefix("PointerSim") }.sorted()
        #expect(modules.count >= 8)
        for m in modules {
            guard let limit = budget[m] else {
                Issue.record("Sources/\(m) has no line in Tools/api/budget.txt")
                continue
            }
            let n = try Self.count(module: m)
            #expect(n <= limit, "\(m) writes \(n) public declarations, over its budget of \(limit) (Tools/api/budget.txt): narrow the new ones to `package`, or raise the budget on purpose")
        }
    }
}
