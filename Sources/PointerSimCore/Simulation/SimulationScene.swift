/// The view the pointer moves over: its size, pixel scale and scrollable content.
public struct ViewGeometry: Sendable, Hashable {
    /// The view's size in points (default 1024 × 768).
    public var size = Size(width: 1024, height: 768)
    /// Pixels per point (default 2), for rounding.
    public var scale: Double = 2
    /// The content size; larger than the view means it scrolls (default: the view's size).
    public var contentSize = Size(width: 1024, height: 768)
    /// The initial scroll offset (content point at the view's top-left).
    public var contentOffset = Vector.zero
    /// Creates the default geometry.
    public init() {}

    /// A view point clamped to the view (the model pointer never leaves it).
    @usableFromInline package func clampPointer(_ p: Point) -> Point {
        Point(x: p.x.clamped(to: 0, size.width), y: p.y.clamped(to: 0, size.height))
    }

    /// A scroll offset clamped to `0 … maxOffset` on each axis.
    @usableFromInline package func clampOffset(_ v: Vector) -> Vector {
        let m = maxOffset
        return Vector(dx: v.dx.clamped(to: 0, m.dx), dy: v.dy.clamped(to: 0, m.dy))
    }

    /// The largest scroll offset on each axis.
    @usableFromInline package var maxOffset: Vector {
        Vector(dx: Swift.max(0, contentSize.width - size.width), dy: Swift.max(0, contentSize.height - size.height))
    }
}

/// Autoscroll while a band is active (docs/BandSelection.md, "Autoscroll"). The
/// numbers UIKit does not document are **our choice**, documented here and configurable.
public struct AutoscrollConfiguration: Sendable, Hashable {
    /// Whether autoscroll runs at all (default true).
    public var isEnabled = true
    /// The zone along each edge, in points (20, UICollectionView's).
    public var edgeZone: Double = 20
    /// The speed at the edge (and beyond), points per second (**our choice**: 1200).
    /// The speed grows linearly from 0 at the inner edge of the zone.
    public var maxSpeed: Double = 1200
    /// The interval between scroll steps on the trace clock (**our choice**: 1/60 s, a display frame).
    public var tickInterval: Double = 1.0 / 60
    /// Creates the default configuration.
    public init() {}
}

/// Where the pointer starts and the kind of device a scene is written for.
/// How raw device motion becomes points (acceleration, speed, points per
/// unit and per wheel detent) is the decoder's: PointerSimInput's
/// `DecoderConfiguration`, read from the same `pointer` section of a scene
/// file by PointerSimFormats' `SceneFile.loadSetup(path:warnings:)`.
public struct PointerConfiguration: Sendable, Hashable {
    /// The model pointer's starting location (default: the view's centre).
    public var start: Point? = nil
    /// The kind of device a scene is written for (informational).
    public enum ExpectedDevice: String, Sendable, Hashable, CaseIterable {
        /// A mouse (the default).
        case mouse
        /// A touchpad or clickpad.
        case touchpad
        /// A pointing stick.
        case trackpoint
        /// A keyboard (modifiers only).
        case keyboard
        /// Any device.
        case any
    }
    /// The device kind a scene expects (default mouse), informational.
    public var device: ExpectedDevice = .mouse
    /// Creates the default configuration.
    public init() {}
}

/// An item that bands can select.
public struct SceneItem: Sendable, Hashable {
    /// Its id, as written in logs.
    public var id: String
    /// Its rectangle, in content coordinates.
    public var rect: Rect
    /// Creates an item.
    public init(id: String, rect: Rect) { self.id = id; self.rect = rect }
}

/// Everything a simulation needs to know about the screen: the view, the
/// pointer, the band rules, the items and the pointer regions.
public struct SimulationScene: Sendable {
    /// The view.
    public var view = ViewGeometry()
    /// The pointer.
    public var pointer = PointerConfiguration()
    /// The band rules.
    public var band = BandConfiguration()
    /// Clicks, keyboard focus and edit mode.
    public var selection = SelectionConfiguration()
    /// Autoscroll.
    public var autoscroll = AutoscrollConfiguration()
    /// The items, in scene order.
    public var items: [SceneItem] = []
    /// The ids selected before the trace starts.
    public var initialSelection: [String] = []
    /// The pointer regions, in scene order (later ones are on top).
    public var regions: [SceneRegion] = []
    /// The regions attached to items, present only while their item is
    /// selected or focused (docs/Regions.md, "Regions that follow the
    /// selection"); on top of ``regions``, later ones on top.
    public var itemRegions: [ItemRegion] = []
    /// The numbers of pointer regions (docs/Regions.md).
    public var regionConfiguration = PointerRegionConfiguration()
    /// Creates an empty scene with a 1024 × 768 view.
    public init() {}

    /// The built-in scene `pointersim replay` uses without `--scene`: a
    /// 1024 × 768 view at scale 2 with a grid of 8 × 6 items named `r<row>c<col>`
    /// (100 × 60 points, pitch 120 × 100, from (40, 40)), nothing selected, the
    /// `uikit` profile.
    public static var `default`: SimulationScene {
        var s = SimulationScene()
        for row in 0..<6 {
            for col in 0..<8 {
                s.items.append(
                    SceneItem(id: "r\(row)c\(col)", rect: Rect(x: Double(40 + 120 * col), y: Double(40 + 100 * row), width: 100, height: 60))
                )
            }
        }
        return s
    }
}
