/// The word being typed in the focused field and what the next tap may do to the last
/// one: take back its autocorrection, or put punctuation in place of the space added
/// after a picked word. Also the words used in the field, learned when it is left.
struct WordInProgress {
    /// What tapboard did after the last word that the next tap may undo or adjust.
    enum Afterwards: Equatable {
        case nothing
        /// An autocorrection: the word as typed and what went in its place (separator
        /// included). Backspace right after takes it back.
        case corrected(typed: String, committed: String)
        /// A picked word went in with a space: punctuation takes the space's place.
        case addedSpace
        /// A stroked word went in (no space after it): backspace takes it back whole, a
        /// picked alternative takes its place, a tapped letter starts a new word after a space.
        case stroked(String)
    }

    /// A word the user used, with the word before it and the keyboard's language
    /// (another keyboard may show when the field is left).
    struct UsedWord: Equatable {
        var word: String
        var previous: String?
        var language: String
        /// Chosen: from the strip, or by undoing its correction.
        var kept: Bool
    }

    /// The letters typed so far (they are in the field already); empty between words.
    private(set) var letters = ""
    /// What the next tap may undo or adjust; only between words.
    private(set) var afterwards = Afterwards.nothing
    /// Words the user kept as typed in this field: not corrected again.
    private(set) var kept: Set<String> = []
    /// Words used in this field, learned when it is left.
    private(set) var fieldWords: [UsedWord] = []
    /// What the strip's search for the letters so far learnt, for the next letter's.
    var searchMemo = TypedWordMemo()

    /// Text that joins the word being typed.
    func joins(_ t: String) -> Bool {
        guard t.count == 1, let c = t.first else { return false }
        if c.isLetter
            || c.unicodeScalars.allSatisfy({
                $0.properties.generalCategory == .nonspacingMark
                    || $0.properties.generalCategory == .spacingMark
            })
        {
            return true
        }
        return !letters.isEmpty && (c == "'" || c == "’" || c == "-" || c.isNumber)
    }

    /// A letter (or a mark, an apostrophe...) joins the word.
    mutating func type(_ t: String) {
        letters += t
        afterwards = .nothing
    }

    /// Backspace: the word loses what the field deletes, one backspace unit (a combining
    /// accent alone, an emoji sequence whole).
    mutating func deleteBackward() {
        afterwards = .nothing
        guard !letters.isEmpty else { return }
        let s = SurroundingText(text: letters, cursor: letters.utf8.count, anchor: letters.utf8.count)
        letters.removeLastScalars(s.backspaceUnit.map { $0.unicodeScalars.count } ?? 1)
    }

    /// Something other than the word's text came (a key, a separator, a deleted word):
    /// the word is dropped and nothing is left to undo or adjust.
    mutating func interrupt() {
        letters = ""
        afterwards = .nothing
    }

    /// The word is done as it stands; returns it. What the tap before may undo stays.
    mutating func finish() -> String {
        defer { letters = "" }
        return letters
    }

    /// The word just ended was replaced: `committed` went in place of `typed`.
    mutating func corrected(_ typed: String, to committed: String) {
        afterwards = .corrected(typed: typed, committed: committed)
    }

    /// A word from the strip went in with a space after it; `keep`: the word as typed, not corrected again.
    mutating func picked(_ word: String, keep: Bool) {
        letters = ""
        afterwards = .addedSpace
        if keep { kept.insert(word) }
    }

    /// A stroke typed `word` (or an alternative took its place).
    mutating func stroked(_ word: String) {
        letters = ""
        afterwards = .stroked(word)
    }

    /// What the next tap may undo or adjust is gone (a stroked word was deleted).
    mutating func settled() {
        afterwards = .nothing
    }

    /// Punctuation took the place of the added space; a space follows it again.
    mutating func punctuatedAfterPick() {
        afterwards = .addedSpace
    }

    /// The correction of `typed` was taken back: it is not corrected again in this field.
    mutating func reverted(_ typed: String) {
        afterwards = .nothing
        kept.insert(typed)
    }

    /// Notes a used word, to be learned when the field is left.
    mutating func used(_ word: UsedWord) { fieldWords.append(word) }

    /// The words used in this field, handed out once.
    mutating func takeFieldWords() -> [UsedWord] {
        defer { fieldWords = [] }
        return fieldWords
    }
}
