import TapboardCore
import TapboardSystem
import TapboardWayland

/// The handle: a tab on the screen's bottom edge while the panel is hidden, for apps
/// that never ask for the keyboard (no text-input: Qt 6.4, Xwayland, Chromium without
/// an IME). Tapping it, or swiping up from it, shows the panel as `tapboard show` does.
/// When it is wanted is decided here; its surface is the presenter's.
extension App {
    /// `handle = auto | on | off`; auto: on, until the desktop drives the panel over D-Bus.
    var handleWanted: Bool {
        // phoc 0.24 aborts if a layer surface comes before any seat.
        guard !controller.visible, display.seat != nil else { return false }
        switch controller.settings.handle {
        case .on: return true
        case .off: return false
        case .auto: return !busDrivesVisibility
        }
    }

    /// Shows or removes the handle to suit the panel; called before the loop sleeps.
    func updateHandle() {
        presenter.updateHandle(wanted: handleWanted)
    }

    /// A press went down on the handle.
    func handleTapped() {
        perform(controller.show())
    }
}
