import Foundation
import PointerSimTestSupport
import Testing

/// The command line's profile lists come from the profile registry
/// (`BandProfile.registered`): every registered profile is in the help of
/// `compare`, `render` and `conform`, and each command accepts it.
@Suite struct ProfileListCLITests {
    /// The registered profiles, as `compare --help` must list them.
    static let registered = ["uikit", "qt", "qt-graphicsview", "gtk", "qt-itemview", "imgui", "gtk3"]
    /// The same as a sentence's list, as the errors name them: "uikit, qt, … or imgui".
    static var nameList: String { registered.dropLast().joined(separator: ", ") + " or " + registered.last! }

    @Test(arguments: ["compare", "render", "conform"])
    func helpListsEveryRegisteredProfile(_ command: String) throws {
        let help = try CLI.run([command, "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let list = command == "conform" ? Self.nameList : Self.registered.joined(separator: ", ")
        #expect(help.contains(list), "\(command) --help: \(help)")
    }

    @Test func compareAndRenderAcceptEveryRegisteredProfile() throws {
        let trace = "Traces/compare/three-toolkits.trace", scene = "Traces/compare/three-toolkits.scene.json"
        let r = try CLI.run(["compare", trace, "--scene", scene, "--profiles", Self.registered.joined(separator: ",")])
        #expect(r.status == 0 && r.stderr.isEmpty)
        for p in Self.registered { #expect(r.stdout.contains("\"\(p)\":"), "\(p) not compared") }
        let out = try CLI.temp("p.html", "")
        let v = try CLI.run(["render", trace, "--scene", scene, "--profiles", Self.registered.joined(separator: ","), "--output", out])
        #expect(v.status == 0, "\(v.stderr)")
    }

    @Test func conformAcceptsEveryRegisteredProfile() throws {
        for p in Self.registered {
            // The implementation cannot be run (69), but the profile was accepted (not 64).
            let r = try CLI.run(["conform", "--exec", "/nonexistent/implementation", "--profile", p, "--sessions", "1"])
            #expect(r.status != 64 && !r.stderr.contains("unknown profile"), "\(p): \(r.status) \(r.stderr)")
        }
    }
}
