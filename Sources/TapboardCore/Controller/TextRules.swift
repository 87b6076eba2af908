/// Phone-keyboard conventions that read the text around the cursor.
public enum TextRules {
    /// Fields where text is not prose: no auto-capitalisation, no ". " on double space.
    static func isProse(_ field: TextFieldState) -> Bool {
        switch field.purpose {
        case .terminal, .email, .url, .password, .pin, .digits, .number, .phone, .date, .time, .datetime:
            return false
        default:
            return !FieldAllows.isSecret(field)
        }
    }

    /// The shift the next letter should get, from the field and the text before the
    /// cursor (`text`): locked for upper-case fields; off where the hints say lower case,
    /// the field is not prose, or the mode and the field do not ask for capitals; else
    /// once at the start of the text and after a sentence ends (". ", "! ", "? ", a new line).
    public static func autoShift(
        _ field: TextFieldState, text: SurroundingText?,
        mode: AutoCapitalise = .field
    ) -> ShiftState {
        guard field.active, isProse(field), !field.hints.contains(.lowercase) else { return .off }
        if field.hints.contains(.uppercase) { return .locked }
        let asked = field.hints.contains(.autoCapitalization) || field.hints.contains(.titlecase)
        guard mode == .always || (mode == .field && asked) else { return .off }
        guard let before = text?.beforeCursor else { return .off }
        if before.isEmpty || before.last == "\n" { return .once }
        let trimmed = before.reversed().drop { $0 == " " }
        guard trimmed.count < before.count else { return .off }  // no space before the cursor
        if field.hints.contains(.titlecase) { return .once }
        guard let end = trimmed.first else { return .once }  // only spaces so far
        return ".!?\n".contains(end) ? .once : .off
    }

    /// The edit for a second quick space: ". " in place of the space just typed, where a
    /// word ends a sentence; nil where a plain space is right.
    public static func sentenceEndEdit(_ field: TextFieldState, text: SurroundingText?) -> TextEdit? {
        guard field.active, isProse(field), let s = text, !s.hasSelection,
            let before = s.beforeCursor, before.last == " "
        else { return nil }
        let beforeSpace = before.dropLast()
        guard let last = beforeSpace.last, last.isLetter || last.isNumber else { return nil }
        return TextEdit(deleteBefore: 1, insert: ". ")
    }

    /// The word before the cursor and the spaces after it, as held backspace deletes them.
    public static func wordBeforeCursor(_ text: SurroundingText?) -> String? {
        guard let s = text, !s.hasSelection, let before = s.beforeCursor, !before.isEmpty else { return nil }
        let spaces = before.reversed().prefix { $0 == " " || $0 == "\n" }
        let word = before.dropLast(spaces.count).reversed().prefix { $0 != " " && $0 != "\n" }
        let deleted = String(word.reversed()) + String(spaces.reversed())
        return deleted.isEmpty ? nil : deleted
    }
}
