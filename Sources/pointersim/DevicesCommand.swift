import ArgumentParser
import PointerSimInput

#if canImport(Glibc)
import Glibc
#endif
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
                One line per node: path, kind (mouse, touchpad, clickpad, trackpoint, keyboard, other), \
                name, separated by tabs. A node that cannot be opened is listed as "unreadable" with the \
                reason and what to do; a device another program has grabbed gets a "busy" note (tested \
                as evtest does, by grabbing and releasing it at once). On a machine without /dev/input \
                this says so and exits 0.
                """
        )

        @Option(help: ArgumentHelp("The folder to list.", visibility: .hidden))
        var directory: String = "/dev/input"

        func run() throws {
            #if os(Linux)
            guard let entries = Discovery.scan(directory: directory) else {
                print("no \(directory) on this machine: there are no input devices to read (a container or a build machine?)")
                print(
                    "replay a recording instead: pointersim replay FILE (bundled ones are in Traces/); record one elsewhere with pointersim record --output FILE"
                )
                finishStandardOutput()
                return
            }
            if entries.isEmpty {
                print("no input devices in \(directory)")
                finishStandardOutput()
                return
            }
            for e in entries {
                if let d = e.description {
                    let busy = DeviceOpenError(path: e.path, code: EBUSY)
                    let note = e.grabbedElsewhere ? "\t(\(busy.reason): \(busy.advice))" : ""
                    print("\(e.path)\t\(DeviceKind.classify(d).rawValue)\t\(d.name)\(note)")
                } else if let err = e.error {
                    print("\(e.path)\tunreadable\t\(err.reason): \(err.advice)")
                }
            }
            #else
            print("live devices are only supported on Linux")
            #endif
            finishStandardOutput()
        }
    }
}
