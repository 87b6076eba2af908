import CWayland

/// The pressed key's magnified bubble: one subsurface of the panel, kept for the
/// panel's life and moved from key to key, so a tap creates no Wayland objects.
/// In sync mode its buffer and position apply with the panel's next commit, which the
/// key's highlight brings in the same tap. It is hidden by showing a clear buffer, not
/// by unmapping: phoc 0.24 crashes when a layer surface's subsurface unmaps.
public final class KeyBubble {
    private let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var bufferScale: Int32 = 1
    /// Fully transparent, 12 px square (a multiple of every buffer scale up to 4).
    private let clear: ShmBuffer

    public init?(display: Display, parent: LayerSurface) {
        guard let compositor = display.compositor, let sub = display.subcompositor, let shm = display.shm,
              let clear = ShmBuffer(shm: shm, width: 12, height: 12, scale: 1) else { return nil }
        self.clear = clear
        surface = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(sub, surface, parent.surface)
        // Fingers go through it to the panel below.
        let region = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    deinit {
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Shows `buffer` with its top-left corner at (x, y) in panel coordinates.
    public func show(_ buffer: ShmBuffer, x: Int, y: Int, scale: Int) {
        wl_subsurface_set_position(subsurface, Int32(x), Int32(y))
        TapboardWayland.show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }

    /// Shows nothing (a clear buffer; see above).
    public func hide() {
        TapboardWayland.show(clear, on: surface, scale: 1, appliedScale: &bufferScale)
    }
}
