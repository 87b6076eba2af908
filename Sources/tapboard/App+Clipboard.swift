import TapboardCore
import TapboardSystem
import TapboardWayland

/// The clipboard for the toolbar's Paste (whether it holds text, its text on demand) and
/// for the history (each new selection's text, read only while the history wants it).
extension App {
    func attachClipboard(_ seat: Seat) {
        guard let manager = display.dataControlManager else { return }
        let c = Clipboard(manager: manager, seat: seat)
        c.onChange = { [unowned self] hasText in self.perform(self.controller.clipboardChanged(hasText: hasText)) }
        c.onNewText = { [unowned self] types in self.record(types) }
        clipboard = c
    }

    func detachClipboard() {
        clipboard = nil
        perform(controller.clipboardChanged(hasText: false))
    }

    /// A new selection holds text: read it for the history on the event loop, unless the
    /// history is off, the field secret, or a password manager marked it (never logged).
    func record(_ types: [String]) {
        guard let clipboard, controller.wantsClipboardText(types: types) else { return }
        clipboard.readText(display: display, loop: loop, quiet: true) { [unowned self] text in
            guard let text else { return }
            self.perform(self.controller.clipboardCopied(text, types: types))
        }
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
