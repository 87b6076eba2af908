import TapboardCore
import TapboardWayland

/// The clipboard for the toolbar's Paste: whether it holds text, and its text on demand.
extension App {
    func attachClipboard(_ seat: Seat) {
        guard let manager = display.dataControlManager else { return }
        let c = Clipboard(manager: manager, seat: seat)
        c.onChange = { [unowned self] hasText in self.perform(self.controller.clipboardChanged(hasText: hasText)) }
        clipboard = c
    }

    func detachClipboard() {
        clipboard = nil
        perform(controller.clipboardChanged(hasText: false))
    }

    /// Reads the clipboard on the event loop; its text goes to the field (never logged).
    func paste() {
        guard let clipboard else { return }
        clipboard.readText(display: display, loop: loop) { [unowned self] text in
            guard let text else { return }
            self.perform(self.controller.pasted(text))
        }
    }
}
