/// A pointer region (docs/Regions.md): an area of the view with its own
/// pointer style, like a `UIPointerRegion`.
///
/// Identity is the identifier, the rect, the latching axes and the generation:
/// two regions are the same region only when all four are equal, so a region
/// whose rect moved, or which was invalidated (generation bumped), is exited
/// and entered again.
public struct PointerRegion: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, as written in logs.
    public var id: String
    /// The rect, in content coordinates.
    public var rect: Rect
    /// The axes along which the region latches while the primary button is
    /// held (`none`: it does not latch).
    public var latchingAxes: Axes
    /// Bumped by ``PointerRegionProvider/invalidate(regionID:)``.
    public var generation: Int
    /// Whether a primary press on the region goes to it (no band begins, no
    /// item is clicked); nil: the default rule (a latching region, or one
    /// whose resolved effect is `highlight` or `lift`, claims it). Not part of
    /// the region's identity.
    public var claimsPress: Bool?

    /// Creates a region.
    public init(id: String, rect: Rect, latchingAxes: Axes = .none, generation: Int = 0, claimsPress: Bool? = nil) {
        self.id = id; self.rect = rect; self.latchingAxes = latchingAxes; self.generation = generation
        self.claimsPress = claimsPress
    }

    /// Identity: id, rect, latching axes and generation.
    public static func == (a: PointerRegion, b: PointerRegion) -> Bool {
        a.id == b.id && a.rect == b.rect && a.latchingAxes == b.latchingAxes && a.generation == b.generation
    }
    /// Hashes the identity.
    public func hash(into h: inout Hasher) { h.combine(id); h.combine(rect); h.combine(latchingAxes); h.combine(generation) }

    /// Whether the region latches at all.
    @inlinable package var latches: Bool { !latchingAxes.isEmpty }

    /// `id#generation`.
    public var description: String { "\(id)#\(generation)" }
}

/// What a provider is asked on every pointer update: where the pointer is
/// and which modifiers are held.
public struct PointerRegionRequest: Sendable, Hashable {
    /// The model pointer, in content coordinates.
    public var location: Point
    /// The modifier flags held.
    public var modifiers: ModifierFlags
    /// Creates a request.
    @inlinable public init(location: Point, modifiers: ModifierFlags) { self.location = location; self.modifiers = modifiers }
}

/// Supplies regions and their styles, like a `UIPointerInteractionDelegate`.
///
/// The simulation asks ``region(for:)`` on every pointer update (motion,
/// button change, modifier change, scroll, invalidation) and ``style(for:modifiers:)``
/// when a region is entered or the modifiers change over it. A region whose
/// rect does not contain the request's location is treated as none.
///
/// Implement it to plug in your own hit-testing; ``SceneRegionProvider`` is
/// the one that scene files use.
public protocol PointerRegionProvider: Sendable {
    /// The region at the request's location, or nil for none.
    /// Called on every update, so keep it cheap (sub-linear in the number of regions).
    func region(for request: PointerRegionRequest) -> PointerRegion?
    /// The style for a region under the given modifiers; nil means the system pointer.
    func style(for region: PointerRegion, modifiers: ModifierFlags) -> PointerStyle?
    /// Bumps the generation of the region with this id (no effect if there is none).
    mutating func invalidate(regionID: String)
}
