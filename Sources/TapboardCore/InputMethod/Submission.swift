/// Decides how each effect reaches the application: as a text-input edit through
/// zwp_input_method_v2, or as key events through the virtual keyboard.
public enum Submission {
    public enum Output: Sendable, Equatable {
        /// delete_surrounding_text + commit_string + commit(serial), one atomic edit.
        case edit(TextEdit)
        /// Type text as key events (a keymap with these characters).
        case typeKeys(String)
        /// One key event by keysym name, with modifiers.
        case key(String, Modifiers)
    }

    /// The outputs for a text-producing effect; other effects give none.
    /// `field` is the current input-method state; nil when input-method-v2 is not usable.
    public static func plan(_ effect: Effect, field: TextFieldState?) -> [Output] {
        let textInput = field.map { $0.active } ?? false
        switch effect {
        case .commitText(let text):
            guard textInput else { return [.typeKeys(text)] }
            return splitUTF8(text).map { .edit(TextEdit(insert: $0)) }
        case .deleteBackward:
            // Without surrounding text we cannot know how many bytes a character has:
            // a BackSpace key lets the application decide (terminals, many toolkits).
            if textInput, let edit = field?.surrounding?.backspaceEdit() { return [.edit(edit)] }
            if textInput, let s = field?.surrounding, s.cursor == 0, s.anchor == 0 { return [] }
            return [.key("BackSpace", [])]
        case .deleteWordBackward:
            if textInput, let f = field, let edit = TextRules.wordDeleteEdit(f) { return [.edit(edit)] }
            return [.key("BackSpace", .ctrl)]
        case .doubleSpace:
            if textInput, let f = field, let edit = TextRules.sentenceEndEdit(f) { return [.edit(edit)] }
            return plan(.commitText(" "), field: field)
        case .enter:
            // A new line in multi-line fields; elsewhere the Return key, so forms submit.
            if textInput, field?.hints.contains(.multiline) == true { return [.edit(TextEdit(insert: "\n"))] }
            return [.key("Return", [])]
        case .key(let sym, let mods):
            return [.key(sym, mods)]
        case .redrawKeys, .redrawAll, .schedule, .showPopup, .closePopup, .showPreview, .hidePreview,
             .nextKeyboard, .pickKeyboard, .hide:
            return []
        }
    }
}
