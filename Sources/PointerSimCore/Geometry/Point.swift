/// A location in points. The y axis grows downward.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (grows downward).
    public var y: Double

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// The point moved by a vector.
    @inlinable public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
    /// The point moved back by a vector.
    @inlinable public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
    /// The vector from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }

    /// The coordinate along one axis.
    @inlinable package subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }

    /// This point rounded to the pixel grid of a display with `scale` pixels per point
    /// (nearest pixel, halves away from zero).
    @inlinable package func roundedToPixels(scale: Double) -> Point {
        Point(x: x.roundedToPixels(scale: scale), y: y.roundedToPixels(scale: scale))
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A displacement in points.
public struct Vector: Hashable, Sendable {
    /// The horizontal component.
    public var dx: Double
    /// The vertical component.
    public var dy: Double

    /// Creates a vector.
    @inlinable public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Component-wise sum.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The vector scaled by a factor.
    @inlinable public static func * (a: Vector, k: Double) -> Vector { Vector(dx: a.dx * k, dy: a.dy * k) }

    /// The component along one axis.
    @inlinable package subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? dx : dy }
        set { if axis == .horizontal { dx = newValue } else { dy = newValue } }
    }

    /// The Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// `|dx| + |dy|`, Qt's `manhattanLength()`.
    @inlinable package var manhattanLength: Double { abs(dx) + abs(dy) }
    /// `max(|dx|, |dy|)`, the per-axis test of GTK's drag threshold.
    @inlinable package var chebyshevLength: Double { max(abs(dx), abs(dy)) }

    /// The unit direction of an angle measured clockwise from the top:
    /// `(sin θ, −cos θ)` (y grows downward).
    @inlinable package static func direction(clockwiseFromTop angle: Double) -> Vector {
        Vector(dx: _sin(angle), dy: -_cos(angle))
    }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)

    /// The extent along one axis.
    @inlinable package subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// One of the two axes of the plane.
@usableFromInline package enum Axis: Sendable, Hashable, CaseIterable {
    /// x.
    case horizontal
    /// y.
    case vertical
}

/// A set of axes: `none`, `horizontal`, `vertical` or `both`
/// (UIKit's `UIAxis`, used for latching and constrained axes).
public struct Axes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public var rawValue: UInt8
    /// Creates a set from raw bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }

    /// The horizontal axis.
    public static let horizontal = Axes(rawValue: 1)
    /// The vertical axis.
    public static let vertical = Axes(rawValue: 2)
    /// Both axes.
    public static let both: Axes = [.horizontal, .vertical]
    /// No axis.
    public static let none: Axes = []

    /// Whether the set contains the given axis.
    @inlinable package func contains(_ axis: Axis) -> Bool {
        rawValue & (axis == .horizontal ? 1 : 2) != 0
    }

    /// The spelling used in scenes and logs: `none`, `horizontal`, `vertical`, `both`.
    @usableFromInline package var name: String {
        switch rawValue {
        case 1: return "horizontal"
        case 2: return "vertical"
        case 3: return "both"
        default: return "none"
        }
    }

    /// Parses `none`, `horizontal`, `vertical` or `both`.
    public init?(name: String) {
        switch name {
        case "none": self = .none
        case "horizontal": self = .horizontal
        case "vertical": self = .vertical
        case "both": self = .both
        default: return nil
        }
    }

    /// The axes' name: `horizontal`, `vertical`, `both` or `none`.
    public var description: String { name }
}

extension Double {
    /// The value rounded to the nearest multiple of `1/scale` (halves away from zero).
    /// A non-positive or non-finite scale leaves the value unchanged.
    @inlinable package func roundedToPixels(scale: Double) -> Double {
        guard scale > 0, scale.isFinite else { return self }
        return (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// The value clamped to a closed range.
    @inlinable package func clamped(to lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(self, lower), upper)
    }
}
