import TapboardCore
import TapboardWayland

/// The pressed key's bubble and the popup above the panel (alternates, menus).
extension PanelPresenter {
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
        let scale = scale  // the output looked up once, not at each use
        if previewPool == nil, let shm = display.shm { previewPool = BufferPool(shm: shm, sizes: 3) }
        guard let buffer = previewPool?.next(width: Int(f.width) * scale, height: Int(f.height) * scale, scale: scale),
            let canvas = buffer.canvas
        else { return }
        renderer.draw(bubble, on: canvas)
        b.show(buffer.buffer, scale: scale)
    }

    func hidePreview() {
        keyBubble?.hide()
    }

    func showPopup(_ popup: Popup) {
        guard let p = panel, let shm = display.shm else { return }
        shownPopup = popup
        let f = popup.frame
        let x = Int(f.x.rounded(.down))
        let y = Int(f.y.rounded(.down))
        let w = Int(f.width.rounded(.up))
        let h = Int(f.height.rounded(.up))
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
            // An input panel's popup (a subsurface) needs no configure: drawn now.
            if s.isConfigured { drawPopup(popup) }
        } catch {
            printError("tapboard: \(error)")
        }
    }

    func drawPopup(_ popup: Popup) {
        guard let s = popupSurface, s.isConfigured,
            let buffer = popupPool?.next(width: s.width * scale, height: s.height * scale, scale: scale),
            let canvas = buffer.canvas
        else { return }
        renderer.draw(popup, on: canvas)
        s.present(buffer.buffer, scale: scale)
    }

    func closePopup() {
        popupSurface = nil
        popupPool = nil
        shownPopup = nil
    }
}
