import CPangoCairo
import TapboardCore

/// Keys: their caps, labels, hints, the strip's slots and the floating panel's grip.
extension PanelRenderer {
    /// Draws `keys` over their cells cleared to the background: a key's cell with its cap is
    /// copied from `capCells` where one is kept, else drawn and kept; then its label. A strip
    /// slot in `clearing` (where its old word's ink lies; the rest of its cell shows the
    /// background and its line) is cleared only there. Sets in `inked`, for the strip slots
    /// drawn without a cap, where their words' ink lies, and removes the other slots drawn.
    func drawKeys(
        _ keys: [Int], _ geometry: PanelGeometry, _ look: PanelAppearance, _ cr: OpaquePointer,
        clearing: [Int: DeviceBox] = [:], inked: inout [Int: DeviceBox]
    ) {
        for i in keys {
            let placed = geometry.keys[i]
            let pressed = look.highlighted.contains(i)
            let cap = capLook(placed, pressed: pressed, look, spacing: geometry.spacing)
            let slot = cap.flatMap {
                CapCells.slot(
                    cell: placed.cell, cap: $0.rect, radius: $0.radius, $0.color, border: theme.borderWidth, theme.border,
                    background: theme.background, cr)
            }
            // A pressed key over a kept cap cell: its label and hint as painted at its last press
            // (a released key is mostly copied from the other buffer).
            let face = slot.flatMap { s in
                pressed ? KeyFace(cell: s.key, x: s.x, y: s.y, index: i, look: Self.keyLook(i, geometry, look)) : nil
            }
            if slot.map({ !capCells.paint($0, cr) }) ?? true {
                if let old = clearing[i], let cell = DeviceBox.cell(placed.cell, cr),
                    SolidFill.fill(device: old.intersection(cell), theme.background, cr)
                {
                    // Only where the old word was: the rest of the cell is as a clear leaves it.
                } else if !SolidFill.fill(placed.cell, theme.background, cr) {
                    cairo_rectangle(cr, placed.cell.x, placed.cell.y, placed.cell.width, placed.cell.height)
                    fill(cr, theme.background)
                }
                if let cap { caps.draw(cap.rect, radius: cap.radius, cap.color, border: theme.borderWidth, theme.border, cr) }
                if let slot { capCells.keep(slot, from: cr) }
            }
            if let face, keyFaces.paste(face, cr) != nil { continue }
            let painted = drawKey(placed, pressed: pressed, look, spacing: geometry.spacing, cr, capDrawn: true)
            if case .suggestion = placed.key.action {
                inked[i] = painted.map { $0.reduce(DeviceBox.none) { $0.union($1) } }
            } else if let face, let painted {
                keyFaces.keep(face, boxes: painted, within: face.cellBox, from: cr)
            }
        }
    }

    /// What a key's label and hint over a kept cap cell follow from (the panel's geometry and
    /// theme: `keyFaces` is emptied when either changes).
    struct KeyFace: Hashable {
        let cell: CapCells.Key
        let x, y: Int
        let index: Int
        let look: KeyLook

        var cellBox: DeviceBox { DeviceBox(x: x, y: y, width: cell.width, height: cell.height) }
    }

    /// A slot of the strip: no key cap, its word (the best, in the middle, a little
    /// brighter), a thin line between slots. Returns where the word's ink lies, nil when a
    /// cap was drawn (a pressed slot) or the box is unknown.
    private func drawSlot(_ slot: Int, _ placed: PlacedKey, pressed: Bool, _ look: PanelAppearance, _ cr: OpaquePointer)
        -> DeviceBox?
    {
        let f = placed.frame
        let content = look.strip.slots.indices.contains(slot) ? look.strip.slots[slot] : .empty
        let capped = pressed && content != .empty
        if capped {
            caps.draw(
                f.insetBy(theme.borderWidth / 2), radius: min(f.width, f.height) * theme.cornerRadius, theme.specialKey,
                border: theme.borderWidth, theme.border, cr)
        }
        if slot > 0 {
            let c = placed.cell
            let line = Rect(x: c.x, y: c.y + c.height * 0.25, width: max(1, theme.borderWidth), height: c.height * 0.5)
            let color = theme.borderWidth > 0 ? theme.border : theme.specialKey
            if !SolidFill.fill(line, color, cr) {
                cairo_rectangle(cr, line.x, line.y, line.width, line.height)
                fill(cr, color)
            }
        }
        let ink = slot == (look.strip.bestFirst ? 0 : 1) ? theme.label : theme.secondaryLabel
        let box = drawLabel(content.text, in: f, size: 0.5, ink, cr, transient: true)
        return capped ? nil : box
    }

    /// A floating panel's grip: no key cap, a short bar in the middle of the band to take hold of.
    private func drawGrip(_ f: Rect, pressed: Bool, _ cr: OpaquePointer) {
        let height = max(4, (f.height * 0.22).rounded())
        let width = min(72, (f.width / 4).rounded())
        let bar = Rect(
            x: (f.center.x - width / 2).rounded(), y: (f.center.y - height / 2).rounded(), width: width, height: height)
        caps.draw(bar, radius: height / 2, pressed ? theme.label : theme.secondaryLabel, border: 0, theme.border, cr)
    }

    /// A key's cap: where it goes, its corners and its colour; nil for keys drawn otherwise
    /// (the strip's slots, the floating panel's grip) and keys of no size.
    func capLook(_ placed: PlacedKey, pressed: Bool, _ look: PanelAppearance, spacing: Double)
        -> (rect: Rect, radius: Double, color: Color)?
    {
        guard placed.frame.width > 0, placed.frame.height > 0 else { return nil }
        let key = placed.key
        switch key.action {
        case .suggestion, .grip: return nil
        default: break
        }
        let f = capFrame(placed.frame, spacing: spacing)
        let special: Bool
        switch key.action {
        case .text, .space: special = false
        default: special = true
        }
        // Shift and sticky modifiers that are on show inverted.
        var color = special ? theme.specialKey : theme.key
        if Self.isOn(key, look) { color = theme.label }
        if case .return = key.action { color = theme.accentKey }
        if pressed { color = theme.pressedKey }
        return (f.insetBy(theme.borderWidth / 2), min(f.width, f.height) * theme.cornerRadius, color)
    }

    /// Draws a key: its cap (unless `capDrawn`: the cell shows it already) and its label,
    /// icon or picture. Returns the device pixels its labels may have painted (a strip slot's
    /// word, a key's label and hint), nil where it painted more or does not know (a cap, an
    /// icon, a picture, a hint's mark).
    @discardableResult
    func drawKey(
        _ placed: PlacedKey, pressed: Bool, _ look: PanelAppearance, spacing: Double, _ cr: OpaquePointer,
        capDrawn: Bool = false
    ) -> [DeviceBox]? {
        guard placed.frame.width > 0, placed.frame.height > 0 else { return [] }
        let f = capFrame(placed.frame, spacing: spacing)
        let key = placed.key
        if case .suggestion(let slot) = key.action {
            return drawSlot(slot, placed, pressed: pressed, look, cr).map { [$0] }
        }
        if case .grip = key.action {
            drawGrip(placed.frame, pressed: pressed, cr)
            return nil
        }
        let on = Self.isOn(key, look)
        var capPainted = false
        if !capDrawn, let cap = capLook(placed, pressed: pressed, look, spacing: spacing) {
            caps.draw(cap.rect, radius: cap.radius, cap.color, border: theme.borderWidth, theme.border, cr)
            capPainted = true
        }
        func labels(_ boxes: DeviceBox?...) -> [DeviceBox]? {
            capPainted || boxes.contains(nil) ? nil : boxes.compactMap { $0 }
        }

        var ink = on && !pressed ? theme.background : theme.label
        if case .return = key.action { ink = theme.accentLabel }
        if pressed { ink = theme.pressedLabel }
        if case .return = key.action, !look.returnLabel.isEmpty {
            return labels(drawLabel(look.returnLabel, in: f, size: theme.labelSize * 0.72, ink, cr))
        }
        if let icon = key.icon {
            Icons.draw(icon, cr, in: f, ink, shift: look.shift)
            return nil
        }
        if case .space = key.action {
            return labels(drawLabel(look.spaceLabel, in: f, size: 0.3, theme.secondaryLabel, cr))
        }
        if let image = key.image {
            if drawPicture(image, label: key.label, in: f, ink, cr) { return nil }
            // A broken picture: the label, or what the key types when it has none.
            if key.label.isEmpty, let text = key.text(shifted: false) {
                return labels(drawLabel(text, in: f, size: theme.labelSize * 0.72, ink, cr))
            }
        }
        let shown = Self.shownLabel(key, look)
        let size = shown.count <= 1 ? theme.labelSize : theme.labelSize * 0.72
        if case .clipboard(.paste) = key.action {
            return labels(drawLabel(shown, in: f, size: theme.labelSize * 0.72, ink, cr, ellipsized: true))
        }
        let label = drawLabel(shown, in: f, size: size, ink, cr)
        if let hint = key.hint(shifted: shown != key.label) {
            // On a held key the label's own colour: the held key may be as light as the hint.
            return labels(label, drawHint(hint, in: f, pressed ? ink : theme.secondaryLabel, cr))
        }
        return labels(label)
    }

    /// A key's long-press hint in its top right corner, small and in the secondary colour.
    /// Returns where a text hint may have painted; nil for a mark.
    private func drawHint(_ hint: KeyHint, in f: Rect, _ color: Color, _ cr: OpaquePointer) -> DeviceBox? {
        let corner = Self.hintCorner(f)
        switch hint {
        case .text(let text):
            return drawLabel(text, in: corner, size: Self.hintSize, color, cr)
        case .mark:
            cairo_new_sub_path(cr)
            cairo_arc(cr, corner.center.x, corner.center.y, max(corner.width * 0.1, 1.5), 0, 2 * Double.pi)
            fill(cr, color)
            return nil
        }
    }

    /// Where a key drawn in `f` shows its hint.
    static func hintCorner(_ f: Rect) -> Rect {
        let side = min(f.height * 0.36, f.width * 0.45)
        return Rect(x: f.maxX - side * 1.05, y: f.y + side * 0.08, width: side, height: side)
    }

    static let hintSize = 0.62

    /// The key cap inside a key's frame: the theme's gap instead of the geometry's spacing.
    private func capFrame(_ frame: Rect, spacing: Double) -> Rect {
        guard let gap = theme.gap else { return frame }
        let inset = min((gap - spacing) / 2, frame.width / 2 - 1, frame.height / 2 - 1)
        return frame.insetBy(inset)
    }
}
