/// Work made from a suggester's dictionary on first use and shared by its copies (a class:
/// copies keep the one instance), dropped when the dictionary changes. Each kind is kept
/// by its type, so the suggester carries what other folders make of its words (glide's
/// words as strokes) without knowing them.
final class SourceCaches {
    private var made: [ObjectIdentifier: AnyObject] = [:]

    /// The `T` made for this dictionary, made now by `make` if there is none yet.
    func value<T: AnyObject>(_ make: () -> T) -> T {
        let key = ObjectIdentifier(T.self)
        if let kept = made[key] as? T { return kept }
        let new = make()
        made[key] = new
        return new
    }
}

/// Answers about words asked again at each stroke or strip search, kept: whether a word
/// (lower-cased) is in the dictionary or the spell checker's list, and whether the spell
/// checker accepts a word as written.
final class WordAnswers {
    private var listed: [String: Bool] = [:]
    private var accepted: [String: Bool] = [:]

    func isListed(_ key: String, _ lookUp: (String) -> Bool) -> Bool { Self.answer(&listed, key, lookUp) }

    func isAccepted(_ word: String, _ check: (String) -> Bool) -> Bool { Self.answer(&accepted, word, check) }

    /// `ask(word)`, kept in `answers` (emptied past 20,000 words: a few hundred KiB at most).
    private static func answer(_ answers: inout [String: Bool], _ word: String, _ ask: (String) -> Bool) -> Bool {
        if let known = answers[word] { return known }
        if answers.count > 20_000 { answers = [:] }
        let found = ask(word)
        answers[word] = found
        return found
    }
}
