import CPangoCairo
import TapboardCore

/// Popups drawn: the key bubble, the alternates and the keyboards' menu, and the bubbles
/// drawn ahead in idle time.
extension PanelRenderer {
    /// Draws a popup on a canvas the size of `popup.frame`.
    public func draw(_ popup: Popup, on canvas: Canvas) { draw(popup, on: canvas, keepingLabels: true) }

    /// `keepingLabels`: a bubble over a kept body keeps its label's pixels (not for bubbles drawn
    /// ahead: only those shown take memory).
    private func draw(_ popup: Popup, on canvas: Canvas, keepingLabels: Bool) {
        let cr = canvas.cr
        labels.prepare(for: cr, scale: canvas.scale)
        cairo_save(cr)
        cairo_translate(cr, -popup.frame.x, -popup.frame.y)
        let f = popup.frame
        let body = f.insetBy(theme.borderWidth / 2)
        let kept = CapMasks.placement(body, radius: 10, border: theme.borderWidth, cr).map {
            PopupBodies.Key(cap: $0, width: canvas.pixelWidth, height: canvas.pixelHeight)
        }
        // A buffer that shows this body already needs only its labels' boxes restored.
        let under = canvas.bubble.flatMap { $0.body == kept ? $0.labels : nil }
        canvas.bubble = nil
        let copied = kept.map { popupBodies.paint($0, on: canvas, only: under) } ?? false
        if !copied {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            caps.draw(body, radius: 10, theme.popup, border: theme.borderWidth, theme.border, cr)
            if let kept { popupBodies.keep(kept, from: canvas) }
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // A bubble over a kept body: its label as painted before.
        let face = kept.flatMap { body in
            popup.kind == .preview && popup.selected == nil ? BubbleFace(body, popup) : nil
        }
        if let face, let pasted = bubbleFaces.paste(face, cr) {
            canvas.bubble = (face.body, pasted)
            cairo_restore(cr)
            canvas.flush()
            return
        }
        var painted: [DeviceBox]? = []
        for (i, item) in popup.itemFrames.enumerated() {
            let selected = popup.selected == i
            if selected {
                caps.draw(item.insetBy(1 + theme.borderWidth), radius: 8, theme.accentKey, border: 0, theme.border, cr)
            }
            let label = popup.labels[i]
            let ink = selected ? theme.accentLabel : theme.label
            switch popup.kind {
            case .keyboards:
                drawLabel(label, in: item, size: 0.45, ink, cr, alignLeft: true)
            case .alternates:
                drawLabel(label, in: item, size: label.count <= 1 ? theme.labelSize : theme.labelSize * 0.72, ink, cr)
            case .preview:
                let box = drawLabel(label, in: item, size: Self.previewSize(label), ink, cr)
                painted = box.flatMap { b in painted.map { $0 + [b] } }
            }
        }
        if let face, let painted {
            if keepingLabels {
                let whole = DeviceBox(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight)
                bubbleFaces.keep(face, boxes: painted, within: whole, from: cr)
            }
            canvas.bubble = (face.body, painted.filter { !$0.isEmpty })
        }
        cairo_restore(cr)
        canvas.flush()
    }

    /// What a bubble's label over a kept body follows from (the theme: emptied on a change).
    struct BubbleFace: Hashable {
        let body: PopupBodies.Key
        let labels: [String]
        /// Bit patterns of the bubble's frame and its items' (where the labels go).
        let frames: [UInt64]

        init(_ body: PopupBodies.Key, _ popup: Popup) {
            self.body = body
            labels = popup.labels
            frames = ([popup.frame] + popup.itemFrames).flatMap { [$0.x, $0.y, $0.width, $0.height] }.map(\.bitPattern)
        }

        /// The labels and where they go tell bubbles apart; `==` compares the body too.
        func hash(into hasher: inout Hasher) {
            hasher.combine(labels)
            hasher.combine(frames)
        }
    }

    private static func previewSize(_ label: String) -> Double { label.count <= 1 ? 0.6 : 0.4 }

    /// Draws key bubbles once, off screen, before they are needed (for idle time): the first
    /// press of each key would otherwise shape its bubble's label, render the label's glyphs
    /// at the bubble's size (FreeType, some 25 k instructions a glyph) and make its body.
    /// `scale`: the buffer scale the bubbles will be drawn at.
    /// A bubble drawn once is not drawn again (a panel laid out anew mostly has the same).
    public func prepare(bubbles: [Popup], scale: Int) {
        var scratch: Canvas?
        for popup in bubbles where popup.kind == .preview {
            let width = Int(popup.frame.width) * scale
            let height = Int(popup.frame.height) * scale
            guard preparedBubbles.insert(PreparedBubble(labels: popup.labels, width: width, height: height)).inserted
            else { continue }
            if scratch?.pixelWidth != width || scratch?.pixelHeight != height {
                scratch = Canvas(width: width, height: height, scale: scale)
            }
            if let scratch { draw(popup, on: scratch, keepingLabels: false) }
        }
    }

    /// A bubble `prepare(bubbles:scale:)` drew: its labels at its size in device pixels.
    struct PreparedBubble: Hashable {
        let labels: [String]
        let width: Int
        let height: Int
    }
}
