/// The focused field as tapboard knows it: what the input method reported, what tapboard
/// believes it holds, whether it turned out secret. The last of the text stages: text
/// that no stage before took goes to the field here (`Controller.submit`).
struct FieldStage {
    /// The focused field as the input method last reported it (inactive: none).
    var field = TextFieldState()
    /// What tapboard believes the field holds.
    var text = TextModel()
    /// Whether the field shows its text or turned out secret (no strip, no learning, no
    /// key bubble).
    var privacy = FieldPrivacy()
    /// Focus left a field and the panel waits to see whether another takes it: the
    /// toolbar stays meanwhile (Chromium leaves and re-enters a password field as its
    /// first letter goes in; a panel that shrank then lost the next tap).
    var focusMoving = false
    /// Text-input can reach fields (false without input-method-v2, or when another holds it).
    var textInputUsable = true
    /// ASCII text tapboard knows is deleted by text-input edits, not BackSpace keys: set for
    /// input-method-v1, where keys take another path than text (KWin hands a Qt field its
    /// keysyms as key events, which Qt applies after text that followed them).
    var deletesAsEdits = false

    /// What the field allows (`FieldAllows`, the one place that decides it).
    var allows: FieldAllows { FieldAllows(field, privacy) }

    /// The field text-input reaches now, if any.
    var textInputField: TextFieldState? { textInputUsable && field.active ? field : nil }

    /// A word for the return key in this field ("Go" for URLs), empty for the arrow.
    var returnLabel: String { field.purpose == .url ? tr("Go") : "" }

    /// A new field, or focus gone: what tapboard believed of the old one goes.
    mutating func forget() {
        text.reset()
        privacy = FieldPrivacy()
    }

    // The one way text and keys go to the field: each is applied to `text` as it goes out.

    /// Sends a text effect the way the field can take it, and keeps the text model in step.
    mutating func submit(_ effect: Effect) -> [Command] {
        let target = textInputField
        var out: [Command] = []
        let outputs: [Submission.Output]
        if effect == .deleteBackward, target != nil, let bytes = editableBytes(beforeCursor: 1) {
            outputs = [.edit(TextEdit(deleteBefore: bytes))]
        } else {
            // Keys and text share one ordered stream where deletions go as edits.
            outputs = Submission.plan(
                effect, field: target, text: target == nil ? nil : text.known,
                keyInFlight: target != nil && text.awaitsKey && !deletesAsEdits)
        }
        for output in outputs {
            switch output {
            case .edit(let edit):
                out.append(.edit(edit))
                text.sent(edit)
                if !edit.insert.isEmpty { privacy.committed() }
            case .typeKeys(let s):
                out.append(.typeKeys(s))
                text.sentKeys(s)
                if target != nil { privacy.committed() }
            case .key(let sym, let mods):
                out.append(.key(sym, mods))
                switch (sym, mods) {
                case ("BackSpace", []): text.sentBackspaceKey()
                case ("Return", []) where target?.hints.contains(.multiline) == true: text.sentKeys("\n")
                case ("Return", []):
                    // A form sent: the app may empty the field or move focus, so its text is not foreseen.
                    privacy.formSent()
                    text.sentUnknownKey()
                default: text.sentUnknownKey()
                }
            }
        }
        return out
    }

    /// One commit_string (keys while a key may be on its way).
    mutating func commit(_ s: String) -> [Command] {
        s.isEmpty ? [] : submit(.commitText(s))
    }

    /// Puts `new` where the just-typed `old` is: only the rest where `new` continues
    /// `old`, else BackSpace keys and typed keys, in order in every client.
    mutating func replace(_ old: String, with new: String) -> [Command] {
        if new.hasPrefix(old) { return commit(String(new.dropFirst(old.count))) }
        privacy.committed()
        return retype(deleting: old.count, typing: new)
    }

    /// BackSpace keys for the `count` characters before the cursor, then `new` as typed keys
    /// (none when empty): the one way typed text is taken back, in order in every client.
    mutating func retype(deleting count: Int, typing new: String) -> [Command] {
        if count > 0, textInputField != nil, let bytes = editableBytes(beforeCursor: count) {
            let edit = TextEdit(deleteBefore: bytes, insert: new)
            text.sent(edit)
            return [.edit(edit)]
        }
        var out = [Command](repeating: .key("BackSpace", []), count: count)
        for _ in 0..<count { text.sentBackspaceKey() }
        if !new.isEmpty {
            out.append(.typeKeys(new))
            text.sentKeys(new)
        }
        return out
    }

    /// The bytes of the `count` characters before the cursor where deletions go as edits and
    /// tapboard knows them to be ASCII (no selection): every client deletes those alike.
    func editableBytes(beforeCursor count: Int) -> Int? {
        guard deletesAsEdits, let known = text.known, !known.hasSelection, let before = known.beforeCursor,
            before.count >= count
        else { return nil }
        let tail = before.suffix(count)
        return tail.utf8.allSatisfy { $0 < 0x80 } ? tail.utf8.count : nil
    }
}
