/// A pointer region attached to an item (docs/Regions.md, "Regions that
/// follow the selection"): present only while its item is selected (or
/// focused), its rect placed relative to the item's rect, moving and
/// resizing with it.
///
/// Edge and corner handles are the typical use: a `right` handle that
/// latches horizontally and ``resizes`` its item drags the item's right edge.
public struct ItemRegion: Sendable, Hashable {
    /// When the region is present.
    public enum Presence: String, Sendable, Hashable, CaseIterable {
        /// While the item is selected (the default).
        case selected
        /// While the item has keyboard focus.
        case focused
        /// While the item is selected or has keyboard focus.
        case selectedOrFocused
    }

    /// The region: its id, latching axes, styles and press claim. Its `rect`
    /// is not used (``rect(for:)`` places it).
    public var region: SceneRegion
    /// The item's id.
    public var item: String
    /// Where the region's centre sits on the item's rect, in unit
    /// coordinates: (0, 0) the top-left corner, (1, 0.5) the middle of the
    /// right edge.
    public var anchor: Point
    /// The region's size, points.
    public var size: Size
    /// Added to the anchored centre, points.
    public var offset: Vector
    /// When the region is present.
    public var presence: Presence
    /// Whether dragging the region while it is latched resizes the item
    /// along the latched axes (the edge the anchor sits on moves: anchor 1 the
    /// upper edge, 0 the lower; an anchor strictly between resizes nothing on
    /// that axis).
    public var resizes: Bool
    /// The smallest size a resize leaves the item (below it the size
    /// rubber-bands, and settles back at release).
    public var minimumSize: Size

    /// The default minimum size of a resize (**our choice**: 20 × 20 pt).
    @usableFromInline package static let defaultMinimumSize = Size(width: 20, height: 20)

    /// Creates an item region.
    public init(
        region: SceneRegion,
        item: String,
        anchor: Point,
        size: Size,
        offset: Vector = .zero,
        presence: Presence = .selected,
        resizes: Bool = false,
        minimumSize: Size = ItemRegion.defaultMinimumSize
    ) {
        self.region = region; self.item = item; self.anchor = anchor; self.size = size; self.offset = offset
        self.presence = presence; self.resizes = resizes; self.minimumSize = minimumSize
    }

    /// The named anchors: the eight compass points of the rect and its centre.
    @usableFromInline package static let namedAnchors: [(name: String, anchor: Point)] = [
        ("top", Point(x: 0.5, y: 0)), ("topRight", Point(x: 1, y: 0)), ("right", Point(x: 1, y: 0.5)),
        ("bottomRight", Point(x: 1, y: 1)), ("bottom", Point(x: 0.5, y: 1)), ("bottomLeft", Point(x: 0, y: 1)),
        ("left", Point(x: 0, y: 0.5)), ("topLeft", Point(x: 0, y: 0)), ("center", Point(x: 0.5, y: 0.5)),
    ]

    /// The region's rect for an item rect.
    @inlinable public func rect(for item: Rect) -> Rect {
        let r = item.standardized
        let cx = r.x + anchor.x * r.width + offset.dx, cy = r.y + anchor.y * r.height + offset.dy
        return Rect(x: cx - size.width / 2, y: cy - size.height / 2, width: size.width, height: size.height)
    }

    /// The region placed for an item rect, with a generation.
    @usableFromInline package func pointerRegion(for item: Rect, generation: Int = 0) -> PointerRegion {
        PointerRegion(
            id: region.id,
            rect: rect(for: item),
            latchingAxes: region.latchingAxes,
            generation: generation,
            claimsPress: region.claimsPress
        )
    }

    /// Which edge of the item a resize moves along an axis: +1 the upper edge,
    /// −1 the lower, 0 none (not resizing, not latched on the axis, or
    /// anchored between the edges).
    @usableFromInline package func resizedEdge(_ axis: Axis) -> Int {
        guard resizes, region.latchingAxes.contains(axis) else { return 0 }
        let a = axis == .horizontal ? anchor.x : anchor.y
        return a >= 1 ? 1 : a <= 0 ? -1 : 0
    }

    /// The item's rect during a resize: `start` is the rect at the press,
    /// `delta` the pointer's motion since the press (content points),
    /// `bounds` the content (the item stays inside it). Along the axes
    /// ``resizedEdge(_:)`` names, the edge follows the pointer; the length is
    /// kept between ``minimumSize`` and what the content allows, and beyond
    /// them it rubber-bands (`rubberBand` with the configuration's constant,
    /// dimension the configuration's limit fraction of the length at the
    /// press, at most the minimum length on the small side). With
    /// `settled`, the length is clamped instead (what a release leaves). The
    /// other axis is never changed.
    @usableFromInline package func resized(
        _ start: Rect,
        by delta: Vector,
        bounds: Size,
        configuration c: PointerRegionConfiguration,
        settled: Bool = false
    ) -> Rect {
        let s = start.standardized
        var out = s
        for axis in Axis.allCases {
            let edge = resizedEdge(axis)
            guard edge != 0 else { continue }
            let lo = s.min(axis), hi = s.max(axis), length0 = hi - lo
            let wanted = length0 + Double(edge) * delta[axis]
            let minimum = Swift.max(0, minimumSize[axis])
            let maximum = Swift.max(minimum, edge > 0 ? bounds[axis] - lo : hi)
            var length = wanted
            if settled {
                length = wanted.clamped(to: minimum, maximum)
            } else if wanted > maximum {
                length = maximum + rubberBand(wanted - maximum, c.rubberBandLimitFraction * length0, c.rubberBandConstant)
            } else if wanted < minimum {
                let d = Swift.min(c.rubberBandLimitFraction * length0, minimum)
                length = minimum - rubberBand(minimum - wanted, d, c.rubberBandConstant)
            }
            let origin = edge > 0 ? lo : hi - length
            if axis == .horizontal { out.x = origin; out.width = length } else { out.y = origin; out.height = length }
        }
        return out
    }
}
