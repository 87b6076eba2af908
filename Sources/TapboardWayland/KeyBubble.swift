import TapboardCore

/// The pressed key's magnified bubble: one overlay of the panel (`PanelOverlay`), kept for
/// the panel's life and moved from key to key, so a tap creates no Wayland objects. The
/// key's highlight (the panel's commit) need not wait for the bubble to be drawn: a press
/// goes `move` (position), the panel's commit, then `show` (the bubble drawn).
public final class KeyBubble {
    private let overlay: PanelOverlay

    public init?(display: Display, parent: LayerSurface) {
        guard let overlay = PanelOverlay(display: display, parent: parent) else { return nil }
        self.overlay = overlay
    }

    /// The bubble to draw and show once the panel has committed its move.
    public private(set) var waiting: Popup?

    /// Moves the bubble to `popup`'s frame (with the panel's next commit); `show`
    /// then puts `popup` in it.
    public func move(to popup: Popup) {
        overlay.move(x: Int(popup.frame.x), y: Int(popup.frame.y))
        waiting = popup
    }

    /// Shows `buffer` (the waiting bubble, drawn) at once.
    public func show(_ buffer: ShmBuffer, scale: Int) {
        waiting = nil
        overlay.show(buffer, scale: scale)
    }

    /// Shows nothing, at once.
    public func hide() {
        waiting = nil
        overlay.hide()
    }
}
