#if os(Linux)
import PointerSimInput

/// Whether `pointersim live` reads this device when no `--device` is given:
/// every pointer device (mouse, touchpad, clickpad, trackpoint) and keyboard.
public func isLiveInput(_ d: DeviceDescription) -> Bool { DeviceKind.classify(d) != .other }
#endif
