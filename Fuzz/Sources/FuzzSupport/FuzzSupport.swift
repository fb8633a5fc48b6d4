import PointerSimCore
import PointerSimFormats
import PointerSimPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What every fuzz target shares: input bytes written to files (the readers
/// are exercised exactly as `pointersim replay` uses them, format sniffing
/// included), and the invariants checked after every simulation step.
public enum Fuzz {
    /// A folder of this process's own for the files a target writes
    /// (in /dev/shm when there is one, so nothing touches a disk).
    public static let folder: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let dir = "\(base)/pointersim-fuzz-\(getpid())"
        mkdir(dir, 0o700)
        atexit {
            let dir = "\(access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")/pointersim-fuzz-\(getpid())"
            for name in ["a", "a.desc", "a.events", "a.yaml", "session.trace"] { unlink("\(dir)/\(name)") }
            rmdir(dir)
        }
        return dir
    }()

    /// Writes `bytes` to the file `name` in ``folder`` and returns its path.
    public static func write<C: Collection>(_ bytes: C, name: String) -> String where C.Element == UInt8 {
        let path = "\(folder)/\(name)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot create \(path)")
        let array = Array(bytes)
        var off = 0
        while off < array.count {
            let n = array.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
            precondition(n > 0, "cannot write \(path)")
            off += n
        }
        close(fd)
        return path
    }

    /// Whether POINTERSIM_FUZZ_DUMP=1 is set: targets that build their input then print it.
    public static let dump = getenv("POINTERSIM_FUZZ_DUMP").map { String(cString: $0) == "1" } ?? false

    /// Writes a line to standard error at once.
    public static func show(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBufferPointer { _ = Glibc.write(2, $0.baseAddress!, $0.count) }
    }

    /// The fuzzer's bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: data, count: size)
    }

    /// Splits `bytes` at the first line `##split` into two parts (the second
    /// empty when there is none).
    public static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> ([UInt8], [UInt8]) {
        let marker = Array("\n##split\n".utf8)
        let a = Array(bytes)
        if a.count >= marker.count {
            for i in 0...(a.count - marker.count) where a[i] == 10 && Array(a[i..<(i + marker.count)]) == marker {
                return (Array(a[..<(i + 1)]), Array(a[(i + marker.count)...]))
            }
        }
        return (a, [])
    }

    /// Replays `paths` over `scene` as `pointersim replay` does, checking the
    /// simulator's invariants after every step. Malformed input must end in an
    /// ``InputError`` that names the file and says what is wrong; anything
    /// else thrown is a failure.
    public static func replay(paths: [String], scene: SimulationScene = .default) {
        var checker = Invariants()
        _ = resultOrInputError("replay") {
            try Replay.forEachStep(paths: paths, scene: scene, options: SimulationOptions()) { step, sim in
                checker.check(step.records, sim)
            }
        }
    }

    /// Runs `body`, which must return or throw an ``InputError`` (checked by
    /// ``checkError(_:)``); anything else thrown is a failure.
    /// - Returns: what `body` returned, or nil after an `InputError`.
    public static func resultOrInputError<T>(_ what: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let e as InputError {
            checkError(e)
            return nil
        } catch {
            preconditionFailure("\(what) threw something other than an InputError: \(error)")
        }
    }

    /// An error for bad input must say where and what.
    public static func checkError(_ e: InputError) {
        precondition(!e.file.isEmpty && !e.message.isEmpty, "an InputError without file or message: \(e)")
        precondition(e.message.utf8.count <= 4096, "an error message of \(e.message.utf8.count) bytes (an input token echoed whole?)")
        if let l = e.line { precondition(l >= 1, "an error at line \(l)") }
    }
}

/// The simulator's invariants, checked after every step.
public struct Invariants {
    var lastTime = -Double.infinity
    public init() {}

    /// Checks the records of one step and the simulator after it.
    public mutating func check(_ records: [LogRecord], _ sim: Simulator) {
        for r in records {
            precondition(r.time.isFinite, "a log record at time \(r.time)")
            precondition(r.time >= lastTime - 1e-9, "log time went backwards: \(lastTime) then \(r.time)")
            lastTime = Swift.max(lastTime, r.time)
            let line = LogLine.render(r)
            precondition(!line.contains("nan") && !line.contains("inf"), "a non-finite number in \(line)")
        }
        let view = sim.scene.view
        let p = sim.pointer
        precondition(p.x.isFinite && p.y.isFinite, "pointer at \(p)")
        precondition(
            p.x >= 0 && p.y >= 0 && p.x <= view.size.width && p.y <= view.size.height,
            "pointer \(p) outside the view \(view.size)"
        )
        // the largest offset, computed here rather than asked of the scene
        let maxOffset = Vector(
            dx: Swift.max(0, view.contentSize.width - view.size.width),
            dy: Swift.max(0, view.contentSize.height - view.size.height)
        )
        let o = sim.contentOffset
        precondition(o.dx.isFinite && o.dy.isFinite, "content offset \(o)")
        precondition(
            o.dx >= 0 && o.dy >= 0 && o.dx <= maxOffset.dx + 1e-9 && o.dy <= maxOffset.dy + 1e-9,
            "content offset \(o) outside 0 … \(maxOffset)"
        )
        let selected = sim.selectionModel.selectedItems
        var seen = Set<Int>()
        for i in selected {
            precondition(i >= 0 && i < sim.scene.items.count, "selected item \(i) of \(sim.scene.items.count)")
            precondition(seen.insert(i).inserted, "item \(i) selected twice")
        }
    }
}

extension Fuzz {
    /// A fixed short session, written once: a band dragged across the view
    /// with Shift held and into the bottom autoscroll zone, a click, a
    /// Command-click, a scroll and a secondary click.
    public static let session: String = write(
        Array(
            """
            pointersim-trace 1
            0.000 move 5 5
            0.010 press primary
            0.020 move 300 200
            0.030 modifiers shift
            0.040 move 700 500
            0.050 move 1020 765
            0.400 move 600 400
            0.410 release primary
            0.420 modifiers
            0.500 press primary
            0.510 release primary
            0.520 modifiers command
            0.530 press primary
            0.540 release primary
            0.550 modifiers
            0.600 scroll 0 -120
            0.700 move 100 100
            0.710 press secondary
            0.720 release secondary
            0.800 key down
            0.810 modifiers shift
            0.820 key up
            0.830 key a

            """.utf8
        ),
        name: "session.trace"
    )
}
