import ArgumentParser
import PointerSimFormats
import PointerSimInput

/// libinput's configuration options with `libinput debug-events`' names and
/// values, shared by `decode`, `replay`, `render` and `live`. The values are
/// checked by `LibinputOptions` (an unknown value is a usage error naming
/// the allowed ones); the options add one set after the scene's own
/// (`pointer.libinput`), so they override it.
struct LibinputOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("apply-to"),
        help: ArgumentHelp(
            "libinput: apply the options below only to devices whose name matches this shell glob (default: every device).",
            valueName: "pattern"
        )
    )
    var applyTo: String?

    @Option(
        name: .customLong("disable-sendevents"),
        help: ArgumentHelp("libinput: devices whose name matches this shell glob send no events.", valueName: "pattern")
    )
    var disableSendevents: String?

    @Flag(name: .customLong("tap"), inversion: .prefixedEnableDisable, help: "libinput: tap-to-click on or off.")
    var tap: Bool?

    @Flag(name: .customLong("drag"), inversion: .prefixedEnableDisable, help: "libinput: tap-and-drag on or off.")
    var drag: Bool?

    @Flag(name: .customLong("drag-lock"), inversion: .prefixedEnableDisable, help: "libinput: drag lock on or off.")
    var dragLock: Bool?

    @Flag(name: .customLong("natural-scrolling"), inversion: .prefixedEnableDisable, help: "libinput: natural scrolling on or off.")
    var naturalScrolling: Bool?

    @Flag(name: .customLong("left-handed"), inversion: .prefixedEnableDisable, help: "libinput: left-handed buttons on or off.")
    var leftHanded: Bool?

    @Flag(name: .customLong("middlebutton"), inversion: .prefixedEnableDisable, help: "libinput: middle-button emulation on or off.")
    var middlebutton: Bool?

    @Flag(name: .customLong("dwt"), inversion: .prefixedEnableDisable, help: "libinput: disable-while-typing on or off.")
    var dwt: Bool?

    @Flag(name: .customLong("dwtp"), inversion: .prefixedEnableDisable, help: "libinput: disable-while-trackpointing on or off.")
    var dwtp: Bool?

    @Flag(name: .customLong("scroll-button-lock"), inversion: .prefixedEnableDisable, help: "libinput: scroll button lock on or off.")
    var scrollButtonLock: Bool?

    @Option(name: .customLong("set-click-method"), help: ArgumentHelp("libinput: the click method.", valueName: "none|clickfinger|buttonareas"))
    var clickMethod: String?

    @Option(name: .customLong("set-scroll-method"), help: ArgumentHelp("libinput: the scroll method.", valueName: "none|twofinger|edge|button"))
    var scrollMethod: String?

    @Option(
        name: .customLong("set-scroll-button"),
        help: ArgumentHelp("libinput: the button of button scrolling (an EV_KEY name).", valueName: "BTN_MIDDLE")
    )
    var scrollButton: String?

    @Option(name: .customLong("set-profile"), help: ArgumentHelp("libinput: the pointer acceleration profile.", valueName: "adaptive|flat"))
    var profile: String?

    @Option(name: .customLong("set-speed"), help: ArgumentHelp("libinput: the pointer acceleration speed, -1 … 1.", valueName: "speed"))
    var speed: String?

    @Option(name: .customLong("set-tap-map"), help: ArgumentHelp("libinput: the buttons of 1-, 2- and 3-finger taps.", valueName: "lrm|lmr"))
    var tapMap: String?

    @Option(
        name: .customLong("set-rotation-angle"),
        help: ArgumentHelp("libinput: rotate a mouse's or pointing stick's motion clockwise, 0 … 359 degrees.", valueName: "degrees")
    )
    var rotationAngle: String?

    /// The options given, as libinput's arguments.
    var arguments: [String] {
        var a: [String] = []
        if let v = applyTo { a.append("--apply-to=\(v)") }
        if let v = disableSendevents { a.append("--disable-sendevents=\(v)") }
        func flag(_ v: Bool?, _ n: String) { if let v { a.append((v ? "--enable-" : "--disable-") + n) } }
        flag(tap, "tap"); flag(drag, "drag"); flag(dragLock, "drag-lock"); flag(naturalScrolling, "natural-scrolling")
        flag(leftHanded, "left-handed"); flag(middlebutton, "middlebutton"); flag(dwt, "dwt"); flag(dwtp, "dwtp")
        flag(scrollButtonLock, "scroll-button-lock")
        func opt(_ v: String?, _ n: String) { if let v { a.append("--\(n)=\(v)") } }
        opt(clickMethod, "set-click-method"); opt(scrollMethod, "set-scroll-method"); opt(scrollButton, "set-scroll-button")
        opt(profile, "set-profile"); opt(speed, "set-speed"); opt(tapMap, "set-tap-map"); opt(rotationAngle, "set-rotation-angle")
        return a
    }

    /// The options as one set (empty when none is given); a bad value is a usage error.
    func options() throws -> LibinputOptions {
        do {
            return try LibinputOptions.parse(arguments)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `c` with the options added after its own sets.
    func applied(to c: DecoderConfiguration) throws -> DecoderConfiguration {
        let o = try options()
        guard !o.isEmpty else { return c }
        var c = c
        c.libinput.append(o)
        return c
    }

    /// `setup` with the options added to its decoder configuration.
    func applied(to setup: SceneSetup) throws -> SceneSetup {
        var s = setup
        s.decoder = try applied(to: s.decoder)
        return s
    }

    func validate() throws { _ = try options() }

    /// The command line with every libinput option given more than once
    /// kept only where it was last given (with its value, `--set-speed=S` or
    /// `--set-speed S`): the last one wins either way, and the argument
    /// parser's cost grows with the square of the arguments it is handed
    /// (20,000 `--enable-tap` took over 30 s). Arguments after `--` are left
    /// alone.
    /// - Complexity: O(n) in the arguments.
    static func collapsingRepeats(_ arguments: [String]) -> [String] {
        // The option's name when the argument is a libinput option, and whether it takes the next argument as its value.
        let valued: [String: Bool] = Dictionary(uniqueKeysWithValues: LibinputOptions.options.map { ($0.name, $0.value != nil) })
        func option(_ a: String) -> (name: Substring, takesNext: Bool)? {
            guard a.hasPrefix("--") else { return nil }
            let body = a.dropFirst(2)
            if let eq = body.firstIndex(of: "=") {
                let name = body[..<eq]
                return valued[String(name)] == true ? (name, false) : nil
            }
            guard let v = valued[String(body)] else { return nil }
            return (body, v)
        }
        // First pass: where each option was given last.
        var last: [Substring: Int] = [:]
        var repeated = false
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            if let o = option(arguments[i]) {
                if last.updateValue(i, forKey: o.name) != nil { repeated = true }
                if o.takesNext { i += 1 }
            }
            i += 1
        }
        guard repeated else { return arguments }
        var out: [String] = []
        out.reserveCapacity(arguments.count)
        i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { out.append(contentsOf: arguments[i...]); break }
            if let o = option(a), last[o.name] != i {
                i += o.takesNext ? 2 : 1
                continue
            }
            out.append(a)
            if let o = option(a), o.takesNext, i + 1 < arguments.count { out.append(arguments[i + 1]); i += 1 }
            i += 1
        }
        return out
    }
}
