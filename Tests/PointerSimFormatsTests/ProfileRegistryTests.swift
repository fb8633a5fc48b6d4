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
        #expect(
            Set(fields) == Set(names),
            "fields missing from the registry: \(Set(fields).subtracting(names).sorted()); unknown: \(Set(names).subtracting(fields).sorted())"
        )
    }

    /// Every stored property of ``BandProfile`` but its name and its click
    /// rules is a declared band field, once.
    @Test func everyBandFieldIsDeclaredOnce() {
        let names = BandProfile.fields.map(\.name)
        #expect(Set(names).count == names.count, "a field is declared twice")
        let fields = Mirror(reflecting: BandProfile.uikit).children.compactMap(\.label).filter { $0 != "name" && $0 != "clicks" }
        let declared = BandProfile.fields.map { String(describing: $0.keyPath).split(separator: ".").last.map(String.init) ?? "" }
        #expect(
            Set(fields) == Set(declared),
            "undeclared: \(Set(fields).subtracting(declared).sorted()); unknown: \(Set(declared).subtracting(fields).sorted())"
        )
    }

    /// Every setting says what it means and where its values come from;
    /// every registered profile has a value for it (its file's, or the
    /// declared default) and the profile named has it.
    @Test(arguments: BandProfile.registeredNames)
    func everySettingHasAValueForEveryProfileAndTheProfileHasIt(_ name: String) throws {
        let profile = try #require(BandProfile.named(name))
        for rule in ClickRules.registry {
            let v = try #require(rule.values[name], "\(rule.name) has no value for \(name)")
            #expect(rule.value(in: profile.clicks) == v, "\(name).\(rule.name)")
            #expect(!rule.meaning.isEmpty && !rule.source.isEmpty, "\(rule.name)")
        }
        for field in BandProfile.fields {
            let v = try #require(field.values[name], "\(field.name) has no value for \(name)")
            #expect(field.value(in: profile) == v, "\(name).\(field.name)")
            #expect(!field.meaning.isEmpty, "\(field.name)")
        }
    }

    /// A profile's file gives a source only to a declared setting, and only
    /// registered profiles have files.
    @Test func theRegistryNamesNoProfileThatIsNotRegistered() {
        for rule in ClickRules.registry { #expect(Set(rule.values.keys) == Set(BandProfile.registeredNames), "\(rule.name)") }
        for d in ProfileRegistry.definitions {
            #expect(Set(d.clickSources.keys).isSubset(of: ClickRules.registry.map(\.name)), "\(d.name)")
            #expect(Set(d.bandSources.keys).isSubset(of: BandProfile.fields.map(\.name)), "\(d.name)")
        }
    }

    /// The scene keys of the band fields and the click rules are each
    /// written once in Sources (their declaration): the reader, the writer,
    /// the docs and the profiles' files all go through it.
    @Test func everySceneKeyOfASettingIsWrittenOnceInSources() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        // Every string literal of one word (letters only) in code, counted; comments may name a key.
        var counts: [Substring: Int] = [:]
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix("//") {
                var rest = line[...]
                while let open = rest.firstIndex(of: "\"") {
                    let after = rest.index(after: open)
                    guard let close = rest[after...].firstIndex(of: "\"") else { break }
                    let word = rest[after..<close]
                    if !word.isEmpty, word.allSatisfy(\.isLetter) { counts[word, default: 0] += 1 }
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
        for key in ClickRules.registry.map(\.name) + BandProfile.fields.map(\.name) {
            let n = counts[Substring(key)] ?? 0
            #expect(n == 1, "\"\(key)\" is written \(n) times in Sources")
        }
    }

    /// A profile written as a scene elides what its base already says: a
    /// registered profile is its name, another an object with `base` and
    /// only the keys that differ.
    @Test func theWriterWritesOnlyWhatDiffersFromTheBase() throws {
        var scene = SimulationScene()
        scene.band.profile = .gtk3
        #expect(SceneFile.render(scene).contains("\"profile\": \"gtk3\""))
        var p = BandProfile.gtk3
        p.name = "mine"
        p.threshold = 3
        p.clicks.escapeEndsBand = false
        scene.band.profile = p
        let text = SceneFile.render(scene)
        let profile = try #require(text.range(of: "\"profile\": {")).upperBound
        let end = try #require(text.range(of: "\"hitRule\"")).lowerBound
        let written = text[profile..<end]
        #expect(written.contains("\"base\": \"gtk3\"") && written.contains("\"threshold\": 3") && written.contains("\"escapeEndsBand\": false"))
        #expect(written.split(separator: "\n").count <= 8, "\(written)")
        #expect(try SceneFile.parse(text, file: "m.scene.json").band.profile == p)
    }

    /// A Swift client sets in code every setting a scene file can: each
    /// declaration's property is public (checked in the source, as a client
    /// outside the package sees it), and setting it through the property
    /// is what the scene reader does.
    @Test func everySettingIsPublicSwiftAPI() throws {
        let core = Repository.root.appendingPathComponent("Sources/PointerSimCore")
        let text = try ["Band/BandProfile.swift", "Selection/SelectionRules.swift"]
            .map { try String(contentsOf: core.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        func property(_ keyPath: AnyKeyPath) -> String { String(describing: keyPath).split(separator: ".").last.map(String.init) ?? "" }
        for kp in BandProfile.fields.map(\.keyPath) as [AnyKeyPath] + ClickRules.registry.map(\.keyPath) {
            let name = property(kp)
            #expect(text.contains("public var \(name):") || text.contains("public var \(name) ="), "\(name) is not public")
        }
    }

    /// And a client outside the package does set each: Examples/Client's
    /// SettingsClient (built with warnings as errors and run by the full
    /// tier, its output against expected/SettingsClient.txt) assigns every
    /// declared band field and click rule, so one declared and not public,
    /// or not settable, stops that build.
    @Test func theExampleClientSetsEverySettingInCode() throws {
        let client = try String(
            contentsOf: Repository.root.appendingPathComponent("Examples/Client/Sources/SettingsClient/main.swift"), encoding: .utf8)
        func property(_ keyPath: AnyKeyPath) -> String { String(describing: keyPath).split(separator: ".").last.map(String.init) ?? "" }
        for kp in BandProfile.fields.map(\.keyPath) as [AnyKeyPath] {
            #expect(client.contains("\nprofile.\(property(kp)) = gtk3.\(property(kp))\n"), "SettingsClient does not set the band field \(property(kp))")
        }
        for kp in ClickRules.registry.map(\.keyPath) as [AnyKeyPath] {
            #expect(client.contains("\nclicks.\(property(kp)) = gtk3.clicks.\(property(kp))\n"), "SettingsClient does not set the click rule \(property(kp))")
        }
        let expected = try String(contentsOf: Repository.root.appendingPathComponent("Examples/Client/expected/SettingsClient.txt"), encoding: .utf8)
        #expect(expected.hasPrefix("band fields set in code: \(BandProfile.fields.count); click rules set in code: \(ClickRules.registry.count)\n"))
        #expect(expected.contains(": true\nand differs from uikit: true\n"))
    }

    /// An alias names its profile everywhere a name is read: the scene
    /// reader (a name and a `base`) and ``BandProfile/named(_:)``; the
    /// profile keeps its own name.
    @Test func anAliasIsItsProfile() throws {
        for a in BandProfile.aliases {
            let p = try #require(BandProfile.named(a.alias))
            #expect(p == BandProfile.named(a.name) && p.name == a.name)
            #expect(!BandProfile.registeredNames.contains(a.alias))
            let scene = try SceneFile.parse(
                #"{"format": "pointersim-scene/1", "items": [], "band": {"profile": "\#(a.alias)"}}"#,
                file: "a.scene.json"
            )
            #expect(scene.band.profile == p)
            let based = try SceneFile.parse(
                #"{"format": "pointersim-scene/1", "items": [], "band": {"profile": {"base": "\#(a.alias)", "name": "mine"}}}"#,
                file: "b.scene.json"
            )
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
        // In full (the conformance protocol's scene), every rule and field is written and read back.
        let full = SceneFile.render(scene, profileInFull: true)
        #expect(try SceneFile.parse(full, file: "f.scene.json").band.profile == p)
        for key in ClickRules.registry.map(\.name) + BandProfile.fields.map(\.name) { #expect(full.contains("\"\(key)\""), "\(key) not written") }
    }

    /// A setting's value as the tables write it.
    static func text(_ v: SettingValue) -> String {
        func set(_ m: ModifierFlags) -> String { "[" + m.names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        switch v {
        case .bool(let b): return "`\(b)`"
        case .number(let d): return "`\(d == d.rounded() ? String(Int(d)) : String(d))`"
        case .choice(let c): return "`\"\(c)\"`"
        case .none: return "`null`"
        case .modifiers(let m): return "`\(set(m))`"
        case .modifierSets(let s): return "`[" + s.map(set).joined(separator: ", ") + "]`"
        case .modeTable(let rules): return rules.map { "`\(set($0.flags))` \($0.match.rawValue) → `\($0.mode.rawValue)`" }.joined(separator: ", ")
        }
    }

    /// A setting's type as the tables write it.
    static func type(_ t: SettingType) -> String {
        switch t {
        case .bool: return "boolean"
        case .number(let r, let unit): return "\(unit), \(Int(r.lowerBound)) … \(r.upperBound >= 1e6 ? "10⁶" : String(Int(r.upperBound)))"
        case .choice(let c): return c.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .optionalChoice(let c): return c.map { "`\"\($0)\"`" }.joined(separator: ", ") + " or `null`"
        case .modifiers: return "a modifier set"
        case .modifierSets: return "an array of modifier sets"
        case .modeTable: return "an array of rules (above)"
        }
    }

    /// The table of docs/Formats/Scene.md, "Click rules", as the registry gives it.
    static func ruleTable() -> String {
        let profiles = BandProfile.registeredNames
        var lines = ["| key | type | " + profiles.map { "`\($0)`" }.joined(separator: " | ") + " | meaning | source |"]
        lines.append("|" + String(repeating: "---|", count: 4 + profiles.count))
        for r in ClickRules.registry {
            let values = profiles.map { r.values[$0].map(text) ?? "" }
            lines.append("| `\(r.name)` | \(type(r.type)) | " + values.joined(separator: " | ") + " | \(r.meaning) | \(r.source) |")
        }
        for a in BandProfile.aliases {
            lines.append("\n`\(a.alias)` is an alias of `\(a.name)`: a scene or a command line may give either name, with that column's values.")
        }
        return lines.joined(separator: "\n")
    }

    /// The table of docs/Formats/Scene.md, "Band fields", as the declarations give it.
    static func bandFieldTable() -> String {
        let profiles = BandProfile.registeredNames
        var lines = ["| key | type | swift | " + profiles.map { "`\($0)`" }.joined(separator: " | ") + " | meaning | source |"]
        lines.append("|" + String(repeating: "---|", count: 5 + profiles.count))
        for f in BandProfile.fields {
            let values = profiles.map { f.values[$0].map(text) ?? "" }
            let swift = String(describing: f.keyPath).split(separator: ".").last.map(String.init) ?? ""
            lines.append("| `\(f.name)` | \(type(f.type)) | `\(swift)` | " + values.joined(separator: " | ") + " | \(f.meaning) | \(f.source) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Checks that docs/Formats/Scene.md holds `table` between its `marker`
    /// comments (`POINTERSIM_WRITE_DOCS=1` writes it there).
    static func checkGenerated(_ table: String, marker: String, from source: String) throws {
        let url = Repository.root.appendingPathComponent("docs/Formats/Scene.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- \(marker): generated from \(source) by ProfileRegistryTests; do not edit -->\n"
        let end = "\n<!-- end \(marker) -->"
        guard let a = doc.range(of: begin), let b = doc.range(of: end, range: a.upperBound..<doc.endIndex) else {
            Issue.record("docs/Formats/Scene.md has no generated \(marker) table; put this between the markers:\n\(begin)\(table)\(end)")
            return
        }
        let found = String(doc[a.upperBound..<b.lowerBound])
        if found != table {
            if ProcessInfo.processInfo.environment["POINTERSIM_WRITE_DOCS"] == "1" {
                try (String(doc[..<a.upperBound]) + table + String(doc[b.lowerBound...])).write(to: url, atomically: true, encoding: .utf8)
            }
            Issue.record(
                "docs/Formats/Scene.md's \(marker) table differs from \(source) (POINTERSIM_WRITE_DOCS=1 swift test --filter ProfileRegistryTests writes it)"
            )
        }
    }

    @Test func sceneDocsRuleTableIsTheRegistrys() throws {
        try Self.checkGenerated(Self.ruleTable(), marker: "click-rules", from: "ClickRules.registry")
    }

    @Test func sceneDocsBandFieldTableIsTheDeclarations() throws {
        try Self.checkGenerated(Self.bandFieldTable(), marker: "band-fields", from: "BandProfile.fields")
    }
}
