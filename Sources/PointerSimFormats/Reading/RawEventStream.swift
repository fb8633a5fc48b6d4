import PointerSimCore
import PointerSimInput

/// One item of raw input: an event of a device, or a device that appeared or
/// went away. Times are integer microseconds.
public enum RawItem: Sendable, Hashable {
    /// An event of device `device`.
    case event(device: Int, EvdevEvent)
    /// Device `device` went away at a time (µs).
    case removed(device: Int, microseconds: Int64)
    /// Device `device` was added (its description is the pipeline's
    /// `devices[device]`) at a time (µs).
    case added(device: Int, microseconds: Int64)

    /// The time in µs.
    @inlinable public var microseconds: Int64 {
        switch self {
        case .event(_, let e): e.sec &* 1_000_000 &+ Int64(e.usec)
        case .removed(_, let t), .added(_, let t): t
        }
    }

    /// The device.
    @inlinable public var device: Int {
        switch self {
        case .event(let d, _), .removed(let d, _), .added(let d, _): d
        }
    }
}

extension EvdevEvent {
    /// The timestamp in µs.
    @inlinable public var microseconds: Int64 { sec &* 1_000_000 &+ Int64(usec) }

    /// The event stamped `us` microseconds instead (0 ≤ usec < 1 000 000,
    /// also before 0: -1 µs is sec -1, usec 999 999).
    @inlinable public func atMicroseconds(_ us: Int64) -> EvdevEvent {
        var r = self
        var s = us / 1_000_000, u = us % 1_000_000
        if u < 0 { u += 1_000_000; s -= 1 }
        r.sec = s; r.usec = Int32(u)
        return r
    }
}

/// The raw events of one device in a file, in time order, read in batches.
public protocol RawEventStream: AnyObject {
    /// Appends the next items (a batch) to `items`; returns false once there
    /// are no more.
    /// - Throws: ``InputError`` for a malformed line, after appending the
    ///   items before it.
    func read(into items: inout [RawItem]) throws -> Bool
}

/// A raw recording: its devices and, per device, its events.
public protocol RawEventReader: AnyObject {
    /// The devices, in the recording's order.
    var devices: [DeviceDescription] { get }
    /// One stream per device, in the same order.
    var streams: [any RawEventStream] { get }
}
