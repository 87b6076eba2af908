import CPangoCairo
import TapboardCore

/// A live panel draws into two buffers in turn, so the buffer drawn a frame ago usually
/// already shows a key as it must look now (the key just released looked that way before
/// its press). Such a key's cell is copied from there, pixel for pixel, instead of being
/// drawn again; a key whose look the canvas itself still shows is left alone.
extension PanelRenderer {
    /// Draws `keys` as they look under `look` (`looks`: each one's `keyLook`, in their order).
    /// `before` is what the canvas showed of each of `keys`, in their order (nil: unknown);
    /// `sibling`, if given, is another canvas of the same size whose recorded looks say which
    /// of its cells can be copied. A strip slot whose word's ink both canvases know is
    /// copied, or cleared, only where the words lie.
    func drawKeys(
        _ keys: [Int], looking looks: [KeyLook], _ geometry: PanelGeometry, _ look: PanelAppearance,
        on canvas: Canvas, before: [KeyLook]?, beside sibling: Canvas?
    ) {
        let source = sibling.flatMap { Self.copyable($0, for: canvas, geometry, theme) }
        // The canvas's record of its slots' ink holds while it describes the pixels (`before`).
        let known = before == nil ? [:] : canvas.drawn?.inked ?? [:]
        var drawn: [Int] = []
        var inked = known
        for (n, i) in keys.enumerated() {
            let want = looks[n]
            if before?[n] == want { continue }
            if let source, source.looks[i] == want, let sibling {
                let words = known[i].flatMap { old in source.inked[i].map { old.union($0) } }
                copyCell(i, geometry, from: sibling, to: canvas, within: words)
                inked[i] = source.inked[i]
            } else {
                drawn.append(i)
            }
        }
        // A slot drawn is cleared where the canvas's record says its old word lies.
        drawKeys(drawn, geometry, look, canvas.cr, clearing: known, inked: &inked)
        if before != nil { canvas.drawn?.inked = inked }
    }

    /// The sibling's record, if its cells can stand in for this canvas's: the same panel,
    /// theme and pixel size, and no trail over its keys.
    private static func copyable(_ sibling: Canvas, for canvas: Canvas, _ geometry: PanelGeometry, _ theme: Theme)
        -> DrawnPanel?
    {
        guard sibling !== canvas, let record = sibling.drawn, record.geometry == geometry, record.theme == theme,
            record.trail.isEmpty, sibling.scale == canvas.scale, sibling.pixelWidth == canvas.pixelWidth,
            sibling.pixelHeight == canvas.pixelHeight
        else { return nil }
        return record
    }

    /// Copies key `i`'s cell, in whole device pixels, from `sibling` onto `canvas`; only the
    /// part of it `within` (device pixels) where given: the two cells are the same elsewhere.
    private func copyCell(
        _ i: Int, _ geometry: PanelGeometry, from sibling: Canvas, to canvas: Canvas, within: DeviceBox? = nil
    ) {
        let cr = canvas.cr
        let s = Double(canvas.scale)
        let c = Self.pixelCell(geometry.keys[i].cell, scale: canvas.scale)
        let x = Int((c.x * s).rounded())
        let y = Int((c.y * s).rounded())
        var cell = DeviceBox(x: x, y: y, width: Int((c.maxX * s).rounded()) - x, height: Int((c.maxY * s).rounded()) - y)
        // A cell off whole pixels shares its edges' pixels with its neighbours: copied whole.
        if let within, DeviceBox.cell(geometry.keys[i].cell, cr) != nil { cell = cell.intersection(within) }
        if cell.isEmpty
            || PixelCopy.copy(
                from: sibling.surface, x: cell.x, y: cell.y, to: canvas.surface, x: cell.x, y: cell.y, width: cell.width,
                height: cell.height)
        {
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, sibling.surface, 0, 0)
        cairo_rectangle(cr, c.x * s, c.y * s, c.width * s, c.height * s)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
