/// Dead keys, compose sequences and Telex: an open sequence shows in the field as
/// preedit and is committed when it completes, a key that is not part of it comes, the
/// keyboard changes or the panel hides. Committed text goes the usual way (the word
/// tracker and the strip see it as typed letters); the preedit never reaches them.
///
/// When focus leaves the field the sequence is forgotten: the field is gone before the
/// input method hears of it, and each client keeps (Firefox, Chromium) or drops (GTK) a
/// preedit by its own rules. Committing it into the next field would be worse.
extension Controller {
    /// Text effects for the open sequence; nil: not for it (typed as usual).
    mutating func multiStage(_ effect: Effect) -> [Command]? {
        guard var input = sequence else { return nil }
        var out: [Command]
        switch effect {
        case .commitText(let t):
            let step = input.type(t)
            sequence = input
            out = commitSequenceText(step.commit)
            if !step.taken { out += typeInWord(effect) ?? submit(effect) }
        case .deleteBackward:
            guard input.backspace() else { return nil }
            sequence = input
            out = []
        case .deleteWordBackward:
            guard input.isOpen else { return nil }
            input.clear()
            sequence = input
            out = []
        case .enter, .key, .doubleSpace:
            guard input.isOpen else { return nil }
            out = finishSequence() + (typeInWord(effect) ?? submit(effect))
        default:
            return nil
        }
        return clearingPreedit(before: out) + out + syncPreedit(after: out)
    }

    /// Commits what the open sequence shows (the panel hides, another keyboard comes, a
    /// key such as Return or an arrow acts on the field). Without a field to commit into
    /// it is forgotten.
    mutating func finishSequence() -> [Command] {
        guard var input = sequence, input.isOpen else { return [] }
        let reachable = field.active || !textInputUsable
        let text = reachable ? input.finish() : ""
        input.clear()
        sequence = input
        let out = commitSequenceText(text)
        return clearingPreedit(before: out) + out + syncPreedit(after: out)
    }

    /// The field is gone or another has come: nothing open, nothing shown.
    mutating func forgetSequence() {
        sequence?.clear()
        preedit = ""
    }

    /// The keyboard shown now brings its own rules.
    mutating func sequenceRulesChanged() {
        sequence = keyboard.layout.compose?.makeInput()
        preedit = ""
    }

    /// Final text from a sequence, typed as if tapped: letter by letter while the strip
    /// tracks the word, else in one piece.
    mutating func commitSequenceText(_ text: String) -> [Command] {
        guard !text.isEmpty else { return [] }
        let pieces = showsStrip ? text.map(String.init) : [text]
        return pieces.flatMap { typeInWord(.commitText($0)) ?? submit(.commitText($0)) }
    }

    /// A preedit showing goes before key events (only a text-input commit replaces it).
    mutating func clearingPreedit(before out: [Command]) -> [Command] {
        guard !preedit.isEmpty, let first = out.first else { return [] }
        if case .edit = first { return [] }
        preedit = ""
        return [.preedit("")]
    }

    /// The field's preedit brought in line with the open sequence. Every text-input
    /// commit in `out` cleared what was shown.
    mutating func syncPreedit(after out: [Command]) -> [Command] {
        let wanted = textInputField == nil ? "" : (sequence?.preedit ?? "")
        let shown = out.contains { if case .edit = $0 { true } else { false } } ? "" : preedit
        preedit = wanted
        text.showed(preedit: wanted)
        return wanted == shown ? [] : [.preedit(wanted)]
    }
}
