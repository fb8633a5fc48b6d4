import PointerSimCore
import PointerSimInput

/// The `libinput record` YAML format (docs/Formats/Recordings.md),
/// read with a line-based parser for the subset libinput writes: the header
/// maps, one entry per device under `devices:` with `node`, `evdev` (`name`,
/// `id`, `codes`, `absinfo`, `properties`) and `events`, each `- evdev:`
/// element a frame of `[sec, usec, type, code, value]` rows. Unknown keys
/// are ignored (as libinput asks of parsers); `- libinput:` and `- hid:`
/// elements are skipped. The comment `# pointersim: device removed <sec>.<usec>`
/// inside a device's events marks an unplug (our extension).
/// The writer adds `udev: properties: []` to each device: `libinput replay`
/// requires the key, and pointersim has no udev properties to report.
public enum LibinputRecordFormat {
    /// The first line written.
    @usableFromInline package static let header = "# libinput record"

    /// The top of a file: header comment, `version: 1`, `ndevices`, the
    /// `libinput` and `system` maps, and `devices:`. Follow it with, per
    /// device, ``renderDevice(_:)`` and that device's ``renderFrame(_:)``s.
    @usableFromInline package static func renderHeader(devices: [DeviceDescription]) -> String {
        """
        \(header)
        version: 1
        ndevices: \(devices.count)
        libinput:
          version: "1.22.1"
          git: "unknown"
        system:
          os: "pointersim"
          kernel: "unknown"
          dmi: "unknown"
        devices:

        """
    }

    /// One device's description, ending with its `events:` key.
    @usableFromInline package static func renderDevice(_ d: DeviceDescription) -> String {
        var s = "- node: \(d.node ?? "/dev/input/event0")\n  evdev:\n"
        s += "    # Name: \(d.name)\n"
        s += "    name: \"\(escape(d.name))\"\n"
        s += "    id: [\(d.bustype), \(d.vendor), \(d.product), \(d.version)]\n"
        s += "    codes:\n"
        for type in d.codes.keys.sorted() {
            guard let codes = d.codes[type], !codes.isEmpty else { continue }
            s += "      \(type): [\(codes.sorted().map(String.init).joined(separator: ", "))] # \(EventCodes.typeName(type) ?? "\(type)")\n"
        }
        if !d.absInfo.isEmpty {
            s += "    absinfo:\n"
            for code in d.absInfo.keys.sorted() {
                let a = d.absInfo[code]!
                s += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
            }
        }
        s += "    properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        // `libinput replay` fetches `udev: properties:` of every device and
        // rejects a file without it ("Failed to get 'udev' from recording").
        // pointersim reads no udev database, so the list is empty (replay then
        // only warns about the properties the re-created device has).
        s += "  udev:\n    properties: []\n"
        s += "  events:\n"
        return s
    }

    /// One frame (`- evdev:` with its rows, each with a comment naming it).
    @usableFromInline package static func renderFrame(_ frame: [EvdevEvent]) -> String {
        var s = "  - evdev:\n"
        for e in frame {
            s +=
                "    - [\(pad(String(e.sec), 3)), \(pad(String(e.usec), 6)), \(pad(String(e.type), 3)), \(pad(String(e.code), 3)), \(pad(String(e.value), 7))] # "
            if e.type == 0 && e.code == 0 {
                s += "------------ SYN_REPORT (\(e.value)) ----------\n"
            } else {
                s += "\(EventCodes.typeName(e.type) ?? "\(e.type)") / \(EventCodes.describe(type: e.type, code: e.code)) \(e.value)\n"
            }
        }
        return s
    }

    /// A whole file for devices and their events (frames are cut at each SYN_REPORT).
    public static func render(_ devices: [(description: DeviceDescription, events: [EvdevEvent])]) -> String {
        var s = renderHeader(devices: devices.map(\.description))
        for (d, events) in devices {
            s += renderDevice(d)
            var frame: [EvdevEvent] = []
            for e in events {
                frame.append(e)
                if e.isSynReport { s += renderFrame(frame); frame.removeAll() }
            }
            if !frame.isEmpty { s += renderFrame(frame) }
        }
        return s
    }

    static func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : String(repeating: " ", count: w - s.count) + s }
    static func escape(_ s: String) -> String {
        var o = ""
        for ch in s { if ch == "\"" || ch == "\\" { o.append("\\") }; o.append(ch) }
        return o
    }

    /// Parses a whole file in memory (tests, small files).
    public static func parse(_ text: String, file: String = "<libinput record>") throws -> [(description: DeviceDescription, events: [EvdevEvent])] {
        var lines: [[UInt8]] = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        var scan = Scanner(file: file)
        for (i, l) in lines.enumerated() { try scan.line(l[...], number: i + 1) }
        let devs = try scan.finish()
        var out: [(DeviceDescription, [EvdevEvent])] = []
        for (k, d) in devs.enumerated() {
            var ev = EventRows(file: file, device: k)
            var events: [EvdevEvent] = []
            for n in d.eventsStart..<d.eventsEnd {
                if let item = try ev.line(lines[n - 1][...], number: n), case .event(_, let e) = item { events.append(e) }
            }
            out.append((d.description, events))
        }
        return out
    }

    struct DeviceSection {
        var description = DeviceDescription(name: "")
        var sawName = false
        /// The keys seen in the device's map and in its `evdev:` map: a key
        /// given twice is refused (YAML forbids it; which one wins is anyone's guess).
        var keys: Set<String> = [], evdevKeys: Set<String> = []
        /// The keys seen under `codes:` and `absinfo:` (as `codes.3`).
        var nestedKeys: Set<String> = []
        /// 1-based first line after `events:` and one past the last line of the section.
        var eventsStart = 0, eventsEnd = 0
    }

    static func indent<L: Collection<UInt8>>(_ l: L) -> Int { l.prefix { $0 == 32 }.count }

    /// The most devices a recording may hold (a real one has a few dozen at
    /// most): each device keeps its description, a line buffer and its
    /// decoder's state, so the cap bounds memory whatever the file's size.
    @usableFromInline package static let maxDevices = 1024
    /// The largest event type a device's `codes:` may list (`EV_MAX`).
    @usableFromInline package static let maxType = 31
    /// The largest code of `codes:`, `absinfo:` (then `ABS_MAX`, 63) and
    /// `properties:`, as evemu descriptions allow (codes 0…1023).
    @usableFromInline package static let maxCode = 1023
    /// The longest device name kept, in bytes.
    @usableFromInline package static let maxNameBytes = 65536

    /// The message for a line indented with a tab, else nil: YAML indents
    /// with spaces only, and a tab read as no indent misplaces every key
    /// after it.
    static func tabIndentProblem<L: Collection<UInt8>>(_ l: L, indent ind: Int) -> String? {
        let rest = l.dropFirst(ind)
        guard rest.first == 9, rest.contains(where: { $0 != 9 && $0 != 32 && $0 != 13 }) else { return nil }
        return "a tab in the indentation (YAML indents with spaces only)"
    }
    static func trimmed<L: Collection<UInt8>>(_ l: L) -> String {
        // Drop a trailing comment that is not inside quotes (a `#` at the
        // start or after a space), then the spaces, tabs and CRs around:
        // over the bytes (every byte compared is ASCII), so a 1 MiB line of
        // codes costs one pass.
        var inQuote = false, previous: UInt8 = 32
        var end = l.endIndex
        var i = l.startIndex
        while i != l.endIndex {
            let c = l[i]
            if c == 34 { inQuote.toggle() }
            if c == 35 && !inQuote && previous == 32 { end = i; break }
            previous = c
            i = l.index(after: i)
        }
        func blank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 13 }
        var body = l[l.startIndex..<end]
        while let f = body.first, blank(f) { body = body.dropFirst() }
        var last = body.endIndex, count = body.count
        while count > 0 {
            let j = body.index(body.startIndex, offsetBy: count - 1)
            guard blank(body[j]) else { break }
            last = j; count -= 1
        }
        return String(decoding: body[body.startIndex..<last], as: UTF8.self)
    }

    /// The first pass: the header and every device's description, noting
    /// where each device's events are (rows are skipped, not parsed).
    struct Scanner {
        let file: String
        var devices: [DeviceSection] = []
        var inDevices = false
        var deviceIndent = -1
        var section = ""  // "evdev", "events", other
        var subsection = ""  // "codes", "absinfo"
        var sawHeaderLine = false
        var lastLine = 0

        /// An error at line `n` (an empty file has no line: 0 gives none).
        func fail(_ n: Int, _ m: String) -> InputError { InputError.malformed(file, line: n > 0 ? n : nil, m) }

        mutating func closeEvents(at n: Int) {
            if let last = devices.indices.last, section == "events", devices[last].eventsEnd == 0 { devices[last].eventsEnd = n }
        }

        mutating func line<L: Collection<UInt8>>(_ l: L, number n: Int) throws {
            lastLine = n
            let ind = LibinputRecordFormat.indent(l)
            if let m = LibinputRecordFormat.tabIndentProblem(l, indent: ind) { throw fail(n, m) }
            if inDevices && section == "events" && deviceIndent >= 0 {
                // Event rows: skipped quickly (the second pass parses them).
                let first = l.dropFirst(ind).first
                if ind > deviceIndent + 2 || (ind == deviceIndent + 2 && first == UInt8(ascii: "-")) || first == UInt8(ascii: "#") || first == nil {
                    return
                }
            }
            let t = LibinputRecordFormat.trimmed(l)
            if t.isEmpty { return }
            if !inDevices {
                if ind == 0 && t == "devices:" { inDevices = true; return }
                if ind == 0 && t.hasPrefix("version:") {
                    let v = String(t.dropFirst("version:".count)).trimmingSpaces()
                    guard v == "1" else { throw fail(n, "unsupported libinput record version \(excerpt(v)) (expected 1)") }
                }
                return
            }
            if ind == 0 && !t.hasPrefix("-") { closeEvents(at: n); inDevices = false; return }
            if deviceIndent < 0 && t.hasPrefix("-") { deviceIndent = ind }
            var body = t
            if ind == deviceIndent && t.hasPrefix("-") {
                closeEvents(at: n)
                guard devices.count < LibinputRecordFormat.maxDevices else {
                    throw fail(n, "more than \(LibinputRecordFormat.maxDevices) devices (the most a recording may hold)")
                }
                devices.append(DeviceSection())
                section = ""; subsection = ""
                body = String(t.dropFirst()).trimmingSpaces()
                if body.isEmpty { return }
            }
            guard let dev = devices.indices.last else { throw fail(n, "expected a device entry \"- node: …\" under devices:") }
            let keyIndent = deviceIndent + 2
            // At a key's own indent, a list item belongs to the key above (YAML
            // allows a block list at its key's indent: libinput 1.29 writes
            // `quirks:` then `- ModelTouchpadVisibleMarker=1` so), and `]`
            // closes a flow list that spans lines (`hid: [` … `]`, the HID
            // report descriptor, libinput 1.13 on): values, not keys.
            if ind == keyIndent && body == t && (t.hasPrefix("-") || t.hasPrefix("]")) { return }
            if ind == keyIndent || body != t {
                closeEvents(at: n)
                let (k, v) = try keyValue(body, n)
                guard devices[dev].keys.insert(k).inserted else {
                    throw fail(n, "device \(dev + 1) has a second \"\(excerpt(k))\" key (each key once per device)")
                }
                section = k; subsection = ""
                switch k {
                case "node": if !v.isEmpty { devices[dev].description.node = unquote(v) }
                case "events":
                    devices[dev].eventsStart = n + 1
                    if v == "[]" { devices[dev].eventsEnd = n + 1; section = "" }
                default: break
                }
                return
            }
            guard section == "evdev" else { return }
            let (k, v) = try keyValue(t, n)
            if ind == keyIndent + 2 {
                guard devices[dev].evdevKeys.insert(k).inserted else {
                    throw fail(n, "device \(dev + 1) has a second evdev \"\(excerpt(k))\" key (each key once per device)")
                }
                subsection = k
                switch k {
                case "name":
                    guard v.utf8.count <= LibinputRecordFormat.maxNameBytes + 2 else {
                        throw fail(n, "name: longer than \(LibinputRecordFormat.maxNameBytes) bytes")
                    }
                    devices[dev].description.name = unquote(v); devices[dev].sawName = true
                case "id":
                    let ids = try ints(v, n, "id")
                    guard ids.count == 4, ids.allSatisfy({ $0 >= 0 && $0 <= 0xffff }) else {
                        throw fail(n, "id: expects [bustype, vendor, product, version]")
                    }
                    devices[dev].description.bustype = UInt16(ids[0]); devices[dev].description.vendor = UInt16(ids[1])
                    devices[dev].description.product = UInt16(ids[2]); devices[dev].description.version = UInt16(ids[3])
                case "properties":
                    for p in try ints(v, n, "properties") {
                        guard p >= 0 && p <= LibinputRecordFormat.maxCode else {
                            throw fail(n, "properties: bad property \(p) (expected 0…\(LibinputRecordFormat.maxCode))")
                        }
                        devices[dev].description.properties.insert(UInt16(p))
                    }
                default: break
                }
            } else if ind > keyIndent + 2 {
                guard let code = Int(k), code >= 0, code <= 0xffff else { return }
                if subsection == "codes" || subsection == "absinfo" {
                    guard devices[dev].nestedKeys.insert("\(subsection).\(code)").inserted else {
                        throw fail(n, "device \(dev + 1) has a second \(subsection) \"\(code)\" key (each key once per device)")
                    }
                }
                switch subsection {
                case "codes":
                    guard code <= LibinputRecordFormat.maxType else {
                        throw fail(n, "codes: event type \(code) is beyond EV_MAX (0…\(LibinputRecordFormat.maxType))")
                    }
                    let cs = try ints(v, n, "codes")
                    var set = devices[dev].description.codes[UInt16(code)] ?? []
                    for c in cs {
                        guard c >= 0 && c <= LibinputRecordFormat.maxCode else {
                            throw fail(n, "codes: bad code \(c) (expected 0…\(LibinputRecordFormat.maxCode))")
                        }
                        set.insert(UInt16(c))
                    }
                    if !set.isEmpty { devices[dev].description.codes[UInt16(code)] = set }
                case "absinfo":
                    guard code <= 63 else { throw fail(n, "absinfo: axis \(code) is beyond ABS_MAX (0…63)") }
                    let a = try ints(v, n, "absinfo")
                    guard a.count == 5, a.allSatisfy({ $0 >= Int64(Int32.min) && $0 <= Int64(Int32.max) }) else {
                        throw fail(n, "absinfo: expects [min, max, fuzz, flat, resolution] (32-bit integers)")
                    }
                    devices[dev].description.absInfo[UInt16(code)] = AbsInfo(
                        minimum: Int32(a[0]),
                        maximum: Int32(a[1]),
                        fuzz: Int32(a[2]),
                        flat: Int32(a[3]),
                        resolution: Int32(a[4])
                    )
                default: break
                }
            }
        }

        mutating func finish() throws -> [DeviceSection] {
            closeEvents(at: lastLine + 1)
            guard !devices.isEmpty else { throw fail(lastLine, "no devices: expected a \"devices:\" list with at least one device") }
            for (i, d) in devices.enumerated() where !d.sawName {
                throw fail(lastLine, "device \(i + 1) has no evdev name")
            }
            return devices
        }

        func keyValue(_ s: String, _ n: Int) throws -> (String, String) {
            guard let c = s.firstIndex(of: ":") else { throw fail(n, "expected \"key: value\", found \"\(excerpt(s))\"") }
            return (String(s[..<c]).trimmingSpaces(), String(s[s.index(after: c)...]).trimmingSpaces())
        }

        func ints(_ v: String, _ n: Int, _ key: String) throws -> [Int64] {
            guard v.hasPrefix("["), v.hasSuffix("]") else { throw fail(n, "\(key): expects a list [a, b, …]") }
            // The usual list of plain decimal integers, read over the bytes;
            // anything else (and any error) through the general path below.
            if let fast = Self.plainInts(v.utf8) { return fast }
            let inner = v.dropFirst().dropLast()
            if String(inner).trimmingSpaces().isEmpty { return [] }
            return try inner.split(separator: ",").map {
                guard let x = Int64(String($0).trimmingSpaces()) else { throw fail(n, "\(key): expects integers, found \"\(excerpt($0))\"") }
                return x
            }
        }

        /// `[a, b, …]` of decimal integers (an optional `-`, digits, each
        /// fitting in Int64), spaces around them; nil for anything else.
        static func plainInts(_ v: String.UTF8View) -> [Int64]? {
            var out: [Int64] = []
            var value: Int64 = 0, negative = false, digits = 0, afterNumber = false, sawComma = false
            for c in v.dropFirst().dropLast() {
                switch c {
                case 48...57:
                    guard !afterNumber else { return nil }
                    let (m, o1) = value.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(Int64(c - 48))
                    guard !o1, !o2 else { return nil }
                    value = a; digits += 1
                case 45:  // -
                    guard digits == 0, !negative, !afterNumber else { return nil }
                    negative = true
                case 32, 9:
                    if digits > 0 { afterNumber = true } else if negative { return nil }
                case 44:  // ,
                    guard digits > 0 else { return nil }
                    out.append(negative ? -value : value)
                    value = 0; negative = false; digits = 0; afterNumber = false; sawComma = true
                default:
                    return nil
                }
            }
            if digits > 0 { out.append(negative ? -value : value) } else if negative || sawComma { return nil }
            return out
        }

        func unquote(_ v: String) -> String {
            guard v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") else { return v }
            var o = "", esc = false
            for ch in v.dropFirst().dropLast() {
                if esc { o.append(ch); esc = false } else if ch == "\\" { esc = true } else { o.append(ch) }
            }
            return o
        }
    }

    /// The second pass over one device's events section.
    struct EventRows {
        let file: String
        let device: Int
        var lastTime = Int64.min
        var inEvdev = false
        var itemIndent = -1

        func fail(_ n: Int, _ m: String) -> InputError { InputError.malformed(file, line: n, m) }

        mutating func line<L: Collection<UInt8>>(_ l: L, number n: Int) throws -> RawItem? {
            let ind = LibinputRecordFormat.indent(l)
            if let m = LibinputRecordFormat.tabIndentProblem(l, indent: ind) { throw fail(n, m) }
            var body = l.dropFirst(ind)
            if body.isEmpty { return nil }
            if body.first == UInt8(ascii: "#") {
                let marker = EvemuFormat.removalMarker.utf8
                if body.starts(with: marker) {
                    let rest = String(decoding: body.dropFirst(marker.count), as: UTF8.self).trimmingSpaces()
                    let parts = rest.split(separator: ".")
                    let digits = { (p: Substring) in !p.isEmpty && p.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
                    guard parts.count == 2, digits(parts[0]), let u = Int64(parts[1]), u >= 0, u < 1_000_000 else {
                        throw fail(n, "device-removed marker expects <sec>.<usec>")
                    }
                    guard let s = Int64(parts[0]), InputClock.contains(seconds: s) else {
                        throw fail(n, "device-removed marker: " + InputClock.beyondRange(excerpt(rest)))
                    }
                    return .removed(device: device, microseconds: s * 1_000_000 + u)
                }
                return nil
            }
            guard body.first == UInt8(ascii: "-") else { return nil }
            body = body.dropFirst()
            let rest = String(decoding: body, as: UTF8.self).trimmingSpaces()
            if itemIndent < 0 { itemIndent = ind }
            if ind == itemIndent {
                inEvdev = rest.hasPrefix("evdev:")
                return nil
            }
            guard inEvdev, rest.hasPrefix("[") else { return nil }
            guard let close = rest.firstIndex(of: "]") else { throw fail(n, "event row: expected [sec, usec, type, code, value] (truncated line?)") }
            let fields = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { String($0).trimmingSpaces() }
            guard fields.count == 5 else { throw fail(n, "event row: expected 5 numbers [sec, usec, type, code, value], found \(fields.count)") }
            guard let u = Int64(fields[1]), u >= 0, u < 1_000_000, !fields[0].isEmpty, fields[0].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw fail(n, "event row: expected a time as sec, usec (0…999999)")
            }
            guard let s = Int64(fields[0]), InputClock.contains(seconds: s) else {
                throw fail(n, "event row: " + InputClock.beyondRange("\(excerpt(fields[0])).\(EvemuFormat.pad6(UInt64(u)))"))
            }
            guard let ty = UInt16(fields[2]), let co = UInt16(fields[3]) else { throw fail(n, "event row: type and code must be 0…65535") }
            guard let v64 = Int64(fields[4]) else { throw fail(n, "event row: expected an integer value") }
            guard let v = Int32(exactly: v64) else { throw fail(n, "event row: value \(v64) does not fit in 32 bits") }
            let t = s * 1_000_000 + u
            guard t >= lastTime else { throw fail(n, "time \(s).\(EvemuFormat.pad6(UInt64(u))) goes backwards within the device's events") }
            lastTime = t
            return .event(device: device, EvdevEvent(sec: s, usec: Int32(u), type: ty, code: co, value: v))
        }
    }
}

/// Reads a libinput recording lazily: a first pass collects the device
/// descriptions and where each device's events are; then one stream per
/// device walks its events section with its own line reader over the same
/// open file (`pread`: the path is not opened again; a pipe or FIFO is first
/// copied to an unlinked temporary file). The devices' events are merged by
/// the pipeline like those of separate files. Memory is bounded (one line
/// buffer per device, 4 KiB to start with: 10,000 devices take 40 MB).
public final class LibinputRecordReader: RawEventReader {
    /// The devices.
    public let devices: [DeviceDescription]
    /// One stream per device.
    public let streams: [any RawEventStream]

    /// Reads the recording from a reader already open (the format was
    /// recognised from its first bytes); items name devices from `firstDevice` on.
    /// - Throws: ``InputError`` if malformed, or if a stream cannot be copied.
    @usableFromInline package init(_ reader: LineReader, firstDevice: Int = 0) throws {
        let input = try InputFile.seekable(reader)
        let r = input === reader.input ? reader : LineReader(input)
        var scan = LibinputRecordFormat.Scanner(file: input.name)
        var offsets: [Int: Int64] = [:]
        _ = try r.forEachLine(upTo: Int.max) { l, n in
            try scan.line(l, number: n)
            if let last = scan.devices.last, last.eventsStart == n + 1, offsets[scan.devices.count - 1] == nil {
                offsets[scan.devices.count - 1] = r.offset
            }
        }
        let sections = try scan.finish()
        devices = sections.map(\.description)
        streams = sections.enumerated().map { k, s in
            DeviceEvents(
                LineReader(input, offset: offsets[k] ?? r.offset, lineNumber: s.eventsStart - 1, chunkSize: 1 << 12),
                end: s.eventsEnd,
                rows: LibinputRecordFormat.EventRows(file: input.name, device: firstDevice + k)
            )
        }
    }

    /// Opens a recording.
    /// - Throws: ``InputError``: `cannotOpen`, or `malformed`.
    public convenience init(path: String) throws {
        try self.init(LineReader(InputFile(path: path)))
    }

    /// One device's events section.
    final class DeviceEvents: RawEventStream {
        let lines: LineReader
        let end: Int
        var rows: LibinputRecordFormat.EventRows

        init(_ lines: LineReader, end: Int, rows: LibinputRecordFormat.EventRows) {
            self.lines = lines; self.end = end; self.rows = rows
        }

        func read(into items: inout [RawItem]) throws -> Bool {
            let left = end - 1 - lines.lineNumber
            guard left > 0 else { return false }
            var rw = rows
            defer { rows = rw }
            let more = try lines.forEachLine(upTo: Swift.min(left, 4096)) { l, n in
                if let item = try rw.line(l, number: n) { items.append(item) }
            }
            return more && lines.lineNumber + 1 < end
        }
    }
}
