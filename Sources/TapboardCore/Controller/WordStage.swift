/// The word being typed and what follows from it: the suggestion strip, autocorrection
/// and its undo, the user's learned words. Text stage: letters while the strip shows.
struct WordStage {
    /// Suggestions and learned words by language; nil: no suggestions at all.
    let suggestions: (any SuggestionLibrary)?
    /// The word being typed, what the next tap may undo, the words to learn from the field.
    var word = WordInProgress()
    /// The suggestion strip: whether it shows, what it holds.
    var shown = ShownStrip()
    /// The user's words by language, loaded on first use.
    var learned: [String: LearnedWords] = [:]
    /// Learned words changed since they were last handed out for saving.
    var dirtyLearned = false

    /// The user's words in `language`, loaded on first use.
    mutating func learnedWords(_ language: String) -> LearnedWords {
        if let l = learned[language] { return l }
        let l = suggestions?.learnedWords(for: language) ?? LearnedWords()
        learned[language] = l
        return l
    }

    /// Learns the words used in a field that is being left.
    mutating func learn(_ words: [WordInProgress.UsedWord]) {
        for w in words {
            _ = learnedWords(w.language)  // loaded, then changed in place
            learned[w.language]?.learn(w.word, after: w.previous, kept: w.kept)
        }
        dirtyLearned = true
    }

    /// The learned words to store now, by language; empty when nothing changed.
    mutating func learnedToSave() -> [(language: String, words: LearnedWords)] {
        guard dirtyLearned else { return [] }
        dirtyLearned = false
        return learned.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A new field, or focus gone: nothing typed, nothing to undo or suggest.
    mutating func forgetField() {
        word = WordInProgress()
        shown.clear()
    }
}
