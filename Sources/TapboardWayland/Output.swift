import CWayland
import CWaylandProtocols

/// A wl_output, with its zxdg_output_v1 where the compositor has xdg-output. Events
/// fill a pending state that applies on `done`, so a mode change and the scale or
/// transform that come with it are seen together.
public final class Output {
    /// What one `done` applies.
    struct State: Equatable {
        var modeWidth: Int32 = 0, modeHeight: Int32 = 0
        var scale: Int32 = 1
        var transform: Int32 = 0
        /// From xdg-output (0: none yet).
        var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
        var xdgName: String?
        /// From wl_output v4.
        var outputName: String?

        var logicalSize: (width: Int, height: Int) {
            if logicalWidth > 0, logicalHeight > 0 { return (Int(logicalWidth), Int(logicalHeight)) }
            let s = Int(max(scale, 1))
            var w = Int(modeWidth) / s
            var h = Int(modeHeight) / s
            if transform % 2 == 1 { swap(&w, &h) }
            return (w, h)
        }
    }

    let proxy: OpaquePointer!
    /// Registry name of the wl_output global.
    let globalName: UInt32
    private var xdgOutput: OpaquePointer?
    private var xdgVersion: UInt32 = 0
    private var listener: Listener<wl_output_listener>!
    private var xdgListener: Listener<zxdg_output_v1_listener>!
    /// Filled by events, applied on `done`.
    var pending = State()
    private(set) var applied = State()
    /// Whether a `done` has applied anything yet.
    public private(set) var isReady = false
    /// Called after a `done` that changed the applied state.
    var onChange: ((Output) -> Void)?

    /// `proxy` nil: an output fed by hand (tests set `pending` and call `done`).
    init(_ proxy: OpaquePointer?, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        listener = Listener(
            wl_output_listener(
                geometry: { data, _, _, _, _, _, _, _, _, transform in
                    owner(data, as: Output.self).pending.transform = transform
                },
                mode: { data, _, flags, width, height, _ in
                    guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
                    let o = owner(data, as: Output.self)
                    o.pending.modeWidth = width
                    o.pending.modeHeight = height
                },
                done: { data, _ in owner(data, as: Output.self).done() },
                scale: { data, _, factor in owner(data, as: Output.self).pending.scale = max(factor, 1) },
                name: { data, _, name in owner(data, as: Output.self).pending.outputName = name.map { String(cString: $0) } },
                description: { _, _, _ in }))
        xdgListener = Listener(
            zxdg_output_v1_listener(
                logical_position: { _, _, _, _ in },
                logical_size: { data, _, width, height in
                    let o = owner(data, as: Output.self)
                    o.pending.logicalWidth = width
                    o.pending.logicalHeight = height
                },
                done: { data, _ in
                    // Deprecated from version 3, where wl_output.done covers xdg-output too.
                    let o = owner(data, as: Output.self)
                    if o.xdgVersion < 3 { o.done() }
                },
                name: { data, _, name in owner(data, as: Output.self).pending.xdgName = name.map { String(cString: $0) } },
                description: { _, _, _ in }))
        if let proxy { wl_output_add_listener(proxy, listener.pointer, opaque(self)) }
    }

    deinit {
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        guard let proxy else { return }
        if wl_output_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    /// Asks xdg-output for the logical size and name.
    func attachXDG(manager: OpaquePointer) {
        guard xdgOutput == nil else { return }
        xdgVersion = zxdg_output_manager_v1_get_version(manager)
        xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
        zxdg_output_v1_add_listener(xdgOutput, xdgListener.pointer, opaque(self))
    }

    /// Applies what the events since the last `done` said.
    func done() {
        let changed = pending != applied || !isReady
        applied = pending
        isReady = true
        if changed { onChange?(self) }
    }

    /// The output's name (`HEADLESS-1`, `DP-2`): xdg-output's, else wl_output v4's.
    public var name: String? { applied.xdgName ?? applied.outputName }
    /// Size in logical pixels, as the compositor lays out surfaces on it: xdg-output's,
    /// else the current mode divided by the scale and rotated by the transform.
    public var logicalSize: (width: Int, height: Int) { applied.logicalSize }
    /// Integer buffer scale for surfaces shown on it.
    public var scale: Int { Int(max(applied.scale, 1)) }
    /// wl_output.transform (0 normal, 1 rotated 90°, ...).
    public var transform: Int { Int(applied.transform) }
}
