/// Decides how each effect reaches the application: as a text-input edit through
/// zwp_input_method_v2, or as key events through the virtual keyboard.
///
/// Clients disagree on `delete_surrounding_text`: GTK4 4.8 counts characters where the
/// protocol says bytes, Chromium drops it unless its state is current, and GTK3 and
/// Firefox do not report a selection (GTK3 then deletes beside it). A BackSpace key
/// deletes the selection or one character in all of them, by each one's own rules for
/// clusters (one code point in Indic, Thai and Arabic text, an emoji sequence whole).
/// So backspace is always the key; text-input deletes only where an edit replaces
/// ASCII tapboard knows it typed (". " for a double space, a word held away).
///
/// Order: under load, Firefox (and GTK 4, which applies text-input events as they are read
/// but key events later) lets a commit overtake a key sent before it ("hello", BackSpace,
/// " ok" became "hellook "), and Firefox drops a delete_surrounding_text while its content
/// cache is behind. So while a key sent may still be on its way (`keyInFlight`: no report
/// has shown its effect), what follows goes as keys too, one channel in one order.
public enum Submission {
    public enum Output: Sendable, Equatable {
        /// delete_surrounding_text + commit_string + commit(serial), one atomic edit.
        case edit(TextEdit)
        /// Type text as key events (a keymap with these characters).
        case typeKeys(String)
        /// One key event by keysym name, with modifiers.
        case key(String, Modifiers)
    }

    /// The outputs for a text-producing effect; other effects give none. `field` is the
    /// focused field (nil when input-method-v2 is not usable); `text` what tapboard
    /// knows of its text (nil: nothing, or not reliably); `keyInFlight`: a key sent
    /// before may not have reached the field yet.
    public static func plan(
        _ effect: Effect, field: TextFieldState?, text: SurroundingText?,
        keyInFlight: Bool = false
    ) -> [Output] {
        let outputs = plan(effect, field: field, text: text)
        guard keyInFlight else { return outputs }
        return outputs.flatMap { output -> [Output] in
            guard case .edit(let edit) = output else { return [output] }
            return keys(for: edit)
        }
    }

    /// An edit as the keys that make it. Edits delete only ASCII tapboard knows (one
    /// BackSpace per byte); a new line is the Return key.
    static func keys(for edit: TextEdit) -> [Output] {
        var out = [Output](repeating: .key("BackSpace", []), count: edit.deleteBefore)
        out += [Output](repeating: .key("Delete", []), count: edit.deleteAfter)
        if edit.insert == "\n" {
            out.append(.key("Return", []))
        } else if !edit.insert.isEmpty {
            out.append(.typeKeys(edit.insert))
        }
        return out
    }

    static func plan(_ effect: Effect, field: TextFieldState?, text: SurroundingText?) -> [Output] {
        let textInput = field?.active ?? false
        switch effect {
        case .commitText(let text):
            guard textInput else { return [.typeKeys(text)] }
            return splitUTF8(text).map { .edit(TextEdit(insert: $0)) }
        case .deleteBackward:
            return [.key("BackSpace", [])]
        case .deleteWordBackward:
            if textInput, let word = TextRules.wordBeforeCursor(text), isASCII(word) {
                return [.edit(TextEdit(deleteBefore: word.utf8.count))]
            }
            return [.key("BackSpace", .ctrl)]
        case .doubleSpace:
            if textInput, let f = field, let edit = TextRules.sentenceEndEdit(f, text: text) { return [.edit(edit)] }
            return plan(.commitText(" "), field: field, text: text)
        case .enter:
            // A new line in multi-line fields; elsewhere the Return key, so forms submit.
            if textInput, field?.hints.contains(.multiline) == true { return [.edit(TextEdit(insert: "\n"))] }
            return [.key("Return", [])]
        case .key(let sym, let mods):
            return [.key(sym, mods)]
        case .redrawKeys, .redrawAll, .schedule, .showPopup, .closePopup, .showPreview, .hidePreview,
            .nextKeyboard, .pickKeyboard, .hide, .pickSuggestion, .toolbar, .openPanel, .back, .clipboard,
            .strokeStarted, .trailMoved, .stroke, .pickCandidate, .moveCandidates, .panelMode, .hands:
            return []
        }
    }

    static func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }
}
