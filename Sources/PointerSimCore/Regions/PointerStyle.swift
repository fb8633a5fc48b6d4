/// A pointer effect (`UIPointerEffect`; docs/Regions.md, "Effects").
public enum PointerEffect: String, Sendable, Hashable, CaseIterable {
    /// Resolved by the region's size: the thresholds of ``PointerRegionConfiguration``.
    case automatic
    /// The pointer morphs into the region's shape and slips with it; the content moves a little.
    case highlight
    /// The content lifts and follows the pointer (parallax 1).
    case lift
    /// The pointer stays free; the content is only tinted and scaled.
    case hover
    /// The system pointer (a 19 pt circle).
    case system
    /// No pointer is drawn.
    case hidden
    /// No effect: the pointer takes the style's shape and moves freely (a
    /// `UIPointerStyle(shape:constrainedAxes:)`). Written `"none"` in scenes and logs.
    case none
}

/// A pointer or accessory shape (`UIPointerShape`), centred on the point it is drawn at.
public enum PointerShape: Sendable, Hashable {
    /// A rounded rectangle of the given size; a nil radius means the effect's
    /// default corner radius. The radius is clamped to half the shorter side.
    case roundedRect(width: Double, height: Double, radius: Double?)
    /// A vertical text beam; the length is clamped to the configured range, the width is the configured beam width.
    case verticalBeam(length: Double)
    /// A horizontal text beam.
    case horizontalBeam(length: Double)
    /// A circle.
    case circle(diameter: Double)
    /// A closed polygon, its points relative to the shape's centre.
    case path([Point])
}

/// Where an accessory sits (`UIPointerAccessory.Position`): "an offset from the
/// pointer's midpoint and an angle from the top" ("Take your iPad apps to the
/// next level", WWDC21); the angle is clockwise (docs/UIKitSources.md).
public struct AccessoryPosition: Sendable, Hashable {
    /// The distance, points, from the presented pointer's centre to the
    /// accessory's centre (negative values act as 0: Apple's `offset` "only
    /// supports positive values").
    public var offset: Double
    /// Radians clockwise from the top.
    public var angle: Double
    /// The default offset: ``PointerRegionConfiguration/defaultAccessoryOffset``'s default (20, our reading).
    @usableFromInline package static let defaultOffset: Double = 20
    /// Creates a position; the default offset is 20 (our reading, docs/UIKitSources.md).
    public init(offset: Double = AccessoryPosition.defaultOffset, angle: Double) { self.offset = offset; self.angle = angle }

    /// The eight predefined positions, at the default offset, by name.
    @usableFromInline package static let predefined: [(name: String, position: AccessoryPosition)] = [
        ("top", AccessoryPosition(angle: 0)),
        ("topRight", AccessoryPosition(angle: .pi / 4)),
        ("right", AccessoryPosition(angle: .pi / 2)),
        ("bottomRight", AccessoryPosition(angle: 3 * .pi / 4)),
        ("bottom", AccessoryPosition(angle: .pi)),
        ("bottomLeft", AccessoryPosition(angle: 5 * .pi / 4)),
        ("left", AccessoryPosition(angle: 3 * .pi / 2)),
        ("topLeft", AccessoryPosition(angle: 7 * .pi / 4)),
    ]
    /// A predefined position by name (`top`, `topRight`, …, `topLeft`).
    public static func named(_ name: String) -> AccessoryPosition? {
        predefined.first { $0.name == name }?.position
    }
}

/// An accessory drawn around the pointer (`UIPointerAccessory`).
public struct PointerAccessory: Sendable, Hashable {
    /// What is drawn.
    public enum Shape: Sendable, Hashable {
        /// The system arrow: a filled triangle pointing up, the configured size (11 pt).
        case arrow
        /// A custom shape.
        case custom(PointerShape)
    }
    /// What is drawn.
    public var shape: Shape
    /// Where.
    public var position: AccessoryPosition
    /// Whether the accessory is rotated by its angle (true for arrows, false for custom shapes by default).
    public var orientationMatchesAngle: Bool

    /// Creates an accessory.
    public init(shape: Shape, position: AccessoryPosition, orientationMatchesAngle: Bool? = nil) {
        self.shape = shape; self.position = position
        if case .arrow = shape {
            self.orientationMatchesAngle = orientationMatchesAngle ?? true
        } else {
            self.orientationMatchesAngle = orientationMatchesAngle ?? false
        }
    }

    /// `.arrow(position)`.
    public static func arrow(_ position: AccessoryPosition) -> PointerAccessory { PointerAccessory(shape: .arrow, position: position) }
}

/// A pointer style (`UIPointerStyle`): an effect, an optional shape, the axes
/// it is constrained to, and accessories.
public struct PointerStyle: Sendable, Hashable {
    /// The effect (default `automatic`).
    public var effect: PointerEffect
    /// The pointer shape; nil means the region's rect with the effect's default radius
    /// (or the system circle for effects that keep the pointer).
    public var shape: PointerShape?
    /// Along these axes the presented pointer is recentred to the region's
    /// centre when the primary button is released.
    public var constrainedAxes: Axes
    /// The accessories; only the first ``PointerRegionConfiguration/maxAccessories`` are used.
    public var accessories: [PointerAccessory]

    /// Creates a style.
    public init(effect: PointerEffect = .automatic, shape: PointerShape? = nil, constrainedAxes: Axes = .none, accessories: [PointerAccessory] = []) {
        self.effect = effect; self.shape = shape; self.constrainedAxes = constrainedAxes; self.accessories = accessories
    }

    /// The system pointer.
    public static let system = PointerStyle(effect: .system)
    /// No pointer.
    public static let hidden = PointerStyle(effect: .hidden)
}
