import FuzzSupport
import PointerSimCore
@_spi(Fuzz) import PointerSimFormats
import PointerSimInput

#if canImport(Glibc)
import Glibc
#endif

/// Raw event streams on real devices: the bytes pick one or two devices
/// (every device recorded in Traces/libinput: touchpads of each protocol,
/// mice, trackpoints, keyboards, so that seat pairings such as
/// disable-while-typing are reached) and then encode events from the codes
/// those devices have, with values in and far out of their ranges, frame
/// ends, SYN_DROPPED, removals and time steps up to 127 ms (so timers fire).
/// The decoder must hold libinput's guarantees (times never go back but for
/// a held-back button event, which libinput back-dates; every
/// number finite, a button or key pressed only when up and released only
/// when down), and the pointer events the adapter makes of them (as
/// `InputMerger` does) must drive the simulator with its invariants holding.
/// The devices recorded in Traces/libinput (each description once) and, for the
/// seeds, the recordings' files (description, events or nil).
let (devices, recordings): ([DeviceDescription], [(device: Int, description: String, events: String?)]) = {
    var path = "\(#filePath)"
    for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }  // the repository
    let folder = path + "/Traces/libinput"
    var out: [DeviceDescription] = []
    var files: [(Int, String, String?)] = []
    var seen: [DeviceDescription: Int] = [:]
    guard let index = try? readTextFile(folder + "/index.tsv") else { fatalError("cannot read \(folder)/index.tsv") }
    for line in index.split(separator: "\n").dropFirst() {  // name, description file, …
        let fields = line.split(separator: "\t")
        guard fields.count > 1 else { continue }
        let file = folder + "/" + fields[1]
        guard let text = try? readTextFile(file), let d = try? EvemuFormat.parse(text, file: file).description else { continue }
        if seen[d] == nil { seen[d] = out.count; out.append(d) }
        files.append((seen[d]!, file, fields.count > 2 && fields[2] != "-" ? folder + "/" + fields[2] : nil))
    }
    precondition(out.count >= 10, "only \(out.count) devices found in \(folder)")
    return (out, files)
}()

/// What udev and the quirks say of each device (derived once: it is the
/// same for every run).
let facts: [DeviceFacts] = devices.map { DeviceFacts.derive(for: $0, in: DecoderConfiguration().environment) }

/// Each device's (type, code) pairs, in a fixed order.
let codes: [[(UInt16, UInt16)]] = devices.map { d in
    d.codes.keys.sorted().flatMap { t in d.codes[t]!.sorted().map { (t, $0) } }
}

/// POINTERSIM_FUZZ_MAKE_SEEDS=DIR: writes one input per recording in Traces/libinput
/// (its first 3,000 events, encoded as below) into DIR and exits, so fuzzing
/// starts from real touches, clicks and scrolls on each device.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    guard let dir = getenv("POINTERSIM_FUZZ_MAKE_SEEDS").map({ String(cString: $0) }) else { return 0 }
    for (n, r) in recordings.enumerated() {
        guard let reader = try? EvemuReader(path: r.description, eventsPath: r.events) else { continue }
        var items: [RawItem] = []
        for stream in reader.streams { while (try? stream.read(into: &items)) == true {} }
        let list = codes[r.device], info = devices[r.device].absInfo
        var out: [UInt8] = [UInt8(r.device), 0]
        var last: Int64? = nil
        for case .event(_, let e) in items.prefix(3000) {
            let t = e.sec * 1_000_000 + Int64(e.usec)
            let dt = UInt8(clamping: last.map { ($0 <= t ? t - $0 : 0) / 500 } ?? 0)
            last = t
            let pick: Int
            if e.type == 0 {
                pick = list.count + (e.code == 0 ? 0 : e.code == 2 ? 2 : 3)
            } else if let i = list.firstIndex(where: { $0 == (e.type, e.code) }) {
                pick = i
            } else {
                continue
            }
            var value = Int64(e.value)
            if e.type == 3, let a = info[e.code] { value -= Int64(a.minimum) }
            let v = Int32(clamping: value) & 0xffffff
            let exact: UInt8 = e.type == 1 || e.type == 0 ? 0 : 0x40
            out += [exact, UInt8(pick & 0xff), UInt8(pick >> 8), UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), dt]
        }
        let path = "\(dir)/recording-\(n)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd >= 0 { out.withUnsafeBufferPointer { _ = write(fd, $0.baseAddress!, $0.count) }; close(fd) }
    }
    exit(0)
}

struct Reader {
    var bytes: UnsafeBufferPointer<UInt8>, at = 0
    mutating func next() -> UInt8? { guard at < bytes.count else { return nil }; defer { at += 1 }; return bytes[at] }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = Reader(bytes: Fuzz.bytes(data, size))
    guard let a = r.next(), let b = r.next() else { return 0 }
    var chosen = [Int(a) % devices.count]
    if b & 1 == 1 { chosen.append(Int(b >> 1) % devices.count) }
    var configuration = DecoderConfiguration()
    let tapping = b & 0x80 != 0
    configuration.libinput = [try! LibinputOptions.parse([tapping ? "--enable-tap" : "--disable-tap"])]
    var pipeline = DecodePipeline(configuration: configuration)
    var adapter = PointerEventAdapter(configuration: configuration)
    var decoded: [DecodedEvent] = []
    for d in chosen {
        adapter.addDevice(devices[d])
        pipeline.addDevice(devices[d], facts: facts[d], at: 0, into: &decoded)
    }
    if Fuzz.dump { Fuzz.show("devices \(chosen.map { devices[$0].name }), tapping \(tapping)") }
    var checker = DecodedChecker()
    var sim = Simulator(scene: .default)
    var invariants = Invariants()
    var pointerEvents: [PointerEvent] = [], records: [LogRecord] = []
    var time: Int64 = 1_000_000
    var removed = Set<Int>()
    func drain() {
        checker.check(decoded)
        adapter.adapt(decoded, into: &pointerEvents)
        decoded.removeAll(keepingCapacity: true)
        for e in pointerEvents {
            sim.process(e, into: &records)
            invariants.check(records, sim); records.removeAll(keepingCapacity: true)
        }
        pointerEvents.removeAll(keepingCapacity: true)
    }
    while let s = r.next(), let c0 = r.next(), let c1 = r.next(), let v0 = r.next(), let v1 = r.next(), let v2 = r.next(), let dt = r.next() {
        let slot = Int(s & 1) % chosen.count
        let list = codes[chosen[slot]], description = devices[chosen[slot]]
        time += Int64(dt) * 500
        let pick = (Int(c0) | Int(c1) << 8) % (list.count + 4)
        let type: UInt16, code: UInt16
        switch pick - list.count {
        case 0, 1: (type, code) = (0, 0)  // SYN_REPORT, twice as likely
        case 2: (type, code) = (0, 2)  // SYN_MT_REPORT
        case 3:
            if s & 0x40 != 0 {  // removal (rarely), else SYN_DROPPED
                if removed.insert(slot).inserted { pipeline.removeDevice(slot, at: time, into: &decoded) }
                drain(); continue
            }
            (type, code) = (0, 3)
        default: (type, code) = list[pick]
        }
        let raw = Int32(v0) | Int32(v1) << 8 | Int32(Int8(bitPattern: v2)) << 16  // a signed 24-bit value
        var value: Int32
        if s & 0x80 != 0 {
            value = raw &* 256  // anywhere in Int32, extremes included
        } else if s & 0x40 != 0 {
            value = raw  // exact (seeds): absolute axes from their minimum
            if type == 3, let info = description.absInfo[code] { value = value &+ info.minimum }
        } else if type == 3, let info = description.absInfo[code] {
            let lo = Int64(info.minimum), span = Int64(info.maximum) - lo + 1
            value = Int32(clamping: span > 0 ? lo + (Int64(raw) & 0x7fffff) % span : lo)
        } else if type == 1 {
            value = Int32(v0 % 3)  // release, press, repeat
        } else {
            value = Int32(Int8(bitPattern: v0))  // small relative motion, wheel clicks
        }
        let e = EvdevEvent(sec: time / 1_000_000, usec: Int32(time % 1_000_000), type: type, code: code, value: value)
        if Fuzz.dump { Fuzz.show("feed \(slot) \(e)") }
        pipeline.feed(device: slot, e, into: &decoded)
        drain()
    }
    pipeline.finish(into: &decoded)
    drain()
    if Fuzz.dump {  // POINTERSIM_FUZZ_DUMP=1: what the input decoded to
        Fuzz.show(
            "devices \(chosen.map { devices[$0].name }): \(checker.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }
    return 0
}

/// libinput's guarantees on what it hands out.
struct DecodedChecker {
    var lastTime = Int64.min
    var down = Set<[Int]>()  // [device, 0 button / 1 key, code]
    var counts: [String: Int] = [:]

    mutating func check(_ events: [DecodedEvent]) {
        for e in events {
            if Fuzz.dump { Fuzz.show("decoded \(e)") }
            // libinput back-dates a button event it held back to when the
            // button changed (middle-button emulation's first_event_time after
            // its 50 ms timeout, button scrolling's button_down_time when the
            // button comes up without motion, however long it was held;
            // debouncing), so other devices' events may already have gone out
            // with later times; nothing else ever goes back.
            // A button held back that is the scroll button ends its scrolling
            // then, with the same date (evdev_stop_scroll: zero on each axis).
            var backDated = false
            switch e.kind {
            case .button: backDated = true
            case .scroll(_, let v, let h, _, _): backDated = (v ?? 0) == 0 && (h ?? 0) == 0
            default: break
            }
            if backDated {
                precondition(e.time >= 0, "an event before the start: \(e)")
            } else {
                precondition(e.time >= lastTime, "decoded time went back: \(lastTime) then \(e.time) (\(e))")
            }
            lastTime = Swift.max(lastTime, e.time)
            counts["\(e.kind)".prefix { $0 != "(" }.description, default: 0] += 1
            func finite(_ xs: Double?...) { for x in xs { if let x { precondition(x.isFinite, "a non-finite number in \(e)") } } }
            switch e.kind {
            case .motion(let dx, let dy, let ux, let uy): finite(dx, dy, ux, uy)
            case .scroll(_, let v, let h, let v120v, let v120h): finite(v, h, v120v, v120h)
            case .gesture(let g): finite(g.dx, g.dy, g.dxUnaccelerated, g.dyUnaccelerated, g.scale, g.angleDelta)
            case .button(let code, let pressed): toggle([e.device, 0, Int(code)], pressed, e)
            case .key(let code, let pressed): toggle([e.device, 1, Int(code)], pressed, e)
            case .deviceRemoved: down = down.filter { $0[0] != e.device }
            default: break
            }
        }
    }

    mutating func toggle(_ key: [Int], _ pressed: Bool, _ e: DecodedEvent) {
        if pressed {
            precondition(down.insert(key).inserted, "pressed while down: \(e)")
        } else {
            precondition(down.remove(key) != nil, "released while up: \(e)")
        }
    }
}
