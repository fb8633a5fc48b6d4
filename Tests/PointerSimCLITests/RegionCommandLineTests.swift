import Foundation
import Testing

/// Region scenes through the real binary: exit 65 naming the JSON path, warnings on stderr only.
@Suite struct RegionCommandLineTests {
    @Test func latchingRegionWithoutAStyleExits65() throws {
        let s = try CLI.temp("bad.scene.json", #"{"format": "pointersim-scene/1", "regions": [{"id": "k", "rect": [0, 0, 9, 9], "latchingAxes": "horizontal"}]}"#)
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
