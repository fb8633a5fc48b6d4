import Foundation
import PointerSimCore
import PointerSimTestSupport
import Testing

/// The profile lists of the command line's pages come from the registry
/// (`BandProfile.registered`, `BandProfile.aliases`): a profile added there
/// and not to the docs fails here (issue #44: `gtk3` was missing from
/// CommandLine.md and Conform.md, and Limits.md said "2 … 4 names").
@Suite struct ProfileListDocsTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: Repository.root.appendingPathComponent(relative).path, encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// "`uikit`, `qt-graphicsview`, `gtk`, `qt-itemview` (alias `qt`), `imgui`, `gtk3`".
    static var list: String {
        BandProfile.registeredNames.map { name in
            let a = BandProfile.aliases.filter { $0.name == name }.map { "`\($0.alias)`" }
            return a.isEmpty ? "`\(name)`" : "`\(name)` (alias \(a.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    static func occurrences(_ s: String, in text: String) -> Int { text.components(separatedBy: s).count - 1 }

    @Test func commandLineAndConformListEveryRegisteredProfile() throws {
        // compare's --profiles and conform's --profile on CommandLine.md; conform's table on Conform.md.
        #expect(Self.occurrences(Self.list, in: try Self.text("docs/CommandLine.md")) == 2, "docs/CommandLine.md: \(Self.list)")
        #expect(Self.occurrences(Self.list, in: try Self.text("docs/Formats/Conform.md")) == 1, "docs/Formats/Conform.md: \(Self.list)")
        // The compare synopsis's default list.
        #expect(try Self.text("docs/CommandLine.md").contains("[--profiles \(BandProfile.registeredNames.joined(separator: ","))]"))
        // And no list without the newest profile: every `uikit`, `qt-graphicsview` list names them all.
        for page in ["docs/CommandLine.md", "docs/Formats/Conform.md", "README.md"] {
            let t = try Self.text(page)
            for part in t.components(separatedBy: "`uikit`, `qt-graphicsview`").dropFirst() {
                let window = "`uikit`, `qt-graphicsview`" + String(part.prefix(160))
                for name in BandProfile.registeredNames {
                    #expect(window.contains("`\(name)`"), "\(page): a profile list without \(name): \(window)")
                }
            }
        }
    }

    @Test func limitsGiveTheTrueNumberOfProfiles() throws {
        let limits = try Self.text("docs/Limits.md")
        #expect(
            limits.contains(
                "| `compare`, `render --profiles` | 2 … \(BandProfile.registered.count) names (the registered profiles; an alias counts as its profile), each once |"
            )
        )
    }
}
