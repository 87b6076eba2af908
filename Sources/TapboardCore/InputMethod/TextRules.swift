/// Phone-keyboard conventions that read the text around the cursor.
public enum TextRules {
    /// Fields where text is not prose: no auto-capitalisation, no ". " on double space.
    static func isProse(_ field: TextFieldState) -> Bool {
        switch field.purpose {
        case .terminal, .email, .url, .password, .pin, .digits, .number, .phone, .date, .time, .datetime:
            return false
        default:
            return !field.hints.contains(.hiddenText) && !field.hints.contains(.sensitiveData)
        }
    }

    /// The text before the cursor, if the client reports it.
    static func prefix(_ field: TextFieldState) -> Substring? {
        guard let s = field.surrounding else { return nil }
        let bytes = Array(s.text.utf8)
        let cursor = min(max(min(s.cursor, s.anchor), 0), bytes.count)
        guard let text = String(validating: bytes[..<cursor], as: UTF8.self) else { return nil }
        return text[...]
    }

    /// The shift the next letter should get: once at the start of a field and after a
    /// sentence ends (". ", "! ", "? ", a new line), locked for upper-case fields, off
    /// where the hints say lower case or the field is not prose.
    public static func autoShift(_ field: TextFieldState) -> ShiftState {
        guard field.active, isProse(field), !field.hints.contains(.lowercase) else { return .off }
        if field.hints.contains(.uppercase) { return .locked }
        guard let before = prefix(field) else { return .off }
        if before.isEmpty || before.last == "\n" { return .once }
        let trimmed = before.reversed().drop { $0 == " " }
        guard trimmed.count < before.count else { return .off }  // no space before the cursor
        if field.hints.contains(.titlecase) { return .once }
        guard let end = trimmed.first else { return .once }  // only spaces so far
        return ".!?\n".contains(end) ? .once : .off
    }

    /// The edit for a second quick space: ". " in place of the space just typed, where a
    /// word ends a sentence; nil where a plain space is right.
    public static func sentenceEndEdit(_ field: TextFieldState) -> TextEdit? {
        guard field.active, isProse(field), let before = prefix(field), before.last == " " else { return nil }
        let beforeSpace = before.dropLast()
        guard let last = beforeSpace.last, last.isLetter || last.isNumber else { return nil }
        return TextEdit(deleteBefore: 1, insert: ". ")
    }

    /// The edit that deletes the word before the cursor (and the spaces after it).
    public static func wordDeleteEdit(_ field: TextFieldState) -> TextEdit? {
        guard let s = field.surrounding, s.cursor == s.anchor, let before = prefix(field), !before.isEmpty else {
            return nil
        }
        let spaces = before.reversed().prefix { $0 == " " || $0 == "\n" }
        let word = before.dropLast(spaces.count).reversed().prefix { $0 != " " && $0 != "\n" }
        let count = spaces.reduce(0) { $0 + $1.utf8.count } + word.reduce(0) { $0 + $1.utf8.count }
        return count > 0 ? TextEdit(deleteBefore: count) : nil
    }
}
