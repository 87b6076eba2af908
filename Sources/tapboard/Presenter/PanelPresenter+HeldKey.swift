import TapboardCore
import TapboardRender
import TapboardWayland

/// What the panel's last frame showed: a frame that would show the same is not drawn.
struct PresentedPanel: Equatable {
    let geometry: PanelGeometry
    let look: PanelAppearance
    let scale: Int
    let theme: Theme
}

/// The key held alone, shown on an overlay above its cell, drawn as the panel would draw
/// it: a tap's press and release leave the panel's buffers alone (no frame, no copies
/// between them, none of its pages touched), where the panel drew the key twice and copied
/// it back twice.
struct LiftedKey: Equatable {
    let index: Int
    let cell: Rect
    let look: PanelAppearance
    let scale: Int
    let theme: Theme
}

extension PanelPresenter {
    /// Puts the key held alone on its overlay, or takes it off and gives it back to the
    /// panel; returns the look the panel is to show (that key released while it is lifted).
    /// A key put on the overlay is drawn now and shown after the panel's next commit.
    func liftHeldKey(_ scene: PanelScene, scale: Int, panel p: LayerSurface) -> PanelAppearance {
        let g = scene.geometry
        var want: LiftedKey?
        if let i = scene.look.highlighted.first, renderer.canLift(i, of: g, scene.look) {
            var look = scene.look
            look.strip = .empty  // the key's cell does not show the strip
            want = LiftedKey(index: i, cell: g.keys[i].cell, look: look, scale: scale, theme: renderer.theme)
        }
        if want != liftedKey {
            if let old = liftedKey { pool?.invalidate([old.index]) }  // the panel shows it as the scene has it
            liftedKey = nil
            heldKeyWaiting = nil
            if heldKeyOverlay?.isShown == true { heldKeyOverlay?.hide() }
            if let want, let overlay = heldKeyOverlay(p), let buffer = drawLifted(want, g) {
                overlay.move(x: Int(want.cell.x), y: Int(want.cell.y))
                pool?.invalidate([want.index])  // the panel shows it released
                liftedKey = want
                heldKeyWaiting = buffer
            }
        }
        var look = scene.look
        if let liftedKey { look.highlighted.remove(liftedKey.index) }
        return look
    }

    /// The overlay, made on first use; nil where the compositor has no subsurfaces.
    private func heldKeyOverlay(_ p: LayerSurface) -> PanelOverlay? {
        // Made after the bubble it would lie above it: only before one (showPreview makes it first).
        if heldKeyOverlay == nil, keyBubble == nil { heldKeyOverlay = PanelOverlay(display: display, parent: p) }
        return heldKeyOverlay
    }

    /// `key`'s cell drawn into a free buffer of the overlay's; nil when both are held.
    private func drawLifted(_ key: LiftedKey, _ g: PanelGeometry) -> DrawBuffer? {
        if heldKeyPool == nil, let shm = display.shm { heldKeyPool = BufferPool(shm: shm, sizes: 3) }
        let s = key.scale
        guard
            let buffer = heldKeyPool?.next(
                width: Int(key.cell.width) * s, height: Int(key.cell.height) * s, scale: s),
            let canvas = buffer.canvas
        else { return nil }
        renderer.drawCell(key.index, of: g, key.look, on: canvas)
        return buffer
    }
}
