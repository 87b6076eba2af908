import TapboardCore
import TapboardRender
import TapboardWayland

/// The panel, its popup and key bubble: Wayland surfaces and drawing.
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

    func showPanel(height: Int) {
        // phoc 0.24 aborts if a layer surface comes before any seat: the seat's arrival
        // shows the panel (App.init's onSeat).
        guard panel == nil, display.seat != nil, let shm = display.shm else { return }
        let pinned = display.panelOutput(named: outputName)
        do {
            let p = try LayerSurface(display: display, height: height, output: pinned)
            p.onConfigure = { [unowned self, unowned p] in
                self.panelReplacements = 0
                self.perform(self.controller.panelConfigured(width: p.width, height: p.height))
            }
            p.onClosed = { [unowned self] in self.panelClosed() }
            p.onOutputChange = { [unowned self] in self.outputChanged() }
            panel = p
            pool = BufferPool(shm: shm)
        } catch {
            printError("tapboard: \(error)")
        }
        // The panel may go to another output than the one guessed.
        outputChanged()
        prepareLabels()
    }

    /// While the compositor configures the new surface: the labels of the panel it will
    /// most likely get are shaped (the first frame then only paints them).
    func prepareLabels() {
        guard panel != nil else { return }
        display.flush()
        let o = outputSize, keyboard = controller.keyboard
        let g = PanelGeometry.forOutput(width: o.width, height: o.height, layout: keyboard.layout, layer: keyboard.layer)
        var look = PanelAppearance(shift: keyboard.shift, spaceLabel: controller.spaceLabel, modifiers: keyboard.latched)
        look.returnLabel = controller.returnLabel
        renderer.prepareLabels(of: g, look)
    }

    /// The compositor closed the panel (its output went) or its pinned output went: a
    /// new one goes where the compositor likes, once this event is done with. A
    /// compositor that keeps closing it (no output fits) gets no new one until an
    /// output comes or changes.
    func panelClosed() {
        loop.schedule(after: 0) { [unowned self] in
            guard self.panelReplacements < 3 else {
                self.hidePanel()
                return
            }
            self.panelReplacements += 1
            self.perform(self.controller.panelClosed())
        }
    }

    /// Outputs came, went or changed: a panel that is wanted but missing comes back.
    func outputsChanged() {
        panelReplacements = 0
        handleOutputsChanged()
        if controller.visible, panel == nil { showPanel(height: controller.wantedHeight) }
        outputChanged()
    }

    /// Another output, or the same one resized, rotated or rescaled: the controller
    /// picks the keyboard for its shape and size; the panel is drawn again at its scale.
    func outputChanged() {
        let o = outputSize
        perform(controller.outputChanged(width: o.width, height: o.height))
        requestRedraw(nil)
    }

    func hidePanel() {
        virtualKeyboard?.releaseAll()
        popupSurface = nil
        popupPool = nil
        shownPopup = nil
        // The panel goes before its bubble: phoc 0.24 aborts when a mapped layer
        // surface loses a subsurface.
        panel = nil
        pool = nil
        keyBubble = nil
        previewPool = nil
        heapTrim.now()  // the buffers just went; typing paused
        suggestionStore?.dropResidentPages()
    }

    func requestRedraw(_ keys: [Int]?) {
        pool?.invalidate(keys)
        needsDraw = true
    }

    func drawIfNeeded() {
        guard needsDraw, let p = panel, p.isConfigured, let g = controller.geometry, let pool else { return }
        // Both buffers held by the compositor: a release event will bring us back here.
        guard let buffer = pool.next(width: g.width * scale, height: g.height * scale, scale: scale),
              let canvas = buffer.canvas else { return }
        let keyboard = controller.keyboard
        var look = PanelAppearance(highlighted: keyboard.highlighted, shift: keyboard.shift,
                                   spaceLabel: controller.spaceLabel, modifiers: keyboard.latched)
        look.onShiftPage = keyboard.layerName != keyboard.layout.layers[0].name
        look.returnLabel = controller.returnLabel
        look.strip = controller.strip
        let stale = buffer.staleKeys
        let changed = renderer.draw(g, look, on: canvas, only: stale.map { Array($0) })
        buffer.staleKeys = []
        let damage = changed.map { keys in
            keys.map { i in
                let c = g.keys[i].cell
                return (Int(c.x), Int(c.y), Int(c.width.rounded(.up)), Int(c.height.rounded(.up)))
            }
        }
        p.present(buffer, scale: scale, damage: damage)
        needsDraw = false
        heapTrim.frameDrawn()
        // The commit moved the bubble; it is drawn and shown now, after the highlight.
        if let b = keyBubble, let bubble = b.waiting { drawBubble(bubble, in: b) }
        makeVirtualKeyboardSoon()
        if changed == nil {
            prepareSpareSoon(width: buffer.width, height: buffer.height)
            prepareBubblesSoon(g)
        }
    }

    /// After a whole new panel, the key bubbles' labels are shaped in idle time.
    func prepareBubblesSoon(_ g: PanelGeometry) {
        guard controller.settings.keyPreview else { return }
        loop.schedule(after: 0) { [unowned self] in
            guard self.controller.geometry == g else { return }
            let bubbles = g.keys.compactMap { k -> Popup? in
                guard case .text = k.key.action, !k.key.label.isEmpty else { return nil }
                return Popup.preview(k.key.label, above: k, panelWidth: g.width)
            }
            self.renderer.prepareLabels(of: bubbles)
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

    /// Makes the virtual keyboard in idle time: its keymaps take milliseconds a first
    /// frame should not wait for. It lives as long as the seat.
    func makeVirtualKeyboardSoon() {
        guard virtualKeyboard == nil, display.virtualKeyboardManager != nil, display.seat != nil else { return }
        loop.schedule(after: 0) { [unowned self] in
            guard self.virtualKeyboard == nil, let manager = self.display.virtualKeyboardManager,
                  let seat = self.display.seat else { return }
            do {
                let vk = try VirtualKeyboard(manager: manager, seat: seat)
                vk.prepare(for: self.controller.keyboard.layout)
                self.virtualKeyboard = vk
            } catch {
                printError("tapboard: \(error)")
            }
        }
    }

    // MARK: popup

    /// The pressed key's bubble, above the key (a subsurface of the panel): moved with
    /// the panel's next commit, drawn and shown right after it (drawIfNeeded).
    func showPreview(_ bubble: Popup) {
        guard let p = panel else { return }
        if keyBubble == nil { keyBubble = KeyBubble(display: display, parent: p) }
        keyBubble?.move(to: bubble)
        needsDraw = true
    }

    func drawBubble(_ bubble: Popup, in b: KeyBubble) {
        let f = bubble.frame
        if previewPool == nil, let shm = display.shm { previewPool = BufferPool(shm: shm, sizes: 3) }
        guard let buffer = previewPool?.next(width: Int(f.width) * scale, height: Int(f.height) * scale, scale: scale),
              let canvas = buffer.canvas else { return }
        renderer.draw(bubble, on: canvas)
        b.show(buffer, scale: scale)
    }

    func hidePreview() {
        keyBubble?.hide()
    }

    func showPopup(_ popup: Popup) {
        guard let p = panel, let shm = display.shm else { return }
        shownPopup = popup
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
                if let open = self.shownPopup { self.drawPopup(open) }
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
        shownPopup = nil
    }
}
