import Foundation
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
@_spi(Fuzz) import PointerSimInput
import PointerSimTestSupport
import Testing

/// Where the references and recordings are looked for: `POINTERSIM_REF_DIRS`
/// and `POINTERSIM_REC_DIRS` (colon-separated), in addition to the repository's own folders.
enum ReferenceFiles {
    /// The repository's folders: libinput's output for the real recordings
    /// (`Traces/libinput`), and this dispatch's synthetic recordings and
    /// classification checks (`Traces/libinput-fallback`).
    static var repositoryDirs: [String] {
        ["Traces/libinput", "Traces/libinput-fallback", "Traces/libinput-fallback/classification"].map(Repository.path)
    }
    /// Plus `POINTERSIM_REF_DIRS` / `POINTERSIM_REC_DIRS` (colon-separated) for references made elsewhere.
    static var referenceDirs: [String] { repositoryDirs + (Repository.folders(fromEnvironment: "POINTERSIM_REF_DIRS") ?? []) }
    static var recordingDirs: [String] { repositoryDirs + (Repository.folders(fromEnvironment: "POINTERSIM_REC_DIRS") ?? []) }
    /// Every reference file, the first of each name.
    static func references() -> [String] { Repository.files(in: referenceDirs, suffix: ".txt") }
    static func find(_ recPath: String) -> String? {
        let base = (recPath as NSString).lastPathComponent
        for d in recordingDirs where FileManager.default.fileExists(atPath: d + "/" + base) { return d + "/" + base }
        return nil
    }
    /// The recording of a reference, parsed.
    static func recording(_ r: ReferenceFile) throws -> (description: DeviceDescription, events: [EvdevEvent])? {
        guard let d = r.header["desc"], !d.isEmpty, let desc = find(d) else { return nil }
        var text = try Repository.text(atPath: desc)
        if let ev = r.header["events"], !ev.isEmpty, ev.hasPrefix("/") {
            guard let evp = find(ev) else { return nil }
            text += "\n" + (try Repository.text(atPath: evp))
        }
        return try EvemuFormat.parse(text, file: desc)
    }
}

/// Frame-by-frame comparison of the decoder with libinput's reference output.
struct FallbackComparison: CustomStringConvertible {
    var name = ""
    var motionFrames = 0, motionMatched = 0
    var buttonsRef = 0, buttonsEqual = true
    var scrollRef = 0, scrollMatched = 0
    var keysRef = 0, keysEqual = true
    var extraMotion = 0
    var firstMismatch: String? = nil

    var description: String {
        "\(name): motion \(motionMatched)/\(motionFrames) (extra \(extraMotion)), buttons \(buttonsRef) \(buttonsEqual ? "as the reference" : "not as the reference"), scroll \(scrollMatched)/\(scrollRef), keys \(keysRef) \(keysEqual ? "as the reference" : "not as the reference")"
            + (firstMismatch.map { " — first mismatch: \($0)" } ?? "")
    }

    static func run(
        _ r: ReferenceFile,
        description: DeviceDescription,
        events: [EvdevEvent],
        configuration: DecoderConfiguration = DecoderConfiguration()
    ) throws -> (FallbackComparison, [DecodedEvent]) {
        var p = DecodePipeline(configuration: configuration)
        var out: [DecodedEvent] = []
        let dev = p.addDevice(description, at: nil, into: &out)
        for e in events { p.feed(device: dev, e, into: &out) }
        p.finish(into: &out)
        var c = FallbackComparison()
        c.name = r.name
        // The reference tool labels an event "frame:N" only when its time is
        // frame N's time; libinput stamps some events of a frame with an
        // earlier time (a button-scroll or middle-emulation press posted at the
        // release carries the press's time), and the tool calls those "timer".
        var frameTimes: [Int64] = []
        for e in events where e.type == 0 && e.code == 0 { frameTimes.append(DecodePipeline.microseconds(e)) }
        func src(_ e: DecodedEvent) -> String {
            switch e.origin {
            case .frame(let n): return n < frameTimes.count && frameTimes[n] != e.time ? "timer" : "frame:\(n)"
            case .timer: return "timer"
            case .removal: return "remove"
            case .added: return "added"
            }
        }
        var motions: [Int: (Double, Double, Double, Double)] = [:]
        var buttons: [String] = [], keys: [String] = []
        var scrolls: [(String, String, Double?, Double?)] = [], v120s: [Double?] = []
        for e in out {
            switch e.kind {
            case .motion(let dx, let dy, let ux, let uy):
                if case .frame(let n) = e.origin { motions[n] = (dx, dy, ux, uy) }
            case .button(let code, let pressed): buttons.append("\(code) \(pressed ? "pressed" : "released") \(src(e))")
            case .key(let code, let pressed): keys.append("\(code) \(pressed ? "pressed" : "released") \(src(e))")
            case .scroll(let s, let v, let h, let v120v, let v120h):
                scrolls.append((s.rawValue, src(e), v, h)); v120s.append(v120v ?? v120h)
            default: break
            }
        }
        var refButtons: [String] = [], refKeys: [String] = []
        var refScrolls: [(String, String, Double?, Double?)] = []
        var refV120: [Double?] = []
        var refMotionFrames = Set<Int>()
        for ev in r.events {
            let source = ev.fields["src"] ?? ""
            switch ev.type {
            case "POINTER_MOTION":
                guard let f = ev.frame else { continue }
                refMotionFrames.insert(f)
                c.motionFrames += 1
                let rx = try r.number("dx", of: ev), ry = try r.number("dy", of: ev)
                if let m = motions[f], withinLibinputTolerance(m.0, of: rx), withinLibinputTolerance(m.1, of: ry),
                    m.2 == ev.number("dx_unaccel"), m.3 == ev.number("dy_unaccel")
                {
                    c.motionMatched += 1
                } else if c.firstMismatch == nil {
                    c.firstMismatch = "frame \(f): ref (\(rx), \(ry)) ours \(motions[f].map { "(\($0.0), \($0.1), \($0.2), \($0.3))" } ?? "none")"
                }
            case "POINTER_BUTTON":
                refButtons.append("\(try r.field("button", of: ev)) \(try r.field("state", of: ev)) \(source)")
            case "KEYBOARD_KEY":
                refKeys.append("\(try r.field("key", of: ev)) \(try r.field("state", of: ev)) \(source)")
            case "POINTER_SCROLL_WHEEL", "POINTER_SCROLL_CONTINUOUS", "POINTER_SCROLL_FINGER":
                let s = ev.type == "POINTER_SCROLL_WHEEL" ? "wheel" : ev.type == "POINTER_SCROLL_FINGER" ? "finger" : "continuous"
                refScrolls.append((s, source, ev.number("vert"), ev.number("horiz")))
                refV120.append(ev.number("v120"))
            default: break
            }
        }
        c.extraMotion = motions.keys.filter { !refMotionFrames.contains($0) }.count
        c.buttonsRef = refButtons.count
        c.buttonsEqual = refButtons == buttons
        if !c.buttonsEqual && c.firstMismatch == nil { c.firstMismatch = "buttons ref \(refButtons.prefix(6)) ours \(buttons.prefix(6))" }
        c.keysRef = refKeys.count
        c.keysEqual = refKeys == keys
        if !c.keysEqual && c.firstMismatch == nil { c.firstMismatch = "keys ref \(refKeys.prefix(6)) ours \(keys.prefix(6))" }
        c.scrollRef = refScrolls.count
        for (i, rs) in refScrolls.enumerated() where i < scrolls.count {
            let o = scrolls[i]
            func axisOK(_ ours: Double?, _ ref: Double?) -> Bool {
                switch (ours, ref) {
                case (nil, nil): true
                case (let o?, let r?): withinLibinputTolerance(o, of: r)
                default: false
                }
            }
            let vOK = axisOK(o.2, rs.2), hOK = axisOK(o.3, rs.3)
            let v120OK = i >= refV120.count || refV120[i] == nil || refV120[i] == v120s[i]
            if rs.0 == o.0 && rs.1 == o.1 && vOK && hOK && v120OK {
                c.scrollMatched += 1
            } else if c.firstMismatch == nil {
                c.firstMismatch = "scroll \(i): ref \(rs) ours \(o)"
            }
        }
        if scrolls.count != refScrolls.count && c.firstMismatch == nil {
            c.firstMismatch = "scroll count ref \(refScrolls.count) ours \(scrolls.count)"
        }
        return (c, out)
    }
}

@Suite struct FallbackReferenceTests {
    /// Every reference of a fallback device (not a touchpad) available on this
    /// machine: ≥ 99 % of motion frames within 1 % (or 0.02), buttons and keys
    /// identical, scroll within 1 %. Prints a summary (one line per recording
    /// with POINTERSIM_FALLBACK_REF_VERBOSE set).
    @Test func fallbackDevicesMatchLibinput() throws {
        let verbose = Repository.environment("POINTERSIM_FALLBACK_REF_VERBOSE") != nil
        var n = 0, motion = (0, 0), buttons = 0, keys = 0, scroll = (0, 0)
        defer {
            print(
                "[fallback-ref] \(n) recordings: motion \(motion.0)/\(motion.1) frames, buttons \(buttons), keys \(keys), scroll \(scroll.0)/\(scroll.1) frames"
                    + " (the bar: 99 % of motion, buttons and keys as the reference, all scroll; POINTERSIM_FALLBACK_REF_VERBOSE=1 for each)"
            )
        }
        for path in ReferenceFiles.references() {
            let r = try ReferenceFile(path: path)
            guard r.udev["ID_INPUT_TOUCHPAD"] == nil, let rec = try ReferenceFiles.recording(r) else { continue }
            // Quirks the reference VM had beyond libinput's own files (a local
            // override, as for synth-mouse-velocity-averaging) come in as extra quirks.
            var configuration = DecoderConfiguration()
            configuration.environment.extraQuirks = r.quirks.filter { !$0.value.contains("(null)") }
            let (c, _) = try FallbackComparison.run(r, description: rec.description, events: rec.events, configuration: configuration)
            if verbose && c.motionFrames + c.buttonsRef + c.keysRef + c.scrollRef > 0 { print("[fallback-ref] \(c)") }
            n += 1; motion.0 += c.motionMatched; motion.1 += c.motionFrames; scroll.0 += c.scrollMatched; scroll.1 += c.scrollRef
            buttons += c.buttonsRef; keys += c.keysRef
            if c.motionFrames > 0 { #expect(Double(c.motionMatched) >= 0.99 * Double(c.motionFrames), "\(c)") }
            #expect(c.buttonsEqual, "\(c)")
            #expect(c.keysEqual, "\(c)")
            #expect(c.scrollMatched == c.scrollRef, "\(c)")
        }
    }
}

@Suite struct DeviceFactsReferenceTests {
    /// Properties the reference VM's udev adds that depend on the machine, not the device.
    static let machineKeys: Set<String> = ["DEVNAME", "DEVPATH", "MAJOR", "MINOR", "SUBSYSTEM", "USEC_INITIALIZED"]

    /// `derive` gives every udev property and quirk real udev 252 and
    /// libinput 1.22 gave each reference device (uinput, no DMI).
    @Test func deriveMatchesReferenceHeaders() throws {
        var checked = 0
        for path in ReferenceFiles.references() {
            let r = try ReferenceFile(path: path)
            // Without udev lines the reference run failed before printing them.
            guard !r.udev.isEmpty, let rec = try ReferenceFiles.recording(r) else { continue }
            // A reference run with a local quirks override (NAME.local-overrides.quirks beside it).
            var env = DeviceEnvironment()
            let overrides = (path as NSString).deletingPathExtension + ".local-overrides.quirks"
            if let text = try? String(contentsOfFile: overrides, encoding: .utf8) {
                for line in text.split(separator: "\n") where !line.hasPrefix("[") && !line.hasPrefix("Match") {
                    if let eq = line.firstIndex(of: "=") { env.extraQuirks[String(line[..<eq])] = String(line[line.index(after: eq)...]) }
                }
            }
            let f = DeviceFacts.derive(for: rec.description, in: env)
            let want = r.udev.filter { !Self.machineKeys.contains($0.key) }
            #expect(f.udev == want, "\(r.name): udev")
            var wantQuirks = r.quirks
            wantQuirks.removeValue(forKey: "(none)")
            // The reference tool prints event-code and property lists as "(null);".
            #expect(Set(f.quirks.keys) == Set(wantQuirks.keys), "\(r.name): quirks \(f.quirks) vs \(wantQuirks)")
            // It also ends event-code lists with ";".
            for (k, v) in wantQuirks where !v.contains("(null)") {
                func list(_ s: String?) -> String? { s.map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 } }
                #expect(list(f.quirks[k]) == list(v), "\(r.name): \(k)")
            }
            checked += 1
        }
        print("[facts-ref] \(checked) reference devices checked")
    }
}
