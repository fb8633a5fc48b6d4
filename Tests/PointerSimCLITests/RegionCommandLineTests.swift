import Foundation
import PointerSimTestSupport
import Testing

/// Region scenes through the real binary: exit 65 naming the JSON path, warnings on stderr only.
@Suite struct RegionCommandLineTests {
    @Test func latchingRegionWithoutAStyleExits65() throws {
        let s = try CLI.temp(
            "bad.scene.json",
            #"{"format": "pointersim-scene/1", "regions": [{"id": "k", "rect": [0, 0, 9, 9], "latchingAxes": "horizontal"}]}"#
        )
        let r = try CLI.run(["replay", "Traces/regions/slider-horizontal.trace", "--scene", s])
        #expect(r.status == 65)
        #expect(r.stderr.contains("regions[0]: region \"k\" latches"))
        #expect(r.stdout.isEmpty)
    }

    @Test func droppedAccessoryWarnsOnStderrNotInTheLog() throws {
        let r = try CLI.run(["replay", "Traces/regions/accessories-five.trace", "--scene", "Traces/regions/accessories-five.scene.json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning:") && r.stderr.contains("regions[0].style.accessories[4]"))
        #expect(!r.stdout.contains("warning"))
        #expect(r.stdout.contains(#""event":"region.entered","region":"resize","effect":"highlight""#))
    }

    @Test func benchRegionsReportsMedianAndP99() throws {
        let r = try CLI.run(["bench", "regions", "--regions", "500", "--steps", "400", "--json"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(#"{"regions":500,"steps":400,"index":true,"events":"#))
        #expect(r.stdout.contains("\"median_ns\":") && r.stdout.contains("\"p99_ns\":"))
        let scan = try CLI.run(["bench", "regions", "--regions", "500", "--steps", "400", "--json", "--scan"])
        // Same workload, same region events with or without the index.
        func events(_ s: String) -> Substring? { s.split(separator: ",").first { $0.hasPrefix("\"events\":") } }
        #expect(events(r.stdout) != nil && events(r.stdout) == events(scan.stdout))
    }
}

/// Hostile scenes through the real binary (issue #8): exit 65 with the file,
/// line and path, quickly, instead of a trap or gigabytes.
@Suite struct HostileSceneCommandLineTests {
    @Test(arguments: [
        (
            #"{"format": "pointersim-scene/1", "items": [{"id": "a", "rect": [-1e308, 0, 10, 10]}, {"id": "b", "rect": [1e308, 0, 10, 10]}]}"#,
            ":1: items[0].rect: coordinates must lie within ±1e15, found -1e+308"
        ),
        (
            #"{"format": "pointersim-scene/1", "items": {"grid": {"rows": 3, "columns": 3, "size": [10, 10], "pitch": [1e300, 1e300]}}}"#,
            ":1: items.grid: coordinates must lie within ±1e15, found 2e+300"
        ),
        (
            #"{"format": "pointersim-scene/1", "items": {"grid": {"rows": 5000, "columns": 10000, "size": [10, 10]}}}"#,
            ":1: items.grid: at most 2,000,000 items, found 50000000"
        ),
    ])
    func exits65(scene: String, expected: String) throws {
        let s = try CLI.temp("hostile.scene.json", scene)
        let r = try CLI.run(["replay", "Traces/regions/slider-horizontal.trace", "--scene", s])
        #expect(r.status == 65)
        #expect(r.stderr.contains("hostile.scene.json" + expected), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
