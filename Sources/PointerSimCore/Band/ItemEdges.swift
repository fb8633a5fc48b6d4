/// The edges of every item, `(minX, minY, maxX, maxY)` per item, in one flat
/// array: the columnar item store of the band engine and the spatial index.
///
/// Three layouts, the smallest that is exact, chosen as the items arrive:
///
/// - **uniform** (8 bytes per item): every item has one size `(w, h)` and its
///   edges are exactly `Float`s with `maxX == minX + w` and `maxY == minY + h`
///   in `Float` arithmetic; only the min corners are stored (grids of icons,
///   rows of a list, the band workload);
/// - **single** (16 bytes per item): every edge is exactly a `Float` (whole
///   numbers up to 2²⁴, the common case);
/// - **double** (32 bytes per item): anything else.
///
/// A store moves to a wider layout the first time an item needs it (O(n),
/// once per layout); reading an edge gives back exactly the `Double` that was
/// stored. Either way an item's edges share a cache line, which is what the
/// hit test, the sorted-edge searches and the prefilters read. No per-item
/// object, no string: ids live elsewhere.
///
/// An item with a NaN edge is stored as `(+∞, +∞, +∞, +∞)`: no band hits it.
@usableFromInline package struct ItemEdges: Sendable {
    /// The storage layouts, narrowest first.
    @usableFromInline package enum Layout: Int, Sendable, Comparable {
        /// Min corners as `Float` plus one size for every item: 8 bytes per item.
        case uniform
        /// Four `Float` edges per item: 16 bytes per item.
        case single
        /// Four `Double` edges per item: 32 bytes per item.
        case double
        @usableFromInline package static func < (a: Layout, b: Layout) -> Bool { a.rawValue < b.rawValue }
    }

    /// What the spatial index needs to know of all the items before it
    /// builds anything: the extent, the mean side, which edge orders item
    /// order satisfies, whether the max edges are the min edges plus the
    /// common size exactly, and which components are whole numbers (their
    /// radix sort then sorts offsets from the lowest).
    ///
    /// Made by one pass over the items (``ItemEdges/summary()``), except in
    /// the uniform layout, where it is kept up to date as items are appended
    /// from the min corners alone: no pass at all.
    @usableFromInline package struct Summary: Sendable {
        /// Per component (minX, minY, maxX, maxY), the lowest and the highest
        /// finite value (`+∞` and `−∞` if none).
        @usableFromInline package var lowest = SIMD4<Double>(repeating: .infinity)
        @usableFromInline package var highest = SIMD4<Double>(repeating: -.infinity)
        /// The extent of the items with four finite edges (`+∞, +∞, −∞, −∞` if none).
        @usableFromInline package var bounds = SIMD4<Double>(.infinity, .infinity, -.infinity, -.infinity)
        /// The sum of the finite items' longer half sides.
        @usableFromInline package var sumHalfSide = 0.0
        /// The number of items with four finite edges.
        @usableFromInline package var finite = 0
        /// Per component: item order sorts it, runs of equal keys by the
        /// other axis's min edge.
        @usableFromInline package var inOrder = [true, true, true, true]
        /// Per component: every value is `+∞` or a whole number of magnitude
        /// at most 2³⁰.
        @usableFromInline package var integral = [true, true, true, true]
        /// Per axis: every max edge is exactly (as reals) the min edge plus
        /// the common size (the uniform layout only).
        @usableFromInline package var maxFollowsMin = [false, false]

        /// No items.
        @usableFromInline package init() {}

        /// The order-preserving bits of a `Float`.
        @inlinable @inline(__always) package static func key(_ v: Float) -> UInt32 {
            let b = v.bitPattern
            return b >> 31 == 1 ? ~b : b | (1 << 31)
        }

        /// Whether `v` is `+∞` or a whole number of magnitude at most 2³⁰.
        @inlinable @inline(__always) static func isWhole(_ v: Double) -> Bool {
            v == .infinity || (v <= 0x1p30 && v >= -0x1p30 && v == Double(Int(v)))
        }

        /// The summary of the edges, in one pass.
        /// - Complexity: O(n).
        init(_ edges: ItemEdges) {
            var p = SIMD4<Double>(repeating: -.infinity)
            var inOrder = (true, true, true, true), integral = (true, true, true, true)
            var lowest = self.lowest, highest = self.highest, bounds = self.bounds
            var sumHalfSide = 0.0, finite = 0
            edges.forEach { _, e in
                // The key does not go down, and within equal keys the other
                // axis's min edge (minY, minX, minY, minX) does not go down.
                @inline(__always) func follows(_ k: Int, _ t: Int) -> Bool { e[k] > p[k] || (e[k] == p[k] && e[t] >= p[t]) }
                inOrder = (inOrder.0 && follows(0, 1), inOrder.1 && follows(1, 0), inOrder.2 && follows(2, 1), inOrder.3 && follows(3, 0))
                p = e
                integral = (
                    integral.0 && Self.isWhole(e[0]), integral.1 && Self.isWhole(e[1]),
                    integral.2 && Self.isWhole(e[2]), integral.3 && Self.isWhole(e[3])
                )
                var allFinite = true
                for c in 0..<4 {
                    let v = e[c]
                    if v.isFinite {
                        lowest[c] = Swift.min(lowest[c], v); highest[c] = Swift.max(highest[c], v)
                    } else {
                        allFinite = false
                    }
                }
                guard allFinite else { return }
                bounds = SIMD4(Swift.min(bounds[0], e[0]), Swift.min(bounds[1], e[1]), Swift.max(bounds[2], e[2]), Swift.max(bounds[3], e[3]))
                // Halves, so that the sum of sides near 1.8e308 stays finite.
                sumHalfSide += Swift.max(e[2] * 0.5 - e[0] * 0.5, e[3] * 0.5 - e[1] * 0.5)
                finite += 1
            }
            self.inOrder = [inOrder.0, inOrder.1, inOrder.2, inOrder.3]
            self.integral = [integral.0, integral.1, integral.2, integral.3]
            self.lowest = lowest; self.highest = highest; self.bounds = bounds
            self.sumHalfSide = sumHalfSide; self.finite = finite
        }
    }

    /// The uniform layout's running summary of the min corners (a handful
    /// of `Float` operations per item, kept as items are appended).
    @usableFromInline struct UniformSummary: Sendable {
        @usableFromInline var previous = SIMD2<Float>(repeating: -.infinity)
        @usableFromInline var inOrderX = true, inOrderY = true
        @usableFromInline var low = SIMD2<Float>(repeating: .infinity), high = SIMD2<Float>(repeating: -.infinity)
        /// Corners with both coordinates finite; corners with one infinite.
        @usableFromInline var finite = 0, infinite = 0
        /// Every finite corner coordinate is a whole number within ±2²⁴;
        /// every infinite one is +∞.
        @usableFromInline var whole = true

        @inlinable init() {}

        @inlinable @inline(__always) mutating func add(_ c: SIMD2<Float>) {
            let p = previous
            inOrderX = inOrderX && (c.x > p.x || (c.x == p.x && c.y >= p.y))
            inOrderY = inOrderY && (c.y > p.y || (c.y == p.y && c.x >= p.x))
            previous = c
            if c.x.isFinite && c.y.isFinite {
                low = pointwiseMin(low, c); high = pointwiseMax(high, c)
                finite &+= 1
                // Whole numbers within ±2²⁴ (where every one is a `Float`).
                whole =
                    whole && c.x >= -0x1p24 && c.x <= 0x1p24 && c.y >= -0x1p24 && c.y <= 0x1p24
                    && c.x == Float(Int32(c.x)) && c.y == Float(Int32(c.y))
            } else {
                infinite &+= 1
                whole = whole && c.x == .infinity && c.y == .infinity
            }
        }

        /// The full summary, with `size` the common size; `nil` unless every
        /// coordinate and the size are whole numbers whose sums stay within
        /// ±2²⁴ (then `min + size` is exact, the max edges sort like the min
        /// edges) and every item is finite or lies at +∞.
        func summary(size: SIMD2<Float>) -> Summary? {
            let w = Double(size.x), h = Double(size.y)
            guard whole, w >= 0, h >= 0, w <= 0x1p23, h <= 0x1p23, w == w.rounded(), h == h.rounded() else { return nil }
            if finite > 0 {
                guard Double(high.x) + w <= 0x1p24, Double(high.y) + h <= 0x1p24, Double(low.x) >= -0x1p24, Double(low.y) >= -0x1p24 else {
                    return nil
                }
            }
            // An infinite corner must be +∞ on both axes (a NaN item), so
            // that its max edges are +∞ as well and it sorts last everywhere.
            var s = Summary()
            s.inOrder = [inOrderX, inOrderY, inOrderX, inOrderY]
            s.integral = [true, true, true, true]
            s.maxFollowsMin = [true, true]
            s.finite = finite
            if finite > 0 {
                let lo = SIMD2<Double>(low), hi = SIMD2<Double>(high)
                s.lowest = SIMD4(lo.x, lo.y, lo.x + w, lo.y + h)
                s.highest = SIMD4(hi.x, hi.y, hi.x + w, hi.y + h)
                s.bounds = SIMD4(lo.x, lo.y, hi.x + w, hi.y + h)
                s.sumHalfSide = Double(finite) * Swift.max(w, h) * 0.5
            }
            return s
        }
    }

    /// The uniform layout's running summary; `nil` in the other layouts or
    /// after an item was replaced.
    @usableFromInline var uniformSummary: UniformSummary? = UniformSummary()

    /// The summary of the items: from the running summary in the uniform
    /// layout, else one pass.
    /// - Complexity: O(1) in the uniform layout of whole numbers, else O(n).
    @usableFromInline package func summary() -> Summary {
        if layout == .uniform, let u = uniformSummary, let s = u.summary(size: size ?? .zero) { return s }
        return Summary(self)
    }

    @usableFromInline var corners: [SIMD2<Float>] = []
    @usableFromInline var single: [SIMD4<Float>] = []
    @usableFromInline var double: [SIMD4<Double>] = []
    /// The common size in the uniform layout (`nil` until the first item).
    @usableFromInline var size: SIMD2<Float>? = nil
    /// The layout in use.
    @usableFromInline package private(set) var layout: Layout = .uniform

    /// Whether the edges are stored as `Float` (all exact): the uniform or the single layout.
    @usableFromInline package var isSingle: Bool { layout != .double }

    /// The number of items.
    @usableFromInline package var count: Int {
        switch layout {
        case .uniform: return corners.count
        case .single: return single.count
        case .double: return double.count
        }
    }

    /// No items.
    @usableFromInline package init() {}

    /// The edges of `rects`.
    /// - Complexity: O(n).
    @usableFromInline package init(_ rects: [Rect]) {
        self.init(count: rects.count) { rects[$0] }
    }

    /// The edges of `count` items made by `rect`, without an intermediate
    /// array of rects (a million items of one size cost 8 MB, not 48).
    /// - Complexity: O(n) calls of `rect`.
    @inlinable package init(count: Int, _ rect: (Int) -> Rect) {
        // (No items: nothing to allocate. `unsafeUninitializedCapacity: 0`
        // would write into the shared empty-array storage, a data race.)
        guard count > 0 else { return }
        // The uniform layout straight into its array while the items allow
        // it; then, from the first item that does not fit, one at a time.
        var done = 0
        var common: SIMD2<Float>? = nil
        var summary = UniformSummary()
        var pending: SIMD4<Double>? = nil
        corners = [SIMD2<Float>](unsafeUninitializedCapacity: count) { buffer, initialized in
            var sm = summary, i = 0, size = common
            while i < count {
                let e = Self.edges(rect(i))
                guard let f = Self.exactSingle(e) else { pending = e; break }
                if size == nil { size = Self.uniformSize(f) }
                guard let s = size, let c = Self.corner(f, size: s) else { pending = e; break }
                buffer[i] = c
                sm.add(c)
                i += 1
            }
            summary = sm; done = i; common = size
            initialized = i
        }
        size = common
        uniformSummary = summary
        if let pending { append(pending, reserving: count) }
        for i in Swift.min(done + 1, count)..<count { append(Self.edges(rect(i)), reserving: count) }
    }

    /// Calls `body` with each item's index and edges, in item order (one loop
    /// per layout, nothing decided per item).
    /// - Complexity: O(n).
    @inlinable @inline(__always)
    package func forEach(_ body: (Int, SIMD4<Double>) throws -> Void) rethrows {
        switch layout {
        case .uniform:
            let s = size ?? .zero
            try corners.withUnsafeBufferPointer { b in
                for i in 0..<b.count {
                    let c = b[i], x = c + s
                    try body(i, SIMD4(Double(c.x), Double(c.y), Double(x.x), Double(x.y)))
                }
            }
        case .single:
            try single.withUnsafeBufferPointer { b in
                for i in 0..<b.count {
                    let f = b[i]
                    try body(i, SIMD4(Double(f.x), Double(f.y), Double(f.z), Double(f.w)))
                }
            }
        case .double:
            try double.withUnsafeBufferPointer { b in
                for i in 0..<b.count { try body(i, b[i]) }
            }
        }
    }

    /// `(minX, minY, maxX, maxY)` of a rect; `+∞` four times if any is NaN.
    @inlinable package static func edges(_ r: Rect) -> SIMD4<Double> {
        let e = SIMD4(r.minX, r.minY, r.maxX, r.maxY)
        if e[0].isNaN || e[1].isNaN || e[2].isNaN || e[3].isNaN { return SIMD4(repeating: .infinity) }
        return e
    }

    @inlinable static func exactSingle(_ e: SIMD4<Double>) -> SIMD4<Float>? {
        let f = SIMD4<Float>(e)
        return SIMD4<Double>(f) == e ? f : nil
    }

    /// The min corner of `f` if it fits the uniform layout with `size`.
    @inlinable static func corner(_ f: SIMD4<Float>, size: SIMD2<Float>) -> SIMD2<Float>? {
        let c = SIMD2(f[0], f[1])
        return sameBits(c + size, SIMD2(f[2], f[3])) ? c : nil
    }

    /// Bit-for-bit equality (so that −0 stays −0 when rebuilt from a corner).
    @inlinable @inline(__always) static func sameBits(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
    }

    /// The size an item's edges would give the uniform layout: `max − min`,
    /// if adding it back gives the max edges exactly.
    @inlinable static func uniformSize(_ f: SIMD4<Float>) -> SIMD2<Float>? {
        let s = SIMD2(f[2], f[3]) - SIMD2(f[0], f[1])
        return sameBits(SIMD2(f[0], f[1]) + s, SIMD2(f[2], f[3])) ? s : nil
    }

    /// Moves the storage to `target` (wider than the current layout).
    /// - Complexity: O(n).
    @usableFromInline mutating func widen(to target: Layout, reserving: Int = 0) {
        precondition(target > layout)
        if target == .single {
            let s = size ?? .zero
            single.reserveCapacity(Swift.max(reserving, corners.count))
            for c in corners { single.append(SIMD4(lowHalf: c, highHalf: c + s)) }
        } else {
            double.reserveCapacity(Swift.max(reserving, count))
            if layout == .uniform {
                let s = size ?? .zero
                for c in corners { double.append(SIMD4<Double>(SIMD4(lowHalf: c, highHalf: c + s))) }
            } else {
                for f in single { double.append(SIMD4<Double>(f)) }
            }
            single = []
        }
        corners = []
        uniformSummary = nil
        layout = target
    }

    /// The edges of item `i`.
    @inlinable package subscript(i: Int) -> SIMD4<Double> {
        switch layout {
        case .uniform:
            let c = corners[i], s = size.unsafelyUnwrapped
            return SIMD4<Double>(SIMD4(lowHalf: c, highHalf: c + s))
        case .single: return SIMD4<Double>(single[i])
        case .double: return double[i]
        }
    }

    /// Replaces the edges of item `i`.
    /// - Complexity: O(1), or O(n) the first time a wider layout is needed.
    @usableFromInline package mutating func set(_ i: Int, _ e: SIMD4<Double>) {
        precondition(i >= 0 && i < count, "ItemEdges: index out of range")
        uniformSummary = nil
        let f = Self.exactSingle(e)
        if layout == .uniform, let f, let s = size, let c = Self.corner(f, size: s) { corners[i] = c; return }
        if layout == .uniform { widen(to: f == nil ? .double : .single) }
        if layout == .single, let f { single[i] = f; return }
        if layout == .single { widen(to: .double) }
        double[i] = e
    }

    /// Appends an item's edges.
    /// - Complexity: amortised O(1), or O(n) the first time a wider layout is needed.
    @usableFromInline package mutating func append(_ e: SIMD4<Double>) { append(e, reserving: 0) }

    @inlinable mutating func append(_ e: SIMD4<Double>, reserving: Int) {
        let f = Self.exactSingle(e)
        if layout == .uniform, let f {
            if let s = size, let c = Self.corner(f, size: s) { corners.append(c); uniformSummary?.add(c); return }
            if corners.isEmpty, let s = Self.uniformSize(f) {
                size = s
                let c = SIMD2(f[0], f[1])
                corners.append(c); uniformSummary?.add(c)
                return
            }
        }
        if layout == .uniform { widen(to: f == nil ? .double : .single, reserving: reserving) }
        if layout == .single, let f { single.append(f); return }
        if layout == .single { widen(to: .double, reserving: reserving) }
        double.append(e)
    }

    /// Item `i` as a rect with these edges (normalised).
    @usableFromInline package func rect(_ i: Int) -> Rect {
        let e = self[i]
        return Rect(x: e[0], y: e[1], width: e[2] - e[0], height: e[3] - e[1])
    }

    /// Calls `body` with a reader of the edges (no bounds checks, no copies).
    @inlinable package func withReader<R>(_ body: (EdgeReader) throws -> R) rethrows -> R {
        switch layout {
        case .uniform:
            return try corners.withUnsafeBufferPointer {
                try body(EdgeReader(corners: $0.baseAddress, size: size ?? .zero, single: nil, double: nil))
            }
        case .single:
            return try single.withUnsafeBufferPointer {
                try body(EdgeReader(corners: nil, size: .zero, single: $0.baseAddress, double: nil))
            }
        case .double:
            return try double.withUnsafeBufferPointer {
                try body(EdgeReader(corners: nil, size: .zero, single: nil, double: $0.baseAddress))
            }
        }
    }

    /// Bytes of edge storage (for benchmarks).
    @usableFromInline package var byteCount: Int {
        switch layout {
        case .uniform: return corners.count * 8
        case .single: return single.count * 16
        case .double: return double.count * 32
        }
    }

    /// Checks the layout's invariants (tests): one array in use, the uniform
    /// layout's size known when it has items.
    @usableFromInline package func _checkInvariants() {
        switch layout {
        case .uniform: precondition(single.isEmpty && double.isEmpty && (corners.isEmpty || size != nil))
        case .single: precondition(corners.isEmpty && double.isEmpty)
        case .double: precondition(corners.isEmpty && single.isEmpty)
        }
    }
}

/// Unchecked access to ``ItemEdges`` inside ``ItemEdges/withReader(_:)``.
@usableFromInline package struct EdgeReader {
    @usableFromInline let corners: UnsafePointer<SIMD2<Float>>?
    @usableFromInline let size: SIMD2<Float>
    @usableFromInline let single: UnsafePointer<SIMD4<Float>>?
    @usableFromInline let double: UnsafePointer<SIMD4<Double>>?
    @inlinable init(
        corners: UnsafePointer<SIMD2<Float>>?,
        size: SIMD2<Float>,
        single: UnsafePointer<SIMD4<Float>>?,
        double: UnsafePointer<SIMD4<Double>>?
    ) {
        self.corners = corners; self.size = size; self.single = single; self.double = double
    }
    /// The edges of item `i` (no bounds check).
    @inlinable @inline(__always) package subscript(i: Int) -> SIMD4<Double> {
        if let c = corners {
            let m = c[i], x = m + size
            return SIMD4(Double(m.x), Double(m.y), Double(x.x), Double(x.y))
        }
        if let s = single {
            let f = s[i]
            return SIMD4(Double(f.x), Double(f.y), Double(f.z), Double(f.w))
        }
        return double.unsafelyUnwrapped[i]
    }
    /// One edge of item `i` (0 minX, 1 minY, 2 maxX, 3 maxY).
    @inlinable @inline(__always) package func edge(_ i: Int, _ e: Int) -> Double {
        if let c = corners { return Double(e < 2 ? c[i][e] : c[i][e - 2] + size[e - 2]) }
        if let s = single { return Double(s[i][e]) }
        return double.unsafelyUnwrapped[i][e]
    }
    /// The `Float` bits of one edge of item `i` (only for `Float` layouts).
    @inlinable @inline(__always) func floatEdge(_ i: Int, _ e: Int) -> Float {
        if let c = corners { return e < 2 ? c[i][e] : c[i][e - 2] + size[e - 2] }
        return single.unsafelyUnwrapped[i][e]
    }
}
