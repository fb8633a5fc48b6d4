import Foundation
import PointerSimCore
import PointerSimFormats
import Testing

/// docs/UIKitSources.md: every `uikit` and pointer-region rule has a source
/// (the presentations, Apple's reference pages) or the our-reading mark with a
/// reason and the scene key that changes it; and every rule key a scene has
/// for the `uikit` profile is named by some row.
@Suite struct UIKitSourcesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row { var line: Int; var id, rule, source, citation, keys: String }

    static let presentations = ["\"Take your iPad apps to the next level\" (WWDC21)", "\"Build a desktop-class iPad app\" (WWDC22)"]

    /// The rows of the one table (after its header and separator lines).
    static func rows(_ text: String) throws -> [Row] {
        var out: [Row] = []
        var inTable = false
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("| id | rule | source |") { inTable = true; continue }
            guard inTable else { continue }
            if line.hasPrefix("|---") { continue }
            guard line.hasPrefix("|") else { if !out.isEmpty { break } else { continue } }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 5 else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [NSLocalizedDescriptionKey: "docs/UIKitSources.md:\(i + 1): expected 5 cells, found \(cells.count)"]
                )
            }
            out.append(Row(line: i + 1, id: cells[0], rule: cells[1], source: cells[2], citation: cells[3], keys: cells[4]))
        }
        return out
    }

    /// What is wrong with one row, if anything.
    static func problems(_ r: Row) -> [String] {
        var p: [String] = []
        let at = "docs/UIKitSources.md:\(r.line) (\(r.id))"
        if r.id.isEmpty || r.rule.isEmpty { p.append("\(at): a row needs an id and a rule") }
        let quoted = r.citation.split(separator: "\"", omittingEmptySubsequences: false).count >= 3
        switch r.source {
        case "source material":
            if !presentations.contains(where: { r.citation.contains($0) }) { p.append("\(at): a source-material row names no presentation") }
            // A quote besides the title's own quotation marks.
            if r.citation.split(separator: "\"", omittingEmptySubsequences: false).count < 5 {
                p.append("\(at): a source-material row quotes nothing")
            }
        case "Apple docs":
            if !r.citation.contains("https://developer.apple.com/") { p.append("\(at): an Apple citation without a developer.apple.com address") }
            if !quoted { p.append("\(at): an Apple citation quotes nothing") }
        case "our reading":
            if r.citation.count < 12 { p.append("\(at): an our-reading row without its reason") }
            let keys = r.keys
            let named = keys.contains("`")
            let none = keys.hasPrefix("none:") && keys.count > "none: ".count + 3
            if !named && !none { p.append("\(at): an our-reading row without a scene key (or \"none: why\")") }
        default:
            p.append("\(at): source is \"\(r.source)\", expected source material, Apple docs or our reading")
        }
        return p
    }

    /// Every key named in the scene-key column, with each of its dotted parts.
    static func namedKeys(_ rows: [Row]) -> Set<String> {
        var out: Set<String> = []
        for r in rows {
            let parts = r.keys.split(separator: "`", omittingEmptySubsequences: false)
            for (i, p) in parts.enumerated() where i % 2 == 1 {
                let key = String(p)
                out.insert(key)
                for c in key.split(separator: ".") { out.insert(String(c.split(separator: "[").first ?? c)) }
            }
        }
        return out
    }

    /// The rule keys a scene written for the `uikit` profile has (read from
    /// the scene writer, so a new key cannot be missed): `band` (not its
    /// content: `initialSelection`, `vetoRects`), `band.profile` and its
    /// `clicks`, `band.autoscroll`, `selection`, `regionConfiguration`.
    static func uikitRuleKeys() throws -> [String] {
        var scene = SimulationScene()
        scene.band.profile = .uikit
        scene.selection = .uikit
        scene.selection.dragInteractionEnabled = true
        scene.selection.beginsMultipleSelectionInteraction = true
        scene.regionConfiguration.animation = .standard
        // In full: a scene file names a registered profile, the protocol's scene line spells it out.
        let json = SceneFile.render(scene, profileInFull: true)
        let top = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let band = try #require(top["band"] as? [String: Any])
        let profile = try #require(band["profile"] as? [String: Any])
        let clicks = try #require(profile["clicks"] as? [String: Any])
        let autoscroll = try #require(band["autoscroll"] as? [String: Any])
        let selection = try #require(top["selection"] as? [String: Any])
        let regions = try #require(top["regionConfiguration"] as? [String: Any])
        var keys: [String] = []
        keys += band.keys.filter { !["profile", "initialSelection", "vetoRects", "autoscroll"].contains($0) }.map { "band.\($0)" }
        keys += autoscroll.keys.map { "band.autoscroll.\($0)" }
        keys += profile.keys.filter { !["name", "clicks"].contains($0) }.map { "band.profile.\($0)" }
        keys += clicks.keys.map { "band.profile.clicks.\($0)" }
        keys += selection.keys.map { "selection.\($0)" }
        keys += regions.keys.map { "regionConfiguration.\($0)" }
        return keys.sorted()
    }

    @Test func everyRowHasASourceOrTheOurReadingMark() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/UIKitSources.md"), encoding: .utf8)
        let rows = try Self.rows(text)
        #expect(rows.count >= 36)
        let problems = rows.flatMap(Self.problems)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let ids = rows.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate rule ids")
    }

    @Test func everyUIKitRuleKeyOfTheSceneFormatHasARow() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/UIKitSources.md"), encoding: .utf8)
        let named = Self.namedKeys(try Self.rows(text))
        let keys = try Self.uikitRuleKeys()
        #expect(keys.count > 60)  // the writer gave them all
        // A key is named by its full path, the path below `band.profile`, or its last part.
        let missing = keys.filter { k in
            let last = String(k.split(separator: ".").last!)
            let inProfile = k.hasPrefix("band.profile.") ? String(k.dropFirst("band.profile.".count)) : k
            let inBand = k.hasPrefix("band.") ? String(k.dropFirst("band.".count)) : k
            return !named.contains(k) && !named.contains(inProfile) && !named.contains(inBand) && !named.contains(last)
        }
        #expect(missing.isEmpty, "rule keys no row of docs/UIKitSources.md names: \(missing)")
    }

    /// The checks fail where they should: a row of each kind with its part missing.
    @Test func theRowChecksCatchEachOmission() {
        func row(_ source: String, _ citation: String, _ keys: String) -> Row {
            Row(line: 1, id: "x", rule: "a rule", source: source, citation: citation, keys: keys)
        }
        let title = Self.presentations[0]
        #expect(Self.problems(row("source material", "\(title): \"the words\"", "none: presentation")).isEmpty)
        #expect(!Self.problems(row("source material", "\"the words\" somewhere", "`k`")).isEmpty)
        #expect(!Self.problems(row("source material", "\(title) says so", "`k`")).isEmpty)
        #expect(Self.problems(row("Apple docs", "https://developer.apple.com/documentation/x: \"words\"", "none: why")).isEmpty)
        #expect(!Self.problems(row("Apple docs", "UIKit's page: \"words\"", "`k`")).isEmpty)
        #expect(!Self.problems(row("Apple docs", "https://developer.apple.com/documentation/x", "`k`")).isEmpty)
        #expect(Self.problems(row("our reading", "because it must be so", "`band.enabled`")).isEmpty)
        #expect(!Self.problems(row("our reading", "", "`k`")).isEmpty)
        #expect(!Self.problems(row("our reading", "because it must be so", "")).isEmpty)
        #expect(!Self.problems(row("our reading", "because it must be so", "none")).isEmpty)
        #expect(!Self.problems(row("UIKit's", "because", "`k`")).isEmpty)
    }
}
