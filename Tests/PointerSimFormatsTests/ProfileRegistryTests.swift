import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimTestSupport
import Testing

/// The profile registry (``BandProfile/registered``) and the click-rule
/// registry (``ClickRules/registry``): every rule is declared once, and the
/// scene reader, the scene writer and docs/Formats/Scene.md's rule table
/// follow it.
@Suite struct ProfileRegistryTests {
    @Test func everyClickRulesFieldIsDeclaredOnceInTheRegistry() {
        let names = ClickRules.registry.map(\.name)
        #expect(Set(names).count == names.count, "a rule is declared twice")
        // The stored properties of ClickRules, as the runtime sees them.
        let fields = Mirror(reflecting: ClickRules.uikit).children.compactMap(\.label)
        #expect(Set(fields) == Set(names), "fields missing from the registry: \(Set(fields).subtracting(names).sorted()); unknown: \(Set(names).subtracting(fields).sorted())")
    }

    @Test(arguments: BandProfile.registeredNames)
    func everyRuleHasAValueForEveryProfileAndTheProfileHasIt(_ name: String) throws {
        let profile = try #require(BandProfile.named(name))
        for rule in ClickRules.registry {
            let v = try #require(rule.values[name], "\(rule.name) has no value for \(name)")
            #expect(rule.value(in: profile.clicks) == v, "\(name).\(rule.name)")
            #expect(!rule.meaning.isEmpty && !rule.source.isEmpty)
        }
    }

    @Test func theRegistryNamesNoProfileThatIsNotRegistered() {
        for rule in ClickRules.registry { #expect(Set(rule.values.keys) == Set(BandProfile.registeredNames), "\(rule.name)") }
    }

    /// An alias names its profile everywhere a name is read: the scene
    /// reader (a name and a `base`) and ``BandProfile/named(_:)``; the
    /// profile keeps its own name.
    @Test func anAliasIsItsProfile() throws {
        for a in BandProfile.aliases {
            let p = try #require(BandProfile.named(a.alias))
            #expect(p == BandProfile.named(a.name) && p.name == a.name)
            #expect(!BandProfile.registeredNames.contains(a.alias))
            let scene = try SceneFile.parse(#"{"format": "pointersim-scene/1", "items": [], "band": {"profile": "\#(a.alias)"}}"#, file: "a.scene.json")
            #expect(scene.band.profile == p)
            let based = try SceneFile.parse(#"{"format": "pointersim-scene/1", "items": [], "band": {"profile": {"base": "\#(a.alias)", "name": "mine"}}}"#, file: "b.scene.json")
            var expected = p
            expected.name = "mine"
            #expect(based.band.profile == expected)
        }
        #expect(BandProfile.named("qt") == .qtItemView)
        #expect(BandProfile.registeredNameList.contains("qt-itemview (or qt)"))
    }

    /// Each registered profile, written as a scene and read back, is itself:
    /// the writer writes every rule and the reader reads every one.
    @Test(arguments: BandProfile.registeredNames)
    func writtenAndReadBackEveryRuleSurvives(_ name: String) throws {
        var scene = SimulationScene()
        var p = try #require(BandProfile.named(name))
        p.name = "custom"
        scene.band.profile = p
        let text = SceneFile.render(scene)
        let back = try SceneFile.parse(text, file: "r.scene.json")
        #expect(back.band.profile == p)
        for rule in ClickRules.registry { #expect(text.contains("\"\(rule.name)\""), "\(rule.name) not written") }
    }

    /// The table of docs/Formats/Scene.md, "Click rules", as the registry gives it.
    static func ruleTable() -> String {
        let profiles = BandProfile.registeredNames
        func text(_ v: ClickRuleValue) -> String {
            func set(_ m: ModifierFlags) -> String { "[" + m.names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
            switch v {
            case .bool(let b): return "`\(b)`"
            case .number(let d): return "`\(d == d.rounded() ? String(Int(d)) : String(d))`"
            case .choice(let c): return "`\"\(c)\"`"
            case .modifiers(let m): return "`\(set(m))`"
            case .modifierSets(let s): return "`[" + s.map(set).joined(separator: ", ") + "]`"
            }
        }
        func type(_ t: ClickRuleType) -> String {
            switch t {
            case .bool: return "boolean"
            case .number(let r, let unit): return "\(unit), \(Int(r.lowerBound)) … \(r.upperBound >= 1e6 ? "10⁶" : String(Int(r.upperBound)))"
            case .choice(let c): return c.map { "`\"\($0)\"`" }.joined(separator: ", ")
            case .modifiers: return "a modifier set"
            case .modifierSets: return "an array of modifier sets"
            }
        }
        var lines = ["| key | type | " + profiles.map { "`\($0)`" }.joined(separator: " | ") + " | meaning | source |"]
        lines.append("|" + String(repeating: "---|", count: 4 + profiles.count))
        for r in ClickRules.registry {
            let values = profiles.map { r.values[$0].map(text) ?? "" }
            lines.append("| `\(r.name)` | \(type(r.type)) | " + values.joined(separator: " | ") + " | \(r.meaning) | \(r.source) |")
        }
        for a in BandProfile.aliases { lines.append("\n`\(a.alias)` is an alias of `\(a.name)`: a scene or a command line may give either name, with that column's values.") }
        return lines.joined(separator: "\n")
    }

    @Test func sceneDocsRuleTableIsTheRegistrys() throws {
        let url = Repository.root.appendingPathComponent("docs/Formats/Scene.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- click-rules: generated from ClickRules.registry by ProfileRegistryTests; do not edit -->\n"
        let end = "\n<!-- end click-rules -->"
        let table = Self.ruleTable()
        guard let a = doc.range(of: begin), let b = doc.range(of: end, range: a.upperBound..<doc.endIndex) else {
            Issue.record("docs/Formats/Scene.md has no generated click-rule table; put this between the markers:\n\(begin)\(table)\(end)")
            return
        }
        let found = String(doc[a.upperBound..<b.lowerBound])
        if found != table {
            // POINTERSIM_WRITE_DOCS=1 writes the table into the page.
            if ProcessInfo.processInfo.environment["POINTERSIM_WRITE_DOCS"] == "1" {
                try (String(doc[..<a.upperBound]) + table + String(doc[b.lowerBound...])).write(to: url, atomically: true, encoding: .utf8)
            }
            Issue.record("docs/Formats/Scene.md's click-rule table differs from ClickRules.registry (POINTERSIM_WRITE_DOCS=1 swift test --filter ProfileRegistryTests writes it)")
        }
    }
}
