/// An axis-aligned rectangle in points: origin (`x`, `y`, top-left) and size.
///
/// Rectangles made by ``init(corner:_:)`` are normalised (non-negative size).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Creates a rectangle from its origin and size.
    @inlinable public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The normalised rectangle spanned by two corners, in any order.
    @inlinable public init(corner a: Point, _ b: Point) {
        self.init(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    @inlinable public var minX: Double { Swift.min(x, x + width) }
    /// The top edge.
    @inlinable public var minY: Double { Swift.min(y, y + height) }
    /// The right edge.
    @inlinable public var maxX: Double { Swift.max(x, x + width) }
    /// The bottom edge.
    @inlinable public var maxY: Double { Swift.max(y, y + height) }
    /// The horizontal centre.
    @inlinable public var midX: Double { x + width / 2 }
    /// The vertical centre.
    @inlinable public var midY: Double { y + height / 2 }
    /// The centre.
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// The top-left corner.
    @inlinable public var origin: Point { Point(x: x, y: y) }
    /// The size.
    @inlinable public var size: Size { Size(width: width, height: height) }
    /// The normalised rectangle (non-negative width and height).
    @inlinable public var standardized: Rect { Rect(x: minX, y: minY, width: abs(width), height: abs(height)) }
    /// Whether both sides are non-negative.
    @inlinable package var isNormalized: Bool { width >= 0 && height >= 0 }
    /// Whether the area is zero.
    @inlinable public var isEmpty: Bool { width == 0 || height == 0 }

    /// The lower edge along an axis.
    @inlinable package func min(_ axis: Axis) -> Double { axis == .horizontal ? minX : minY }
    /// The upper edge along an axis.
    @inlinable package func max(_ axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }
    /// The middle along an axis.
    @inlinable package func mid(_ axis: Axis) -> Double { axis == .horizontal ? midX : midY }
    /// The extent along an axis.
    @inlinable package func length(_ axis: Axis) -> Double { axis == .horizontal ? abs(width) : abs(height) }

    /// Whether the point lies in the half-open rectangle `[minX, maxX) × [minY, maxY)`.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether the point lies in the closed rectangle (edges included).
    @inlinable package func containsClosed(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// Whether the two rectangles overlap with **positive area**. Touching edges
    /// do not count, and an empty rectangle intersects nothing.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        Swift.max(minX, other.minX) < Swift.min(maxX, other.maxX)
            && Swift.max(minY, other.minY) < Swift.min(maxY, other.maxY)
    }

    /// Whether `other` lies strictly inside this rectangle: every edge of `other`
    /// is inside, and no edge touches this rectangle's edge.
    @inlinable package func containsStrictly(_ other: Rect) -> Bool {
        minX < other.minX && other.maxX < maxX && minY < other.minY && other.maxY < maxY
    }

    /// Whether the closed rectangles share at least one point (touching counts).
    @inlinable package func touches(_ other: Rect) -> Bool {
        Swift.max(minX, other.minX) <= Swift.min(maxX, other.maxX)
            && Swift.max(minY, other.minY) <= Swift.min(maxY, other.maxY)
    }

    /// The smallest rectangle containing both.
    @inlinable public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    /// The rectangle moved by a vector.
    @inlinable public func offsetBy(_ v: Vector) -> Rect { Rect(x: x + v.dx, y: y + v.dy, width: width, height: height) }

    /// The rectangle grown by `dx`, `dy` on each side (shrunk for negative values).
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: abs(width) - 2 * dx, height: abs(height) - 2 * dy)
    }

    /// `[x, y, width, height]`.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

extension Rect {
    /// The band-selection rectangle spanned by an anchor and the current point,
    /// exactly as docs/BandSelection.md ("The band rect") defines it: both points rounded to the pixel
    /// grid (`1/scale`), the minimum corner and absolute size taken, then width
    /// and height forced to at least 1 point. With `throughPointerPixel` the
    /// band also covers the pixel under the pointer: one pixel (`1/scale`)
    /// more on each axis (Qt's `QRect(press, |d| + 1)`; GTK's rubberband).
    ///
    /// - Complexity: O(1).
    @inlinable public static func band(from anchor: Point, to current: Point, scale: Double, throughPointerPixel: Bool = false) -> Rect {
        let a = anchor.roundedToPixels(scale: scale)
        let b = current.roundedToPixels(scale: scale)
        var r = Rect(corner: a, b)
        if throughPointerPixel {
            r.width += 1 / scale
            r.height += 1 / scale
        }
        if r.width < 1 { r.width = 1 }
        if r.height < 1 { r.height = 1 }
        return r
    }
}
