/// The word being typed, suggestions, autocorrection and its undo, learning.
///
/// Letters go into the field at once, each one committed: a word held as preedit is lost
/// in GTK when focus moves (measured: GTK 4.8 drops it). A candidate that continues the
/// word adds only its rest; anything that changes typed letters (a correction, another
/// case, its undo) goes as BackSpace keys and typed keys, which every client applies in
/// order (delete_surrounding_text is unreliable: Chromium drops it, GTK4 counts characters).
extension Controller {
    /// Fields where the strip shows: prose, not secret.
    public static func takesSuggestions(_ f: TextFieldState) -> Bool {
        switch f.purpose {
        case .normal, .alpha, .name, .email, .url:
            return !f.hints.contains(.hiddenText) && !f.hints.contains(.sensitiveData)
        default:
            return false
        }
    }

    /// The shown keyboard's language (`en` for `en-US`); empty for emoji and pads.
    var language: String {
        String(keyboard.layout.language.split(separator: "-").first ?? "").lowercased()
    }

    var provider: (any SuggestionProvider)? {
        language.isEmpty ? nil : suggestions?.provider(for: keyboard.layout)
    }

    /// Whether the strip should show for this field and keyboard.
    var wantsStrip: Bool {
        settings.suggestions && textInputField != nil && Self.takesSuggestions(field) && !fieldHidesText
            && provider != nil
    }

    var mayAutocorrect: Bool {
        settings.autocorrect && ![.email, .url, .name].contains(field.purpose)
    }

    /// Never from password, PIN, sensitive, terminal, URL or email fields, nor from a
    /// field that keeps its text from the input method.
    var mayLearn: Bool {
        settings.learn && Self.takesSuggestions(field) && ![.email, .url].contains(field.purpose) && !fieldHidesText
    }

    /// Text that joins the word being typed.
    static func isWordPart(_ t: String, composing: String) -> Bool {
        guard t.count == 1, let c = t.first else { return false }
        if c.isLetter || c.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark
            || $0.properties.generalCategory == .spacingMark }) { return true }
        return !composing.isEmpty && (c == "'" || c == "’" || c == "-" || c.isNumber)
    }

    /// Separators after which space or punctuation may correct the word.
    static let correctingSeparators: Set<String> = [" ", ".", ",", "!", "?", ";", ":"]
    /// Punctuation that takes the place of a space tapboard added after a picked word.
    static let closingPunctuation: Set<String> = [".", ",", "!", "?", ";", ":"]

    /// Text effects on the word being typed while the strip shows; nil: submit as usual.
    mutating func typeInWord(_ effect: Effect) -> [Command]? {
        guard showsStrip, textInputField != nil else { return nil }
        switch effect {
        case .commitText(let t):
            if Self.isWordPart(t, composing: composing) {
                undoable = nil
                addedSpace = false
                composing += t
                return commit(t) + refreshStrip()
            }
            if composing.isEmpty, addedSpace, Self.closingPunctuation.contains(t) {
                // "hello" picked, then ",": "hello, " (keys, so they stay in order).
                undoable = nil
                var out: [Command] = [.key("BackSpace", []), .typeKeys(t + " ")]
                text.sentBackspaceKey()
                text.sentKeys(t + " ")
                addedSpace = true
                out += refreshStrip()
                return out
            }
            guard !composing.isEmpty else {
                undoable = nil
                addedSpace = false
                return nil
            }
            return endWord(with: t)
        case .deleteBackward:
            addedSpace = false
            if composing.isEmpty, let u = undoable { return revert(u) }
            undoable = nil
            if !composing.isEmpty {
                let s = SurroundingText(text: composing, cursor: composing.utf8.count, anchor: composing.utf8.count)
                composing.removeLast(s.backspaceUnit.map { $0.unicodeScalars.count } ?? 1, scalars: true)
            }
            return submit(effect) + refreshStrip()
        case .deleteWordBackward:
            composing = ""
            undoable = nil
            addedSpace = false
            return submit(effect) + refreshStrip()
        case .enter, .key, .doubleSpace:
            undoable = nil
            addedSpace = false
            let finished = finishWord()
            return finished.isEmpty ? nil : finished + submit(effect)
        default:
            return nil
        }
    }

    /// The word ends with `separator`: corrected where the strip says so.
    mutating func endWord(with separator: String) -> [Command] {
        let settled = settle()  // the correction is the strip's for the word as it stands
        let typed = composing
        composing = ""
        addedSpace = false
        if mayAutocorrect, Self.correctingSeparators.contains(separator), !kept.contains(typed),
           let fix = strip.autocorrect, fix != typed {
            undoable = (typed, fix + separator)
            return settled + replace(typed, with: fix + separator) + refreshStrip()
        }
        undoable = nil
        learn(typed)
        return settled + commit(separator) + refreshStrip()
    }

    /// The word being typed is done as it stands (a key, the panel hides): its letters
    /// are in the field already.
    mutating func finishWord() -> [Command] {
        guard !composing.isEmpty else { return [] }
        learn(composing)
        composing = ""
        return refreshStrip()
    }

    /// Puts `new` where the just-typed `old` is: only the rest where `new` continues
    /// `old`, else BackSpace keys and typed keys, in order in every client.
    mutating func replace(_ old: String, with new: String) -> [Command] {
        if new.hasPrefix(old) { return commit(String(new.dropFirst(old.count))) }
        var out: [Command] = []
        for _ in 0..<old.count {
            out.append(.key("BackSpace", []))
            text.sentBackspaceKey()
        }
        out.append(.typeKeys(new))
        text.sentKeys(new)
        commitsInField += 1
        return out
    }

    /// A slot of the strip was tapped: its word replaces the one being typed, with a space.
    mutating func pick(_ slot: Int) -> [Command] {
        guard showsStrip, strip.slots.indices.contains(slot) else { return [] }
        let word: String
        switch strip.slots[slot] {
        case .empty: return []
        case .word(let w): word = w
        case .keep(let w):
            word = w
            kept.insert(w)
        }
        let typed = composing
        composing = ""
        undoable = nil
        learn(word, kept: true)
        var out = replace(typed, with: word + " ")
        addedSpace = true
        out += refreshStrip()
        return out + autoShift()
    }

    /// Backspace right after an autocorrection: the word as typed comes back, and is
    /// not corrected again in this field. Keys, so that deleting and typing stay in order
    /// in every client.
    mutating func revert(_ u: (typed: String, committed: String)) -> [Command] {
        undoable = nil
        kept.insert(u.typed)
        learn(u.typed, kept: true)
        var out: [Command] = []
        for _ in 0..<u.committed.count {
            out.append(.key("BackSpace", []))
            text.sentBackspaceKey()
        }
        out.append(.typeKeys(u.typed))
        text.sentKeys(u.typed)
        return out + refreshStrip()
    }

    /// One commit_string (keys while a key may be on its way).
    mutating func commit(_ s: String) -> [Command] {
        s.isEmpty ? [] : submit(.commitText(s))
    }

    /// The strip is to follow the text: it is worked out in `settle()`, after the text
    /// has gone out (the strip must not delay a letter).
    mutating func refreshStrip() -> [Command] {
        stripStale = true
        return []
    }

    /// What is left to do once the effects of the last events have gone out: the strip
    /// for the word being typed (or the next word), redrawn where it changed.
    public mutating func settle() -> [Command] {
        guard stripStale else { return [] }
        stripStale = false
        return updateStrip()
    }

    /// The strip for the word being typed (or the next word), redrawn where it changed.
    mutating func updateStrip() -> [Command] {
        var new = Strip.empty
        if showsStrip, let p = provider {
            var before = text.bestGuess?.beforeCursor.map { String($0.suffix(200)) } ?? ""
            // The context is the text before the word, not the word itself.
            if !composing.isEmpty, before.hasSuffix(composing) { before.removeLast(composing.count) }
            new = p.strip(for: composing, context: before, learned: learnedWords(),
                          autocorrect: mayAutocorrect && !kept.contains(composing))
        }
        guard new != strip else { return [] }
        strip = new
        // The toolbar takes the strip's place while it is empty (toolbar = auto).
        let bar = barChanged()
        guard bar.isEmpty else { return bar }
        guard let g = geometry else { return [] }
        return [.redraw(g.keys.indices.filter { if case .suggestion = g.keys[$0].key.action { true } else { false } })]
    }

    /// The user's words in `language` (the shown keyboard's), loaded on first use.
    mutating func learnedWords(_ language: String? = nil) -> LearnedWords {
        let language = language ?? self.language
        if let l = learned[language] { return l }
        let l = suggestions?.learnedWords(for: language) ?? LearnedWords()
        learned[language] = l
        return l
    }

    /// Notes a word the user used (`kept`: chose, from the strip or by undoing its
    /// correction), after the word before it; it is learned when the field is left, if
    /// the field never turned out to be secret.
    mutating func learn(_ word: String, kept: Bool = false) {
        guard mayLearn, !word.isEmpty, !language.isEmpty else { return }
        // The word's letters are in the field already: the one before is before them.
        var before = text.bestGuess?.beforeCursor.map(String.init) ?? ""
        if before.hasSuffix(word) { before.removeLast(word.count) }
        let previous = before.split(whereSeparator: { $0 == " " || $0 == "\n" }).last.map(String.init)
        // Kept with the keyboard's language: another keyboard may show when the field is left.
        fieldWords.append((word, previous?.trimmingCharacters(".,!?;:\"()"), language, kept))
    }

    /// The field is being left: its words become learned words, if the field ever showed
    /// the input method some of its text (Firefox's password fields never do; fields that
    /// report nothing at all, such as Chromium's on phoc, are not learned from either).
    mutating func learnFieldWords() -> [Command] {
        defer { fieldWords = [] }
        guard mayLearn, fieldShowedText, !fieldWords.isEmpty else { return [] }
        for (word, previous, language, kept) in fieldWords {
            _ = learnedWords(language)  // loaded, then changed in place
            learned[language]?.learn(word, after: previous, kept: kept)
        }
        dirtyLearned = true
        return learnedChanged()
    }

    /// Firefox says nothing of a password field (content type normal) and reports its
    /// text masked ("●●●"): such a field is treated as secret at once. (An empty report
    /// proves nothing: browsers in some sessions report every field empty.)
    mutating func noticeHiddenText(_ report: SurroundingText?) -> [Command] {
        guard !fieldHidesText, let report, commitsInField >= 1, Self.looksMasked(report.text) else { return [] }
        fieldHidesText = true
        fieldWords = []
        keyboard.previews = false
        return finishWord() + stripChanged()
    }

    /// Writes learned words a moment after the last change.
    mutating func learnedChanged() -> [Command] {
        guard dirtyLearned else { return [] }
        return [.schedule(.saveLearned, after: 3000)]
    }

    /// The learned words to store now (the save timer fired, or tapboard is ending).
    public mutating func learnedToSave() -> [Command] {
        _ = learnFieldWords()
        guard dirtyLearned else { return [] }
        dirtyLearned = false
        return learned.sorted { $0.key < $1.key }.map { .saveLearned(language: $0.key, $0.value) }
    }

    /// Text a password field shows instead of what was typed.
    static func looksMasked(_ text: String) -> Bool {
        guard let first = text.first, "●•*·∙⏺".contains(first) else { return false }
        return text.allSatisfy { $0 == first }
    }

    /// A new field, or focus gone: nothing is being typed, nothing to undo or keep.
    mutating func resetWord() {
        composing = ""
        undoable = nil
        addedSpace = false
        kept = []
        strip = .empty
        fieldWords = []
        fieldHidesText = false
        fieldShowedText = false
        commitsInField = 0
    }
}

extension String {
    /// Drops `count` Unicode scalars from the end.
    mutating func removeLast(_ count: Int, scalars: Bool) {
        var s = unicodeScalars
        s.removeLast(min(count, s.count))
        self = String(s)
    }

    func trimmingCharacters(_ set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
