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
        let r = try CLI.run([
            "compare", "Traces/compare/three-toolkits.trace", "--scene", "Traces/compare/three-toolkits.scene.json", "--profiles", "uikit,qt,gtk",
        ])
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
        guard let last = lines.last(where: { $0["event"] as? String == "profiles.diverged" }), let sel = last["selections"] as? [String: [String]]
        else {
            Issue.record("no profiles.diverged line"); return
        }
        let scene = try String(contentsOf: CLI.root.appendingPathComponent("Traces/compare/three-toolkits.scene.json"), encoding: .utf8)
        // Each registered profile by its name, and each alias (`qt`) as its profile (qt-itemview).
        let profiles = BandProfile.registeredNames.map { ($0, $0) } + BandProfile.aliases.map { ($0.alias, $0.name) }
        #expect(sel.keys.sorted() == BandProfile.registeredNames.sorted())
        for (profile, key) in profiles {
            let withProfile = scene.replacingOccurrences(
                of: "\"format\": \"pointersim-scene/1\",",
                with: "\"format\": \"pointersim-scene/1\", \"band\": {\"profile\": \"\(profile)\"},"
            )
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

/// `pointersim compare --explain`: the first line of a difference names each
/// profile's deciding rule, in words and with its source.
@Suite struct CompareExplainTests {
    static let scene = """
        { "format": "pointersim-scene/1", "view": { "width": 400, "height": 300, "scale": 1 },
          "items": [ { "id": "a", "rect": [40, 40, 100, 60] }, { "id": "b", "rect": [200, 40, 100, 60] } ] }
        """

    static func why(_ trace: String, scene: String = scene, profiles: String = "uikit,gtk") throws -> (lines: [[String: Any]], raw: String) {
        let t = try CLI.temp("explain.trace", trace), s = try CLI.temp("explain.scene.json", scene)
        let r = try CLI.run(["compare", t, "--scene", s, "--profiles", profiles, "--explain"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (lines, r.stdout)
    }

    /// A 7-point drag from empty space onto item a: UIKit's band (no
    /// threshold) selects it, GTK's has not begun (more than 8 points on
    /// either axis): gtk's reason is its threshold, with its source.
    @Test func aThresholdDifferenceNamesTheThreshold() throws {
        let (lines, raw) = try Self.why(
            """
            pointersim-trace 1
            0.00 move 35 35
            0.10 press primary
            0.20 move 42 42
            0.30 release primary
            """
        )
        let first = try #require(lines.first { $0["event"] as? String == "profiles.diverged" }, "\(raw)")
        #expect(first["input"] as? String == "move 42 42")
        let why = try #require(first["why"] as? [String: [String: String]], "\(raw)")
        #expect(why["gtk"]?["rule"] == "drag-threshold")
        #expect(why["gtk"]?["words"]?.contains("more than 8 points") == true && why["gtk"]?["words"]?.contains("it is 7 away") == true, "\(why)")
        #expect(why["gtk"]?["source"]?.contains("gtk_drag_check_threshold") == true)
        #expect(why["uikit"]?["rule"] == "mode" && why["uikit"]?["source"]?.contains("UIKitSources") == true, "\(why)")
        // Only the first line of a difference carries it; the summary never.
        #expect(lines.filter { $0["why"] != nil }.count == 1, "\(raw)")
        // Without --explain the lines are compare's own.
        let t = try CLI.temp("plain.trace", "pointersim-trace 1\n0.00 move 35 35\n0.10 press primary\n0.20 move 42 42\n0.30 release primary\n")
        let plain = try CLI.run(["compare", t, "--scene", try CLI.temp("plain.scene.json", Self.scene), "--profiles", "uikit,gtk"])
        #expect(!plain.stdout.contains("\"why\"") && plain.stdout.contains("profiles.diverged"))
    }

    /// Shift held at the press and let go before the release, over a band
    /// that hits nothing, with b selected: UIKit added (the press's flags),
    /// GTK reads the release's flags (none: replace) and applies them at the
    /// release, so the profiles part at the release.
    @Test func anAtReleaseDifferenceNamesTheModifiersAtTheRelease() throws {
        let scene = Self.scene.replacingOccurrences(of: "\"scale\": 1 },", with: "\"scale\": 1 }, \"band\": { \"initialSelection\": [\"b\"] },")
        let (lines, raw) = try Self.why(
            """
            pointersim-trace 1
            0.00 move 30 150
            0.05 modifiers shift
            0.10 press primary
            0.20 move 100 200
            0.25 modifiers
            0.30 release primary
            """,
            scene: scene
        )
        let first = try #require(lines.first { $0["event"] as? String == "profiles.diverged" }, "\(raw)")
        #expect(first["input"] as? String == "release primary")
        let why = try #require(first["why"] as? [String: [String: String]], "\(raw)")
        #expect(why["gtk"]?["rule"] == "modifiers-at-release", "\(why)")
        #expect(why["gtk"]?["words"]?.contains("[] → replace") == true, "\(why)")
        #expect(why["gtk"]?["source"]?.contains("gtk_list_base_drag_end") == true)
        #expect(why["uikit"]?["words"]?.contains("add, was chosen at the press") == true, "\(why)")
    }

    /// While GTK's band moves its selection waits for the end: the bundled
    /// three-toolkit session's first difference says so for gtk.
    @Test func aLiveAgainstAtTheEndDifferenceNamesWhenTheSelectionIsApplied() throws {
        let r = try CLI.run([
            "compare", "Traces/compare/three-toolkits.trace", "--scene", "Traces/compare/three-toolkits.scene.json", "--profiles", "uikit,qt,gtk",
            "--explain",
        ])
        let first = try #require(
            r.stdout.split(separator: "\n").first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        )
        let why = try #require(first["why"] as? [String: [String: String]])
        #expect(why["gtk"]?["rule"] == "applied-at-end")
        #expect(why.keys.sorted() == ["gtk", "qt", "uikit"])
        // Apart from "why", the lines are the golden comparison's, byte for byte.
        let golden = try String(contentsOf: CLI.root.appendingPathComponent("Traces/compare/three-toolkits.compare.jsonl"), encoding: .utf8)
        let plain = golden.split(separator: "\n"), explained = r.stdout.split(separator: "\n")
        #expect(plain.count == explained.count)
        for (p, e) in zip(plain, explained) {
            if let cut = e.range(of: ",\"why\":") { #expect(String(e[..<cut.lowerBound]) + "}" == String(p)) } else { #expect(e == p) }
        }
        #expect(explained.filter { $0.contains("\"why\"") }.count >= 3)
    }

    /// `render --profiles` carries the same reasons for the viewer's profiles
    /// panel (`profiles.why` in the page's data), keyed by time in ms.
    @Test func theViewerPageCarriesTheReasons() throws {
        let out = try CLI.temp("why.html", "")
        let r = try CLI.run([
            "render", "Traces/compare/three-toolkits.trace", "--scene", "Traces/compare/three-toolkits.scene.json", "--profiles", "uikit,qt,gtk",
            "--output", out,
        ])
        #expect(r.status == 0)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"ps-profiles\">")).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let data = try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
        let why = try #require(data["why"] as? [[Any]])
        #expect(why.first?.first as? Int == 200)
        let first = try #require(why.first?.last as? [String: [String: String]])
        #expect(first["gtk"]?["rule"] == "applied-at-end" && first["gtk"]?["source"]?.contains("gtk_list_base_drag_end") == true)
        #expect(data["changes"] != nil && data["names"] as? [String] == ["uikit", "qt", "gtk"])
    }
}
