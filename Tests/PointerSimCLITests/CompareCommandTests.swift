import Foundation
import PointerSimCore
import PointerSimTestSupport
import Testing

/// `pointersim compare` (docs/Formats/Compare.md): one session, three toolkits.
@Suite struct CompareCommandTests {
    /// The golden comparison, byte for byte, and again from standard input
    /// (every input is read once).
    @Test func threeToolkitsMatchTheGoldenComparison() throws {
        let expected = try String(contentsOf: CLI.root.appendingPathComponent("Traces/compare/three-toolkits.compare.jsonl"), encoding: .utf8)
        // The three toolkits (the default is every registered profile).
        let r = try CLI.run(["compare", "Traces/compare/three-toolkits.trace", "--scene", "Traces/compare/three-toolkits.scene.json", "--profiles", "uikit,qt,gtk"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == expected)
        let trace = try Data(contentsOf: CLI.root.appendingPathComponent("Traces/compare/three-toolkits.trace"))
        let piped = try CLI.run(["compare", "-", "--scene", "Traces/compare/three-toolkits.scene.json", "--profiles", "uikit,qt,gtk"], stdin: trace)
        #expect(piped.stdout == expected)
    }

    /// What each line says agrees with replaying the session under each
    /// profile on its own: the last `profiles.diverged` selections are each
    /// profile's final selection.
    @Test func theComparisonAgreesWithOneReplayPerProfile() throws {
        let out = try CLI.run(["compare", "Traces/compare/three-toolkits.trace", "--scene", "Traces/compare/three-toolkits.scene.json"]).stdout
        let lines = out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        guard let last = lines.last(where: { $0["event"] as? String == "profiles.diverged" }), let sel = last["selections"] as? [String: [String]] else {
            Issue.record("no profiles.diverged line"); return
        }
        let scene = try String(contentsOf: CLI.root.appendingPathComponent("Traces/compare/three-toolkits.scene.json"), encoding: .utf8)
        // Each registered profile by its name, and each alias (`qt`) as its profile (qt-itemview).
        let profiles = BandProfile.registeredNames.map { ($0, $0) } + BandProfile.aliases.map { ($0.alias, $0.name) }
        #expect(sel.keys.sorted() == BandProfile.registeredNames.sorted())
        for (profile, key) in profiles {
            let withProfile = scene.replacingOccurrences(of: "\"format\": \"pointersim-scene/1\",", with: "\"format\": \"pointersim-scene/1\", \"band\": {\"profile\": \"\(profile)\"},")
            let path = try CLI.temp("s.scene.json", withProfile)
            let log = try CLI.run(["replay", "Traces/compare/three-toolkits.trace", "--scene", path]).stdout
            var selection = Set<String>()
            for l in log.split(separator: "\n") {
                guard let o = try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any] else { continue }
                if let a = o["added"] as? [String], let r = o["removed"] as? [String] { selection.subtract(r); selection.formUnion(a) }
                if o["event"] as? String == "band.ended", let s = o["selection"] as? [String] { selection = Set(s) }
            }
            #expect(selection == Set(try #require(sel[key], "\(key) not compared")), "\(profile)")
        }
    }

    @Test func badProfilesAreUsageErrors() throws {
        let unknown = try CLI.run(["compare", "Traces/compare/three-toolkits.trace", "--profiles", "uikit,motif"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown profile \"motif\""))
        let one = try CLI.run(["compare", "Traces/compare/three-toolkits.trace", "--profiles", "qt"])
        #expect(one.status == 64 && one.stderr.contains("at least two profiles"))
        let missing = try CLI.run(["compare", "Traces/compare/no-such.trace"])
        #expect(missing.status == 66 && missing.stdout.isEmpty)
    }
}
