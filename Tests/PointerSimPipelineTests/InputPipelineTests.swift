import Foundation
import PointerSimCore
import PointerSimFormats
import PointerSimInput
import PointerSimPipeline
import PointerSimTestSupport
import Testing

/// Inputs written through a FIFO by a background thread, as a shell pipe would.
enum FIFO {
    /// Creates a FIFO, starts writing `bytes` into it (in small pieces, so
    /// reads see partial chunks) and returns its path.
    static func serve(_ bytes: [UInt8], piece: Int = 7) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("input").path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY)  // blocks until the reader opens it
            guard fd >= 0 else { return }
            var off = 0
            while off < bytes.count {
                let n = bytes[off..<min(bytes.count, off + piece)].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                off += n
            }
            close(fd)
        }
        return path
    }
}

@Suite struct LineReaderTests {
    static func lines(of bytes: [UInt8], chunkSize: Int, viaFIFO: Bool = false) throws -> [(String, Int)] {
        let path = viaFIFO ? try FIFO.serve(bytes) : try RecordingFiles.temp(String(decoding: bytes, as: UTF8.self), "txt")
        let r = LineReader(try InputFile(path: path), chunkSize: chunkSize)
        var out: [(String, Int)] = []
        while try r.forEachLine(upTo: 3, { out.append((String(decoding: $0, as: UTF8.self), $1)) }) {}
        return out
    }

    static let text =
        "first\r\n\nsecond line that is longer than a chunk of sixteen bytes\r\n\r\n" + String(repeating: "x", count: 40) + "\nlast without newline"
    static let expected = [
        "first", "", "second line that is longer than a chunk of sixteen bytes", "", String(repeating: "x", count: 40), "last without newline",
    ]

    @Test(arguments: [16, 17, 23, 64, 1 << 16])
    func chunkBoundariesCRLFAndNoFinalNewline(_ chunk: Int) throws {
        for viaFIFO in [false, true] {
            let got = try Self.lines(of: Array(Self.text.utf8), chunkSize: chunk, viaFIFO: viaFIFO)
            #expect(got.map(\.0) == Self.expected, "chunk \(chunk) fifo \(viaFIFO)")
            #expect(got.map(\.1) == Array(1...Self.expected.count))
        }
    }

    @Test func aFinalNewlineAddsNoEmptyLineAndALoneCRIsKeptInside() throws {
        #expect(try Self.lines(of: Array("a\nb\n".utf8), chunkSize: 16).map(\.0) == ["a", "b"])
        #expect(try Self.lines(of: Array("a\rb\r\n".utf8), chunkSize: 16).map(\.0) == ["a\rb"])
        #expect(try Self.lines(of: Array("\r".utf8), chunkSize: 16).map(\.0) == [""])
        #expect(try Self.lines(of: [], chunkSize: 16).isEmpty)
    }

    @Test func thePrefixIsNotConsumedAndOffsetsResume() throws {
        let path = try RecordingFiles.temp("one\ntwo\nthree\n", "txt")
        let input = try InputFile(path: path)
        let r = LineReader(input, chunkSize: 16)
        #expect(try r.prefix(6) == Array("one\ntw".utf8))
        #expect(try r.nextLine() == Array("one".utf8))
        #expect(r.offset == 4 && r.lineNumber == 1)
        // A second reader of the same open file, from an offset (pread: no reopening).
        let second = LineReader(input, offset: r.offset, lineNumber: r.lineNumber)
        #expect(try second.nextLine() == Array("two".utf8) && second.lineNumber == 2)
        #expect(try r.nextLine() == Array("two".utf8))
        #expect(try r.nextLine() == Array("three".utf8) && r.nextLine() == nil)
    }

    @Test func aDirectoryOrAMissingFileCannotBeOpened() {
        #expect(throws: InputError(.cannotOpen, file: "/", "is a directory, expected a file")) { try InputFile(path: "/") }
        #expect(throws: InputError(.cannotOpen, file: "/nonexistent", "cannot open: No such file or directory")) {
            try InputFile(path: "/nonexistent")
        }
    }
}

@Suite struct InputFormatTests {
    static let samples: [(String, InputFormat)] = [
        ("# a comment\n\npointersim-trace 1\n0 move 1 2\n", .pointerSimTrace),
        (
            "# EVEMU 1.3\n# Input device name: \"M\"\nN: M\nI: 0003 0001 0002 0003\nB: 02 03 00 00 00 00 00 00 00\nE: 0.000001 0002 0000 0001\nE: 0.000001 0000 0000 0000\n",
            .evemu
        ),
        ("N: M\nI: 0003 0001 0002 0003\n", .evemu),
        ("# events\nE: 1.000000 0002 0000 0001\n", .evemuEvents),
        ("# libinput record\nversion: 1\nndevices: 1\n", .libinputRecord),
        ("version: 1\nndevices: 1\nlibinput:\n  version: \"1.22\"\ndevices:\n", .libinputRecord),
    ]

    @Test(arguments: 0..<6) func eachFormatFromAFIFOPrefixThenReadOnFromTheSameReader(_ i: Int) throws {
        let (text, format) = Self.samples[i]
        let r = LineReader(try InputFile(path: try FIFO.serve(Array(text.utf8))))
        #expect(r.input.isSeekable == false)
        #expect(InputFormat.detect(try r.prefix(InputFormat.prefixLength)) == format)
        // Nothing was consumed: the whole text follows from the same reader.
        var all: [String] = []
        while let l = try r.nextLine() { all.append(String(decoding: l, as: UTF8.self)) }
        #expect(all == text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test func unknownTextIsNoFormat() {
        #expect(InputFormat.detect(Array("hello\n".utf8)) == nil)
        #expect(InputFormat.detect([]) == nil)
        #expect(InputFormat.detect(Array("version: 1\n".utf8)) == nil)
    }

    @Test func aTwoDeviceLibinputRecordingFromAFIFOIsSpooledAndMerged() throws {
        var m = DeviceDescription(name: "m"); m.codes = [0: [0], 2: [0, 1]]
        var k = DeviceDescription(name: "k"); k.codes = [0: [0], 1: [42]]
        let text = LibinputRecordFormat.render([
            (
                description: m,
                events: [EvdevEvent(sec: 0, usec: 10, type: 2, code: 0, value: 1), EvdevEvent(sec: 0, usec: 10, type: 0, code: 0, value: 0)]
            ),
            (
                description: k,
                events: [EvdevEvent(sec: 0, usec: 5, type: 1, code: 42, value: 1), EvdevEvent(sec: 0, usec: 10, type: 0, code: 0, value: 0)]
            ),
        ])
        let r = LineReader(try InputFile(path: try FIFO.serve(Array(text.utf8), piece: 100)))
        #expect(InputFormat.detect(try r.prefix(InputFormat.prefixLength)) == .libinputRecord)
        let rec = try LibinputRecordReader(r)
        #expect(rec.devices.map(\.name) == ["m", "k"])
        // Earliest first; equal times: the lower device first.
        #expect(try RecordingFiles.items(rec).map { [$0.device, Int($0.microseconds)] } == [[1, 5], [0, 10], [0, 10], [1, 10]])
    }
}

@Suite struct MergeTests {
    struct T: MergeItem, Equatable {
        var time: Int64, tag: String
        var mergeTime: Int64 { time }
        func shifted(by o: Int64) -> T { T(time: time + o, tag: tag) }
    }

    @Test func equalTimesGoToTheLowerSourceAndTheBarrierHoldsLaterItems() throws {
        var m = StreamMerge<T>()
        let a = m.addSource(), b = m.addSource()
        m.push(T(time: 5, tag: "b5"), source: b)
        m.push(T(time: 5, tag: "a5"), source: a)
        m.push(T(time: 9, tag: "a9"), source: a)
        m.push(T(time: 7, tag: "b7"), source: b)
        var got: [String] = []
        while let (_, t) = try m.next(notAfter: 7) { got.append(t.tag) }
        #expect(got == ["a5", "b5", "b7"])  // a9 waits for a later round
        m.push(T(time: 8, tag: "b8"), source: b)
        while let (_, t) = try m.next(notAfter: 20) { got.append(t.tag) }
        #expect(got == ["a5", "b5", "b7", "b8", "a9"])
    }

    @Test func theHeapMergeGivesTheOrderOfAScanOverEverySource() throws {
        // Random pulled sources (batches of random sizes, many equal times):
        // the order must be the earliest time, ties to the lower source.
        var rng = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let k = 1 + round * 7
            var items: [[T]] = []
            for s in 0..<k {
                var t: Int64 = 0
                items.append(
                    (0..<Int.random(in: 0...40, using: &rng)).map { n in
                        t += Int64.random(in: 0...3, using: &rng)
                        return T(time: t, tag: "\(s).\(n)")
                    }
                )
            }
            var m = StreamMerge<T>()
            for s in 0..<k {
                var next = 0
                let mine = items[s]
                _ = m.addSource { out in
                    let n = Swift.min(mine.count - next, Int.random(in: 1...5))
                    out.append(contentsOf: mine[next..<(next + n)]); next += n
                    return next < mine.count
                }
            }
            var got: [String] = []
            while let (_, t) = try m.next() { got.append(t.tag) }
            let expected = items.enumerated().flatMap { s, l in l.enumerated().map { (t: $1.time, s: s, n: $0, tag: $1.tag) } }
                .sorted { ($0.t, $0.s, $0.n) < ($1.t, $1.s, $1.n) }.map(\.tag)
            #expect(got == expected, "round \(round)")
        }
    }

    @Test func aQueueThatNeverEmptiesKeepsItsOrder() {
        // Two in, one or two out: the queue is never empty, so it is compacted as it goes.
        var q = ItemQueue<Int>()
        var pushed = 0, popped = 0, wrong = 0
        for i in 0..<100_000 {
            q.append(pushed); pushed += 1; q.append(pushed); pushed += 1
            for _ in 0..<(i % 2 == 0 ? 2 : 1) {
                if q.popFirst() != popped { wrong += 1 }
                popped += 1
            }
        }
        while let v = q.popFirst() { if v != popped { wrong += 1 }; popped += 1 }
        #expect(wrong == 0 && popped == pushed)
    }

    struct Failing: Error {}

    @Test func itemsReadBeforeAnErrorComeFirstThenTheErrorThenTheEnd() throws {
        var m = StreamMerge<T>()
        var calls = 0
        _ = m.addSource { items in
            calls += 1
            items.append(T(time: 1, tag: "x")); items.append(T(time: 2, tag: "y"))
            throw Failing()
        }
        _ = m.addSource { items in
            items.append(T(time: 3, tag: "z")); return false
        }
        #expect(try m.next()?.item.tag == "x")
        #expect(try m.next()?.item.tag == "y")
        #expect(throws: Failing.self) { try m.next() }
        #expect(calls == 1)
        #expect(try m.next()?.item.tag == "z")
        #expect(try m.next() == nil)
    }

    /// A pushed stream with barriers (live) and pulled streams (replay) of the
    /// same per-device events hand out the same items: that is why a live log
    /// equals the replay of its recording.
    @Test(arguments: 0..<20) func liveRoundsWithBarriersGiveTheReplayOrder(_ seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed))
        let devices = 1 + Int(rng.next() % 3)
        var perDevice: [[EvdevEvent]] = Array(repeating: [], count: devices)
        for d in 0..<devices {
            var t: Int64 = 1_000_000 + Int64(rng.next() % 50)
            for _ in 0..<(5 + Int(rng.next() % 30)) {
                t += Int64(rng.next() % 4)  // equal times are common
                perDevice[d].append(
                    EvdevEvent(sec: t / 1_000_000, usec: Int32(t % 1_000_000), type: 2, code: UInt16(d), value: Int32(rng.next() % 9))
                )
            }
        }
        var desc = DeviceDescription(name: "m"); desc.codes = [0: [0], 2: [0, 1, 2]]
        // Replay: pulled streams.
        var replay = RawInputPipeline(configuration: DecoderConfiguration())
        for d in 0..<devices { _ = replay.addDevice(desc, stream: ArrayRawStream(perDevice[d].map { .event(device: d, $0) })) }
        var replayed: [RawItem] = []
        while let i = try replay.next() { replayed.append(i) }
        // Live: rounds; before each, a barrier; every event up to it is queued,
        // some later ones too (a device read after the barrier was taken).
        var live = RawInputPipeline(configuration: DecoderConfiguration())
        for _ in 0..<devices { _ = live.addDevice(desc) }
        var sent = Array(repeating: 0, count: devices)
        var lived: [RawItem] = []
        var barrier: Int64 = 1_000_000
        while sent.enumerated().contains(where: { $0.element < perDevice[$0.offset].count }) {
            barrier += Int64(rng.next() % 20)
            for d in 0..<devices {
                let extra = Int(rng.next() % 3)
                while sent[d] < perDevice[d].count, perDevice[d][sent[d]].microseconds <= barrier {
                    live.push(perDevice[d][sent[d]], device: d); sent[d] += 1
                }
                for _ in 0..<extra where sent[d] < perDevice[d].count { live.push(perDevice[d][sent[d]], device: d); sent[d] += 1 }
            }
            while let i = try live.next(notAfter: barrier) { lived.append(i) }
        }
        while let i = try live.next() { lived.append(i) }
        #expect(lived == replayed)
        #expect(replayed.prefix(devices).allSatisfy { if case .added(_, 0) = $0 { true } else { false } })
        #expect(replayed.dropFirst(devices).first?.microseconds == 0)  // rebased on the first event
    }
}

final class ArrayRawStream: RawEventStream {
    var items: [RawItem]
    init(_ items: [RawItem]) { self.items = items }
    func read(into out: inout [RawItem]) throws -> Bool { out.append(contentsOf: items); items = []; return false }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct TraceStreamingTests {
    @Test func aNULByteInsideANumberIsRefused() {
        #expect(throws: InputError.malformed("t", line: 2, "move: expected a number, found \"1\\02\"")) {
            try PointerSimTrace.parse("pointersim-trace 1\n0 move 1\u{0}2 3\n", file: "t")
        }
        #expect(throws: InputError.malformed("t", line: 2, "expected a time in seconds (a non-negative number), found \"0\\0\"")) {
            try PointerSimTrace.parse("pointersim-trace 1\n0\u{0} cancel\n", file: "t")
        }
    }

    /// Plain decimals take a fast path: it must give exactly what `Double` gives.
    @Test func numbersAreParsedExactlyAsDoubleParsesThem() throws {
        var rng = SplitMix(seed: 42)
        var words: [String] = [
            "0", "-0", "+1", "1.", ".5", "1e3", "0x10", "00012.50", "123456789012345", "1234567890123456",
            "0.1", "0.2", "0.3", "9007199254740993", "-2.5", "1.0000000000000000000001", "3.14159265358979",
        ]
        for _ in 0..<2000 {
            let m = rng.next() % 1_000_000_000_000_000, f = Int(rng.next() % 18)
            var d = String(m)
            if f > 0 { d = String(repeating: "0", count: max(0, f + 1 - d.count)) + d; d.insert(".", at: d.index(d.endIndex, offsetBy: -f)) }
            words.append(rng.next() % 2 == 0 ? d : "-" + d)
        }
        for w in words {
            let parsed = try? PointerSimTrace.parse("pointersim-trace 1\n0 delta \(w) 0\n")
            let want = Double(w).flatMap { $0.isFinite ? $0 : nil }
            if case .delta(let v)? = parsed?.first?.kind {
                #expect(want.map { $0.bitPattern == v.dx.bitPattern } == true, "\(w)")
            } else {
                #expect(want == nil, "\(w)")
            }
        }
    }

    @Test func aLongTraceStreamsInBatches() throws {
        var text = "pointersim-trace 1\n"
        for i in 0..<10_000 { text += "\(Double(i) / 1000) move \(i % 500) \(i % 300)\n" }
        let r = TraceReader(LineReader(try InputFile(path: try FIFO.serve(Array(text.utf8), piece: 4096)), chunkSize: 1 << 12))
        var events: [PointerEvent] = []
        var batches = 0
        while try r.read(into: &events) { batches += 1 }
        #expect(events.count == 10_000 && batches >= 2)
        #expect(events.last == PointerEvent(time: 9.999, .move(Point(x: 499, y: 99))))
    }
}
