import CWayland

/// A wl_output: its current mode, scale and transform give the logical size.
public final class Output {
    let proxy: OpaquePointer
    let name: UInt32
    private var listener: Listener<wl_output_listener>!
    /// Current mode in buffer pixels.
    public private(set) var modeWidth: Int32 = 0
    public private(set) var modeHeight: Int32 = 0
    public private(set) var scale: Int32 = 1
    private var transform: Int32 = 0

    init(_ proxy: OpaquePointer, name: UInt32) {
        self.proxy = proxy
        self.name = name
        listener = Listener(wl_output_listener(
            geometry: { data, _, _, _, _, _, _, _, _, transform in
                owner(data, as: Output.self).transform = transform
            },
            mode: { data, _, flags, width, height, _ in
                guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
                let o = owner(data, as: Output.self)
                o.modeWidth = width
                o.modeHeight = height
            },
            done: { _, _ in },
            scale: { data, _, factor in owner(data, as: Output.self).scale = max(factor, 1) },
            name: nil, description: nil))
        wl_output_add_listener(proxy, listener.pointer, opaque(self))
    }

    deinit { wl_output_destroy(proxy) }

    /// Size in logical pixels, rotated as the output is.
    public var logicalSize: (width: Int, height: Int) {
        var w = Int(modeWidth) / Int(scale), h = Int(modeHeight) / Int(scale)
        if transform % 2 == 1 { swap(&w, &h) }
        return (w, h)
    }
}
