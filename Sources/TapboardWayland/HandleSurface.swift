import CWayland
import CWaylandProtocols

/// The handle: a small tab centred on the bottom edge of an output while the panel is
/// hidden, for apps that never ask for the keyboard. A layer surface that takes no
/// keyboard focus and reserves no space; drawn once per configure, never redrawn while idle.
public final class HandleSurface {
    /// Its size in logical pixels (documented in docs/control.md: tests and users rely on it).
    public static let width = 60, height = 14

    let surface: OpaquePointer
    let layerSurface: OpaquePointer
    private unowned let display: Display
    private var listener: Listener<zwlr_layer_surface_v1_listener>!
    private var buffer: ShmBuffer?
    private var bufferScale: Int32 = 1
    /// The buffer scale it is drawn at.
    public let scale: Int
    /// The compositor closed it (its output went): drop it; the app makes another when it can.
    public var onClosed: (() -> Void)?

    /// A handle on `output` (nil: where the compositor likes), drawn at `scale`.
    public init(display: Display, output: Output?, scale: Int) throws(WaylandError) {
        (surface, layerSurface) = try display.makeLayerSurface(on: output, namespace: "tapboard-handle", for: "the handle")
        self.display = display
        self.scale = max(scale, 1)
        listener = Listener(
            zwlr_layer_surface_v1_listener(
                configure: { data, layer, serial, _, _ in
                    zwlr_layer_surface_v1_ack_configure(layer, serial)
                    owner(data, as: HandleSurface.self).draw()
                },
                closed: { data, _ in owner(data, as: HandleSurface.self).onClosed?() }))
        zwlr_layer_surface_v1_add_listener(layerSurface, listener.pointer, opaque(self))
        display.surfaces.register(surface) { .handle }
        zwlr_layer_surface_v1_set_anchor(layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
        zwlr_layer_surface_v1_set_size(layerSurface, UInt32(Self.width), UInt32(Self.height))
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, 0)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 0)
        wl_surface_commit(surface)
    }

    deinit {
        display.surfaces.unregister(surface)
        zwlr_layer_surface_v1_destroy(layerSurface)
        wl_surface_destroy(surface)
    }

    /// A dark tab with a light grip line across its middle.
    private func draw() {
        if buffer == nil, let shm = display.shm {
            buffer = ShmBuffer(shm: shm, width: Self.width * scale, height: Self.height * scale, scale: scale)
            if let buffer { Self.paint(buffer) }
        }
        guard let buffer else { return }
        show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }

    private static func paint(_ b: ShmBuffer) {
        let tab: UInt32 = 0xF018_1818
        let grip: UInt32 = 0xFFC8_C8C8
        let s = b.scale
        let gripTop = 6 * s
        let gripBottom = 8 * s
        let gripLeft = 18 * s
        let gripRight = b.width - 18 * s
        for y in 0..<b.height {
            let row = (b.pixels + y * b.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<b.width {
                let onGrip = y >= gripTop && y < gripBottom && x >= gripLeft && x < gripRight
                // The top corners are cut off, one step of `s` pixels each, for a tab-like shape.
                let corner = y < 2 * s && (x < 2 * s - y || x >= b.width - 2 * s + y)
                row[x] = corner ? 0 : onGrip ? grip : tab
            }
        }
    }
}
