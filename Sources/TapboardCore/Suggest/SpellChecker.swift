/// The language's spell checker as an oracle of what is a word: it knows inflected,
/// rare and old words a frequency list lacks ("lounged", "thee", "nonce"), so that
/// autocorrect leaves them alone. Asked only about typed words the dictionary lacks.
public protocol SpellChecker: AnyObject {
    /// Whether `word`, as typed (its case counts as the checker's rules say), is a word.
    func accepts(_ word: String) -> Bool
}

/// A spell checker of a fixed set of words (tests).
public final class WordSetSpellChecker: SpellChecker {
    public let words: Set<String>
    public private(set) var asked = 0
    public init(_ words: Set<String>) { self.words = words }
    public func accepts(_ word: String) -> Bool {
        asked += 1
        return words.contains(word) || words.contains(word.lowercased())
    }
}

/// A spell checker's words, expanded ahead of time into a dictionary file
/// (`<lang>-known.tbd`, scripts/build-known): memory-mapped, it costs only the pages a
/// look-up touches, where the spell checker itself costs megabytes. A word is accepted as
/// the checker would: in a stored spelling, or capitalised or in capitals ("Lounged" at a
/// sentence start), not in lower case when stored with capitals.
public final class WordSourceSpellChecker: SpellChecker {
    public let words: any WordSource
    public init(_ words: any WordSource) { self.words = words }
    public func accepts(_ word: String) -> Bool {
        let shape = CaseShape(word)
        return words.lookup(key: word).contains { $0.word == word || shape.apply($0.word) == word || shape == .upper }
    }
}
