import TapboardCore
import TapboardRender
import TapboardSystem
import TapboardWayland

/// The panel's life: the presenter's surfaces come and go as the controller and the
/// compositor want; it is told what to draw.
extension App {
    /// Wires the presenter's surface events to the controller.
    func attachPresenter() {
        presenter.scene = { [unowned self] in self.scene }
        presenter.onConfigure = { [unowned self] width, height in
            self.panelReplacements = 0
            self.perform(self.controller.panelConfigured(width: width, height: height))
        }
        presenter.onClosed = { [unowned self] in self.panelClosed() }
        presenter.onOutputChange = { [unowned self] in self.outputChanged() }
        presenter.onFrame = { [unowned self] in
            self.makeVirtualKeyboardSoon()
            self.openEngineSoon()
            self.openSuggestionsSoon()
        }
        presenter.onPlaced = { [unowned self] in self.controller.panelPlaced($0) }
    }

    /// The look of the keys' labels as the controller has them (no keys held, no strip).
    var labelLook: PanelAppearance { labelLook(of: controller.keyboard) }

    /// The look of `keyboard`'s labels (for a frame, which reads the keyboard once).
    private func labelLook(of keyboard: KeyboardState) -> PanelAppearance {
        var look = PanelAppearance(shift: keyboard.shift, spaceLabel: controller.spaceLabel, modifiers: keyboard.latched)
        look.returnLabel = keyboard.returnLabel
        return look
    }

    /// The panel as the controller has it; nil before it has a geometry.
    var scene: PanelScene? {
        guard let g = controller.geometry else { return nil }
        let keyboard = controller.keyboard
        var look = labelLook(of: keyboard)
        look.highlighted = keyboard.highlighted
        look.onShiftPage = keyboard.layerName != keyboard.layout.layers[0].name
        look.strip = controller.strip
        look.trail = keyboard.trail
        return PanelScene(geometry: g, look: look)
    }

    func showPanel(height: Int) {
        // Without a seat there is none yet: the seat's arrival shows it (App.init's onSeat).
        guard presenter.showPanel(height: height) else { return }
        // The panel may go to another output than the one guessed.
        outputChanged()
        let keyboard = controller.keyboard
        presenter.prepareLabels(layout: keyboard.layout, layer: keyboard.layer, look: labelLook)
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
        presenter.outputsChanged()
        if controller.visible, presenter.panel == nil { showPanel(height: controller.wantedHeight) }
        outputChanged()
    }

    /// Another output, or the same one resized, rotated or rescaled: the controller
    /// picks the keyboard for its shape and size; the panel is drawn again at its scale.
    func outputChanged() {
        let o = presenter.outputSize
        perform(controller.outputChanged(width: o.width, height: o.height, name: presenter.output?.name))
        presenter.redraw(nil)
    }

    func hidePanel() {
        virtualKeyboard?.releaseAll()
        presenter.hidePanel()
        suggestionStore?.dropResidentPages()
    }

    /// Opens the shown keyboard's engine once the frame showing it is out (librime: half a
    /// second the first time, tens of milliseconds after).
    func openEngineSoon() {
        guard controller.engineAwaitsOpening else { return }
        loop.schedule(after: 0) { [unowned self] in self.controller.openEngine() }
    }

    /// Lets the dictionaries open once the first frame is out, and fills the strip if a
    /// keyboard asked for them before.
    func openSuggestionsSoon() {
        guard let store = suggestionStore, !store.opens else { return }
        store.opens = true
        guard store.heldBack else { return }
        loop.schedule(after: 0) { [unowned self] in self.perform(self.controller.suggestionsOpened()) }
    }

    /// Makes the virtual keyboard in idle time: its keymaps take milliseconds a first
    /// frame should not wait for. It lives as long as the seat.
    func makeVirtualKeyboardSoon() {
        guard virtualKeyboard == nil, display.virtualKeyboardManager != nil, display.seat != nil else { return }
        loop.schedule(after: 0) { [unowned self] in
            guard self.virtualKeyboard == nil, let manager = self.display.virtualKeyboardManager,
                let seat = self.display.seat
            else { return }
            do {
                let vk = try VirtualKeyboard(manager: manager, seat: seat)
                vk.prepare(for: self.controller.keyboard.layout)
                self.virtualKeyboard = vk
            } catch {
                printError("tapboard: \(error)")
            }
        }
    }
}
