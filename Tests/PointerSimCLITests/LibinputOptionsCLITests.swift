import Foundation
import PointerSimTestSupport
import Testing

/// libinput's configuration options (`libinput debug-events`' names) on
/// `decode`, `replay`, `render` and `live`, and in a scene's `pointer.libinput`.
@Suite struct LibinputOptionsCLITests {
    static let names = [
        "--apply-to", "--disable-sendevents", "--enable-tap", "--disable-tap", "--enable-drag", "--disable-drag",
        "--enable-drag-lock", "--disable-drag-lock", "--enable-natural-scrolling", "--disable-natural-scrolling",
        "--enable-left-handed", "--disable-left-handed", "--enable-middlebutton", "--disable-middlebutton",
        "--enable-dwt", "--disable-dwt", "--enable-dwtp", "--disable-dwtp", "--enable-scroll-button-lock",
        "--disable-scroll-button-lock", "--set-click-method", "--set-scroll-method", "--set-scroll-button",
        "--set-profile", "--set-speed", "--set-tap-map", "--set-rotation-angle",
    ]

    @Test(arguments: ["decode", "replay", "render", "live"]) func helpListsEveryOption(_ command: String) throws {
        let r = try CLI.run([command, "--help"])
        #expect(r.status == 0)
        for n in Self.names { #expect(r.stdout.contains(n), "\(command) --help lacks \(n)") }
        #expect(r.stdout.contains("none|clickfinger|buttonareas") && r.stdout.contains("lrm|lmr"))
    }

    @Test func anUnknownValueIsAUsageErrorNamingTheAllowedOnes() throws {
        let rec = "Traces/recordings/touchpad-clickpad-synaptics.desc"
        let r = try CLI.run(["decode", "--set-tap-map=rlm", rec])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--set-tap-map: unknown value \"rlm\"; allowed: lrm, lmr"), "\(r.stderr)")
        let s = try CLI.run(["replay", "--set-scroll-method=2fg", rec])
        #expect(s.status == 64)
        #expect(s.stderr.contains("allowed: none, twofinger, edge, button"), "\(s.stderr)")
        #expect(try CLI.run(["render", "--set-speed=3", "--output", "/tmp/x.svg", rec]).status == 64)
    }

    @Test func anOptionChangesTheDecodedEvents() throws {
        let files = ["Traces/libinput/touchpad-cypress-semimt-clickpad.two-finger-tap.evemu"]
        let plain = try CLI.run(["decode"] + files)
        let tap = try CLI.run(["decode", "--enable-tap"] + files)
        let lmr = try CLI.run(["decode", "--enable-tap", "--set-tap-map=lmr"] + files)
        #expect(plain.status == 0 && tap.status == 0 && lmr.status == 0)
        #expect(!plain.stdout.contains("\"button\""))
        // two fingers: BTN_RIGHT (273) with lrm, BTN_MIDDLE (274) with lmr
        #expect(tap.stdout.contains("\"button\":273") && !tap.stdout.contains("\"button\":274"), "\(tap.stdout.prefix(400))")
        #expect(lmr.stdout.contains("\"button\":274") && !lmr.stdout.contains("\"button\":273"))
        // --apply-to that matches no device changes nothing.
        #expect(try CLI.run(["decode", "--apply-to=*Mouse*", "--enable-tap"] + files).stdout == plain.stdout)
    }

    @Test func aSceneTakesTheSameOptions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("libinput-scene-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("tap.scene.json").path
        try #"{"format": "pointersim-scene/1", "pointer": {"libinput": ["--enable-tap"]}}"#.write(toFile: scene, atomically: true, encoding: .utf8)
        let files = ["Traces/libinput/touchpad-cypress-semimt-clickpad.two-finger-tap.evemu"]
        let viaScene = try CLI.run(["replay", "--scene", scene] + files)
        let viaFlag = try CLI.run(["replay", "--enable-tap"] + files)
        let plain = try CLI.run(["replay"] + files)
        #expect(viaScene.status == 0, "\(viaScene.stderr)")
        #expect(viaScene.stdout == viaFlag.stdout)
        #expect(viaScene.stdout != plain.stdout)
        let bad = dir.appendingPathComponent("bad.scene.json").path
        try #"{"format": "pointersim-scene/1", "pointer": {"libinput": ["--set-profile=custom"]}}"#.write(
            toFile: bad,
            atomically: true,
            encoding: .utf8
        )
        let b = try CLI.run(["replay", "--scene", bad] + files)
        #expect(b.status == 65 || b.status == 64, "\(b.status) \(b.stderr)")
        #expect(b.stderr.contains("allowed: adaptive, flat"), "\(b.stderr)")
    }
}
