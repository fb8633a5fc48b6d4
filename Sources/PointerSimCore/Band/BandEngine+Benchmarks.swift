// The band engine as the nested Benchmarks/ package measures it. The engine's
// types are the package's own (`package`); these wrappers are all a
// benchmark reaches, under `@_spi(Benchmarks)`.

/// A million items' edges, built once and shared by the engine benchmarks.
@_spi(Benchmarks) public struct BenchmarkEdges: Sendable {
    let edges: ItemEdges
    /// Edges of `count` items, item *i* at `rect(i)`.
    /// - Complexity: O(count).
    public init(count: Int, _ rect: (Int) -> Rect) { edges = ItemEdges(count: count, rect) }
    /// Builds the spatial index over the edges (what `SpatialIndexBuild` times)
    /// and returns its cell count, for the benchmark to keep.
    /// - Complexity: O(count).
    public func buildIndex() -> Int { SpatialIndex(edges: edges).cellCount }
}

/// A band over ``BenchmarkEdges`` in replace mode, begun at creation.
@_spi(Benchmarks) public struct BenchmarkBand: Sendable {
    var engine: SelectionEngine
    /// An engine over `edges` with a band begun (replace mode).
    public init(_ edges: BenchmarkEdges) {
        engine = SelectionEngine(edges: edges.edges)
        _ = engine.beginBand(mode: .replace)
    }
    /// Moves the band to `rect` (diff unsorted, as the band hands it out) and
    /// returns how many items it added.
    /// - Complexity: O(items whose hit state changes), amortised.
    public mutating func update(to rect: Rect) -> Int { engine.updateBand(to: rect, sorted: false).added.count }
}
