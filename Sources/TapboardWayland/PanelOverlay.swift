import CWayland

/// A subsurface over the panel that fingers go through: the pressed key's bubble
/// (`KeyBubble`) and the held key drawn above its cell. Desynchronised: its buffer shows on
/// its own commit, while its position applies with the panel's next commit. It is hidden by
/// showing a clear buffer, not by unmapping: phoc 0.24 crashes when a layer surface's
/// subsurface unmaps. Overlays made later lie above those made earlier.
public final class PanelOverlay {
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var bufferScale: Int32 = 1
    /// Fully transparent, 12 px square (a multiple of every buffer scale up to 4).
    private let clear: ShmBuffer
    /// Whether it shows a buffer of its own (not the clear one).
    public private(set) var isShown = false

    public init?(display: Display, parent: LayerSurface) {
        guard let compositor = display.compositor, let sub = display.subcompositor, let shm = display.shm,
            let clear = ShmBuffer(shm: shm, width: 12, height: 12, scale: 1)
        else { return nil }
        self.clear = clear
        surface = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(sub, surface, parent.surface)
        // Fingers go through it to the panel below.
        let region = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
        wl_subsurface_set_desync(subsurface)
    }

    deinit {
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Moves it to (x, y) of the panel, in logical pixels, with the panel's next commit.
    public func move(x: Int, y: Int) {
        wl_subsurface_set_position(subsurface, Int32(x), Int32(y))
    }

    /// Shows `buffer` at once.
    public func show(_ buffer: ShmBuffer, scale: Int) {
        isShown = true
        TapboardWayland.show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }

    /// Shows nothing (a clear buffer; see above), at once.
    public func hide() {
        isShown = false
        TapboardWayland.show(clear, on: surface, scale: 1, appliedScale: &bufferScale)
    }
}
