import TapboardWayland

/// The handle's surface: a tab on the screen's bottom edge while the panel is hidden
/// (App's Handle.swift says when it is wanted).
extension PanelPresenter {
    /// Shows or removes the handle; while suspended (the compositor closed it) none shows.
    func updateHandle(wanted: Bool) {
        let wanted = wanted && !handleSuspended
        guard wanted != (handle != nil) else { return }
        guard wanted else {
            handle = nil
            return
        }
        do {
            let h = try HandleSurface(display: display, output: display.panelOutput(named: outputName), scale: scale)
            // Its output went: none until the outputs change (outputsChanged).
            h.onClosed = { [unowned self] in
                self.loop.schedule(after: 0) { [unowned self] in
                    self.handle = nil
                    self.handleSuspended = true
                }
            }
            handle = h
        } catch {
            printError("tapboard: \(error)")
            handleSuspended = true
        }
    }

    /// The outputs changed: the handle may come back, and one drawn at another scale is made again.
    func outputsChanged() {
        handleSuspended = false
        if let h = handle, h.scale != scale { handle = nil }
    }
}
