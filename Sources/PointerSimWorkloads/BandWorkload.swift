import PointerSimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The band-selection benchmark workload (v1, docs/Benchmarks.md): the
/// items, the integer-exact drag, the digests; timing only the selection
/// update of each step. One definition for `pointersim bench band` and the
/// regression gates in `Benchmarks/`.
@_spi(Benchmarks) public enum BandWorkload {
    /// The selection's digest after step `k`: its size and the wrapping sum
    /// of `splitmix64` of its members.
    @_spi(Benchmarks) public struct Checkpoint: Sendable, Equatable { public var k: Int; public var count: Int; public var sum: UInt64 }
    /// One run's checkpoints and timings (nanoseconds).
    @_spi(Benchmarks) public struct Result: Sendable {
        @_spi(Benchmarks) public var steps: Int
        @_spi(Benchmarks) public var checkpoints: [Checkpoint]
        @_spi(Benchmarks) public var medianNs: Int64, p99Ns: Int64, meanNs: Int64, totalNs: Int64
        /// The build: the items made and indexed (wall clock).
        @_spi(Benchmarks) public var buildNs: Int64
        /// The index build alone (the engine made over items already made:
        /// its spatial index and its selection bitsets), wall clock and the
        /// thread's CPU time.
        @_spi(Benchmarks) public var indexNs: Int64, indexCPUNs: Int64
        /// The items made (the engine's columns, with their summary), CPU time.
        @_spi(Benchmarks) public var itemsCPUNs: Int64
    }

    /// The steps whose selection is digested.
    @_spi(Benchmarks) public static let checkpointSteps: Set<Int> = [40, 250, 500, 1000, 1500, 2000]

    /// The digest's hash of a member.
    @_spi(Benchmarks) public static func splitmix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Item `id`: 40 × 30 on a grid of 80 columns, pitch 50 × 40.
    @_spi(Benchmarks) public static func item(_ id: Int) -> Rect {
        Rect(x: Double(50 * (id % 80)), y: Double(40 * (id / 80)), width: 40, height: 30)
    }

    /// The first `n` items.
    @_spi(Benchmarks) public static func items(_ n: Int) -> [Rect] { (0..<n).map(item) }

    /// The band at step `k` (1 … 2000) over `n` items.
    @_spi(Benchmarks) public static func band(k: Int, n: Int) -> Rect {
        let rows = (n + 79) / 80
        let h = 40 * rows - 10
        func tri(_ u: Int, _ p: Int) -> Int { abs(2 * (u % p) - p) }
        let g = k <= 1000 ? 2 * k : 3000 - k
        let ax = 950 + (100 * tri(k, 150)) / 150
        let ay = 950 + (100 * tri(k + 27, 110)) / 110
        let dx = 4000 / 2 - 5, dy = h / 2 - 5
        let x = 5 + (dx * g * ax) / (2000 * 1000)
        let y = 5 + (dy * g * ay) / (2000 * 1000)
        return Rect(corner: Point(x: 5, y: 5), Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }

    /// Builds `n` items and an engine over them, what ``run(items:mode:stride:)``
    /// times as the build, and returns the engine's item count (for a
    /// benchmark to keep).
    /// - Complexity: O(n).
    @_spi(Benchmarks) public static func build(items n: Int) -> Int {
        SelectionEngine(edges: ItemEdges(count: n, item), hitRule: .intersects).count
    }

    /// Builds `n` items and their engine (timed as the build), then runs
    /// steps `stride`, `2·stride`, … 2000 in `mode`, timing each update.
    @_spi(Benchmarks) public static func run(items n: Int, mode: SelectionMode, stride: Int) -> Result {
        let clock = ContinuousClock()
        // The timed build makes the items (straight into the engine's columns,
        // no array of rects) and indexes them.
        let t0 = clock.now, c0 = threadCPUNanoseconds()
        let edges = ItemEdges(count: n, item)
        let t1 = clock.now, c1 = threadCPUNanoseconds()
        var engine = SelectionEngine(edges: edges, hitRule: .intersects)
        let c2 = threadCPUNanoseconds(), t2 = clock.now
        let buildNs = nanos(t2 - t0), indexNs = nanos(t2 - t1)
        if mode != .replace { engine.setSelection(Swift.stride(from: 0, to: n, by: 7)) }
        engine.beginBand(mode: mode)
        var samples: [Int64] = []
        samples.reserveCapacity(2000 / stride)
        var checkpoints: [Checkpoint] = []
        var k = stride
        while k <= 2000 {
            let rect = band(k: k, n: n)
            let s = clock.now
            let diff = engine.updateBand(to: rect, sorted: false)
            let e = clock.now
            samples.append(nanos(e - s))
            _ = diff.added.count
            if checkpointSteps.contains(k) {
                var sum: UInt64 = 0
                engine.selection.forEachMember { sum &+= splitmix64(UInt64($0)) }
                checkpoints.append(Checkpoint(k: k, count: engine.selectedCount, sum: sum))
            }
            k += stride
        }
        let rank = nearestRank(samples)
        let total = samples.reduce(0, +)
        return Result(
            steps: samples.count,
            checkpoints: checkpoints,
            medianNs: rank(0.5),
            p99Ns: rank(0.99),
            meanNs: total / Int64(Swift.max(1, samples.count)),
            totalNs: total,
            buildNs: buildNs,
            indexNs: indexNs,
            indexCPUNs: c2 - c1,
            itemsCPUNs: c1 - c0
        )
    }

    /// Nearest-rank percentiles of timing samples (docs/Benchmarks.md: sort
    /// ascending, take element ⌈q·n⌉, 1-based).
    @_spi(Benchmarks) public static func nearestRank(_ samples: [Int64]) -> (Double) -> Int64 {
        let sorted = samples.sorted()
        return { q in
            guard !sorted.isEmpty else { return 0 }
            let r = Int((q * Double(sorted.count)).rounded(.up))
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, r - 1))]
        }
    }

    /// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`:
    /// what other processes on the machine do not stretch).
    @_spi(Benchmarks) public static func threadCPUNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// A duration in nanoseconds.
    @_spi(Benchmarks) public static func nanos(_ d: Duration) -> Int64 {
        let c = d.components
        return c.seconds * 1_000_000_000 + c.attoseconds / 1_000_000_000
    }
}
