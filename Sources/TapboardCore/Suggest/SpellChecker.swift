/// The language's spell checker as an oracle of what is a word: it knows inflected,
/// rare and old words a frequency list lacks ("lounged", "thee", "nonce"), so that
/// autocorrect leaves them alone. Asked only about typed words the dictionary lacks.
public protocol SpellChecker: AnyObject {
    /// Whether `word`, as typed (its case counts as the checker's rules say), is a word.
    func accepts(_ word: String) -> Bool
    /// Its words as a dictionary, when it has them listed (every class 0): where the
    /// dictionary has no word near a typo, the checker's words are candidates too
    /// ("esteemibg" → "esteeming").
    var words: (any WordSource)? { get }
}

extension SpellChecker {
    public var words: (any WordSource)? { nil }
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
    public let listed: any WordSource
    public var words: (any WordSource)? { listed }
    public init(_ words: any WordSource) { listed = words }
    public func accepts(_ word: String) -> Bool {
        let shape = CaseShape(word)
        return listed.lookup(key: word).contains { $0.word == word || shape.apply($0.word) == word || shape == .upper }
    }
}
