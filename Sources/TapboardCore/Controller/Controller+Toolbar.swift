/// The form toolbar: which buttons show, and what a tap on one does.
extension Controller {
    /// The band above the keys for the focused field, the strip and the clipboard.
    var wantedBar: PanelBar {
        guard textInputField != nil || (textInputUsable && fieldStage.focusMoving) else { return PanelBar(slots: showsStrip) }
        var bar = PanelBar.forField(
            mode: settings.toolbar, slots: showsStrip, stripEmpty: strip.isEmpty,
            paste: clipboardHasText, ownDone: keyboard.layout.hasDoneKey)
        if bar.slots {
            bar.candidates = candidatesKey
            bar.row = engine != nil ? compositionStage.row : nil
        }
        return bar
    }

    /// The toolbar or the strip came or went: keys move (the keyboard's keep their index,
    /// the band's come after them), presses on the band's old keys end, the height may change.
    mutating func barChanged() -> [Command] {
        let bar = wantedBar
        guard bar != panel.bar else { return [] }
        panel.bar = bar
        let firstBandKey = geometry?.keys.firstIndex { $0.row < 0 }
        let cancelled = translate(keyboard.cancelPresses(fromKey: firstBandKey ?? Int.max)) + cancelStaleTimers()
        let relaidOut = layOutKeysAgain(layer: nil)
        return cancelled + relaidOut + resize() + [.redraw(nil)]
    }

    /// Whether the clipboard holds text Paste can use (it changed, or the compositor
    /// has no clipboard access for input methods: false).
    public mutating func clipboardChanged(hasText: Bool) -> [Command] {
        guard hasText != clipboardHasText else { return [] }
        clipboardHasText = hasText
        return barChanged()
    }

    /// A toolbar button was tapped.
    mutating func toolbarTapped(_ button: ToolbarButton) -> [Command] {
        switch button {
        case .previousField: return translate([.key("Tab", .shift)])
        case .nextField: return translate([.key("Tab", [])])
        case .paste:
            guard clipboardHasText, textInputField != nil else { return [] }
            return finishTyping() + [.paste]
        case .done: return hide(byDone: true)
        }
    }

    /// The clipboard's text, read after a Paste: it goes into the field as typed text
    /// (commit_string in pieces the protocol allows), and is never learned.
    public mutating func pasted(_ text: String) -> [Command] {
        guard textInputField != nil, !text.isEmpty else { return [] }
        // Letters typed while the clipboard was read end their word first.
        var out = finishTyping()
        for piece in splitUTF8(text) { out += fieldStage.commit(piece) }
        wordStage.shown.markStale()
        return out + autoShift()
    }
}
