import CWayland
import CWaylandProtocols
import TapboardCore

/// An xdg_popup child of the panel's layer surface, placed at panel-local
/// coordinates (above the panel, so `y` is negative). The finger that opened it stays
/// with the panel surface; a pointer may cross into it where the compositor has no
/// implicit grab (phoc), so the popup takes pointer input and steers it on.
public final class PopupSurface {
    let surface: OpaquePointer
    private unowned let display: Display
    let xdgSurface: OpaquePointer
    let popup: OpaquePointer
    private var surfaceListener: Listener<xdg_surface_listener>!
    private var popupListener: Listener<xdg_popup_listener>!
    public private(set) var isConfigured = false
    /// Where the compositor put it, relative to the panel.
    public private(set) var x = 0, y = 0
    public let width: Int, height: Int
    private var bufferScale: Int32 = 1
    public var onConfigure: (() -> Void)?
    public var onDismissed: (() -> Void)?

    public init(display: Display, parent: LayerSurface, x: Int, y: Int, width: Int, height: Int) throws(WaylandError) {
        guard let base = display.wmBase, let compositor = display.compositor else {
            throw WaylandError("the compositor lacks xdg_wm_base: no popups")
        }
        guard parent.canAdoptPopups else {
            throw WaylandError("popups need wlr-layer-shell; the input panel here cannot have any")
        }
        self.width = width
        self.height = height
        self.display = display
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)
        let positioner = xdg_wm_base_create_positioner(base)
        xdg_positioner_set_size(positioner, Int32(width), Int32(height))
        // Anchor at the panel's top-left corner and offset to the wanted spot.
        xdg_positioner_set_anchor_rect(positioner, 0, 0, 1, 1)
        xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_TOP_LEFT.rawValue)
        xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
        xdg_positioner_set_offset(positioner, Int32(x), Int32(y))
        xdg_positioner_set_constraint_adjustment(positioner, XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue)
        popup = xdg_surface_get_popup(xdgSurface, nil, positioner)
        xdg_positioner_destroy(positioner)
        self.x = x
        self.y = y
        surfaceListener = Listener(
            xdg_surface_listener(configure: { data, xdg, serial in
                let p = owner(data, as: PopupSurface.self)
                xdg_surface_ack_configure(xdg, serial)
                p.isConfigured = true
                p.onConfigure?()
            }))
        popupListener = Listener(
            xdg_popup_listener(
                configure: { data, _, x, y, _, _ in
                    let p = owner(data, as: PopupSurface.self)
                    p.x = Int(x)
                    p.y = Int(y)
                },
                popup_done: { data, _ in owner(data, as: PopupSurface.self).onDismissed?() },
                repositioned: { _, _, _ in }))
        xdg_surface_add_listener(xdgSurface, surfaceListener.pointer, opaque(self))
        xdg_popup_add_listener(popup, popupListener.pointer, opaque(self))
        parent.adopt(popup)
        wl_surface_commit(surface)
        display.surfaces.register(surface) { [weak self] in
            self.map { .popup(offset: Point(x: Double($0.x), y: Double($0.y))) }
        }
    }

    deinit {
        display.surfaces.unregister(surface)
        xdg_popup_destroy(popup)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    /// Shows `buffer` (whole-surface damage).
    public func present(_ buffer: ShmBuffer, scale: Int) {
        show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }
}
