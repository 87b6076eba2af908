import TapboardCore
import TapboardRender

/// The panel's frames: only the keys a buffer lacks are drawn, and only they are damaged.
extension PanelPresenter {
    /// While the compositor configures a new surface: the labels of the panel it will
    /// most likely get (`layout`'s `layer` on the output as it is) are shaped, so that
    /// the first frame only paints them.
    func prepareLabels(layout: Layout, layer: Layer, look: PanelAppearance) {
        guard panel != nil else { return }
        display.flush()
        let o = outputSize
        let g = PanelGeometry.forOutput(width: o.width, height: o.height, layout: layout, layer: layer)
        renderer.prepareLabels(of: g, look)
    }

    /// Draws the scene into a free buffer and commits the panel with the damage, if
    /// anything changed since the last frame and the panel is configured.
    func drawIfNeeded() {
        guard needsDraw, let p = panel, p.isConfigured, let scene = scene(), let pool else { return }
        let g = scene.geometry
        let scale = scale  // the output looked up once, not at each use
        // Both buffers held by the compositor: a release event will bring us back here.
        guard let buffer = pool.next(width: g.width * scale, height: g.height * scale, scale: scale),
            let canvas = buffer.canvas
        else { return }
        let changed = renderer.draw(
            g, scene.look, on: canvas, only: buffer.stale.keys.map { Array($0) }, beside: pool.sibling(of: buffer)?.canvas)
        buffer.stale.drawn()
        let damage = changed.map { DamageRects.of($0, in: g) }
        p.present(buffer.buffer, scale: scale, damage: damage)
        needsDraw = false
        heapTrim.frameDrawn()
        // The commit moved the bubble; it is drawn and shown now, after the highlight.
        if let b = keyBubble, let bubble = b.waiting { drawBubble(bubble, in: b) }
        onFrame?()
        if changed == nil {
            prepareSpareSoon(width: buffer.width, height: buffer.height)
            prepareBubblesSoon(g)
        }
    }

    /// After a whole new panel, the key bubbles are drawn off screen in idle time, so that
    /// a key's first press finds its label shaped and its glyphs rendered.
    func prepareBubblesSoon(_ g: PanelGeometry) {
        guard keyPreview else { return }
        loop.schedule(after: 0) { [unowned self] in
            guard self.scene()?.geometry == g else { return }
            let bubbles = g.keys.compactMap { k -> Popup? in
                guard case .text = k.key.action, !k.key.label.isEmpty else { return nil }
                return Popup.preview(k.key.label, above: k, panelWidth: g.width)
            }
            self.renderer.prepare(bubbles: bubbles, scale: self.scale)
        }
    }

    /// After a frame at a new size, if the compositor still holds the buffer a moment
    /// later, the second one is made (a copy of the first), so that the next tap draws
    /// one key, not a whole panel into a fresh buffer.
    func prepareSpareSoon(width: Int, height: Int) {
        guard let pool, pool.needsSpare(width: width, height: height, scale: scale) else { return }
        loop.schedule(after: 50) { [unowned self] in
            guard self.pool?.needsSpare(width: width, height: height, scale: self.scale) == true else { return }
            self.pool?.prepareSpare(width: width, height: height, scale: self.scale)
        }
    }
}
