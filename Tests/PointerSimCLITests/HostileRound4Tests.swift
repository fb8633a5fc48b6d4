import Foundation
import PointerSimTestSupport
import Testing

/// Issue #37, hostile input round four: the big inputs the corpus
/// (Traces/hostile/round4) cannot hold as files, generated here. Each ends
/// within 30 s with exit 0 or its documented status and message.
@Suite struct HostileRound4Tests {
    static let samsung = "Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"

    @Test func twentyThousandRepeatedLibinputOptionsEndLikeOne() throws {
        // Quadratic in the argument parser before: 10,000 took 8.8 s, 20,000 over 30 s.
        let one = try CLI.run(["decode", Self.samsung, "--enable-tap"])
        #expect(one.status == 0)
        let start = Date()
        let many = try CLI.run(["decode", Self.samsung] + Array(repeating: "--enable-tap", count: 20_000))
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(many.status == 0 && many.stdout == one.stdout && many.stderr.isEmpty)
        // Both spellings of a valued option, alternating with a switch's two
        // forms: the last of each wins, as when given once.
        let mixed = (0..<5_000).flatMap { _ in ["--set-speed", "0.5", "--disable-tap", "--set-speed=-0.3", "--enable-tap"] }
        let last = try CLI.run(["decode", Self.samsung, "--set-speed=-0.3", "--enable-tap"])
        let r = try CLI.run(["decode", Self.samsung] + mixed)
        #expect(r.status == 0 && r.stdout == last.stdout)
        #expect(last.stdout != one.stdout)  // the speed changes the motion
        // A bad value last is still a usage error; one earlier is overridden (as before).
        let bad = try CLI.run(["decode", Self.samsung] + Array(repeating: "--set-speed=0.1", count: 1_000) + ["--set-speed=5"])
        #expect(bad.status == 64 && bad.stderr.contains("--set-speed: \"5\" is not a number within -1 … 1"))
        // After `--` nothing is collapsed: they are file names.
        let files = try CLI.run(["decode", Self.samsung, "--", "--enable-tap", "--enable-tap"])
        #expect(files.status == 66 && files.stderr.contains("--enable-tap"))
    }

    @Test func repeatedProfilesAreAUsageErrorNamingTheFirstRepeat() throws {
        // `uikit,uikit` exited 0 before, and 10,000 names over 2,000,000
        // items grew to 8 GB: each name is now given once, so a comparison
        // runs at most the registered profiles.
        for (args, name) in [(["compare", "Traces/band/cancel.trace", "--profiles", "uikit,uikit"], "uikit"),
                             (["render", "Traces/band/cancel.trace", "--profiles", "qt,gtk,qt", "--output", "x.html"], "qt"),
                             (["compare", "Traces/band/cancel.trace", "--profiles", Array(repeating: "uikit,qt,gtk", count: 3_334).joined(separator: ",")], "uikit")] {
            let r = try CLI.run(args)
            #expect(r.status == 64, "\(args.prefix(4))")
            #expect(r.stderr.hasPrefix("Error: --profiles: profile \"\(name)\" is given twice (give each once)\n"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        // A long unknown name is quoted by its first 40 characters.
        let long = try CLI.run(["compare", "Traces/band/cancel.trace", "--profiles", String(repeating: "x", count: 5_000)])
        #expect(long.status == 64 && long.stderr.hasPrefix("Error: --profiles: unknown profile \"\(String(repeating: "x", count: 40))…\" (expected uikit, qt or gtk)\n"))
        // Distinct names still compare.
        let ok = try CLI.run(["compare", "Traces/band/cancel.trace", "--profiles", "gtk,uikit"])
        #expect(ok.status == 0 && ok.stdout.contains(#""profiles":["gtk","uikit"]"#))
    }
}
