/// The default rubber-band constant, `c = 0.55` (docs/Regions.md, "Rubber-banding").
@usableFromInline package let defaultRubberBandConstant: Double = 0.55

/// UIScrollView-style rubber-banding: how far content moves when pulled a
/// distance `x` past its edge.
///
/// `rubberBand(x, d, c) = (1 − 1 / (x·c/d + 1)) · d` for `x ≥ 0`, and
/// `−rubberBand(−x, d, c)` for `x < 0`. It is 0 at 0, has slope `c` at 0, is
/// strictly increasing and never reaches `d`. A non-positive `d` gives 0.
///
/// - Parameters:
///   - x: the distance pulled past the edge.
///   - d: the dimension (the asymptote).
///   - c: the constant (slope at 0).
/// - Complexity: O(1).
@inlinable
package func rubberBand(_ x: Double, _ d: Double, _ c: Double = defaultRubberBandConstant) -> Double {
    guard d > 0, x.isFinite else { return x.isNaN ? 0 : (d > 0 ? (x > 0 ? d : -d) : 0) }
    if x < 0 { return -rubberBand(-x, d, c) }
    return (1 - 1 / (x * c / d + 1)) * d
}
