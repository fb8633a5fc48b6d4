import Testing

@testable import PointerSimInput

/// The trackers' direction octants (libinput's `xy_get_direction`) come from
/// a fast atan2 with an exact fallback near the octant boundaries: they must
/// equal what the exact atan2 gives, everywhere.
@Suite struct DirectionTests {
    static func exact(_ x: Double, _ y: Double) -> UInt32 {
        var r = _atan2(y, x)
        r = (r + 2.5 * Double.pi).truncatingRemainder(dividingBy: 2 * Double.pi) * (4 / Double.pi)
        return (1 << UInt32(Int(r + 0.9) % 8)) | (1 << UInt32(Int(r + 0.1) % 8))
    }

    @Test func fastOctantsEqualTheExactOnes() {
        var rng = SystemRandomNumberGenerator()
        var checked = 0
        // Integer deltas of mice and pointing sticks.
        for x in -60...60 {
            for y in -60...60 where abs(x) >= 2 || abs(y) >= 2 {
                #expect(PointerTrackers.direction(Double(x), Double(y)) == Self.exact(Double(x), Double(y)), "\(x) \(y)")
                checked += 1
            }
        }
        // Real-valued deltas (touchpads, normalised units), on every scale.
        for _ in 0..<200_000 {
            let scale = [1.0, 10, 1000, 1e6].randomElement(using: &rng)!
            let x = Double.random(in: -scale...scale, using: &rng), y = Double.random(in: -scale...scale, using: &rng)
            guard abs(x) >= 2 || abs(y) >= 2 else { continue }
            if PointerTrackers.direction(x, y) != Self.exact(x, y) { Issue.record("\(x) \(y)") }
            checked += 1
        }
        #expect(checked > 100_000)
    }
}
