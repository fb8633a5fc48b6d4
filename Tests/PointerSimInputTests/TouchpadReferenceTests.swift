import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimTestSupport
import Testing

@testable import PointerSimInput

/// Frame-by-frame comparison of the touchpad dispatch with real libinput
/// 1.22's output (`Tools/libinput-ref` files in `Traces/libinput` and
/// `Traces/touchpad-synthetic`). The udev properties and quirks come from
/// each reference's header, so the comparison tests the dispatch, not the
/// classification (`LibinputFidelityTests` runs the whole `decode` path).
///
/// `POINTERSIM_TOUCHPAD_REF_DIRS` / `POINTERSIM_TOUCHPAD_REC_DIRS` (colon-separated) override the folders;
/// `POINTERSIM_TOUCHPAD_REF_VERBOSE=1` prints the first mismatches per recording.
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

    /// The touchpad reference in `text` (read by ``ReferenceFile``, that is
    /// by the package's ``LibinputReference``).
    /// - Throws: ``FixtureError`` naming the event when a motion frame lacks
    ///   a number or a button its code: a malformed file is an error, not a trap.
    static func parse(name: String, text: String) throws -> TouchpadReference {
        try TouchpadReference(ReferenceFile(name: name, text: text))
    }

    init(name: String) { self.name = name }

    init(_ file: ReferenceFile) throws {
        name = file.name
        udev = file.udev
        quirks = file.quirks
        desc = file.header["desc"].flatMap { $0.split(separator: "/").last.map(String.init) }
        events = file.header["events"].flatMap { $0.hasPrefix("(") ? nil : $0.split(separator: "/").last.map(String.init) }
        for e in file.events {
            let src = e.fields["src"]
            switch e.type {
            case "POINTER_MOTION":
                guard let f = e.frame else { continue }
                motions.append(
                    Motion(
                        frame: f,
                        dx: try file.number("dx", of: e),
                        dy: try file.number("dy", of: e),
                        ux: try file.number("dx_unaccel", of: e),
                        uy: try file.number("dy_unaccel", of: e)
                    )
                )
            case "POINTER_BUTTON":
                buttons.append(Button(code: try file.integer("button", of: e), pressed: e.fields["state"] == "pressed", src: src ?? "?"))
            case "POINTER_SCROLL_FINGER":
                guard let f = e.frame else { continue }
                scrolls.append(Scroll(frame: f, vert: e.number("vert"), horiz: e.number("horiz")))
            case let t where t.hasPrefix("GESTURE_"):
                var g = t + " " + (src ?? "?")
                if let c = e.fields["cancelled"] { g += " c" + c }
                gestures.append(g)
            default: break
            }
        }
    }

    struct Result: CustomStringConvertible {
        var name: String
        var motionTotal = 0, motionMatched = 0, motionExtra = 0
        var buttonsRef = 0, buttonsOurs = 0, buttonsEqual = false
        var scrollTotal = 0, scrollMatched = 0, scrollExtra = 0
        var gesturesEqual = true, gesturesRef = 0, gesturesInOrder = 0
        var notes: [String] = []
        var description: String {
            "\(name): motion \(motionMatched)/\(motionTotal) (+\(motionExtra) extra), buttons \(buttonsOurs)/\(buttonsRef) \(buttonsEqual ? "as the reference" : "not as the reference"), "
                + "gestures \(gesturesInOrder)/\(gesturesRef) in the reference's order, scroll \(scrollMatched)/\(scrollTotal) (+\(scrollExtra) extra)"
        }
    }

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
            switch e.origin {
            case .frame(let f): src = "frame:\(f)";
            case .timer: src = "timer";
            case .removal: src = "remove";
            case .added: src = "added"
            }
            switch e.kind {
            case .motion(let dx, let dy, let ux, let uy): if case .frame(let f) = e.origin { om[f, default: []].append((dx, dy, ux, uy)) }
            case .button(let c, let p): ob.append(Button(code: Int(c), pressed: p, src: src))
            case .gesture(let g):
                if g.kind == .swipe || g.kind == .pinch, g.phase == .update {
                    og.append("GESTURE_\(g.kind.rawValue.uppercased())_UPDATE \(src)"); break
                }
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
            if let o = om[m.frame]?.first, withinLibinputTolerance(o.0, of: m.dx), withinLibinputTolerance(o.1, of: m.dy) {
                res.motionMatched += 1
            } else if verbose && res.notes.count < 12 {
                res.notes.append("motion frame \(m.frame): ref \(m.dx),\(m.dy) (\(m.ux),\(m.uy)) ours \(om[m.frame].map { "\($0)" } ?? "none")")
            }
        }
        for (f, v) in om where !refFrames.contains(f) {
            res.motionExtra += 1
            if verbose && res.notes.count < 16 { res.notes.append("extra motion frame \(f): \(v)") }
        }
        var scrollFrames = Set<Int>()
        for s in scrolls {
            scrollFrames.insert(s.frame)
            res.scrollTotal += 1
            if let o = os[s.frame]?.first,
                (s.vert == nil) == (o.0 == nil), (s.horiz == nil) == (o.1 == nil),
                s.vert.map({ r in o.0.map { withinLibinputTolerance($0, of: r) } ?? false }) ?? true,
                s.horiz.map({ r in o.1.map { withinLibinputTolerance($0, of: r) } ?? false }) ?? true
            {
                res.scrollMatched += 1
            } else if verbose && res.notes.count < 24 {
                res.notes.append(
                    "scroll frame \(s.frame): ref \(String(describing: s.vert)),\(String(describing: s.horiz)) ours \(os[s.frame].map { "\($0)" } ?? "none")"
                )
            }
        }
        for (f, v) in os where !scrollFrames.contains(f) {
            res.scrollExtra += 1
            if verbose && res.notes.count < 28 { res.notes.append("extra scroll frame \(f): \(v)") }
        }
        res.gesturesEqual = og == gestures
        res.gesturesRef = gestures.count
        res.gesturesInOrder = zip(og, gestures).prefix { $0 == $1 }.count
        if !res.gesturesEqual && verbose { res.notes.append("gestures ref \(gestures) ours \(og)") }
        res.buttonsRef = buttons.count; res.buttonsOurs = ob.count
        res.buttonsEqual = ob == buttons
        if !res.buttonsEqual && verbose { res.notes.append("buttons ref \(buttons) ours \(ob)") }
        return res
    }

    static func env(_ k: String) -> String? { Repository.environment(k) }

    /// Folders with references (`NAME.txt` or `NAME.libinput.txt`): the
    /// package's `Traces/touchpad-synthetic` and `Traces/libinput`.
    static var refDirs: [String] {
        Repository.folders(fromEnvironment: "POINTERSIM_TOUCHPAD_REF_DIRS")
            ?? [Repository.path("Traces/touchpad-synthetic"), Repository.path("Traces/libinput")]
    }
    /// Folders with the recordings the references name.
    static var recDirs: [String] {
        Repository.folders(fromEnvironment: "POINTERSIM_TOUCHPAD_REC_DIRS")
            ?? [Repository.path("Traces/touchpad-synthetic"), Repository.path("Traces/libinput")]
    }

    static func exists(_ p: String) -> Bool { Repository.exists(p) }

    /// Every touchpad reference found, with its recording.
    static func all() throws -> [(TouchpadReference, String, String?)] {
        var seen = Set<String>()
        var r: [(TouchpadReference, String, String?)] = []
        for path in Repository.files(in: refDirs, suffix: ".txt") {
            let name = ReferenceFile.name(ofFile: path)
            if seen.contains(name) { continue }
            let ref = try TouchpadReference(ReferenceFile(path: path))
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
        return r
    }
}

@Suite struct TouchpadReferenceTests {
    @Test func framesMatchLibinput() throws {
        let verbose = TouchpadReference.env("POINTERSIM_TOUCHPAD_REF_VERBOSE") != nil
        let only = TouchpadReference.env("POINTERSIM_TOUCHPAD_REF_ONLY")
        var totalM = 0, matchedM = 0, n = 0, scroll = (0, 0), buttons = 0, gestures = (0, 0, 0)
        for (ref, desc, events) in try TouchpadReference.all() {
            if let o = only, !ref.name.contains(o) { continue }
            let ours = try ref.decode(desc, events)
            let res = ref.compare(ours, verbose: verbose)
            if TouchpadReference.env("POINTERSIM_TOUCHPAD_REF_DUMP") != nil {
                for e in ours { print("   OURS \(e.origin) t=\(e.time) \(e.kind)") }
            }
            // one line per recording only when asked (POINTERSIM_TOUCHPAD_REF_VERBOSE); a summary always
            if verbose || only != nil {
                print("TPREF " + res.description)
                for n in res.notes { print("   " + n) }
            }
            totalM += res.motionTotal; matchedM += res.motionMatched
            n += 1; scroll.0 += res.scrollMatched; scroll.1 += res.scrollTotal; buttons += res.buttonsRef
            gestures.0 += res.gesturesInOrder; gestures.1 += res.gesturesRef; gestures.2 += res.gesturesEqual ? 1 : 0
            // libinput's acceptance bar: 99 % of motion frames, identical buttons, 99 % of finger scroll.
            #expect(Double(res.motionMatched) >= 0.99 * Double(res.motionTotal), "\(res)")
            #expect(res.buttonsEqual, "\(res)")
            #expect(Double(res.scrollMatched) >= 0.99 * Double(res.scrollTotal), "\(res)")
        }
        print(
            "TPREF \(n) touchpad recordings: motion \(matchedM)/\(totalM) frames, buttons \(buttons), scroll \(scroll.0)/\(scroll.1) frames, "
                + "gestures \(gestures.0)/\(gestures.1) in the reference's order (all of them in \(gestures.2) of \(n) recordings; not part of the bar) — "
                + "the bar: 99 % of motion, buttons as the reference, 99 % of scroll; POINTERSIM_TOUCHPAD_REF_VERBOSE=1 for each recording"
        )
        #expect(totalM > 0, "no touchpad reference found in \(TouchpadReference.refDirs)")
    }

    /// A reference with a motion frame that lacks a number, or a button
    /// without its code, is an error naming the event, not a trap.
    @Test(arguments: [
        ("POINTER_MOTION t=1 dx=1.0 dy=2.0 dx_unaccel=1.0 src=frame:3", "event 1 (POINTER_MOTION src=frame:3): no number dy_unaccel="),
        ("POINTER_MOTION t=1 dx=abc dy=2.0 dx_unaccel=1.0 dy_unaccel=2.0 src=frame:0", "event 1 (POINTER_MOTION src=frame:0): no number dx="),
        (
            "POINTER_MOTION t=1 dx=1.0 dy=2.0 dx_unaccel=1.0 dy_unaccel=2.0 src=frame:0\nPOINTER_BUTTON t=2 state=pressed src=frame:1",
            "event 2 (POINTER_BUTTON src=frame:1): no integer button="
        ),
    ])
    func aMalformedReferenceThrowsNamingTheEvent(_ text: String, _ message: String) {
        #expect(throws: FixtureError("bad.txt: " + message)) {
            try TouchpadReference.parse(name: "bad.txt", text: "# udev: ID_INPUT_TOUCHPAD=1\n" + text + "\n")
        }
    }

    @Test func aWellFormedReferenceIsRead() throws {
        let r = try TouchpadReference.parse(
            name: "ok",
            text: """
                # desc: /somewhere/pad.desc
                # events: (in desc)
                # udev: ID_INPUT_TOUCHPAD=1
                POINTER_MOTION t=1 dx=1.5 dy=-2.0 dx_unaccel=1.0 dy_unaccel=-1.5 src=frame:4
                POINTER_BUTTON t=2 button=272 state=pressed src=timer
                GESTURE_HOLD_END t=3 cancelled=1 src=frame:5
                POINTER_SCROLL_FINGER t=4 vert=3.25 src=frame:6

                """
        )
        #expect(r.isTouchpad && r.desc == "pad.desc" && r.events == nil)
        #expect(r.motions.map { [Double($0.frame), $0.dx, $0.dy, $0.ux, $0.uy] } == [[4, 1.5, -2, 1, -1.5]])
        #expect(r.buttons == [.init(code: 272, pressed: true, src: "timer")])
        #expect(r.gestures == ["GESTURE_HOLD_END frame:5 c1"])
        #expect(r.scrolls.map { "\($0.frame) \(String(describing: $0.vert)) \(String(describing: $0.horiz))" } == ["6 Optional(3.25) nil"])
    }
}
