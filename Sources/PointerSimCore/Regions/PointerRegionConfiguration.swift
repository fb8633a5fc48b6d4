/// The numbers of one effect (the table in docs/Regions.md, "Effects").
public struct PointerEffectParameters: Sendable, Hashable {
    /// Slip factor per axis (`dx` horizontal, `dy` vertical): slip = clamp(size · factor, 0, maxSlip).
    public var slipFactor: Vector
    /// The largest slip, points.
    public var maxSlip: Double
    /// How much of the presented pointer's displacement the content follows.
    public var parallax: Double
    /// Points added to the region's longest side when scaling the content (and a morphed pointer).
    public var scaleUp: Double
    /// The corner radius of the morphed pointer shape when the style gives none
    /// (0 means square corners, "the view's own").
    public var cornerRadius: Double
    /// Whether the pointer is free (moves 1:1 with the model pointer, no slip), as under `hover`.
    public var pointerIsFree: Bool

    /// Creates parameters.
    public init(slipFactor: Vector, maxSlip: Double, parallax: Double, scaleUp: Double, cornerRadius: Double, pointerIsFree: Bool = false) {
        self.slipFactor = slipFactor; self.maxSlip = maxSlip; self.parallax = parallax
        self.scaleUp = scaleUp; self.cornerRadius = cornerRadius; self.pointerIsFree = pointerIsFree
    }
}

/// Every number of pointer regions (docs/Regions.md) as a named, overridable default.
/// `SimulationScene.regionConfiguration` holds one; change a field to change the behaviour.
public struct PointerRegionConfiguration: Sendable, Hashable {
    /// `highlight`: slip 0.099 / 0.09, max 15 pt, parallax 0.3, scale-up 4 pt, radius 8 pt.
    public var highlight = PointerEffectParameters(slipFactor: Vector(dx: 0.099, dy: 0.09), maxSlip: 15, parallax: 0.3, scaleUp: 4, cornerRadius: 8)
    /// `lift`: slip 0.055 / 0.055, max 15 pt, parallax 1.0, scale-up 7.6 pt, radius 0 (the view's own).
    public var lift = PointerEffectParameters(slipFactor: Vector(dx: 0.055, dy: 0.055), maxSlip: 15, parallax: 1.0, scaleUp: 7.6, cornerRadius: 0)
    /// `hover`: the pointer is free (slip factor 1, no max), parallax 0, scale-up 6 pt.
    public var hover = PointerEffectParameters(
        slipFactor: Vector(dx: 1, dy: 1),
        maxSlip: .infinity,
        parallax: 0,
        scaleUp: 6,
        cornerRadius: 0,
        pointerIsFree: true
    )

    /// `automatic` resolves to hover when the longest side exceeds this (125 pt)…
    public var automaticHoverLongestSide: Double = 125
    /// …unless the shorter side is at most this (50 pt)…
    public var automaticSmallShorterSide: Double = 50
    /// …and the longer at most this (180 pt); otherwise highlight.
    public var automaticSmallLongerSide: Double = 180

    /// The width of a text beam (**our choice**: 2 pt).
    public var beamWidth: Double = 2
    /// The range a beam's length is clamped to (**our choice**: 10…100 pt).
    public var beamLengthRange: ClosedRange<Double> = 10...100
    /// A beam length clamped to ``beamLengthRange``.
    @inlinable package func clampedBeamLength(_ l: Double) -> Double {
        l.clamped(to: beamLengthRange.lowerBound, beamLengthRange.upperBound)
    }
    /// The system pointer's diameter (19 pt).
    public var systemPointerDiameter: Double = 19

    /// The rubber-band constant c (0.55).
    public var rubberBandConstant: Double = 0.55
    /// The rubber-band limit d as a fraction of the region's size on that axis
    /// (**our choice**: 0.5, half the size).
    public var rubberBandLimitFraction: Double = 0.5

    /// The default accessory offset from the presented pointer's midpoint
    /// (**our reading**: 20 pt; Apple names `UIPointerAccessory.Position.defaultOffset`
    /// without a value. 20 pt keeps an 11 pt arrow clear of the 19 pt system
    /// pointer: 9.5 + 5.5 = 15, and a 5 pt gap).
    public var defaultAccessoryOffset: Double = AccessoryPosition.defaultOffset
    /// The arrow accessory's size: an equal-sided bounding square (11 pt).
    public var arrowSize: Double = 11
    /// The most accessories used (4); further ones are ignored.
    public var maxAccessories: Int = 4

    /// How the presented pointer changes over time (off by default; docs/Regions.md,
    /// "Presentation over time").
    public var animation = PointerAnimation()

    /// Creates the defaults.
    public init() {}

    /// The parameters of an effect that slips or floats (highlight, lift, hover);
    /// nil for the others (the pointer is at the model pointer).
    @usableFromInline package func parameters(_ effect: PointerEffect) -> PointerEffectParameters? {
        switch effect {
        case .highlight: return highlight
        case .lift: return lift
        case .hover: return hover
        default: return nil
        }
    }

    /// The concrete effect: `automatic` by the size rule (docs/Regions.md, "Effects"), the others unchanged.
    @usableFromInline package func resolve(_ effect: PointerEffect, for size: Size) -> PointerEffect {
        guard effect == .automatic else { return effect }
        let long = Swift.max(abs(size.width), abs(size.height)), short = Swift.min(abs(size.width), abs(size.height))
        let small = short <= automaticSmallShorterSide && long <= automaticSmallLongerSide
        return long > automaticHoverLongestSide && !small ? .hover : .highlight
    }
}
