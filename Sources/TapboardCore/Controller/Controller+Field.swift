/// The focused field: what the input method reports after each `done`.
extension Controller {
    /// Fields whose text must not be shown magnified or remembered.
    static func isSensitive(_ f: TextFieldState) -> Bool {
        f.purpose == .password || f.purpose == .pin || f.hints.contains(.hiddenText)
            || f.hints.contains(.sensitiveData)
    }

    /// The input method's state after a `done`, with what the `done` changed.
    public mutating func fieldChanged(_ change: InputMethodState.Change, _ state: TextFieldState) -> [Command] {
        guard textInputUsable else { return [] }
        var out: [Command] = []
        switch change {
        case .activated, .updated:
            out.append(.cancel(.hideAfterFocusLoss))
            let before = field
            field = state
            if change == .activated { text.reset() }
            text.clientReported(state.surrounding)
            if change == .activated || state.purpose != before.purpose || state.hints != before.hints {
                keyboard.previews = settings.keyPreview && !Self.isSensitive(state)
                returnLabel = state.purpose == .url ? "Go" : ""
                if change == .activated || state.purpose != selection.purpose {
                    selection.fieldChanged(purpose: state.purpose)
                    out += showSelectedKeyboard()
                }
                out.append(.redraw(nil))
            }
            if change == .activated { out += show() }
            out += autoShift()
        case .deactivated:
            field = state
            text.reset()
            out += autoShift()
            out.append(.schedule(.hideAfterFocusLoss, after: Self.hideDelay))
        case .none:
            break
        }
        return out
    }

    /// Another input method holds the seat (or there is none): fields will not report
    /// focus, so the panel shows now and signals hide and show it; text goes as keys.
    public mutating func inputMethodUnavailable() -> [Command] {
        guard textInputUsable else { return [] }
        textInputUsable = false
        field = TextFieldState()
        text.reset()
        return [.say("another input method holds this seat; typing through the virtual keyboard only "
                     + "(SIGUSR2 shows the panel, SIGUSR1 hides it)")] + autoShift() + show()
    }
}
