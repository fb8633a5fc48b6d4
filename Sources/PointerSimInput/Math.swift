// Small elementary functions for the pure module (no Foundation, no libm).

/// Natural logarithm of a positive finite number (relative error ~1e-15).
@usableFromInline func _log(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "_log of \(x)")
    // x = m * 2^e with m in [1, 2); fold m into [sqrt(1/2), sqrt(2)).
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.4142135623730951 { m /= 2; e += 1 }
    // ln(m) = 2 atanh(z), z = (m-1)/(m+1), |z| < 0.172.
    let z = (m - 1) / (m + 1), z2 = z * z
    var term = z, sum = 0.0, k = 1.0
    while true {
        let add = term / k
        if abs(add) < 1e-18 { break }
        sum += add; term *= z2; k += 2
    }
    return 2 * sum + e * 0.6931471805599453
}

/// e^x for moderate x (relative error ~1e-15).
@usableFromInline func _exp(_ x: Double) -> Double {
    if x == 0 { return 1 }
    let ln2 = 0.6931471805599453
    let n = (x / ln2).rounded()
    let r = x - n * ln2  // |r| <= ln2/2
    var term = 1.0, sum = 1.0, k = 1.0
    while abs(term) > 1e-18 { term *= r / k; sum += term; k += 1 }
    return sum * Double(sign: .plus, exponent: Int(n), significand: 1)
}

/// x^y for x >= 0.
@usableFromInline func _pow(_ x: Double, _ y: Double) -> Double {
    if x == 0 { return y == 0 ? 1 : 0 }
    return _exp(y * _log(x))
}

/// The Euclidean length of (x, y).
@usableFromInline func _hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
