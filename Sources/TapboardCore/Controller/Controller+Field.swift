/// The focused field: what the input method reports after each `done`.
extension Controller {
    /// What the focused field allows (`FieldAllows`, the one place that decides it).
    var allows: FieldAllows { fieldStage.allows }

    /// The input method's state after a `done`, with what the `done` changed.
    public mutating func fieldChanged(_ change: InputMethodState.Change, _ reported: TextFieldState) -> [Command] {
        guard textInputUsable else { return [] }
        var out: [Command] = []
        var state = reported
        if change == .updated, FieldAllows.isSecret(field), !FieldAllows.isSecret(state) {
            // A field that said it is secret stays secret until focus moves: Firefox's
            // later updates come without the content type (normal, by the protocol),
            // and a password must never reach the strip or the learned words.
            state.purpose = field.purpose
            state.hints.formUnion(field.hints)
        }
        switch change {
        case .activated, .updated:
            out.append(.cancel(.hideAfterFocusLoss))
            fieldStage.focusMoving = false
            let before = field
            if change == .activated { out += learnFieldWords() }
            fieldStage.field = state
            if change == .activated { forgetField() }
            let predicted = text.known != nil
            if !fieldStage.text.clientReported(state.surrounding, showing: preedit), predicted, change == .updated,
                compositionStage.composition?.isOpen == true
            {
                // The cursor or the text moved under an open sequence (a tap in the field):
                // the client has ended its preedit its own way; the next key starts afresh.
                forgetComposition()
            }
            out += noticeHiddenText(state.surrounding)
            if change == .activated || state.purpose != before.purpose || state.hints != before.hints {
                keyboard.previews = settings.keyPreview && FieldAllows(state, fieldStage.privacy).contains(.showing)
                keyboard.returnLabel = fieldStage.returnLabel
                if change == .activated || state.purpose != selection.purpose {
                    selection.fieldChanged(purpose: state.purpose)
                    out += showSelectedKeyboard()
                }
                out += stripChanged()
                out.append(.redraw(nil))
            }
            if change == .activated {
                out += show()
                wordStage.shown.markStale()
            } else if panel.hiddenByDone, state.cause == .other, state.surrounding?.text == before.surrounding?.text {
                // A report the client made itself with the text as it was: GTK's after a tap
                // in the focused field (the cursor may have moved). The application changing
                // the text is no touch.
                out += show()
            }
            out += autoShift()
        case .deactivated:
            fieldStage.focusMoving = field.active
            out += learnFieldWords()
            fieldStage.field = state
            forgetField()
            out += stripChanged()
            out += autoShift()
            out.append(.schedule(.hideAfterFocusLoss, after: Self.hideDelay))
        case .none:
            break
        }
        return out
    }

    /// The strip comes or goes with the field (and the toolbar with it): the panel's
    /// height may change.
    mutating func stripChanged() -> [Command] {
        wordStage.shown.show(wantsStrip)
        return barChanged()
    }

    /// Another input method holds the seat (or there is none): fields will not report
    /// focus, so the panel shows now and signals hide and show it; text goes as keys.
    public mutating func inputMethodUnavailable() -> [Command] {
        guard textInputUsable else { return [] }
        _ = learnFieldWords()
        fieldStage.textInputUsable = false
        fieldStage.field = TextFieldState()
        forgetField()
        let strip = stripChanged()  // the strip goes: keys move, held ones end
        return [
            .say(
                tr(
                    "another input method holds this seat; typing through the virtual keyboard only "
                        + "(SIGUSR2 shows the panel, SIGUSR1 hides it)"))
        ] + strip + autoShift() + show()
    }
}
