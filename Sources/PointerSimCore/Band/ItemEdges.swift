/// The edges of every item, `(minX, minY, maxX, maxY)` per item, in one flat
/// array: the columnar item store of the band engine and the spatial index.
///
/// The edges are kept as `Float` when every one of them is exactly a `Float`
/// (whole numbers up to 2²⁴, the common case: 16 bytes per item), else as
/// `Double` (32 bytes per item); either way the four edges of an item share a
/// cache line, which is what the hit test, the sorted-edge searches and the
/// prefilters read. No per-item object, no string: ids live elsewhere.
///
/// An item with a NaN edge is stored as `(+∞, +∞, +∞, +∞)`: no band hits it.
public struct ItemEdges: Sendable {
    @usableFromInline var single: [SIMD4<Float>] = []
    @usableFromInline var double: [SIMD4<Double>] = []
    /// Whether the edges are stored as `Float` (all exact).
    public private(set) var isSingle = true

    /// The number of items.
    public var count: Int { isSingle ? single.count : double.count }

    /// No items.
    public init() {}

    /// The edges of `rects`.
    /// - Complexity: O(n).
    public init(_ rects: [Rect]) {
        self.init(count: rects.count) { rects[$0] }
    }

    /// The edges of `count` items made by `rect`, without an intermediate
    /// array of rects (a million items cost 16 MB, not 48).
    /// - Complexity: O(n) calls of `rect`.
    public init(count: Int, _ rect: (Int) -> Rect) {
        single.reserveCapacity(count)
        for i in 0..<count {
            let e = Self.edges(rect(i))
            if isSingle, let f = Self.exactSingle(e) { single.append(f); continue }
            if isSingle { widen(reserving: count) }
            double.append(e)
        }
    }

    /// `(minX, minY, maxX, maxY)` of a rect; `+∞` four times if any is NaN.
    @inlinable public static func edges(_ r: Rect) -> SIMD4<Double> {
        let e = SIMD4(r.minX, r.minY, r.maxX, r.maxY)
        if e[0].isNaN || e[1].isNaN || e[2].isNaN || e[3].isNaN { return SIMD4(repeating: .infinity) }
        return e
    }

    @usableFromInline static func exactSingle(_ e: SIMD4<Double>) -> SIMD4<Float>? {
        let f = SIMD4<Float>(e)
        return SIMD4<Double>(f) == e ? f : nil
    }

    /// Moves the storage to `Double`.
    mutating func widen(reserving: Int = 0) {
        double.reserveCapacity(Swift.max(reserving, single.count))
        for f in single { double.append(SIMD4<Double>(f)) }
        single = []
        isSingle = false
    }

    /// The edges of item `i`.
    @inlinable public subscript(i: Int) -> SIMD4<Double> {
        isSingle ? SIMD4<Double>(single[i]) : double[i]
    }

    /// Replaces the edges of item `i`.
    /// - Complexity: O(1), or O(n) the first time an inexact value arrives.
    public mutating func set(_ i: Int, _ e: SIMD4<Double>) {
        if isSingle, let f = Self.exactSingle(e) { single[i] = f; return }
        if isSingle { widen() }
        double[i] = e
    }

    /// Appends an item's edges.
    /// - Complexity: amortised O(1), or O(n) the first time an inexact value arrives.
    public mutating func append(_ e: SIMD4<Double>) {
        if isSingle, let f = Self.exactSingle(e) { single.append(f); return }
        if isSingle { widen() }
        double.append(e)
    }

    /// Item `i` as a rect with these edges (normalised).
    public func rect(_ i: Int) -> Rect {
        let e = self[i]
        return Rect(x: e[0], y: e[1], width: e[2] - e[0], height: e[3] - e[1])
    }

    /// Calls `body` with a reader of the edges (no bounds checks, no copies).
    @inlinable public func withReader<R>(_ body: (EdgeReader) throws -> R) rethrows -> R {
        if isSingle {
            return try single.withUnsafeBufferPointer { try body(EdgeReader(single: $0.baseAddress, double: nil)) }
        }
        return try double.withUnsafeBufferPointer { try body(EdgeReader(single: nil, double: $0.baseAddress)) }
    }

    /// Bytes of edge storage (for benchmarks).
    public var byteCount: Int { isSingle ? single.count * 16 : double.count * 32 }
}

/// Unchecked access to ``ItemEdges`` inside ``ItemEdges/withReader(_:)``.
public struct EdgeReader {
    @usableFromInline let single: UnsafePointer<SIMD4<Float>>?
    @usableFromInline let double: UnsafePointer<SIMD4<Double>>?
    @inlinable init(single: UnsafePointer<SIMD4<Float>>?, double: UnsafePointer<SIMD4<Double>>?) {
        self.single = single; self.double = double
    }
    /// The edges of item `i` (no bounds check).
    @inlinable @inline(__always) public subscript(i: Int) -> SIMD4<Double> {
        if let s = single {
            let f = s[i]
            return SIMD4(Double(f.x), Double(f.y), Double(f.z), Double(f.w))
        }
        return double.unsafelyUnwrapped[i]
    }
    /// One edge of item `i` (0 minX, 1 minY, 2 maxX, 3 maxY).
    @inlinable @inline(__always) public func edge(_ i: Int, _ e: Int) -> Double {
        if let s = single { return Double(s[i][e]) }
        return double.unsafelyUnwrapped[i][e]
    }
}
