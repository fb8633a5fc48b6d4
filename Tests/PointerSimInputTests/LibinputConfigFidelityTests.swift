import Foundation
@_spi(Fuzz) import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// `decode` under libinput's configuration options against real libinput
/// 1.22.1 run with the same options (`Tools/libinput-ref/jobs-config.txt`,
/// references in `Traces/libinput/config`): for every job, libinput's motion
/// frames within 1 %, its buttons identical (code, state, frame), its scroll
/// events within 1 %, and nothing extra. The per-option table is written to
/// `.build/libinput-config-fidelity.md` and must equal the one in
/// docs/Decoding.md.
@Suite struct LibinputConfigFidelityTests {
    static var dir: URL { Repository.url("Traces/libinput") }

    struct Job: Sendable, CustomStringConvertible {
        var name: String, tag: String, files: [String], reference: String, settings: [String]
        var description: String { name }
    }

    static let jobs: [Job] = {
        guard let text = try? Repository.text("Tools/libinput-ref/jobs-config.txt") else { return [] }
        var jobs: [Job] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let c = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard c.count >= 4 else { continue }
            var files = [dir.appendingPathComponent(c[1]).path]
            if !c[2].isEmpty { files.append(dir.appendingPathComponent(c[2]).path) }
            let tag = c[0].split(separator: "@").last.map(String.init) ?? c[0]
            // A fifth field "default-output": real libinput's events under these
            // settings were identical to its events with the defaults when the
            // job ran, so the recording's default reference stands for it.
            let rec = String(c[0].split(separator: "@")[0])
            let reference =
                c.count > 4 && c[4] == "default-output"
                ? dir.appendingPathComponent("\(rec).libinput.txt").path
                : dir.appendingPathComponent("config/\(c[0]).libinput.txt").path
            jobs.append(
                Job(
                    name: c[0],
                    tag: tag,
                    files: files,
                    reference: reference,
                    settings: c[3].split(separator: " ").map(String.init)
                )
            )
        }
        return jobs
    }()

    static func report(_ job: Job) throws -> FidelityReport {
        var c = DecoderConfiguration()
        c.libinput = [try LibinputOptions.parse(job.settings)]
        var events: [DecodedEvent] = []
        try Decode.forEachEvent(paths: job.files, configuration: c) { if $0.device == 0 { events.append($0) } }
        return try FidelityReport(decoded: events, referencePath: job.reference)
    }

    static func percent(_ a: Int, _ b: Int) -> Double { b == 0 ? 100 : Double(a) * 100 / Double(b) }

    /// Whether real libinput's output under the job's settings differs from
    /// its output with the defaults (the same recording's reference without
    /// settings): whether the recording exercises the setting at all.
    static func settingChangesLibinput(_ job: Job) throws -> Bool {
        if !job.reference.contains("/config/") { return false }
        let rec = String(job.name.split(separator: "@")[0])
        let plain =
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(rec).libinput.txt").path)
            ? dir.appendingPathComponent("\(rec).libinput.txt").path
            : dir.appendingPathComponent("config/\(rec)@default.libinput.txt").path
        func events(_ path: String) throws -> [Substring] {
            try Repository.text(atPath: path).split(separator: "\n").filter {
                ($0.hasPrefix("POINTER_") || $0.hasPrefix("GESTURE_") || $0.hasPrefix("KEYBOARD_"))
            }.map { line in
                // without the guest's absolute time
                guard let t = line.range(of: " t="), let end = line[t.upperBound...].firstIndex(of: " ") else { return line }
                return line[..<t.lowerBound] + line[end...]
            }
        }
        return try events(job.reference) != events(plain)
    }

    @Test func everyJobHasItsReferenceWithItsSettings() throws {
        #expect(Self.jobs.count >= 590)
        for j in Self.jobs {
            for f in j.files { #expect(FileManager.default.fileExists(atPath: f), "\(f)") }
            let ref = try Repository.text(atPath: j.reference)
            // lref prints the options it was given on its argv line.
            let argv = ref.split(separator: "\n").first { $0.hasPrefix("# lref argv:") } ?? ""
            if j.reference.contains("/config/") {
                for s in j.settings { #expect(argv.contains(" \(s) "), "\(j.name): \(s) not in the reference's argv") }
            }
            #expect(ref.contains("# lref exit status: 0"), "\(j.name)")
        }
    }

    @Test(arguments: jobs) func decodeMatchesLibinputWithTheSameSettings(_ job: Job) throws {
        let r = try Self.report(job)
        #expect(Self.percent(r.motionMatched, r.motionFrames) >= 99, "\(job.name): \(r.summary); first mismatching frames \(r.firstMotionMismatches)")
        #expect(r.buttonsIdentical, "\(job.name): \(r.summary)")
        #expect(Self.percent(r.scrollMatched, r.scrollEvents) >= 99, "\(job.name): \(r.summary)")
        #expect(r.extraMotion == 0 && r.extraScroll == 0, "\(job.name): \(r.summary)")
    }

    /// The per-option table of docs/Decoding.md, measured again.
    @Test func table() throws {
        var order: [String] = []
        var rows: [String: (settings: String, jobs: Int, changed: Int, m: Int, mm: Int, b: Int, bi: Int, s: Int, sm: Int, x: Int)] = [:]
        for j in Self.jobs {
            let r = try Self.report(j)
            if rows[j.tag] == nil { order.append(j.tag); rows[j.tag] = (j.settings.joined(separator: " "), 0, 0, 0, 0, 0, 0, 0, 0, 0) }
            rows[j.tag]!.jobs += 1
            if try Self.settingChangesLibinput(j) { rows[j.tag]!.changed += 1 }
            rows[j.tag]!.m += r.motionFrames; rows[j.tag]!.mm += r.motionMatched
            rows[j.tag]!.b += r.buttons; rows[j.tag]!.bi += r.buttonsIdentical ? r.buttons : r.buttonsMatched
            rows[j.tag]!.s += r.scrollEvents; rows[j.tag]!.sm += r.scrollMatched
            rows[j.tag]!.x += r.extraMotion + r.extraScroll
        }
        var md =
            "| job tag | libinput options | recordings (output changed by the setting) | motion frames within 1 % | buttons identical | scroll within 1 % | extra |\n|---|---|---:|---:|---:|---:|---:|\n"
        for t in order {
            let v = rows[t]!
            md +=
                "| \(t) | `\(v.settings.isEmpty ? "(none)" : v.settings)` | \(v.jobs) (\(v.changed)) | \(FidelityReport.ratioText(v.mm, v.m)) | "
                + "\(v.b == 0 ? "–" : "\(v.bi)/\(v.b)") | \(FidelityReport.ratioText(v.sm, v.s)) | \(v.x) |\n"
        }
        try? md.write(to: Repository.root.appendingPathComponent(".build/libinput-config-fidelity.md"), atomically: true, encoding: .utf8)
        print("[fidelity] \(order.count) libinput settings over the recordings (the table: .build/libinput-config-fidelity.md)")
        let doc = try Repository.text("docs/Decoding.md").split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(doc.firstIndex { $0.hasPrefix("| job tag | libinput options |") }, "docs/Decoding.md has no per-option table")
        let measured = md.split(separator: "\n")
        let documented = doc[start...].prefix(measured.count)
        for (d, m) in zip(documented, measured) where d != m { Issue.record("documented \(d)\nmeasured   \(m)") }
    }
}

/// The option names, values and errors of `LibinputOptions` (libinput
/// debug-events' `tools/shared.c`), and how a set resolves per device.
@Suite struct LibinputOptionsTests {
    @Test func everyOptionParsesAndPrintsBack() throws {
        let args = [
            "--apply-to=*TouchPad*", "--disable-sendevents=*Keyboard*", "--enable-tap", "--disable-drag", "--enable-drag-lock",
            "--enable-natural-scrolling", "--enable-left-handed", "--enable-middlebutton", "--disable-dwt", "--disable-dwtp",
            "--enable-scroll-button-lock", "--set-click-method=clickfinger", "--set-scroll-method=edge",
            "--set-scroll-button=BTN_SIDE", "--set-profile=flat", "--set-speed=-0.5", "--set-tap-map=lmr", "--set-rotation-angle=90",
        ]
        let o = try LibinputOptions.parse(args)
        #expect(o.arguments == args)
        #expect(try LibinputOptions.parse(o.arguments) == o)
        #expect(o.tap == true && o.drag == false && o.scrollButton == 0x113 && o.speed == -0.5 && o.tapButtonMap == .lmr)
        // Every option of the table is known to the parser.
        for opt in LibinputOptions.options {
            #expect(LibinputOptions.isOption("--" + opt.name))
        }
        // Two-argument form, as getopt_long takes it.
        #expect(try LibinputOptions.parse(["--set-speed", "0.25"]).speed == 0.25)
    }

    @Test func anUnknownValueNamesTheAllowedOnes() {
        func message(_ a: [String]) -> String {
            do { _ = try LibinputOptions.parse(a); return "" } catch { return error.description }
        }
        #expect(message(["--set-tap-map=rml"]) == "--set-tap-map: unknown value \"rml\"; allowed: lrm, lmr")
        #expect(message(["--set-click-method=areas"]) == "--set-click-method: unknown value \"areas\"; allowed: none, clickfinger, buttonareas")
        #expect(message(["--set-scroll-method=2fg"]) == "--set-scroll-method: unknown value \"2fg\"; allowed: none, twofinger, edge, button")
        #expect(message(["--set-profile=custom"]) == "--set-profile: unknown value \"custom\"; allowed: adaptive, flat")
        #expect(message(["--set-speed=2"]).contains("-1 … 1"))
        #expect(message(["--set-scroll-button=MIDDLE"]).contains("BTN_MIDDLE"))
        #expect(message(["--enable-tap=yes"]).contains("takes no value"))
        #expect(message(["--enable-tapping"]).hasPrefix("unknown libinput option --enable-tapping; the options are --apply-to"))
    }

    @Test func globsMatchAsFnmatch() {
        #expect(LibinputOptions.globMatches("*TouchPad*", "SynPS/2 Synaptics TouchPad"))
        #expect(!LibinputOptions.globMatches("*Touchpad*", "SynPS/2 Synaptics TouchPad"))
        #expect(LibinputOptions.globMatches("SynPS/? Syn*", "SynPS/2 Synaptics TouchPad"))
        #expect(LibinputOptions.globMatches("*[Mm]ouse", "PS/2 Generic Mouse"))
        #expect(!LibinputOptions.globMatches("*[!M]ouse", "PS/2 Generic Mouse"))
        #expect(LibinputOptions.globMatches("*", ""))
        #expect(!LibinputOptions.globMatches("a*b", "ac"))
    }

    @Test func setsResolvePerDeviceInOrder() throws {
        var c = DecoderConfiguration()
        c.libinput = [
            try LibinputOptions.parse(["--enable-tap", "--set-speed=0.5"]),
            try LibinputOptions.parse(["--apply-to=*Mouse*", "--set-speed=-1", "--enable-left-handed"]),
        ]
        let pad = c.resolved(forDeviceNamed: "SynPS/2 Synaptics TouchPad")
        #expect(pad.touchpad.tapping == true && pad.speed == 0.5 && !pad.fallback.leftHanded)
        let mouse = c.resolved(forDeviceNamed: "PS/2 Generic Mouse")
        #expect(mouse.speed == -1 && mouse.fallback.leftHanded)
    }

    @Test func disableSendEventsSilencesTheMatchingDevice() throws {
        let files = [Repository.url("Traces/libinput/mouse-saitek-rat5.desc").path, Repository.url("Traces/libinput/mouse-saitek-rat5.events").path]
        var c = DecoderConfiguration()
        c.libinput = [try LibinputOptions.parse(["--disable-sendevents=*R.A.T*"])]
        var kinds: [String] = []
        try Decode.forEachEvent(paths: files, configuration: c) { kinds.append("\($0.kind)") }
        #expect(kinds.count == 2, "only device added and removed: \(kinds)")
    }
}
