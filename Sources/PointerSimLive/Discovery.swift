#if os(Linux)
import CLibevdev
import Glibc
import PointerSimInput

/// Finds the evdev nodes of this machine (`/dev/input/event*`).
public enum Discovery {
    /// The folder watched for input nodes.
    @usableFromInline package static let inputDirectory = "/dev/input"

    /// One node found, opened or not.
    public struct Entry: Sendable {
        /// The node, e.g. `/dev/input/event3`.
        public var path: String
        /// The description, if the node could be opened.
        public var description: DeviceDescription?
        /// Why it could not be opened.
        public var error: DeviceOpenError?
        /// Whether another program holds an exclusive grab (EVIOCGRAB): the
        /// node opens, but no event reaches anyone else.
        public var grabbedElsewhere = false
    }

    /// Whether `name` is an evdev node name (`event` followed by digits).
    @usableFromInline package static func isEventNodeName(_ name: String) -> Bool {
        guard name.hasPrefix("event") else { return false }
        let digits = name.dropFirst(5)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The `event*` nodes in `directory`, in numeric order, or `nil` if the
    /// folder does not exist or cannot be listed.
    /// - Complexity: O(n log n) in the number of entries.
    @usableFromInline package static func eventNodes(in directory: String = inputDirectory) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let ent = readdir(dir) {
            let name = withUnsafeBytes(of: ent.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if isEventNodeName(name), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    /// Opens each node briefly to read its description, and tests for an
    /// exclusive grab by another program the way `evtest` does (grab and
    /// release at once).
    /// - Returns: `nil` if `directory` does not exist.
    public static func scan(directory: String = inputDirectory) -> [Entry]? {
        guard let nodes = eventNodes(in: directory) else { return nil }
        return nodes.map { (path: String) -> Entry in
            do throws(DeviceOpenError) {
                let d = try EvdevDevice(path: path)
                return Entry(path: path, description: d.deviceDescription, error: nil, grabbedElsewhere: d.isGrabbedElsewhere())
            } catch {
                return Entry(path: path, description: nil, error: error)
            }
        }
    }
}
#endif
