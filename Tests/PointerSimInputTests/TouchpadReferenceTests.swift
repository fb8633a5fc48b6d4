import Testing
import PointerSimCore
@testable import PointerSimInput
import PointerSimFormats

/// Frame-by-frame comparison of the touchpad dispatch with real libinput
/// 1.22's output (`Tools/libinput-ref` files in `Traces/libinput` and
/// `Traces/touchpad-synthetic`). The udev properties and quirks come from
/// each reference's header, so the comparison tests the dispatch, not the
/// classification (`LibinputFidelityTests` runs the whole `decode` path).
///
/// `TP_REF_DIRS` / `TP_REC_DIRS` (colon-separated) override the folders;
/// `TP_REF_VERBOSE=1` prints the first mismatches per recording.
struct TouchpadReference {
    struct Motion { var frame: Int; var dx: Double; var dy: Double; var ux: Double; var uy: Double }
    struct Button: Equatable { var code: Int; var pressed: Bool; var src: String }
    struct Scroll { var frame: Int; var vert: Double?; var horiz: Double? }

    var name: String
    var desc: String?
    var events: String?
    var udev: [String: String] = [:]
    var quirks: [String: String] = [:]
    var motions: [Motion] = []
    var buttons: [Button] = []
    var scrolls: [Scroll] = []
    var gestures: [String] = []
    var isTouchpad: Bool { udev["ID_INPUT_TOUCHPAD"] == "1" }

    static func value(_ line: Substring, _ key: String) -> String? {
        guard let r = line.range(of: " " + key + "=") else { return nil }
        let rest = line[r.upperBound...]
        return String(rest.prefix { $0 != " " })
    }

    static func parse(name: String, text: String) -> TouchpadReference {
        var r = TouchpadReference(name: name)
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# desc: ") { r.desc = String(line.dropFirst(8)).split(separator: "/").last.map(String.init) }
            else if line.hasPrefix("# events: ") {
                let v = line.dropFirst(10)
                r.events = v.hasPrefix("(") ? nil : v.split(separator: "/").last.map(String.init)
            }
            else if line.hasPrefix("# udev: ") {
                let kv = line.dropFirst(8).split(separator: "=", maxSplits: 1)
                if kv.count == 2 { r.udev[String(kv[0])] = String(kv[1]) }
            } else if line.hasPrefix("# quirk: ") {
                let kv = line.dropFirst(9).split(separator: "=", maxSplits: 1)
                if kv.count == 2 { r.quirks[String(kv[0])] = String(kv[1]) }
            } else if line.hasPrefix("POINTER_MOTION ") {
                guard let src = value(line, "src"), src.hasPrefix("frame:"), let f = Int(src.dropFirst(6)) else { continue }
                r.motions.append(Motion(frame: f, dx: Double(value(line, "dx")!)!, dy: Double(value(line, "dy")!)!,
                                        ux: Double(value(line, "dx_unaccel")!)!, uy: Double(value(line, "dy_unaccel")!)!))
            } else if line.hasPrefix("POINTER_BUTTON ") {
                r.buttons.append(Button(code: Int(value(line, "button")!)!, pressed: value(line, "state") == "pressed",
                                        src: value(line, "src") ?? "?"))
            } else if line.hasPrefix("GESTURE_") {
                let type = line.prefix { $0 != " " }
                var g = type + " " + (value(line, "src") ?? "?")
                if let c = value(line, "cancelled") { g += " c" + c }
                r.gestures.append(String(g))
            } else if line.hasPrefix("POINTER_SCROLL_FINGER ") {
                guard let src = value(line, "src"), src.hasPrefix("frame:"), let f = Int(src.dropFirst(6)) else { continue }
                r.scrolls.append(Scroll(frame: f, vert: value(line, "vert").flatMap(Double.init), horiz: value(line, "horiz").flatMap(Double.init)))
            }
        }
        return r
    }

    struct Result: CustomStringConvertible {
        var name: String
        var motionTotal = 0, motionMatched = 0, motionExtra = 0
        var buttonsRef = 0, buttonsOurs = 0, buttonsEqual = false
        var scrollTotal = 0, scrollMatched = 0, scrollExtra = 0
        var gesturesEqual = true
        var notes: [String] = []
        var description: String {
            "\(name): motion \(motionMatched)/\(motionTotal) (+\(motionExtra) extra), buttons \(buttonsEqual ? "identical" : "DIFFER"), gestures \(gesturesEqual ? "identical" : "DIFFER") (\(buttonsOurs)/\(buttonsRef)), scroll \(scrollMatched)/\(scrollTotal) (+\(scrollExtra) extra)"
        }
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= Swift.max(0.02, 0.01 * abs(b)) }

    /// Decodes the recording with the reference's udev properties and quirks.
    func decode(_ path: String, _ eventsPath: String?) throws -> [DecodedEvent] {
        let reader = try EvemuReader(path: path, eventsPath: eventsPath)
        var p = DecodePipeline(configuration: DecoderConfiguration())
        var out: [DecodedEvent] = []
        var facts = DeviceFacts(udev: udev, quirks: quirks)
        if facts.udev.isEmpty { facts = DeviceFacts.derive(for: reader.devices[0]) }
        p.addDevice(reader.devices[0], facts: facts, at: 0, into: &out)
        var items: [RawItem] = []
        while try reader.read(into: &items) {}
        for item in items {
            switch item {
            case .event(_, let e): p.feed(device: 0, e, into: &out)
            case .removed(_, let t): p.removeDevice(0, at: t, into: &out)
            case .added: break
            }
        }
        p.finish(into: &out)
        return out
    }

    func compare(_ ours: [DecodedEvent], verbose: Bool) -> Result {
        var res = Result(name: name)
        var om: [Int: [(Double, Double, Double, Double)]] = [:]
        var os: [Int: [(Double?, Double?)]] = [:]
        var ob: [Button] = []
        var og: [String] = []
        for e in ours {
            let src: String
            switch e.origin { case .frame(let f): src = "frame:\(f)"; case .timer: src = "timer"; case .removal: src = "remove"; case .added: src = "added" }
            switch e.kind {
            case .motion(let dx, let dy, let ux, let uy): if case .frame(let f) = e.origin { om[f, default: []].append((dx, dy, ux, uy)) }
            case .button(let c, let p): ob.append(Button(code: Int(c), pressed: p, src: src))
            case .gesture(let g):
                if g.kind == .swipe || g.kind == .pinch, g.phase == .update { og.append("GESTURE_\(g.kind.rawValue.uppercased())_UPDATE \(src)"); break }
                var s = "GESTURE_\(g.kind.rawValue.uppercased())_\(g.phase.rawValue.uppercased()) \(src)"
                if g.phase == .end { s += " c\(g.cancelled ? 1 : 0)" }
                og.append(s)
            case .scroll(.finger, let v, let h, _, _): if case .frame(let f) = e.origin { os[f, default: []].append((v, h)) }
            default: break
            }
        }
        var refFrames = Set<Int>()
        for m in motions {
            refFrames.insert(m.frame)
            res.motionTotal += 1
            if let o = om[m.frame]?.first, Self.close(o.0, m.dx), Self.close(o.1, m.dy) { res.motionMatched += 1 }
            else if verbose && res.notes.count < 12 {
                res.notes.append("motion frame \(m.frame): ref \(m.dx),\(m.dy) (\(m.ux),\(m.uy)) ours \(om[m.frame].map { "\($0)" } ?? "none")")
            }
        }
        for (f, _) in om where !refFrames.contains(f) {
            res.motionExtra += 1
            if verbose && res.notes.count < 16 { res.notes.append("extra motion frame \(f): \(om[f]!)") }
        }
        var scrollFrames = Set<Int>()
        for s in scrolls {
            scrollFrames.insert(s.frame)
            res.scrollTotal += 1
            if let o = os[s.frame]?.first,
               (s.vert == nil) == (o.0 == nil), (s.horiz == nil) == (o.1 == nil),
               s.vert.map({ Self.close(o.0!, $0) }) ?? true, s.horiz.map({ Self.close(o.1!, $0) }) ?? true {
                res.scrollMatched += 1
            } else if verbose && res.notes.count < 24 {
                res.notes.append("scroll frame \(s.frame): ref \(String(describing: s.vert)),\(String(describing: s.horiz)) ours \(os[s.frame].map { "\($0)" } ?? "none")")
            }
        }
        for (f, _) in os where !scrollFrames.contains(f) {
            res.scrollExtra += 1
            if verbose && res.notes.count < 28 { res.notes.append("extra scroll frame \(f): \(os[f]!)") }
        }
        res.gesturesEqual = og == gestures
        if !res.gesturesEqual && verbose { res.notes.append("gestures ref \(gestures) ours \(og)") }
        res.buttonsRef = buttons.count; res.buttonsOurs = ob.count
        res.buttonsEqual = ob == buttons
        if !res.buttonsEqual && verbose { res.notes.append("buttons ref \(buttons) ours \(ob)") }
        return res
    }

    static func env(_ k: String) -> String? {
        guard let p = getenv(k) else { return nil }
        return String(cString: p)
    }

    /// The package's folder (from this file's path).
    static var packageRoot: String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    /// Folders with references (`NAME.txt` or `NAME.libinput.txt`): the
    /// package's `Traces/touchpad-synthetic` and `Traces/libinput`.
    static var refDirs: [String] {
        env("TP_REF_DIRS")?.split(separator: ":").map(String.init)
            ?? [packageRoot + "/Traces/touchpad-synthetic", packageRoot + "/Traces/libinput"]
    }
    /// Folders with the recordings the references name.
    static var recDirs: [String] {
        env("TP_REC_DIRS")?.split(separator: ":").map(String.init)
            ?? [packageRoot + "/Traces/touchpad-synthetic", packageRoot + "/Traces/libinput"]
    }

    static func exists(_ p: String) -> Bool { access(p, F_OK) == 0 }

    static func listDir(_ d: String) -> [String] {
        guard let dir = opendir(d) else { return [] }
        defer { closedir(dir) }
        var r: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafeBytes(of: ent.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasSuffix(".txt") { r.append(name) }
        }
        return r.sorted()
    }

    static func readFile(_ p: String) -> String? {
        guard let f = fopen(p, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buf[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every touchpad reference found, with its recording.
    static func all() -> [(TouchpadReference, String, String?)] {
        var seen = Set<String>()
        var r: [(TouchpadReference, String, String?)] = []
        for dir in refDirs {
            for file in listDir(dir) {
                let name = file.hasSuffix(".libinput.txt") ? String(file.dropLast(13)) : String(file.dropLast(4))
                if seen.contains(name) { continue }
                guard let text = readFile(dir + "/" + file) else { continue }
                let ref = parse(name: name, text: text)
                guard ref.isTouchpad else { continue }
                var descPath: String? = nil, eventsPath: String? = nil
                for rd in recDirs {
                    if let d = ref.desc, exists(rd + "/" + d) {
                        descPath = rd + "/" + d
                        if let e = ref.events, e != d {
                            if exists(rd + "/" + e) { eventsPath = rd + "/" + e } else { descPath = nil; continue }
                        }
                        break
                    }
                }
                guard let dp = descPath else { continue }
                seen.insert(name)
                r.append((ref, dp, eventsPath))
            }
        }
        return r
    }
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct TouchpadReferenceTests {
    @Test func framesMatchLibinput() throws {
        let verbose = TouchpadReference.env("TP_REF_VERBOSE") != nil
        let only = TouchpadReference.env("TP_REF_ONLY")
        var totalM = 0, matchedM = 0
        for (ref, desc, events) in TouchpadReference.all() {
            if let o = only, !ref.name.contains(o) { continue }
            let ours = try ref.decode(desc, events)
            let res = ref.compare(ours, verbose: verbose)
            if TouchpadReference.env("TP_REF_DUMP") != nil {
                for e in ours { print("   OURS \(e.origin) t=\(e.time) \(e.kind)") }
            }
            print("TPREF " + res.description)
            for n in res.notes { print("   " + n) }
            totalM += res.motionTotal; matchedM += res.motionMatched
            // libinput's acceptance bar: 99 % of motion frames, identical buttons, 99 % of finger scroll.
            #expect(Double(res.motionMatched) >= 0.99 * Double(res.motionTotal), "\(res)")
            #expect(res.buttonsEqual, "\(res)")
            #expect(Double(res.scrollMatched) >= 0.99 * Double(res.scrollTotal), "\(res)")
        }
        print("TPREF total motion \(matchedM)/\(totalM)")
    }
}
