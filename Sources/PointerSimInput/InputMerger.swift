import PointerSimCore

/// Several devices decoded into one pointer stream: modifiers are the union
/// over all devices, a button is down while any device holds it, and a
/// removed device's buttons and modifiers are released.
public struct InputMerger: Sendable {
    /// The decoders, by device index.
    public private(set) var decoders: [DeviceDecoder]
    var removed: [Bool]
    var buttonCount: [PointerButton: Int] = [:]
    var modifiers: ModifierFlags = []

    /// Creates decoders for the devices.
    /// - Throws: ``DecoderError`` from the first device that cannot be decoded.
    public init(devices: [DeviceDescription], configuration: DecoderConfiguration) throws(DecoderError) {
        self.configuration = configuration
        var ds: [DeviceDecoder] = []
        for d in devices { ds.append(try DeviceDecoder(description: d, configuration: configuration)) }
        decoders = ds
        removed = Array(repeating: false, count: ds.count)
        for d in ds { modifiers.formUnion(d.modifiers) }
    }

    /// The configuration every device is decoded with.
    public let configuration: DecoderConfiguration

    /// Adds a device that appeared later (live hot-plug).
    /// - Returns: its index for ``feed(device:_:)`` and ``removeDevice(_:at:)``.
    /// - Throws: ``DecoderError`` if it cannot be decoded.
    public mutating func addDevice(_ description: DeviceDescription) throws(DecoderError) -> Int {
        let d = try DeviceDecoder(description: description, configuration: configuration)
        decoders.append(d)
        removed.append(false)
        return decoders.count - 1
    }


    /// Feeds an event of device `device` (an index into `devices`). Events of
    /// removed devices are ignored.
    public mutating func feed(device: Int, _ event: EvdevEvent) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        let raw = decoders[device].feed(event)
        return raw.isEmpty ? raw : merge(raw)
    }

    /// Applies a live device's resynchronisation after SYN_DROPPED (see
    /// ``DeviceDecoder/resync(_:)``).
    public mutating func resync(device: Int, _ events: [EvdevEvent]) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        let raw = decoders[device].resync(events)
        return raw.isEmpty ? raw : merge(raw)
    }

    /// Removes a device; ends with `.deviceRemoved(node or name)`.
    public mutating func removeDevice(_ device: Int, at time: Double) -> [PointerEvent] {
        guard decoders.indices.contains(device), !removed[device] else { return [] }
        removed[device] = true
        var out = merge(decoders[device].removed(at: time))
        let d = decoders[device].description
        out.append(PointerEvent(time: time, .deviceRemoved(d.node ?? d.name)))
        return out
    }

    mutating func merge(_ raw: [PointerEvent]) -> [PointerEvent] {
        // Fast path: motion and scrolling pass through unchanged (no new array).
        if raw.allSatisfy({ switch $0.kind { case .delta, .scroll, .move: true; default: false } }) { return raw }
        var out: [PointerEvent] = []
        out.reserveCapacity(raw.count)
        for e in raw {
            switch e.kind {
            case .press(let b):
                let n = buttonCount[b, default: 0]
                buttonCount[b] = n + 1
                if n == 0 { out.append(e) }
            case .release(let b):
                let n = buttonCount[b, default: 0]
                guard n > 0 else { continue }
                buttonCount[b] = n - 1
                if n == 1 { out.append(e) }
            case .modifiers:
                var m: ModifierFlags = []
                for (i, d) in decoders.enumerated() where !removed[i] { m.formUnion(d.modifiers) }
                if m != modifiers { modifiers = m; out.append(PointerEvent(time: e.time, .modifiers(m))) }
            default: out.append(e)
            }
        }
        return out
    }
}
