import CWayland
import CWaylandProtocols

/// The panel's wl_surface as a layer surface on the bottom edge of an output.
/// Follows the protocol's order: first commit without a buffer, wait for `configure`,
/// ack it, then attach buffers.
public final class LayerSurface {
    public let surface: OpaquePointer
    let layerSurface: OpaquePointer
    private var listener: Listener<zwlr_layer_surface_v1_listener>!
    /// Buffer scale last set (it is double-buffered state; send it only on change).
    private var bufferScale: Int32 = 1

    /// Size the compositor gave us, in logical pixels; 0 until the first configure.
    public private(set) var width = 0
    public private(set) var height = 0
    public var isConfigured: Bool { width > 0 && height > 0 }

    public var onConfigure: (() -> Void)?
    public var onClosed: (() -> Void)?

    public init(display: Display, height: Int) throws(WaylandError) {
        guard let compositor = display.compositor else { throw WaylandError("the compositor has no wl_compositor") }
        guard let shell = display.layerShell else {
            throw WaylandError("the compositor lacks zwlr_layer_shell_v1 (wlr-layer-shell), which the panel needs")
        }
        surface = wl_compositor_create_surface(compositor)
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(
            shell, surface, nil, ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue, "tapboard")
        listener = Listener(zwlr_layer_surface_v1_listener(
            configure: { data, layer, serial, width, height in
                let s = owner(data, as: LayerSurface.self)
                zwlr_layer_surface_v1_ack_configure(layer, serial)
                s.width = Int(width)
                s.height = Int(height)
                s.onConfigure?()
            },
            closed: { data, _ in owner(data, as: LayerSurface.self).onClosed?() }))
        zwlr_layer_surface_v1_add_listener(layerSurface, listener.pointer, opaque(self))
        let anchor = ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layerSurface, anchor)
        setHeight(height)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 0)
        wl_surface_commit(surface)
    }

    deinit {
        zwlr_layer_surface_v1_destroy(layerSurface)
        wl_surface_destroy(surface)
    }

    /// Asks for a full-width panel of this height that moves windows up by as much.
    public func setHeight(_ height: Int) {
        zwlr_layer_surface_v1_set_size(layerSurface, 0, UInt32(height))
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, Int32(height))
    }

    /// Makes an xdg_popup a child of this layer surface.
    func adopt(_ popup: OpaquePointer) {
        zwlr_layer_surface_v1_get_popup(layerSurface, popup)
    }

    /// Commits pending state (a new size) without a new buffer.
    public func commit() { wl_surface_commit(surface) }

    /// Shows `buffer`, damaging only `damage` (logical rectangles; nil: everything).
    /// No frame callback: a keyboard draws only when touched, and a tap's highlight
    /// should not wait for the next vblank's wake-up.
    public func present(_ buffer: ShmBuffer, scale: Int, damage: [(Int, Int, Int, Int)]?) {
        show(buffer, on: surface, scale: scale, appliedScale: &bufferScale, damage: damage)
    }
}
