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
