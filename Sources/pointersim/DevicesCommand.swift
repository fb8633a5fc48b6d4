import ArgumentParser
import PointerSimInput
#if os(Linux)
import PointerSimLive
#endif

extension PointerSimCommand {
    /// `pointersim devices`: lists the evdev nodes, their names and kinds, and
    /// why a node cannot be opened.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lists the input devices (/dev/input/event*): path, name, kind, or why one cannot be opened.",
            discussion: """
                Kinds: mouse, touchpad (clickpad), trackpoint, keyboard, other. A node that cannot be \
                opened is listed with the reason and what to do. On a machine without /dev/input this \
                says so and exits 0.
                """)

        @Option(help: ArgumentHelp("The folder to list.", visibility: .hidden))
        var directory: String = "/dev/input"

        func run() throws {
            #if os(Linux)
            guard let entries = Discovery.scan(directory: directory) else {
                print("no \(directory) on this machine: there are no input devices to read (a container or a build machine?)")
                return
            }
            if entries.isEmpty {
                print("no input devices in \(directory)")
                return
            }
            for e in entries {
                if let d = e.description {
                    print("\(e.path)\t\(DeviceKind.classify(d).rawValue)\t\(d.name)")
                } else if let err = e.error {
                    print("\(e.path)\tunreadable\t\(err.reason): \(err.advice)")
                }
            }
            #else
            print("live devices are only supported on Linux")
            #endif
        }
    }
}
