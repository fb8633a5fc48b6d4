/// Middle-button emulation (`evdev-middle-button.c`): the fallback
/// dispatch's glue to the shared ``MiddleButtonEmulation``. What the state
/// machine posts goes to `evdev_pointer_notify_button`
/// (``FallbackDispatch/notifyButton(_:pressed:time:into:)``), in order.
extension FallbackDispatch {
    /// The middle-button timer fired.
    mutating func middleTimeout(_ time: Int64, into out: inout [DecodedEvent]) {
        var posts = MiddleButtonEmulation.Posts()
        middle.handleTimeout(time, into: &posts)
        notifyMiddlePosts(posts, into: &out)
    }

    mutating func notifyMiddlePosts(_ posts: MiddleButtonEmulation.Posts, into out: inout [DecodedEvent]) {
        if let p = posts.first { notifyButton(p.button, pressed: p.pressed, time: p.time, into: &out) }
        if let p = posts.second { notifyButton(p.button, pressed: p.pressed, time: p.time, into: &out) }
    }
}
