import CWayland

/// How libwayland hands a proxy's event to a dispatcher: the owner given to
/// `dispatchEvents`, the proxy, the event's opcode (its place among the interface's events
/// in the protocol XML), its message and its arguments in the XML's order.
typealias EventDispatcher =
    @convention(c) (
        UnsafeRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafePointer<wl_message>?, UnsafeMutablePointer<wl_argument>?
    ) -> Int32

/// Has libwayland hand `proxy`'s events to `dispatcher` with `owner` (unretained), already
/// decoded: a listener struct is called through libffi, about a thousand instructions an
/// event, and the objects that speak on every tap (pointer, touch, buffers, the input
/// method) use this instead.
func dispatchEvents(of proxy: OpaquePointer, to owner: AnyObject, _ dispatcher: EventDispatcher) {
    let data = opaque(owner)
    wl_proxy_add_dispatcher(proxy, dispatcher, UnsafeRawPointer(data), data)
}

/// The object a dispatcher's `owner` argument points to.
@inline(__always)
func dispatchOwner<T: AnyObject>(_ owner: UnsafeRawPointer?, as: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(owner!).takeUnretainedValue()
}

extension wl_argument {
    /// An object argument as the proxy it is (nil: none, or an object already destroyed).
    var proxy: OpaquePointer? { o }
    /// A string argument (nil: a null string).
    var string: String? { s.map { String(cString: $0) } }
}
