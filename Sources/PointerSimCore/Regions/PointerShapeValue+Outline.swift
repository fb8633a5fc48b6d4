// The distance r(θ) from a shape's centre to its outline and a shape's extent
// e(θ) along a direction (docs/Regions.md, "Accessories"), for every shape kind.
// Angles are clockwise from the top: direction (sin θ, −cos θ).

extension PointerShapeValue {
    /// The distance from the shape's centre to its outline along the angle θ
    /// (radians clockwise from the top). Beams are capsules `beamWidth` wide;
    /// a path is measured from its centre point (the presented pointer, given
    /// as `center`) to the farthest edge the ray crosses (0 if none); hidden is 0.
    /// - Complexity: O(1), O(k) for a path of k points.
    @usableFromInline package func outlineDistance(angle: Double, center: Point, beamWidth: Double) -> Double {
        let u = Vector.direction(clockwiseFromTop: angle)
        switch self {
        case .circle(let d): return abs(d) / 2
        case .roundedRect(let r, let radius): return roundedRectDistance(u, r.width / 2, r.height / 2, radius)
        case .verticalBeam(let l): return roundedRectDistance(u, beamWidth / 2, l / 2, beamWidth / 2)
        case .horizontalBeam(let l): return roundedRectDistance(u, l / 2, beamWidth / 2, beamWidth / 2)
        case .path(let pts): return polygonDistance(u, pts.map { $0 - center })
        case .hidden: return 0
        }
    }
}

/// The distance from the centre of a rounded rectangle (half sizes a, b,
/// corner radius r clamped to min(a, b)) to its outline along the unit vector u.
@inlinable package func roundedRectDistance(_ u: Vector, _ a: Double, _ b: Double, _ radius: Double) -> Double {
    let a = abs(a), b = abs(b)
    let r = Swift.max(0, Swift.min(radius, Swift.min(a, b)))
    let ux = abs(u.dx), uy = abs(u.dy)
    var t = Double.infinity
    if ux > 0 { t = Swift.min(t, a / ux) }
    if uy > 0 { t = Swift.min(t, b / uy) }
    if !t.isFinite { return 0 }
    guard r > 0, t * ux > a - r, t * uy > b - r else { return t }
    // On a corner arc centred at (a − r, b − r): |t·u − k| = r, the far root.
    let kx = a - r, ky = b - r
    let dot = ux * kx + uy * ky
    let disc = dot * dot - (kx * kx + ky * ky) + r * r
    return dot + Swift.max(0, disc).squareRoot()
}

/// The farthest distance along the unit vector u from the origin to an edge of
/// the closed polygon `pts` (relative to the origin), 0 if the ray meets none.
@inlinable package func polygonDistance(_ u: Vector, _ pts: [Vector]) -> Double {
    guard pts.count >= 2 else { return 0 }
    var best = 0.0
    for i in pts.indices {
        let p = pts[i], q = pts[(i + 1) % pts.count]
        let e = q - p
        let denom = u.dx * e.dy - u.dy * e.dx
        if denom == 0 { continue }
        // Solve t·u = p + s·e.
        let t = (p.dx * e.dy - p.dy * e.dx) / denom
        let s = (p.dx * u.dy - p.dy * u.dx) / denom
        if t >= 0, s >= 0, s <= 1 { best = Swift.max(best, t) }
    }
    return best
}

extension PointerAccessory {
    /// The accessory's extent e(θ) along its position's direction (**our
    /// choice for e**): the width of its projection onto that direction. A
    /// rotated accessory (arrows) points along θ, so its extent is its own
    /// height; an unrotated one is projected as drawn.
    @usableFromInline package func extent(configuration c: PointerRegionConfiguration) -> Double {
        let theta = position.angle
        let shape: PointerShape
        switch self.shape {
        case .arrow: shape = .roundedRect(width: c.arrowSize, height: c.arrowSize, radius: 0)
        case .custom(let s): shape = s
        }
        // Rotated by θ, the direction θ is the shape's own "up" (angle 0).
        return shape.extent(angle: orientationMatchesAngle ? 0 : theta, configuration: c)
    }
}

extension PointerShape {
    /// The width of the shape's projection onto the direction θ (clockwise from the top).
    @usableFromInline package func extent(angle: Double, configuration c: PointerRegionConfiguration) -> Double {
        let u = Vector.direction(clockwiseFromTop: angle)
        let ux = abs(u.dx), uy = abs(u.dy)
        func rr(_ w: Double, _ h: Double, _ r: Double) -> Double {
            let a = abs(w) / 2, b = abs(h) / 2, r = Swift.max(0, Swift.min(r, Swift.min(a, b)))
            return 2 * (ux * (a - r) + uy * (b - r) + r)
        }
        switch self {
        case .circle(let d): return abs(d)
        case .roundedRect(let w, let h, let r): return rr(w, h, r ?? 0)
        case .verticalBeam(let l): return rr(c.beamWidth, c.clampedBeamLength(l), c.beamWidth / 2)
        case .horizontalBeam(let l): return rr(c.clampedBeamLength(l), c.beamWidth, c.beamWidth / 2)
        case .path(let pts):
            guard !pts.isEmpty else { return 0 }
            var lo = Double.infinity, hi = -Double.infinity
            for p in pts { let d = p.x * u.dx + p.y * u.dy; lo = Swift.min(lo, d); hi = Swift.max(hi, d) }
            return hi - lo
        }
    }
}
