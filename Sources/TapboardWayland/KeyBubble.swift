import CWayland
import TapboardCore

/// The pressed key's magnified bubble: one subsurface of the panel, kept for the
/// panel's life and moved from key to key, so a tap creates no Wayland objects.
/// Desynchronised: its buffer shows on its own commit, so the key's highlight (the
/// panel's commit) need not wait for the bubble to be drawn. Its position applies with
/// the panel's next commit, so a press goes: `move` (position), the panel's commit,
/// then `show` (the bubble drawn). It is hidden by showing a clear buffer, not by unmapping:
/// phoc 0.24 crashes when a layer surface's subsurface unmaps.
public final class KeyBubble {
    private let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var bufferScale: Int32 = 1
    /// Fully transparent, 12 px square (a multiple of every buffer scale up to 4).
    private let clear: ShmBuffer

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

    /// The bubble to draw and show once the panel has committed its move.
    public private(set) var waiting: Popup?

    /// Moves the bubble to `popup`'s frame (with the panel's next commit); `show`
    /// then puts `popup` in it.
    public func move(to popup: Popup) {
        wl_subsurface_set_position(subsurface, Int32(popup.frame.x), Int32(popup.frame.y))
        waiting = popup
    }

    /// Shows `buffer` (the waiting bubble, drawn) at once.
    public func show(_ buffer: ShmBuffer, scale: Int) {
        waiting = nil
        TapboardWayland.show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }

    /// Shows nothing (a clear buffer; see above), at once.
    public func hide() {
        waiting = nil
        TapboardWayland.show(clear, on: surface, scale: 1, appliedScale: &bufferScale)
    }
}
