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
public struct SceneRegion: Sendable, Hashable {
    /// The identifier.
    public var id: String
    /// The rect, in content coordinates.
    public var rect: Rect
    /// The latching axes.
    public var latchingAxes: Axes
    /// The default style (nil: the `automatic` effect).
    public var style: PointerStyle?
    /// Modifier-dependent styles: the first whose modifiers are all held wins over ``style``.
    public var modifierStyles: [ModifierStyle]
    /// Whether the region claims a primary press (nil: the default rule; see
    /// ``PointerRegion/claimsPress``).
    public var claimsPress: Bool?

    /// Creates a region.
    public init(id: String, rect: Rect, latchingAxes: Axes = .none, style: PointerStyle? = nil, modifierStyles: [ModifierStyle] = [], claimsPress: Bool? = nil) {
        self.id = id; self.rect = rect; self.latchingAxes = latchingAxes; self.style = style; self.modifierStyles = modifierStyles
        self.claimsPress = claimsPress
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
/// Backed by a ``SpatialIndex`` over the rects, so a query visits only the
/// regions registered in the pointer's grid cell (plus the few oversized
/// ones): about O(1) for regions of similar size, not a scan of all of them.
public struct SceneRegionProvider: PointerRegionProvider {
    /// The regions, in scene order (later ones are on top).
    public let regions: [SceneRegion]
    let index: SpatialIndex
    var generations: [Int]
    /// Whether queries use the index (true) or scan every region (false, for comparison).
    public var usesIndex: Bool

    /// Creates a provider.
    /// - Complexity: O(n log n) (the index).
    public init(regions: [SceneRegion], usesIndex: Bool = true) {
        self.regions = regions
        index = SpatialIndex(edges: ItemEdges(count: regions.count) { regions[$0].rect })
        generations = [Int](repeating: 0, count: regions.count)
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
        return PointerRegion(id: r.id, rect: r.rect, latchingAxes: r.latchingAxes, generation: generations[best], claimsPress: r.claimsPress)
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
        for (i, r) in regions.enumerated() where r.id == regionID { generations[i] += 1 }
    }
}
