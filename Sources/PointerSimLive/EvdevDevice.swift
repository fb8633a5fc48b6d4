#if os(Linux)
import CLibevdev
import Glibc
import PointerSimInput

/// Why an input node could not be opened, with what the user can do about it.
public struct DeviceOpenError: Error, CustomStringConvertible, Sendable {
    /// The node.
    public var path: String
    /// The `errno` of the failure (or the negative libevdev return, negated).
    public var code: Int32

    /// Creates an error for `path` from an `errno` value.
    public init(path: String, code: Int32) { self.path = path; self.code = code }

    /// A short reason (`permission denied`, `busy`, …).
    public var reason: String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case EBUSY: return "busy"
        case ENOENT, ENXIO, ENODEV: return "no such device"
        case ENOTTY, EINVAL: return "not an evdev device"
        default: return String(cString: strerror(code))
        }
    }

    /// What to do about it.
    public var advice: String {
        switch code {
        case EACCES, EPERM:
            return "add yourself to the 'input' group (sudo usermod -aG input $USER, then log in again) or run as root"
        case EBUSY:
            return "another program has grabbed it exclusively (EVIOCGRAB); close that program first"
        case ENOENT, ENXIO, ENODEV:
            return "check the path with 'pointersim devices'"
        case ENOTTY, EINVAL:
            return "give a /dev/input/event* node"
        default:
            return "check the node with 'pointersim devices'"
        }
    }

    /// `path: reason (advice)`.
    public var description: String { "\(path): \(reason): \(advice)" }
}

/// One open evdev node read through libevdev: its description, and its
/// events read without blocking. Confine an instance to one thread.
public final class EvdevDevice {
    /// The node, e.g. `/dev/input/event5`.
    public let path: String
    /// The non-blocking file descriptor (for poll(2)).
    @usableFromInline package let fd: Int32
    /// What the device is and can do, as libevdev reports it.
    public let deviceDescription: DeviceDescription
    /// Whether the device is grabbed exclusively.
    @usableFromInline package let grabbed: Bool
    private let dev: OpaquePointer

    /// Opens `path` read-only and non-blocking, sets the event clock to
    /// CLOCK_MONOTONIC (as libinput does) and reads the description.
    /// - Parameters:
    ///   - path: the device node (`/dev/input/eventN`).
    ///   - grab: grab the device exclusively (EVIOCGRAB): no other
    ///     program sees its events while it is open.
    /// - Throws: ``DeviceOpenError`` saying why and what to do.
    public init(path: String, grab: Bool = false) throws(DeviceOpenError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw DeviceOpenError(path: path, code: errno) }
        var dev: OpaquePointer? = nil
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let d = dev else {
            close(fd)
            throw DeviceOpenError(path: path, code: -rc)
        }
        _ = libevdev_set_clock_id(d, CLOCK_MONOTONIC)
        if grab {
            let g = libevdev_grab(d, LIBEVDEV_GRAB)
            if g != 0 {
                libevdev_free(d); close(fd)
                throw DeviceOpenError(path: path, code: -g)
            }
        }
        self.path = path
        self.fd = fd
        self.dev = d
        self.grabbed = grab
        self.deviceDescription = EvdevDevice.describe(d, node: path)
    }

    deinit {
        if grabbed { _ = libevdev_grab(dev, LIBEVDEV_UNGRAB) }
        libevdev_free(dev)
        close(fd)
    }

    /// Whether another program holds an exclusive grab on the device: tries
    /// EVIOCGRAB and releases it at once (what `evtest` does); `false` if this
    /// device is grabbed by us.
    @usableFromInline package func isGrabbedElsewhere() -> Bool {
        if grabbed { return false }
        if pointersim_evdev_grab(fd, 1) == 0 {
            _ = pointersim_evdev_grab(fd, 0)
            return false
        }
        return errno == EBUSY
    }

    /// Reads the capabilities of an initialised libevdev device.
    /// - Complexity: O(number of possible codes), about 1 000 lookups.
    static func describe(_ d: OpaquePointer, node: String) -> DeviceDescription {
        var desc = DeviceDescription(name: String(cString: libevdev_get_name(d)))
        desc.bustype = UInt16(truncatingIfNeeded: libevdev_get_id_bustype(d))
        desc.vendor = UInt16(truncatingIfNeeded: libevdev_get_id_vendor(d))
        desc.product = UInt16(truncatingIfNeeded: libevdev_get_id_product(d))
        desc.version = UInt16(truncatingIfNeeded: libevdev_get_id_version(d))
        desc.node = node
        for p in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(d, p) == 1 {
            desc.properties.insert(UInt16(p))
        }
        for t in 0...UInt32(EV_MAX) where libevdev_has_event_type(d, t) == 1 {
            let maxCode = libevdev_event_type_get_max(t)
            var set: Set<UInt16> = []
            if maxCode >= 0 {
                for c in 0...UInt32(maxCode) where libevdev_has_event_code(d, t, c) == 1 {
                    set.insert(UInt16(c))
                    if t == UInt32(EV_ABS), let info = libevdev_get_abs_info(d, c) {
                        desc.absInfo[UInt16(c)] = AbsInfo(
                            value: info.pointee.value,
                            minimum: info.pointee.minimum,
                            maximum: info.pointee.maximum,
                            fuzz: info.pointee.fuzz,
                            flat: info.pointee.flat,
                            resolution: info.pointee.resolution
                        )
                    } else if t == UInt32(EV_LED) {
                        desc.leds[UInt16(c)] = libevdev_get_event_value(d, t, c)
                    } else if t == UInt32(EV_SW) {
                        desc.switches[UInt16(c)] = libevdev_get_event_value(d, t, c)
                    }
                }
            }
            desc.codes[UInt16(t)] = set
        }
        return desc
    }

    /// What ``readPending(into:)`` found.
    public enum ReadStatus: Equatable, Sendable {
        /// Everything queued was read; the device is still there.
        case ok
        /// The device is gone (-ENODEV, or another read error: its errno).
        case removed(errno: Int32)
    }

    /// Reads every queued event without blocking and appends it to `events`.
    ///
    /// A `SYN_DROPPED` (the kernel's buffer overflowed) is resolved with
    /// libevdev's sync loop: the output gets the `SYN_DROPPED`, an empty
    /// `SYN_REPORT` (so a decoder that drops events up to the next report
    /// drops nothing more: libevdev already did), then libevdev's state
    /// difference ending in `SYN_REPORT`. The same events go to the decoder
    /// and to the recording, so a replay of the recording decodes alike.
    /// - Complexity: O(events read).
    public func readPending(into events: inout [EvdevEvent]) -> ReadStatus {
        var ev = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let rc = libevdev_next_event(dev, flags, &ev)
            if rc == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                events.append(Self.convert(&ev))
            } else if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                    // The SYN_DROPPED itself; switch to the sync loop.
                    let dropped = Self.convert(&ev)
                    events.append(dropped)
                    events.append(EvdevEvent(sec: dropped.sec, usec: dropped.usec, type: 0, code: 0, value: 0))
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                } else {
                    events.append(Self.convert(&ev))
                }
            } else if rc == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue  // sync delta done, resume
                    continue
                }
                return .ok
            } else if rc == -EINTR {
                continue
            } else {
                return .removed(errno: -rc)
            }
        }
    }

    private static func convert(_ ev: inout input_event) -> EvdevEvent {
        EvdevEvent(
            sec: Int64(pointersim_event_sec(&ev)),
            usec: Int32(truncatingIfNeeded: pointersim_event_usec(&ev)),
            type: ev.type,
            code: ev.code,
            value: ev.value
        )
    }

    /// The current time on the event clock (CLOCK_MONOTONIC), for events that
    /// have no kernel timestamp such as an unplug.
    @usableFromInline package static func monotonicNow() -> (sec: Int64, usec: Int32) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return (Int64(ts.tv_sec), Int32(ts.tv_nsec / 1000))
    }
}
#endif
