import TapboardCore

/// What one key looks like as drawn: everything its pixels depend on beyond its place.
/// Two equal looks in the same geometry draw the same pixels.
struct KeyLook: Hashable {
    var pressed = false
    var on = false
    var text = ""
    var shift = ShiftState.off
}

/// The looks a canvas's pixels show, for the geometry and theme they were drawn in.
struct DrawnPanel {
    let geometry: PanelGeometry
    let theme: Theme
    var looks: [KeyLook]
    /// The stroke's trail drawn over the keys, empty for none.
    var trail: [Point] = []
    /// Strip slots drawn without a cap, by key: where their word's ink lies (the rest of the
    /// cell is the background and the line). A slot not here is unknown.
    var inked: [Int: DeviceBox] = [:]
}

extension PanelRenderer {
    /// Whether a key shows as on: shift and sticky modifiers that are on, a shift-style
    /// layer key while its layer shows.
    static func isOn(_ key: Key, _ look: PanelAppearance) -> Bool {
        switch key.action {
        case .shift: look.shift != .off
        case .modifier(let m): look.modifiers.isSuperset(of: m)
        case .layer: key.icon == .shift && look.onShiftPage
        default: false
        }
    }

    /// The label a text key shows (shifted letters while shift is on).
    static func shownLabel(_ key: Key, _ look: PanelAppearance) -> String {
        let label = key.label
        return look.shift != .off && key.text(shifted: false) == label ? (key.text(shifted: true) ?? label) : label
    }

    /// The look of key `i` of `geometry` under `look`.
    static func keyLook(_ i: Int, _ geometry: PanelGeometry, _ look: PanelAppearance) -> KeyLook {
        let key = geometry.keys[i].key
        let pressed = look.highlighted.contains(i)
        if case .suggestion(let slot) = key.action {
            let content = look.strip.slots.indices.contains(slot) ? look.strip.slots[slot] : .empty
            return KeyLook(pressed: pressed && content != .empty, text: content.text)
        }
        var k = KeyLook(pressed: pressed, on: isOn(key, look))
        if case .return = key.action, !look.returnLabel.isEmpty {
            k.text = look.returnLabel
        } else if let icon = key.icon {
            // Only the shift arrow draws the shift state.
            if icon == .shift { k.shift = look.shift }
        } else if case .space = key.action {
            k.text = look.spaceLabel
        } else {
            k.text = shownLabel(key, look)
        }
        return k
    }
}
