/// The pointer-region state machine (docs/Regions.md): which region is
/// current, its style, latching, and the rules while the primary button is held.
///
/// The simulator calls ``update(location:modifiers:primaryHeld:moved:)`` on
/// every motion, modifier change and scroll, ``press(location:modifiers:)``
/// and ``release(location:modifiers:)`` on primary-button changes, and
/// ``invalidate(regionID:location:modifiers:primaryHeld:)``. Each returns
/// what it did as ``RegionEvents``; the simulator writes them to the log.
///
/// Rules (with **our choices** marked):
/// - Not pressed: the provider's region becomes current (exit the old one, enter the new one).
/// - Pressed, the current region latched: it stays current wherever the pointer goes.
/// - Pressed otherwise: a new region is accepted only if the current one does not
///   latch and the new one latches or equals the most recent region; leaving the
///   current region's rect always exits it. The most recent region is the last
///   region that was current (it is not reset by a press: hover a button, leave
///   it, press outside and drag back, and it is entered again).
/// - A latching region becomes latched when the press begins on it or when it
///   is accepted while the button is held (**our choice**); `region.latched` follows
///   its `region.entered`. Release unlatches (`region.unlatched`) and re-evaluates.
/// - A modifier change over the same region asks the style again and logs
///   `region.styleChanged` (every change of the held modifiers).
public struct RegionInteraction: Sendable {
    /// The region provider.
    public private(set) var provider: any PointerRegionProvider
    /// The numbers.
    public let configuration: PointerRegionConfiguration
    /// The current region.
    public private(set) var current: PointerRegion? { didSet { hasCurrent = current != nil } }
    /// Whether there is a current region (read on every update without
    /// copying the optional region).
    private(set) var hasCurrent = false
    /// The current region's style, as the provider gave it (nil: the system pointer).
    public private(set) var style: PointerStyle?
    /// The most recent region (see the type's rules).
    @usableFromInline package private(set) var mostRecent: PointerRegion?
    /// Whether the current region is latched.
    @usableFromInline package private(set) var isLatched = false
    /// The model pointer (content coordinates) when the latch began.
    @usableFromInline package private(set) var latchAnchor = Point.zero
    /// The presented pointer's displacement from the region centre when the latch began.
    @usableFromInline package private(set) var latchDisplacement = Vector.zero
    /// The axes recentred by the style's `constrainedAxes` on release (until the next motion).
    @usableFromInline package private(set) var recentredAxes: Axes = .none
    var modifiers: ModifierFlags = []
    /// The item regions present now (docs/Regions.md, "Regions that follow
    /// the selection"), in scene order, on top of the provider's; each with
    /// the scene region its styles come from.
    @usableFromInline package internal(set) var itemRegions: [(region: PointerRegion, source: SceneRegion)] = [] {
        didSet { itemRegionIndex = itemRegions.count > Self.itemRegionsScanned ? Self.index(itemRegions) : nil }
    }
    /// The item regions' point index (as the scene regions' provider keeps
    /// one), nil for a few regions (then scanned).
    var itemRegionIndex: SpatialIndex?
    /// Whether the provider is a scene's with no regions: then, with no item
    /// region and none current, an update finds nothing and asks no one.
    let providerIsEmpty: Bool
    /// Up to this many item regions are scanned, more are indexed.
    static let itemRegionsScanned = 16

    /// A point index of item regions (the grid alone).
    /// - Complexity: O(n).
    static func index(_ regions: [(region: PointerRegion, source: SceneRegion)]) -> SpatialIndex {
        SpatialIndex(edges: ItemEdges(count: regions.count) { regions[$0].region.rect }, edgeOrders: false)
    }

    /// The topmost item region (index into ``itemRegions``) whose rect
    /// contains the location, else nil.
    /// - Complexity: O(item regions in the location's grid cell + oversized ones).
    func itemRegion(at location: Point) -> Int? {
        guard let index = itemRegionIndex else {
            return itemRegions.lastIndex { $0.region.rect.contains(location) }
        }
        var best = -1
        index.forEachCandidate(in: Rect(x: location.x, y: location.y, width: 0, height: 0)) { k in
            if k > best && itemRegions[k].region.rect.contains(location) { best = k }
        }
        return best >= 0 ? best : nil
    }

    /// The topmost item region equal to `r` (index into ``itemRegions``), else nil.
    /// - Complexity: O(item regions in the grid cell of `r`'s centre), O(n) for a region not found there.
    func itemRegion(equalTo r: PointerRegion) -> Int? {
        if let index = itemRegionIndex {
            var best = -1
            index.forEachCandidate(in: Rect(x: r.rect.midX, y: r.rect.midY, width: 0, height: 0)) { k in
                if k > best && itemRegions[k].region == r { best = k }
            }
            if best >= 0 { return best }
        }
        return itemRegions.lastIndex { $0.region == r }
    }

    /// Creates the interaction.
    public init(provider: any PointerRegionProvider, configuration: PointerRegionConfiguration = PointerRegionConfiguration()) {
        self.provider = provider
        self.configuration = configuration
        providerIsEmpty = (provider as? SceneRegionProvider)?.regions.isEmpty ?? false
    }

    /// The current style's effect, resolved (`automatic` by size; nil style → system).
    public var effect: PointerEffect {
        guard let r = current else { return .system }
        return configuration.resolve((style ?? .system).effect, for: r.rect.size)
    }

    /// A pointer update (motion, modifier change, scroll). `location` is the
    /// model pointer in content coordinates.
    /// - Returns: what changed (exit, enter, latch, or a style change).
    /// - Complexity: one provider query.
    @discardableResult
    public mutating func update(location: Point, modifiers: ModifierFlags, primaryHeld: Bool, moved: Bool = true) -> RegionEvents {
        var out = RegionEvents()
        update(location: location, modifiers: modifiers, primaryHeld: primaryHeld, moved: moved, into: &out)
        return out
    }

    mutating func update(location: Point, modifiers: ModifierFlags, primaryHeld: Bool, moved: Bool, into out: inout RegionEvents) {
        if moved { recentredAxes = .none }
        let modifiersChanged = modifiers != self.modifiers
        self.modifiers = modifiers
        // No region anywhere (the usual replay of a recording without a
        // scene's regions): the candidate would be nil, as the current one is.
        if findsNothing { return }
        if isLatched, let r = current {
            if modifiersChanged { restyle(r, into: &out) }
            return
        }
        let candidate = region(at: location, modifiers: modifiers)
        if candidate == current {
            if modifiersChanged, let r = current { restyle(r, into: &out) }
            return
        }
        let accept: Bool
        if primaryHeld, let c = candidate {
            accept = !(current?.latches ?? false) && (c.latches || c == mostRecent)
        } else {
            accept = true
        }
        if accept {
            exitCurrent(into: &out)
            if let c = candidate {
                enter(c, into: &out)
                if primaryHeld && c.latches { latch(location: location, into: &out) }
            }
        } else if let c = current, !c.rect.contains(location) {
            exitCurrent(into: &out)
        }
    }

    /// Whether an update can find no region: none is current, the provider
    /// is a scene's with no region and no item region is present.
    @inline(__always) var findsNothing: Bool { !hasCurrent && providerIsEmpty && itemRegions.isEmpty }

    /// ``update(location:modifiers:primaryHeld:moved:)`` when ``findsNothing``:
    /// it changes nothing else and reports nothing.
    @inline(__always) mutating func updateFindingNothing(modifiers: ModifierFlags, moved: Bool) {
        if moved { recentredAxes = .none }
        self.modifiers = modifiers
    }

    /// The primary button goes down: the current region latches if it can.
    /// - Returns: what changed.
    @discardableResult
    public mutating func press(location: Point, modifiers: ModifierFlags) -> RegionEvents {
        var out = RegionEvents()
        // The pointer was already here before the button went down.
        update(location: location, modifiers: modifiers, primaryHeld: false, moved: false, into: &out)
        if let c = current, c.latches, !isLatched { latch(location: location, into: &out) }
        return out
    }

    /// The primary button goes up: unlatch, recentre along the style's
    /// constrained axes, and re-evaluate normally.
    /// - Returns: what changed.
    @discardableResult
    public mutating func release(location: Point, modifiers: ModifierFlags) -> RegionEvents {
        var out = RegionEvents()
        if isLatched, let c = current {
            isLatched = false
            out.append(.unlatched(region: c.id))
        }
        update(location: location, modifiers: modifiers, primaryHeld: false, moved: false, into: &out)
        recentredAxes = current != nil ? (style?.constrainedAxes ?? .none) : .none
        return out
    }

    /// Bumps a region's generation; if it is current it is exited (unlatched
    /// first) and the pointer is re-evaluated at once, so it is entered again
    /// (and latched again while the button is held) if the pointer is still in it.
    /// - Returns: what changed.
    @discardableResult
    public mutating func invalidate(regionID: String, location: Point, modifiers: ModifierFlags, primaryHeld: Bool) -> RegionEvents {
        var out = RegionEvents()
        provider.invalidate(regionID: regionID)
        if let m = mostRecent, m.id == regionID {
            mostRecent = PointerRegion(id: m.id, rect: m.rect, latchingAxes: m.latchingAxes, generation: m.generation + 1, claimsPress: m.claimsPress)
        }
        if let c = current, c.id == regionID {
            if isLatched { isLatched = false; out.append(.unlatched(region: c.id)) }
            exitCurrent(into: &out)
        }
        update(location: location, modifiers: modifiers, primaryHeld: primaryHeld, moved: false, into: &out)
        return out
    }

    mutating func enter(_ r: PointerRegion, into out: inout RegionEvents) {
        current = r
        mostRecent = r
        style = style(for: r)
        out.append(.entered(region: r.id, effect: effect))
    }

    mutating func exitCurrent(into out: inout RegionEvents) {
        guard let c = current else { return }
        current = nil
        style = nil
        isLatched = false
        recentredAxes = .none
        out.append(.exited(region: c.id))
    }

    mutating func restyle(_ r: PointerRegion, into out: inout RegionEvents) {
        style = style(for: r)
        out.append(.styleChanged(region: r.id))
    }

    mutating func latch(location: Point, into out: inout RegionEvents) {
        guard let r = current, r.latches else { return }
        latchDisplacement = displacement(model: location)
        latchAnchor = location
        isLatched = true
        out.append(.latched(region: r.id, axes: r.latchingAxes))
    }

    /// The region at a location: the topmost item region containing it, else
    /// the provider's (if its rect contains it).
    func region(at location: Point, modifiers: ModifierFlags) -> PointerRegion? {
        if let k = itemRegion(at: location) { return itemRegions[k].region }
        return provider.region(for: PointerRegionRequest(location: location, modifiers: modifiers))
            .flatMap { $0.rect.contains(location) ? $0 : nil }
    }

    /// A region's style under the held modifiers: an item region's own, else the provider's.
    func style(for r: PointerRegion) -> PointerStyle? {
        if let k = itemRegion(equalTo: r) { return itemRegions[k].source.style(for: modifiers) }
        return provider.style(for: r, modifiers: modifiers)
    }

    /// Replaces the item regions present (the simulator calls it when the
    /// selection, the focus or an item's rect changed), then re-evaluates the
    /// pointer.
    ///
    /// An item region that stays present keeps its identity when it moves
    /// with its item: if it is current it stays current (and latched), its
    /// rect updated in place, the presented pointer where it was (**our
    /// choice**: a handle that follows the edge it drags is not exited and
    /// entered again). A current item region that is no longer present is
    /// unlatched and exited, latched or not.
    /// - Returns: what changed.
    @discardableResult
    @usableFromInline package mutating func setItemRegions(
        _ new: [(region: PointerRegion, source: SceneRegion)],
        location: Point,
        modifiers: ModifierFlags,
        primaryHeld: Bool
    ) -> RegionEvents {
        var out = RegionEvents()
        let old = itemRegions
        itemRegions = new
        if let c = current, old.contains(where: { $0.region == c }) {
            if let moved = new.first(where: {
                $0.region.id == c.id && $0.region.generation == c.generation && $0.region.latchingAxes == c.latchingAxes
            })?.region {
                if moved.rect != c.rect {
                    if isLatched { latchDisplacement = latchDisplacement - (moved.rect.center - c.rect.center) }
                    current = moved
                    if mostRecent?.id == c.id { mostRecent = moved }
                }
            } else {
                if isLatched { isLatched = false; out.append(.unlatched(region: c.id)) }
                exitCurrent(into: &out)
            }
        }
        update(location: location, modifiers: modifiers, primaryHeld: primaryHeld, moved: false, into: &out)
        return out
    }
}
