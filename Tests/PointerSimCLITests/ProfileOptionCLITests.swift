import Foundation
import PointerSimTestSupport
import Testing

/// `--profile NAME|FILE` on `replay` and `render` (docs/CommandLine.md): the
/// scene's profile replaced, as `conform --profile` takes it; and the note a
/// band over a scene without items gets.
@Suite struct ProfileOptionCLITests {
    static let trace = "Traces/compare/three-toolkits.trace", scene = "Traces/compare/three-toolkits.scene.json"

    /// `replay --profile gtk` is the replay of the scene with `"profile": "gtk"`;
    /// an alias (`qt`) and a profile file work too.
    @Test func replayProfileIsTheScenesProfileReplaced() throws {
        let text = try String(contentsOf: CLI.root.appendingPathComponent(Self.scene), encoding: .utf8)
        for (arg, name) in [("gtk", "gtk"), ("qt", "qt-itemview"), ("imgui", "imgui")] {
            let withProfile = text.replacingOccurrences(
                of: "\"format\": \"pointersim-scene/1\",",
                with: "\"format\": \"pointersim-scene/1\", \"band\": {\"profile\": \"\(name)\"},"
            )
            let expected = try CLI.run(["replay", Self.trace, "--scene", try CLI.temp("p.scene.json", withProfile)])
            let got = try CLI.run(["replay", Self.trace, "--scene", Self.scene, "--profile", arg])
            #expect(got.status == 0 && got.stderr.isEmpty, "\(arg): \(got.stderr)")
            #expect(got.stdout == expected.stdout, "\(arg)")
        }
        let uikit = try CLI.run(["replay", Self.trace, "--scene", Self.scene]).stdout
        #expect(try CLI.run(["replay", Self.trace, "--scene", Self.scene, "--profile", "gtk"]).stdout != uikit)
        // A profile object in a file, as conform --profile takes it.
        let file = try CLI.temp("gtk.profile.json", "\"gtk\"")
        #expect(
            try CLI.run(["replay", Self.trace, "--scene", Self.scene, "--profile", file]).stdout
                == CLI.run(["replay", Self.trace, "--scene", Self.scene, "--profile", "gtk"]).stdout
        )
    }

    /// A raw recording (decoded, then replayed) takes it too: the keyboard
    /// recording's Control drag is addSticky under the scene's qt-graphicsview
    /// band, add under gtk.
    @Test func aDecodedReplayTakesAProfile() throws {
        let inputs = ["Traces/recordings/keyboard-logitech-k400plus.evemu", "Traces/recordings/keyboard-logitech-k400plus.drags.ptrace"]
        let scene = ["--scene", "Traces/recordings/keyboard-logitech-k400plus.scene.json"]
        let own = try CLI.run(["replay"] + inputs + scene)
        let gtk = try CLI.run(["replay"] + inputs + scene + ["--profile", "gtk"])
        #expect(own.status == 0 && gtk.status == 0)
        #expect(own.stdout.contains("\"modifiers\":[\"control\"],\"mode\":\"addSticky\""))
        #expect(gtk.stdout.contains("\"modifiers\":[\"control\"],\"mode\":\"add\""))
    }

    @Test func badProfilesAreUsageErrors() throws {
        let r = try CLI.run(["replay", Self.trace, "--profile", "motif"])
        #expect(r.status == 64 && r.stderr.contains("--profile: unknown profile \"motif\"") && r.stderr.contains("qt-itemview (or qt)"))
        let render = try CLI.run(["render", Self.trace, "--profile", "motif", "--output", "/tmp/never.html"])
        #expect(render.status == 64 && render.stderr.contains("unknown profile \"motif\""))
        let both = try CLI.run(["render", Self.trace, "--profile", "gtk", "--profiles", "uikit,gtk", "--output", "/tmp/never.html"])
        #expect(both.status == 64 && both.stderr.contains("--profile and --profiles"))
        let frames = try CLI.run(["replay", Self.trace, "--frames", "30"])
        #expect(frames.status == 64 && frames.stderr.contains("give it with --verbose"))
    }

    /// `render --profile imgui` draws the replay under imgui: its band begins
    /// later than uikit's (a 6-point threshold), so the pages differ.
    @Test func renderTakesAProfile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pointersim-profile-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("imgui.html").path, b = dir.appendingPathComponent("uikit.html").path
        let r = try CLI.run(["render", Self.trace, "--scene", Self.scene, "--profile", "imgui", "--output", a])
        #expect(r.status == 0 && r.stderr.contains("wrote"))
        _ = try CLI.run(["render", Self.trace, "--scene", Self.scene, "--output", b])
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) != Data(contentsOf: URL(fileURLWithPath: b)))
    }

    /// A band over a scene with no items says so on stderr, once; the log is unchanged.
    @Test func aBandOverASceneWithoutItemsSaysSo() throws {
        let empty = try CLI.temp("empty.scene.json", "{ \"format\": \"pointersim-scene/1\", \"items\": [] }")
        let r = try CLI.run(["replay", Self.trace, "--scene", empty])
        #expect(r.status == 0)
        #expect(r.stderr.components(separatedBy: "note:").count == 2, "\(r.stderr)")
        #expect(r.stderr.contains("the scene has no items, so it selects nothing"))
        #expect(!r.stdout.contains("note"))
        let narrated = try CLI.run(["replay", Self.trace, "--scene", empty, "--narrate"])
        #expect(narrated.stderr.contains("the scene has no items"))
        let withItems = try CLI.run(["replay", Self.trace, "--scene", Self.scene])
        #expect(withItems.stderr.isEmpty)
    }
}
