/// A style used instead of a region's default while certain modifiers are held.
public struct ModifierStyle: Sendable, Hashable {
    /// The modifiers that must all be held (others may be held too).
    public var modifiers: ModifierFlags
    /// The style.
    public var style: PointerStyle
    /// Creates an entry.
    public init(modifiers: ModifierFlags, style: PointerStyle) { self.modifiers = modifiers; self.style = style }
}

/// A region as a scene declares it.
///
/// A plain region (an id and a rect, the rest at its defaults) is 56 bytes:
/// the latching axes, the styles and the press claim live in one shared,
/// immutable box that only regions which set them have, so a scene of a
/// million plain regions costs its ids and rects, not 120 bytes each.
public struct SceneRegion: Sendable, Hashable {
    /// The identifier.
    public var id: String
    /// The rect, in content coordinates.
    public var rect: Rect
    /// Everything else, when anything is not at its default.
    var details: Details?

    /// The latching axes, styles and press claim of a region that sets any.
    final class Details: Sendable, Hashable {
        let latchingAxes: Axes
        let style: PointerStyle?
        let modifierStyles: [ModifierStyle]
        let claimsPress: Bool?
        init(_ latchingAxes: Axes, _ style: PointerStyle?, _ modifierStyles: [ModifierStyle], _ claimsPress: Bool?) {
            self.latchingAxes = latchingAxes; self.style = style; self.modifierStyles = modifierStyles; self.claimsPress = claimsPress
        }
        /// The box, or nil when every value is the default.
        static func make(_ latchingAxes: Axes, _ style: PointerStyle?, _ modifierStyles: [ModifierStyle], _ claimsPress: Bool?) -> Details? {
            latchingAxes.isEmpty && style == nil && modifierStyles.isEmpty && claimsPress == nil
                ? nil : Details(latchingAxes, style, modifierStyles, claimsPress)
        }
        static func == (a: Details, b: Details) -> Bool {
            a.latchingAxes == b.latchingAxes && a.style == b.style && a.modifierStyles == b.modifierStyles && a.claimsPress == b.claimsPress
        }
        func hash(into h: inout Hasher) {
            h.combine(latchingAxes); h.combine(style); h.combine(modifierStyles); h.combine(claimsPress)
        }
    }

    /// The latching axes.
    public var latchingAxes: Axes {
        get { details?.latchingAxes ?? .none }
        set { details = .make(newValue, style, modifierStyles, claimsPress) }
    }
    /// The default style (nil: the `automatic` effect).
    public var style: PointerStyle? {
        get { details?.style }
        set { details = .make(latchingAxes, newValue, modifierStyles, claimsPress) }
    }
    /// Modifier-dependent styles: the first whose modifiers are all held wins over ``style``.
    public var modifierStyles: [ModifierStyle] {
        get { details?.modifierStyles ?? [] }
        set { details = .make(latchingAxes, style, newValue, claimsPress) }
    }
    /// Whether the region claims a primary press (nil: the default rule; see
    /// ``PointerRegion/claimsPress``).
    public var claimsPress: Bool? {
        get { details?.claimsPress }
        set { details = .make(latchingAxes, style, modifierStyles, newValue) }
    }

    /// Creates a region.
    public init(
        id: String,
        rect: Rect,
        latchingAxes: Axes = .none,
        style: PointerStyle? = nil,
        modifierStyles: [ModifierStyle] = [],
        claimsPress: Bool? = nil
    ) {
        self.id = id; self.rect = rect
        details = .make(latchingAxes, style, modifierStyles, claimsPress)
    }

    /// The style under the given modifiers.
    public func style(for modifiers: ModifierFlags) -> PointerStyle {
        for m in modifierStyles where modifiers.isSuperset(of: m.modifiers) { return m.style }
        return style ?? PointerStyle()
    }
}

/// The scene-file provider: the topmost region (the last in the list) whose
/// rect contains the pointer.
///
/// Backed by a `SpatialIndex` over the rects, so a query visits only the
/// regions registered in the pointer's grid cell (plus the few oversized
/// ones): about O(1) for regions of similar size, not a scan of all of them.
public struct SceneRegionProvider: PointerRegionProvider {
    /// The regions, in scene order (later ones are on top).
    public let regions: [SceneRegion]
    let index: SpatialIndex
    /// The generations of the regions ever invalidated (most never are:
    /// nothing is kept for them).
    var generations: [Int: Int] = [:]
    /// Whether queries use the index (true) or scan every region (false, for comparison).
    @usableFromInline package var usesIndex: Bool

    /// Creates a provider.
    /// - Complexity: O(n) (the index: a grid, no sorted orders).
    public init(regions: [SceneRegion], usesIndex: Bool = true) {
        self.regions = regions
        // Point lookups only: the grid, without the edge orders a band needs.
        index = SpatialIndex(edges: ItemEdges(count: regions.count) { regions[$0].rect }, edgeOrders: false)
        self.usesIndex = usesIndex
    }

    /// The topmost region whose rect contains the location (half-open rects).
    /// - Complexity: O(regions in the location's grid cell + oversized regions) with the index, O(n) without.
    public func region(for request: PointerRegionRequest) -> PointerRegion? {
        let p = request.location
        var best = -1
        if usesIndex {
            index.forEachCandidate(in: Rect(x: p.x, y: p.y, width: 0, height: 0)) { i in
                if i > best && regions[i].rect.contains(p) { best = i }
            }
        } else {
            var i = regions.count - 1
            while i >= 0 { if regions[i].rect.contains(p) { best = i; break }; i -= 1 }
        }
        guard best >= 0 else { return nil }
        let r = regions[best]
        return PointerRegion(
            id: r.id,
            rect: r.rect,
            latchingAxes: r.latchingAxes,
            generation: generations[best, default: 0],
            claimsPress: r.claimsPress
        )
    }

    /// The region's style under the modifiers (its modifier styles first, then its default).
    ///
    /// The region is the one ``region(for:)`` returned: the topmost with its
    /// id and rect, found through the index at the rect's centre; a region
    /// this provider did not return is looked up by id (the topmost wins).
    /// - Complexity: O(regions in the grid cell of the region's centre), or
    ///   O(n) for a region this provider did not return (no dictionary of ids).
    public func style(for region: PointerRegion, modifiers: ModifierFlags) -> PointerStyle? {
        var best = -1
        index.forEachCandidate(in: Rect(x: region.rect.midX, y: region.rect.midY, width: 0, height: 0)) { i in
            if i > best && regions[i].id == region.id && regions[i].rect == region.rect { best = i }
        }
        if best < 0 {
            guard let i = regions.lastIndex(where: { $0.id == region.id }) else { return nil }
            best = i
        }
        return regions[best].style(for: modifiers)
    }

    /// Bumps the generation of every region with this id.
    public mutating func invalidate(regionID: String) {
        for (i, r) in regions.enumerated() where r.id == regionID { generations[i, default: 0] += 1 }
    }
}
