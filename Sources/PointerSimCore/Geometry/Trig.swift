// Sine and cosine without Foundation or Glibc: the core stays free of both.
// Argument reduction to [-π/4, π/4] plus minimax polynomials (fdlibm's
// __kernel_sin/__kernel_cos coefficients), accurate to about 1 ulp for the
// angles a pointer simulation uses; deterministic on every platform.

@usableFromInline let _twoOverPi = 0.63661977236758134308
@usableFromInline let _piOver2Hi = 1.57079632673412561417e+00
@usableFromInline let _piOver2Lo = 6.07710050650619224932e-11

@usableFromInline func _kernelSin(_ x: Double) -> Double {
    let z = x * x
    let s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03
    let s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06
    let s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10
    return x + x * z * (s1 + z * (s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))))
}

@usableFromInline func _kernelCos(_ x: Double) -> Double {
    let z = x * x
    let c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03
    let c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07
    let c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11
    let r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
    return 1 - 0.5 * z + z * r
}

@usableFromInline func _reduce(_ x: Double) -> (quadrant: Int, r: Double) {
    let n = (x * _twoOverPi).rounded(.toNearestOrEven)
    let r = (x - n * _piOver2Hi) - n * _piOver2Lo
    let q = Int(n.truncatingRemainder(dividingBy: 4))
    return ((q % 4 + 4) % 4, r)
}

/// Sine of `x` radians (pure Swift).
@inlinable package func _sin(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = _reduce(x)
    switch q {
    case 0: return _kernelSin(r)
    case 1: return _kernelCos(r)
    case 2: return -_kernelSin(r)
    default: return -_kernelCos(r)
    }
}

/// Cosine of `x` radians (pure Swift).
@inlinable package func _cos(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (q, r) = _reduce(x)
    switch q {
    case 0: return _kernelCos(r)
    case 1: return -_kernelSin(r)
    case 2: return -_kernelCos(r)
    default: return _kernelSin(r)
    }
}
