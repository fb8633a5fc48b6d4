import Foundation
import PointerSimCore
import PointerSimTestSupport
import Testing

/// The command line's profile lists come from the profile registry
/// (`BandProfile.registered`): every registered profile is in the help of
/// `compare`, `render` and `conform`, and each command accepts it.
@Suite struct ProfileListCLITests {
    /// The registered profiles, in the registry's order, as `compare --help`
    /// must list them (asked of the registry: no list of names here to keep).
    static let registered = BandProfile.registeredNames
    /// The aliases, each with its profile (`qt` is `qt-itemview`).
    static let aliases = Dictionary(uniqueKeysWithValues: BandProfile.aliases.map { ($0.alias, $0.name) })
    /// Each name as the lists show it, an alias after its profile.
    static func shown(_ name: String, _ word: String) -> String {
        let a = aliases.filter { $0.value == name }.keys.sorted()
        return a.isEmpty ? name : "\(name) (\(word) \(a.joined(separator: ", ")))"
    }
    /// The list as `--help` of compare and render shows it: "uikit, …, qt-itemview (alias qt), imgui".
    static var helpList: String { registered.map { shown($0, "alias") }.joined(separator: ", ") }
    /// The same as a sentence's list, as the errors name them: "uikit, …, qt-itemview (or qt) or imgui".
    static var nameList: String {
        let n = registered.map { shown($0, "or") }
        return n.dropLast().joined(separator: ", ") + " or " + n.last!
    }

    @Test(arguments: ["compare", "render", "conform"])
    func helpListsEveryRegisteredProfile(_ command: String) throws {
        let help = try CLI.run([command, "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let list = command == "conform" ? Self.nameList : Self.helpList
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

    /// An alias is accepted where a name is, and the output names the profile
    /// as the user gave it; an alias and its profile together are one profile
    /// given twice.
    @Test func compareAcceptsAnAliasAndEchoesIt() throws {
        let trace = "Traces/compare/three-toolkits.trace", scene = "Traces/compare/three-toolkits.scene.json"
        for (alias, name) in Self.aliases {
            let a = try CLI.run(["compare", trace, "--scene", scene, "--profiles", "uikit,\(alias)"])
            let n = try CLI.run(["compare", trace, "--scene", scene, "--profiles", "uikit,\(name)"])
            #expect(a.status == 0 && a.stdout.contains("\"\(alias)\":") && !a.stdout.contains("\"\(name)\":"))
            #expect(a.stdout == n.stdout.replacingOccurrences(of: "\"\(name)\"", with: "\"\(alias)\""))
            let both = try CLI.run(["compare", trace, "--profiles", "\(alias),\(name)"])
            #expect(both.status == 64 && both.stderr.contains("are the same profile (\(name))"), "\(both.stderr)")
        }
    }

    @Test func conformAcceptsEveryRegisteredProfile() throws {
        for p in Self.registered + Self.aliases.keys.sorted() {
            // The implementation cannot be run (69), but the profile was accepted (not 64).
            let r = try CLI.run(["conform", "--exec", "/nonexistent/implementation", "--profile", p, "--sessions", "1"])
            #expect(r.status != 64 && !r.stderr.contains("unknown profile"), "\(p): \(r.status) \(r.stderr)")
        }
    }
}
