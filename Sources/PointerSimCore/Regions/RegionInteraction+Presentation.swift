// The presented pointer (docs/Regions.md): slip, rubber-banding, shapes,
// the content's parallax offset and the accessories.

extension RegionInteraction {
    /// The parameters that move the presented pointer under the current
    /// effect; effects without table entries (system, hidden, none) keep the
    /// pointer free.
    var motionParameters: PointerEffectParameters {
        configuration.parameters(effect) ?? configuration.hover
    }

    /// The presented pointer's displacement from the current region's centre
    /// for a model pointer (content coordinates): the slip mapping, latched
    /// axes 1:1 from the latch, rubber-banding beyond the rect on the others,
    /// recentred constrained axes at 0. Zero without a region.
    @usableFromInline package func displacement(model: Point) -> Vector {
        guard let r = current else { return .zero }
        let p = motionParameters
        var out = Vector.zero
        for axis in Axis.allCases {
            let size = r.rect.length(axis), centre = r.rect.mid(axis)
            let x = model[axis] - centre
            if isLatched && r.latchingAxes.contains(axis) {
                out[axis] = latchDisplacement[axis] + (model[axis] - latchAnchor[axis])
                continue
            }
            if recentredAxes.contains(axis) { out[axis] = 0; continue }
            let half = size / 2
            let edge: Double
            if p.pointerIsFree {
                edge = half
            } else {
                edge = (size * p.slipFactor[axis]).clamped(to: 0, p.maxSlip)
            }
            if isLatched && abs(x) > half {
                let d = configuration.rubberBandLimitFraction * size
                let excess = abs(x) - half
                out[axis] = (x < 0 ? -1 : 1) * (edge + rubberBand(excess, d, configuration.rubberBandConstant))
            } else if p.pointerIsFree {
                out[axis] = x
            } else {
                out[axis] = half > 0 ? edge * (x / half).clamped(to: -1, 1) : 0
            }
        }
        return out
    }

    /// The presented pointer for a model pointer in view coordinates and the
    /// content's scroll offset: location, shape, content offset and accessories.
    /// - Complexity: O(accessories), O(path points) for path shapes.
    public func frame(model: Point, contentOffset: Vector) -> PointerFrame {
        let c = configuration
        let systemShape = PointerShapeValue.circle(diameter: c.systemPointerDiameter)
        guard let r = current else {
            return PointerFrame(model: model, presented: model, shape: systemShape)
        }
        let s = style ?? .system
        let effect = self.effect
        let modelC = model + contentOffset
        let d = displacement(model: modelC)
        let presentedC = r.rect.center + d
        let params = c.parameters(effect)
        let content = params.map { d * $0.parallax } ?? .zero
        // The shape, in content coordinates, centred on the presented pointer.
        var shape: PointerShapeValue
        switch effect {
        case .hidden: shape = .hidden
        case .system: shape = systemShape
        default:
            if let given = s.shape {
                shape = Self.place(given, at: presentedC, defaultRadius: params?.cornerRadius ?? 0, configuration: c)
            } else if effect == .highlight || effect == .lift, let p = params {
                let long = Swift.max(r.rect.length(.horizontal), r.rect.length(.vertical))
                let k = long > 0 ? Swift.max(1, (long + p.scaleUp) / long) : 1
                let w = r.rect.length(.horizontal) * k, h = r.rect.length(.vertical) * k
                shape = Self.place(.roundedRect(width: w, height: h, radius: p.cornerRadius), at: presentedC, defaultRadius: 0, configuration: c)
            } else {
                shape = systemShape
            }
        }
        var accessories: [(center: Point, angle: Double)] = []
        for a in s.accessories.prefix(Swift.max(0, c.maxAccessories)) {
            let theta = a.position.angle
            // "an offset from the pointer's midpoint and an angle from the top"
            // ("Take your iPad apps to the next level", WWDC21): the accessory's
            // centre is the presented pointer's centre moved by the offset along θ.
            let u = Vector.direction(clockwiseFromTop: theta)
            accessories.append((presentedC + u * Swift.max(0, a.position.offset) - contentOffset, a.orientationMatchesAngle ? theta : 0))
        }
        shape = shape.offsetBy(Vector(dx: -contentOffset.dx, dy: -contentOffset.dy))
        return PointerFrame(model: model, presented: presentedC - contentOffset, shape: shape, content: content, accessories: accessories)
    }

    /// A style shape drawn at a point: rounded-rect radius clamped to half the
    /// shorter side (a square whose radius reaches half its side is a circle),
    /// beam lengths clamped to the configured range, paths made absolute.
    @usableFromInline package static func place(
        _ shape: PointerShape,
        at p: Point,
        defaultRadius: Double,
        configuration c: PointerRegionConfiguration
    ) -> PointerShapeValue {
        switch shape {
        case .roundedRect(let w, let h, let radius):
            let w = abs(w), h = abs(h)
            let rad = Swift.max(0, Swift.min(radius ?? defaultRadius, Swift.min(w, h) / 2))
            if w == h && w > 0 && rad >= w / 2 { return .circle(diameter: w) }
            return .roundedRect(Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h), radius: rad)
        case .verticalBeam(let l): return .verticalBeam(length: c.clampedBeamLength(l))
        case .horizontalBeam(let l): return .horizontalBeam(length: c.clampedBeamLength(l))
        case .circle(let d): return .circle(diameter: abs(d))
        case .path(let pts): return .path(pts.map { Point(x: p.x + $0.x, y: p.y + $0.y) })
        }
    }
}

extension PointerShapeValue {
    /// The shape moved by a vector (rects and path points; sizes are unchanged).
    @usableFromInline package func offsetBy(_ v: Vector) -> PointerShapeValue {
        switch self {
        case .roundedRect(let r, let radius): return .roundedRect(r.offsetBy(v), radius: radius)
        case .path(let pts): return .path(pts.map { $0 + v })
        default: return self
        }
    }
}
