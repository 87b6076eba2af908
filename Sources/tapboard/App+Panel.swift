import TapboardCore
import TapboardRender
import TapboardWayland

/// The panel and its popup: showing, hiding, sizing and drawing.
extension App {
    /// The output the panel is on, else the one it will be on.
    var output: Output? {
        panel?.output ?? outputName.flatMap(display.output(named:)) ?? display.outputs.first
    }

    var outputSize: (width: Int, height: Int) {
        if let o = output, o.logicalSize.width > 0 { return o.logicalSize }
        return (720, 1280)
    }

    var scale: Int { output?.scale ?? 1 }

    func showPanel() {
        panelWanted = true
        // phoc 0.24 aborts if a layer surface comes before any seat: the seat's
        // arrival shows the panel.
        guard panel == nil, display.seat != nil, let shm = display.shm else { return }
        let pinned = display.panelOutput(named: outputName)
        showSelectedKeyboard()  // wide or not, for the output it goes to
        let o = outputSize
        let height = PanelGeometry.forOutput(width: o.width, height: o.height, layout: keyboard.layout,
                                             layer: keyboard.layer).height
        do {
            let p = try LayerSurface(display: display, height: height, output: pinned)
            p.onConfigure = { [unowned self] in self.relayout() }
            p.onClosed = { [unowned self] in self.panelClosed() }
            p.onOutputChange = { [unowned self] in self.outputChanged() }
            panel = p
            pool = BufferPool(shm: shm)
        } catch {
            printError("tapboard: \(error)")
        }
    }

    /// The compositor closed the panel (its output went) or its pinned output went:
    /// a new one goes where the compositor likes, once this event is done with. A
    /// compositor that keeps closing it (no output fits) gets no new one until an
    /// output comes or changes.
    func panelClosed() {
        let wanted = panelWanted
        loop.schedule(after: 0) { [unowned self] in
            self.hidePanel()
            self.panelWanted = wanted
            guard wanted, !self.display.outputs.isEmpty, self.panelReplacements < 3 else { return }
            self.panelReplacements += 1
            self.showPanel()
        }
    }

    /// Outputs came, went or changed: a panel that is wanted but missing comes back.
    func outputsChanged() {
        panelReplacements = 0
        if panelWanted, panel == nil { showPanel() }
    }

    /// Another output, or the same one resized, rotated or rescaled: the keyboard for
    /// its shape (wide or not) and a layout for its size, drawn in this frame.
    func outputChanged() {
        showSelectedKeyboard()
        relayout()
    }

    func hidePanel() {
        panelWanted = false
        for effect in keyboard.cancelAll() { apply(effect) }
        virtualKeyboard?.releaseAll()
        popupSurface = nil
        popupPool = nil
        keyBubble = nil
        previewPool = nil
        panel = nil
        pool = nil
        geometry = nil
    }

    /// Recomputes key rectangles for the current layer and panel size.
    func relayout() {
        guard let p = panel, p.isConfigured else { return }
        let o = outputSize
        let wanted = PanelGeometry.forOutput(width: p.width, height: o.height, layout: keyboard.layout,
                                             layer: keyboard.layer)
        // Another keyboard or output: ask for the new height; the next configure lays
        // it out. A compositor that gives another height is not asked again for the same.
        if wanted.height != p.height, p.setHeight(wanted.height) {
            p.commit()
        }
        panelReplacements = 0
        geometry = PanelGeometry(layer: keyboard.layer, width: p.width, height: p.height)
        laidOutLayer = keyboard.layer
        pool?.invalidate(nil)
        needsDraw = true
    }

    /// After a layer switch the keys move; after a shift change they stay.
    func layoutIfLayerChanged() {
        guard let p = panel, geometry != nil, keyboard.layer != laidOutLayer else { return }
        geometry = PanelGeometry(layer: keyboard.layer, width: p.width, height: p.height)
        laidOutLayer = keyboard.layer
    }

    func requestRedraw(_ keys: [Int]?) {
        pool?.invalidate(keys)
        needsDraw = true
    }

    func drawIfNeeded() {
        guard needsDraw, let p = panel, p.isConfigured, let g = geometry, let pool else { return }
        // Both buffers held by the compositor: a release event will bring us back here.
        guard let buffer = pool.next(width: g.width * scale, height: g.height * scale, scale: scale) else { return }
        var look = PanelAppearance(highlighted: keyboard.highlighted, shift: keyboard.shift,
                                   spaceLabel: spaceLabel, modifiers: keyboard.latched)
        look.onShiftPage = keyboard.layerName != keyboard.layout.layers[0].name
        look.returnLabel = returnLabel
        let stale = buffer.staleKeys
        guard let canvas = buffer.canvas else { return }
        renderer.draw(g, look, on: canvas, only: stale.map { Array($0) })
        buffer.staleKeys = []
        let damage = stale.map { keys in
            keys.map { i in
                let c = g.keys[i].cell
                return (Int(c.x), Int(c.y), Int(c.width.rounded(.up)), Int(c.height.rounded(.up)))
            }
        }
        p.present(buffer, scale: scale, damage: damage)
        needsDraw = false
    }

    // MARK: popup

    /// The pressed key's bubble, above the key (a subsurface of the panel).
    func showPreview(_ index: Int) {
        guard let g = geometry, g.keys.indices.contains(index), let p = panel else { return }
        let key = g.keys[index]
        let label = keyboard.isShifted ? (key.key.text(shifted: true) ?? key.key.label) : key.key.label
        let bubble = Popup.preview(label, above: key, panelWidth: g.width)
        let f = bubble.frame
        if keyBubble == nil { keyBubble = KeyBubble(display: display, parent: p) }
        if previewPool == nil, let shm = display.shm { previewPool = BufferPool(shm: shm) }
        guard let b = keyBubble, let buffer = previewPool?.next(width: Int(f.width) * scale,
                                                               height: Int(f.height) * scale, scale: scale),
              let canvas = buffer.canvas else { return }
        renderer.draw(bubble, on: canvas)
        b.show(buffer, x: Int(f.x), y: Int(f.y), scale: scale)
        needsDraw = true  // the panel's commit applies the bubble
    }

    func hidePreview() {
        keyBubble?.hide()
        needsDraw = true
    }

    func showPopup(_ popup: Popup) {
        guard let p = panel, let shm = display.shm else { return }
        let f = popup.frame
        let x = Int(f.x.rounded(.down)), y = Int(f.y.rounded(.down))
        let w = Int(f.width.rounded(.up)), h = Int(f.height.rounded(.up))
        if let s = popupSurface, s.width == w, s.height == h {
            drawPopup(popup)
            return
        }
        do {
            let s = try PopupSurface(display: display, parent: p, x: x, y: y, width: w, height: h)
            s.onConfigure = { [unowned self] in
                if let open = self.keyboard.popup { self.drawPopup(open) }
            }
            s.onDismissed = { [unowned self] in self.popupSurface = nil }
            popupSurface = s
            popupPool = BufferPool(shm: shm)
        } catch {
            printError("tapboard: \(error)")
        }
    }

    func drawPopup(_ popup: Popup) {
        guard let s = popupSurface, s.isConfigured,
              let buffer = popupPool?.next(width: s.width * scale, height: s.height * scale, scale: scale),
              let canvas = buffer.canvas else { return }
        renderer.draw(popup, on: canvas)
        s.present(buffer, scale: scale)
    }

    func closePopup() {
        popupSurface = nil
        popupPool = nil
    }
}
