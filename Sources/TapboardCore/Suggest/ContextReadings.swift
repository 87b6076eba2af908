/// The last reading of the language's pairs and triples for a context, kept for the next
/// language model made for the same two tokens before: each letter of a word makes a model
/// for the same context, and reading the triples' words after it cost each letter about
/// 20,000 instructions. Shared by a suggester's copies (a class); a copy given other pairs or
/// triples gets its own.
final class ContextReadings {
    /// What the pairs and triples hold after one context.
    struct Reading {
        /// "previous " when the pairs know what follows the previous token.
        var pairPrefix: String?
        /// "before previous " when the triples know what follows the two tokens before.
        var triplePrefix: String?
        /// The triples' words after `triplePrefix` and their classes.
        var tripleClasses: TripleClasses
    }

    private var last: (pairKey: String?, tripleKey: String?, reading: Reading)?

    /// The reading for these keys: the last one when it was for the same keys, else `read()`.
    func reading(pairKey: String?, tripleKey: String?, _ read: () -> Reading) -> Reading {
        if let last, last.pairKey == pairKey, last.tripleKey == tripleKey { return last.reading }
        let new = read()
        last = (pairKey, tripleKey, new)
        return new
    }
}
