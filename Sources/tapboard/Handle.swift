import TapboardCore
import TapboardWayland

/// The handle: a tab on the screen's bottom edge while the panel is hidden, for apps
/// that never ask for the keyboard (no text-input: Qt 6.4, Xwayland, Chromium without
/// an IME). Tapping it, or swiping up from it, shows the panel as `tapboard show` does.
extension App {
    /// `handle = auto | on | off`; auto: on, until the desktop drives the panel over D-Bus.
    var handleWanted: Bool {
        // phoc 0.24 aborts if a layer surface comes before any seat.
        guard !controller.visible, !handleSuspended, display.seat != nil else { return false }
        switch controller.settings.handle {
        case .on: return true
        case .off: return false
        case .auto: return !busDrivesVisibility
        }
    }

    /// Shows or removes the handle to suit the panel; called before the loop sleeps.
    func updateHandle() {
        let wanted = handleWanted
        guard wanted != (handle != nil) else { return }
        guard wanted else {
            handle = nil
            return
        }
        do {
            let h = try HandleSurface(display: display, output: display.panelOutput(named: outputName), scale: scale)
            // Its output went: none until the outputs change (App.outputsChanged).
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

    /// The outputs changed: a handle drawn at another scale is made again.
    func handleOutputsChanged() {
        handleSuspended = false
        if let h = handle, h.scale != scale { handle = nil }
    }

    /// A press went down on the handle.
    func handleTapped() {
        perform(controller.show())
    }
}
