/// The clipboard history: what is kept (`ClipboardHistory` has the rules), its panel,
/// and what its keys do.
extension Controller {
    /// The focused field is secret (it said so, or it showed masked text): nothing copied
    /// meanwhile is kept.
    var fieldIsSecret: Bool { !allows.contains(.showing) }

    /// Whether a new selection offering these MIME types is worth reading for the history.
    public func wantsClipboardText(types: [String]) -> Bool {
        clipboardHistory.wants(types: types, fieldIsSecret: fieldIsSecret)
    }

    /// A new selection's text, read: kept under the history's rules (the field is asked
    /// again: focus may have moved to a secret field while it was read).
    public mutating func clipboardCopied(_ text: String, types: [String]) -> [Command] {
        guard clipboardHistory.copied(text, types: types, fieldIsSecret: fieldIsSecret) else { return [] }
        return clipboardPanelChanged()
    }

    /// A clipboard key, or a long press on Paste.
    mutating func clipboardAction(_ action: ClipboardAction) -> [Command] {
        switch action {
        case .open:
            guard clipboardHistory.enabled, !clipboardHistory.items.isEmpty else { return [] }
            return openPanel(ClipboardPanel.name)
        case .paste(let i):
            guard clipboardHistory.items.indices.contains(i) else { return [] }
            let text = clipboardHistory.items[i]
            return backFromPanel() + pasted(text)
        case .clear:
            clipboardHistory.clear()
            return backFromPanel()
        }
    }

    /// The history changed while its panel shows: the panel shows the new list.
    mutating func clipboardPanelChanged() -> [Command] {
        guard keyboard.layout.name == ClipboardPanel.name else { return [] }
        return showSelectedKeyboard()
    }
}
