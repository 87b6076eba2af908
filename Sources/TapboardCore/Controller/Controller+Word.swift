/// The word being typed, suggestions, autocorrection and its undo, learning.
///
/// Letters go into the field at once, each one committed: a word held as preedit is lost
/// in GTK when focus moves (measured: GTK 4.8 drops it). A candidate that continues the
/// word adds only its rest; anything that changes typed letters (a correction, another
/// case, its undo) goes as BackSpace keys and typed keys, which every client applies in
/// order (delete_surrounding_text is unreliable: Chromium drops it, GTK4 counts characters).
extension Controller {
    /// The shown keyboard's language (`en` for `en-US`); empty for emoji and pads.
    var language: String { Self.languageCode(of: keyboard.layout.language) }

    /// The part of a language tag before "-", lower-cased ("en-US" → "en"); asked several
    /// times a tap, so an ASCII tag is cut from its bytes.
    static func languageCode(of tag: String) -> String {
        var copy = tag
        let ascii = copy.withUTF8 { bytes -> String? in
            var end = bytes.count
            for (i, b) in bytes.enumerated() {
                if b >= 0x80 { return nil }
                if b == UInt8(ascii: "-"), end == bytes.count { end = i }
            }
            return String(unsafeUninitializedCapacity: end) { code in
                for i in 0..<end { code[i] = bytes[i] >= 0x41 && bytes[i] <= 0x5A ? bytes[i] | 0x20 : bytes[i] }
                return end
            }
        }
        return ascii ?? String(tag.prefix { $0 != "-" }).lowercased()
    }

    var provider: (any SuggestionProvider)? {
        language.isEmpty ? nil : wordStage.suggestions?.provider(for: keyboard.layout)
    }

    /// Whether the shown keyboard has suggestions (open or not yet).
    var hasSuggestions: Bool {
        !language.isEmpty && wordStage.suggestions?.offersSuggestions(for: keyboard.layout) == true
    }

    /// The keyboard's suggestions were held back until now (the first frame is out): the
    /// strip fills, or goes if they could not be opened.
    public mutating func suggestionsOpened() -> [Command] {
        let bar = stripChanged()
        return bar.isEmpty ? updateStrip() : bar
    }

    /// Whether the strip should show for this field and keyboard: always for an engine's
    /// candidates, else where suggestions are wanted.
    var wantsStrip: Bool {
        if candidateEngine != nil { return true }
        return settings.suggestions && textInputField != nil && allows.contains(.suggestions) && hasSuggestions
    }

    /// Never on a keyboard whose engine composes the word (Korean): a wrong syllable
    /// put in would be worse than none.
    var mayAutocorrect: Bool {
        settings.autocorrect && allows.contains(.correction) && engine == nil
    }

    /// Never from password, PIN, sensitive, terminal, URL or email fields, nor from a
    /// field that keeps its text from the input method.
    var mayLearn: Bool {
        settings.learn && allows.contains(.learning)
    }

    /// Separators after which space or punctuation may correct the word.
    static let correctingSeparators: Set<String> = [" ", ".", ",", "!", "?", ";", ":"]
    /// Punctuation that takes the place of a space tapboard added after a picked word.
    static let closingPunctuation: Set<String> = [".", ",", "!", "?", ";", ":"]

    /// Text effects on the word being typed while the strip shows; nil: submit as usual.
    mutating func typeInWord(_ effect: Effect) -> [Command]? {
        guard showsStrip, textInputField != nil, candidateEngine == nil else { return nil }
        switch effect {
        case .commitText(let t):
            if wordStage.word.joins(t) {
                // A letter tapped right after a stroked word starts a new word.
                let space = wordStage.word.letters.isEmpty && Self.isStroked(wordStage.word.afterwards) ? " " : ""
                wordStage.word.type(t)
                wordStage.shown.markStale()
                return fieldStage.submit(.commitText(space + t))
            }
            if wordStage.word.letters.isEmpty, wordStage.word.afterwards == .addedSpace, Self.closingPunctuation.contains(t) {
                // "hello" picked, then ",": "hello, " (keys, so they stay in order).
                wordStage.word.punctuatedAfterPick()
                wordStage.shown.markStale()
                return fieldStage.retype(deleting: 1, typing: t + " ")
            }
            guard !wordStage.word.letters.isEmpty else {
                wordStage.word.interrupt()
                return nil
            }
            return endWord(with: t)
        case .deleteBackward:
            if wordStage.word.letters.isEmpty, case .corrected(let typed, let committed) = wordStage.word.afterwards {
                return revert(typed, committed)
            }
            if wordStage.word.letters.isEmpty, case .stroked(let stroked) = wordStage.word.afterwards {
                return unstroke(stroked)
            }
            wordStage.word.deleteBackward()
            wordStage.shown.markStale()
            return fieldStage.submit(effect)
        case .deleteWordBackward:
            wordStage.word.interrupt()
            wordStage.shown.markStale()
            return fieldStage.submit(effect)
        case .enter, .key, .doubleSpace:
            finishWord()
            wordStage.word.interrupt()
            return nil  // submitted as usual
        default:
            return nil
        }
    }

    static func isStroked(_ afterwards: WordInProgress.Afterwards) -> Bool {
        if case .stroked = afterwards { true } else { false }
    }

    /// The word ends with `separator`: corrected where the strip says so.
    mutating func endWord(with separator: String) -> [Command] {
        let settled = settle()  // the correction is the strip's for the word as it stands
        let typed = wordStage.word.finish()
        let out: [Command]
        if mayAutocorrect, Self.correctingSeparators.contains(separator), !wordStage.word.kept.contains(typed),
            let fix = strip.autocorrect, fix != typed
        {
            wordStage.word.corrected(typed, to: fix + separator)
            out = settled + fieldStage.replace(typed, with: fix + separator)
        } else {
            wordStage.word.interrupt()
            learn(typed)
            out = settled + fieldStage.commit(separator)
        }
        wordStage.shown.markStale()
        return out
    }

    /// The word being typed is done as it stands (a key, the panel hides): its letters
    /// are in the field already.
    mutating func finishWord() {
        guard !wordStage.word.letters.isEmpty else { return }
        learn(wordStage.word.finish())
        wordStage.shown.markStale()
    }

    /// The open sequence and the word being typed end as they stand: the sequence's text
    /// is committed.
    mutating func finishTyping() -> [Command] {
        let out = finishComposition()
        finishWord()
        return out
    }

    /// A slot of the strip was tapped: its word replaces the one being typed, with a space.
    mutating func pick(_ slot: Int) -> [Command] {
        guard showsStrip, strip.slots.indices.contains(slot) else { return [] }
        let chosen: String
        let keep: Bool
        switch strip.slots[slot] {
        case .empty, .note: return []
        case .emoji(let e): return pickEmoji(e)
        case .word(let w): (chosen, keep) = (w, false)
        case .keep(let w): (chosen, keep) = (w, true)
        }
        if wordStage.word.letters.isEmpty, case .stroked(let stroked) = wordStage.word.afterwards, !keep {
            return replaceStroked(stroked, with: chosen) + autoShift()
        }
        let typed = wordStage.word.letters
        wordStage.word.picked(chosen, keep: keep)
        learn(chosen, kept: true)
        let out = fieldStage.replace(typed, with: chosen + " ")
        wordStage.shown.markStale()
        return out + autoShift()
    }

    /// Backspace right after an autocorrection: the word as typed comes back, and is
    /// not corrected again in this field. Keys, so that deleting and typing stay in order
    /// in every client.
    mutating func revert(_ typed: String, _ committed: String) -> [Command] {
        wordStage.word.reverted(typed)
        learn(typed, kept: true)
        wordStage.shown.markStale()
        return fieldStage.retype(deleting: committed.count, typing: typed)
    }

    /// What is left to do once the effects of the last events have gone out: the strip
    /// for the word being typed (or the next word), redrawn where it changed.
    public mutating func settle() -> [Command] {
        guard wordStage.shown.catchUp() else { return [] }
        return updateStrip()
    }

    /// The strip for the word being typed (or the next word), redrawn where it changed.
    mutating func updateStrip() -> [Command] {
        var new = Strip.empty
        switch stripSource() {
        case .engine:
            new = engineRow()
        case .search(let p, let typed, let before, let corrects):
            compositionStage.engineCandidates = []
            compositionStage.row = nil
            let learned = learnedWords()
            new = p.strip(for: typed, context: before, learned: learned, autocorrect: corrects, memo: &wordStage.word.searchMemo)
            // Syllables an engine composed go back only by deleting them: completions only.
            if engine != nil { new = new.completions(of: typed) }
            new = withEmoji(new, word: typed.isEmpty ? Self.lastWord(before) : typed)
        case nil:
            compositionStage.engineCandidates = []
            compositionStage.row = nil
        }
        return showInStrip(new)
    }

    /// Where the strip's words come from now.
    enum StripSource {
        /// The composition engine's candidates.
        case engine
        /// The suggestion search for the typed letters after the text before them, correcting or not.
        case search(any SuggestionProvider, typed: String, before: String, corrects: Bool)
    }

    /// Where the strip's words come from, nil: nowhere (no strip, no suggestions). Read in
    /// one non-mutating call: each read of a computed property from a mutating method
    /// copied the whole controller.
    func stripSource() -> StripSource? {
        guard showsStrip else { return nil }
        if candidateEngine != nil { return .engine }
        guard let p = provider else { return nil }
        var before = text.bestGuess?.beforeCursor.map { Self.last(Suggester.contextLength, of: $0) } ?? ""
        // The context is the text before the word, not the word itself.
        var typed = wordStage.word.letters
        if !typed.isEmpty, before.hasSuffix(typed) { before.removeLast(typed.count) }
        // Korean: the syllable being composed (the preedit) ends the word.
        if engine != nil { typed += compositionStage.composition?.preedit ?? "" }
        return .search(p, typed: typed, before: before, corrects: mayAutocorrect && !wordStage.word.kept.contains(typed))
    }

    /// `String(text.suffix(n))`: the last `n` characters. From the bytes when the last n + 1
    /// are ASCII and none is a carriage return (then each is one character, and the one
    /// before the last n joins none of them); else by characters.
    static func last(_ n: Int, of text: Substring) -> String {
        let tail = text.utf8.suffix(n + 1)
        guard tail.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return String(text.suffix(n)) }
        return String(decoding: tail.suffix(n), as: UTF8.self)
    }

    /// The strip holds `new` from now on, redrawn where it changed.
    mutating func showInStrip(_ new: Strip) -> [Command] {
        guard wordStage.shown.update(new) else { return [] }
        // The toolbar takes the strip's place while it is empty (toolbar = auto).
        let bar = barChanged()
        guard bar.isEmpty else { return bar }
        guard let g = geometry else { return [] }
        return [.redraw(g.keys.indices.filter { if case .suggestion = g.keys[$0].key.action { true } else { false } })]
    }

    /// The user's words in `language` (the shown keyboard's), loaded on first use.
    mutating func learnedWords() -> LearnedWords {
        wordStage.learnedWords(language)
    }

    /// Notes a word the user used (`kept`: chose, from the strip or by undoing its
    /// correction), after the word before it; it is learned when the field is left, if
    /// the field never turned out to be secret.
    mutating func learn(_ used: String, kept: Bool = false) {
        guard mayLearn, !used.isEmpty, !language.isEmpty else { return }
        // The word's letters are in the field already: the one before is before them.
        var before = text.bestGuess?.beforeCursor.map(String.init) ?? ""
        if before.hasSuffix(used) { before.removeLast(used.count) }
        // None at a sentence start: no pair across a full stop.
        wordStage.word.used(.init(word: used, previous: Context(before).previous, language: language, kept: kept))
    }

    /// The field is being left: its words become learned words, if the field ever showed
    /// the input method some of its text (Firefox's password fields never do; fields that
    /// report nothing at all, such as Chromium's on phoc, are not learned from either).
    mutating func learnFieldWords() -> [Command] {
        let words = wordStage.word.takeFieldWords()
        guard mayLearn, fieldStage.privacy.showedText, !words.isEmpty else { return [] }
        wordStage.learn(words)
        return learnedChanged()
    }

    /// The field's text as reported goes to `privacy`. Firefox says nothing of a password
    /// field (content type normal) and reports its text masked ("●●●"): such a field is
    /// treated as secret at once, and nothing typed in it is learned.
    mutating func noticeHiddenText(_ report: SurroundingText?) -> [Command] {
        guard fieldStage.privacy.reported(report?.text) else { return [] }
        _ = wordStage.word.takeFieldWords()
        keyboard.previews = false
        finishWord()
        return stripChanged()
    }

    /// Writes learned words a moment after the last change.
    mutating func learnedChanged() -> [Command] {
        guard wordStage.dirtyLearned else { return [] }
        return [.schedule(.saveLearned, after: 3000)]
    }

    /// The learned words to store now (the save timer fired, or tapboard is ending).
    public mutating func learnedToSave() -> [Command] {
        _ = learnFieldWords()
        return wordStage.learnedToSave().map { .saveLearned(language: $0.language, $0.words) }
    }

    /// A new field, or focus gone: what tapboard believed of the old one goes (its text,
    /// the word being typed, what to undo or keep, its privacy, an open sequence).
    mutating func forgetField() {
        fieldStage.forget()
        wordStage.forgetField()
        forgetComposition()
    }
}

extension String {
    /// Drops `count` Unicode scalars from the end.
    mutating func removeLastScalars(_ count: Int) {
        var s = unicodeScalars
        s.removeLast(min(count, s.count))
        self = String(s)
    }
}
