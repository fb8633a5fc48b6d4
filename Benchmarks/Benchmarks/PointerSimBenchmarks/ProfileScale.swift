import Benchmark
import PointerSimCore
@_spi(Benchmarks) import PointerSimRender

// Every profile at a million items (issue #44): the selection operations a
// user makes (Shift-clicks, Control-clicks, bands, select-all, arrow keys),
// `replay --narrate` over bands, and `compare` over every profile, each at
// 100,000 and at 1,000,000 items (a grid of 1000 columns: the same items
// are touched at both sizes, only the scene grows). Gated: the CPU time at
// 1,000,000 items (4 times the recorded p90, as the other gates), and the
// ratio of the CPU time at 1,000,000 to that at 100,000 items, in percent,
// against a bound written by hand (1,000 %, 20 % above it fails: a ratio
// over 12×; an operation that costs O(log n + changed) stays near 1×, one
// that costs O(items) near 10×, above it super-linear).

/// A grid scene of `rows` × 1000 items (40 × 30, pitch 50 × 40) under `profile`.
func scaleScene(rows: Int, profile: BandProfile) -> SimulationScene {
    var scene = SimulationScene()
    scene.band.profile = profile
    scene.items.reserveCapacity(rows * 1000)
    for r in 0..<rows {
        for c in 0..<1000 {
            scene.items.append(SceneItem(id: "r\(r)c\(c)", rect: Rect(x: Double(c) * 50, y: Double(r) * 40, width: 40, height: 30)))
        }
    }
    return scene
}

/// The workloads, as events from t = 1 s (a click on r0c0 before, at 0.5 s, in the setup).
enum ScaleWorkload: String, CaseIterable {
    case shift = "Shift"
    case control = "Control"
    case bands = "Bands"
    case selectAll = "SelectAll"
    case keys = "Keys"

    /// A primary click at content point (x, y) with modifiers, from time t.
    static func click(_ x: Double, _ y: Double, _ m: ModifierFlags, at t: Double) -> [PointerEvent] {
        [
            PointerEvent(time: t, .modifiers(m)), PointerEvent(time: t + 0.001, .move(Point(x: x, y: y))),
            PointerEvent(time: t + 0.002, .press(.primary)), PointerEvent(time: t + 0.003, .release(.primary)),
        ]
    }
    /// The centre of item (row, column).
    static func centre(_ r: Int, _ c: Int) -> (Double, Double) { (Double(c) * 50 + 20, Double(r) * 40 + 15) }

    func events(selectAll: ModifierFlags) -> [PointerEvent] {
        var e: [PointerEvent] = [], t = 1.0
        switch self {
        case .shift:
            // 200 Shift-clicks alternating between two items far apart (ranges of ~10,000 items from r0c0).
            for k in 0..<200 {
                let (x, y) = k % 2 == 0 ? Self.centre(10, 12) : Self.centre(12, 9)
                e += Self.click(x, y, .shift, at: t); t += 0.5
            }
        case .control:
            // 2,000 Control-clicks over 300 items (each toggled several times).
            for k in 0..<2000 {
                let (x, y) = Self.centre((k * 7) % 15, (k * 11) % 20)
                e += Self.click(x, y, .control, at: t); t += 0.5
            }
        case .bands:
            // Three bands of 100 moves from empty space (plain, Shift, Control), over up to 15 × 15 items.
            for m: ModifierFlags in [[], .shift, .control] {
                e += [
                    PointerEvent(time: t, .modifiers(m)), PointerEvent(time: t + 0.001, .move(Point(x: 45, y: 35))),
                    PointerEvent(time: t + 0.002, .press(.primary)),
                ]
                t += 0.01
                for k in 1...100 { e.append(PointerEvent(time: t, .move(Point(x: 45 + Double(k) * 7, y: 35 + Double(k) * 5.5)))); t += 0.01 }
                e.append(PointerEvent(time: t, .release(.primary))); t += 0.5
            }
        case .selectAll:
            // 50 cycles: select all, then a click on r0c0 (every other item leaves the selection).
            let (x, y) = Self.centre(0, 0)
            for _ in 0..<50 {
                e += [
                    PointerEvent(time: t, .modifiers(selectAll)), PointerEvent(time: t + 0.001, .key(.letter("a"))),
                    PointerEvent(time: t + 0.002, .modifiers([])),
                ]
                e += Self.click(x, y, [], at: t + 0.01); t += 0.5
            }
        case .keys:
            // 1,000 arrow keys walking (20 right, 1 down, 20 left, 1 down, …), then 500 Shift+arrows.
            e.append(PointerEvent(time: t, .modifiers([])))
            var right = true, n = 0
            while n < 1000 {
                for _ in 0..<20 where n < 1000 { t += 0.01; e.append(PointerEvent(time: t, .key(right ? .right : .left))); n += 1 }
                t += 0.01; e.append(PointerEvent(time: t, .key(.down))); n += 1
                right.toggle()
            }
            e.append(PointerEvent(time: t + 0.01, .modifiers(.shift)))
            for k in 0..<500 { t += 0.01; e.append(PointerEvent(time: t + 0.01, .key(k % 2 == 0 ? .down : .right))) }
        }
        return e
    }
}

/// A simulator after a click on r0c0 (focus and anchor there); its
/// selection's storage is its own (copied before the measured span).
func preparedScale(_ base: Simulator) -> Simulator {
    var sim = base
    var out: [LogRecord] = []
    let (x, y) = ScaleWorkload.centre(0, 0)
    for e in ScaleWorkload.click(x, y, [], at: 0.5) { sim.process(e, into: &out) }
    return sim
}

/// The process's CPU time taken by `body`, in microseconds.
func cpuTime(_ body: () -> Void) -> Int {
    let start = processCPUMicroseconds()
    body()
    return processCPUMicroseconds() - start
}

/// The simulators of one profile at both sizes (built once per process: each benchmark runs in its own).
final class ScaleShared: @unchecked Sendable {
    static let shared = ScaleShared()
    var sims: [String: (small: Simulator, large: Simulator)] = [:]
    func sims(_ profile: BandProfile) -> (small: Simulator, large: Simulator) {
        if let s = sims[profile.name] { return s }
        let s = (Simulator(scene: scaleScene(rows: 100, profile: profile)), Simulator(scene: scaleScene(rows: 1000, profile: profile)))
        sims[profile.name] = s
        return s
    }
}

func profileScaleBenchmarks(looseCPU: BenchmarkThresholds) {
    // 20 % above the hand-written 1,000 % fails (a ratio over 12×); an improvement passes.
    let ratioBound = BenchmarkThresholds(relative: [.p90: 20], absolute: [:])
    let ratios = ScaleWorkload.allCases.map { BenchmarkMetric.custom("ratio\($0.rawValue)", polarity: .prefersSmaller, useScalingFactor: false) }
    let narrateRatio = BenchmarkMetric.custom("ratioNarrate", polarity: .prefersSmaller, useScalingFactor: false)
    for name in ["uikit", "gtk", "gtk3", "imgui", "qt-graphicsview", "qt-itemview"] {
        let profile = BandProfile.named(name)!
        var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [cpuMicroseconds: looseCPU, narrateRatio: ratioBound]
        for r in ratios { thresholds[r] = ratioBound }
        Benchmark(
            "Scale1M.\(name)",
            configuration: .init(
                metrics: [.wallClock, cpuMicroseconds] + ratios + [narrateRatio],
                timeUnits: .milliseconds,
                warmupIterations: 1,
                maxDuration: .seconds(10),
                maxIterations: 5,
                thresholds: thresholds
            )
        ) { benchmark in
            let (small, large) = ScaleShared.shared.sims(profile)
            let selectAll = profile.clicks.selectAllModifiers.first ?? .control
            var total = 0
            benchmark.startMeasurement()
            for (k, w) in ScaleWorkload.allCases.enumerated() {
                let events = w.events(selectAll: selectAll)
                var cpu: [Int] = []
                for base in [small, large] {
                    var sim = preparedScale(base), out: [LogRecord] = [], records = 0
                    cpu.append(
                        cpuTime {
                            for e in events { out.removeAll(keepingCapacity: true); sim.process(e, into: &out); records += out.count }
                        }
                    )
                    blackHole(records)
                }
                total += cpu[1]
                benchmark.measurement(ratios[k], 100 * cpu[1] / Swift.max(cpu[0], 1))
            }
            // --narrate: the bands told in words, every record described.
            let bandEvents = ScaleWorkload.bands.events(selectAll: selectAll)
            var cpu: [Int] = []
            for base in [small, large] {
                var sim = preparedScale(base), out: [LogRecord] = [], story = Narration(scene: base.scene), lines = 0
                cpu.append(
                    cpuTime {
                        for e in bandEvents {
                            out.removeAll(keepingCapacity: true)
                            sim.process(e, into: &out)
                            for r in out { lines += story.describe(r).count }
                        }
                    }
                )
                blackHole(lines)
            }
            total += cpu[1]
            benchmark.measurement(narrateRatio, 100 * cpu[1] / Swift.max(cpu[0], 1))
            benchmark.stopMeasurement()
            benchmark.measurement(cpuMicroseconds, total)
        }
    }

    // compare: every profile side by side over the Shift-clicks, bands and select-all.
    let compareRatio = BenchmarkMetric.custom("ratioCompare", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Scale1M.compare",
        configuration: .init(
            metrics: [.wallClock, cpuMicroseconds, compareRatio],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 5,
            // The ratio is reported, not gated: 16.5× measured (issue #44: `compare` reads
            // every profile's whole selection after each step that changed it).
            thresholds: [cpuMicroseconds: looseCPU]
        )
    ) { benchmark in
        let profiles = ["uikit", "gtk", "gtk3", "imgui", "qt-graphicsview", "qt-itemview"].map { BandProfile.named($0)! }
        let (x, y) = ScaleWorkload.centre(0, 0)
        let events = ScaleWorkload.click(x, y, [], at: 0.5) + [ScaleWorkload.shift, .bands, .selectAll].flatMap { $0.events(selectAll: .control) }
        var cpu: [Int] = []
        benchmark.startMeasurement()
        for rows in [100, 1000] {
            var comparison = ProfileComparison(scene: scaleScene(rows: rows, profile: .uikit), profiles: profiles)
            var steps = 0
            cpu.append(cpuTime { for e in events { steps += comparison.process(e).selections.count } })
            blackHole(steps)
        }
        benchmark.stopMeasurement()
        benchmark.measurement(cpuMicroseconds, cpu[1])
        benchmark.measurement(compareRatio, 100 * cpu[1] / Swift.max(cpu[0], 1))
    }
}
