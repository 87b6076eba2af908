import CWayland
import CWaylandProtocols
import TapboardCore

/// The popup above the panel (alternates, menus), placed at panel-local coordinates
/// (above the panel, so `y` is negative): an xdg_popup child of the panel's layer surface,
/// or, on an input panel surface (which cannot parent an xdg_popup), a subsurface of the
/// panel, which KWin and weston draw beyond the panel's own rectangle. The finger that
/// opened it stays with the panel surface; a pointer may cross into it where the compositor
/// has no implicit grab (phoc), so the popup takes pointer input and steers it on.
public final class PopupSurface {
    let surface: OpaquePointer
    private unowned let display: Display
    /// What makes the surface a popup: the xdg objects, or the subsurface.
    private enum Role {
        case xdg(surface: OpaquePointer, popup: OpaquePointer)
        case subsurface(OpaquePointer)
    }
    private var role: Role!
    private var surfaceListener: Listener<xdg_surface_listener>!
    private var popupListener: Listener<xdg_popup_listener>!
    public private(set) var isConfigured = false
    /// Where the compositor put it, relative to the panel.
    public private(set) var x = 0, y = 0
    public let width: Int, height: Int
    private var bufferScale: Int32 = 1
    public var onConfigure: (() -> Void)?
    public var onDismissed: (() -> Void)?

    /// A popup of `width` by `height` at `x`, `y` of the panel. On an input panel it is
    /// configured at once (`isConfigured`; no `onConfigure` comes) and takes its place with
    /// the panel's commit, which it makes.
    public init(display: Display, parent: LayerSurface, x: Int, y: Int, width: Int, height: Int) throws(WaylandError) {
        guard let compositor = display.compositor else { throw WaylandError("the compositor lacks wl_compositor") }
        // A layer surface adopts an xdg_popup; an input panel gets a subsurface.
        let base = parent.canAdoptPopups ? display.wmBase : nil
        let sub = parent.canAdoptPopups ? nil : display.subcompositor
        guard base != nil || sub != nil else {
            throw WaylandError(
                parent.canAdoptPopups
                    ? "the compositor lacks xdg_wm_base: no popups"
                    : "the compositor lacks wl_subcompositor: no popups on its input panel")
        }
        self.width = width
        self.height = height
        self.display = display
        self.x = x
        self.y = y
        surface = wl_compositor_create_surface(compositor)
        if let base {
            role = makeXDGPopup(base: base, parent: parent)
        } else if let sub {
            let subsurface = wl_subcompositor_get_subsurface(sub, surface, parent.surface)!
            wl_subsurface_set_position(subsurface, Int32(x), Int32(y))
            wl_subsurface_set_desync(subsurface)
            role = .subsurface(subsurface)
            isConfigured = true
            parent.commit()
        }
        display.surfaces.register(surface) { [weak self] in
            self.map { .popup(offset: Point(x: Double($0.x), y: Double($0.y))) }
        }
    }

    /// The xdg_popup role (layer shell): configured by the compositor, which may slide it.
    private func makeXDGPopup(base: OpaquePointer, parent: LayerSurface) -> Role {
        let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        let positioner = xdg_wm_base_create_positioner(base)
        xdg_positioner_set_size(positioner, Int32(width), Int32(height))
        // Anchor at the panel's top-left corner and offset to the wanted spot.
        xdg_positioner_set_anchor_rect(positioner, 0, 0, 1, 1)
        xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_TOP_LEFT.rawValue)
        xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
        xdg_positioner_set_offset(positioner, Int32(x), Int32(y))
        xdg_positioner_set_constraint_adjustment(positioner, XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue)
        let popup = xdg_surface_get_popup(xdgSurface, nil, positioner)!
        xdg_positioner_destroy(positioner)
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
        return .xdg(surface: xdgSurface, popup: popup)
    }

    deinit {
        display.surfaces.unregister(surface)
        switch role {
        case .xdg(let xdgSurface, let popup):
            xdg_popup_destroy(popup)
            xdg_surface_destroy(xdgSurface)
        case .subsurface(let subsurface):
            wl_subsurface_destroy(subsurface)
        case nil: break
        }
        wl_surface_destroy(surface)
    }

    /// Shows `buffer` (whole-surface damage).
    public func present(_ buffer: ShmBuffer, scale: Int) {
        show(buffer, on: surface, scale: scale, appliedScale: &bufferScale)
    }
}
