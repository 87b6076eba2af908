import CPangoCairo
import TapboardCore

/// A held key drawn alone, for a surface of its own above the panel: press and release then
/// leave the panel's buffers alone.
extension PanelRenderer {
    /// Whether key `i` of `geometry`, held in `look`, may be shown on a surface of its own
    /// above its cell, the panel below showing it released: the key alone is held, no stroke
    /// is drawn, the background is opaque (what the key's cell shows hides the key below), and
    /// its cell lies on whole logical pixels (where a surface can go). Not the strip's slots
    /// or the floating panel's grip.
    public func canLift(_ i: Int, of geometry: PanelGeometry, _ look: PanelAppearance) -> Bool {
        guard look.highlighted == [i], look.trail.isEmpty, theme.background.a == 1, geometry.keys.indices.contains(i)
        else { return false }
        let placed = geometry.keys[i]
        switch placed.key.action {
        case .suggestion, .grip: return false
        default: break
        }
        let c = placed.cell
        return c.width > 0 && c.height > 0 && [c.x, c.y, c.width, c.height].allSatisfy { $0 == $0.rounded() }
    }

    /// Draws key `i`'s cell as the panel shows it in `look` on `canvas`, the size of the cell
    /// (its pixels the panel's, the cell's corner at the canvas's).
    public func drawCell(_ i: Int, of geometry: PanelGeometry, _ look: PanelAppearance, on canvas: Canvas) {
        guard geometry.keys.indices.contains(i) else { return }
        let cr = canvas.cr
        labels.prepare(for: cr, scale: canvas.scale)
        if facesGeometry != geometry {
            keyFaces.removeAll()
            facesGeometry = geometry
        }
        let c = geometry.keys[i].cell
        cairo_save(cr)
        cairo_translate(cr, -c.x, -c.y)
        drawKeys([i], geometry, look, cr)
        cairo_restore(cr)
        canvas.flush()
    }
}
