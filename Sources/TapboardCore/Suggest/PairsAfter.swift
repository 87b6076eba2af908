/// The language's pairs after one token whose next word's key begins with a typed key, read
/// once by the search for one letter of a word and kept for its next letters (in
/// `TypedWordMemo`): a later letter's completions from the pairs are the entries whose key
/// goes on with the letters typed since, and a word whose key begins with the key read has
/// its class after the token among the entries, or none (no look-up in the file). A class:
/// asked for each word a walk finds, one reference to pass, not a struct's five.
final class PairsAfter: Sendable {
    /// One pair: the next word's key bytes (after the token's), the pair as stored, its class
    /// after the token, and the dictionary's forms of the next word.
    struct Entry {
        var key: [UInt8]
        var stored: String
        var after: UInt8
        var forms: [(word: String, frequency: UInt8)]
    }

    /// The pairs' key before the next word ("previous ").
    let prefix: String
    /// The key bytes every entry's next word begins with.
    let key: [UInt8]
    /// The entries, in key order.
    let entries: [Entry]
    /// The files read (held, so that a file read later cannot take their place).
    private let pairs: Storage
    private let source: Storage
    /// Whether keys fold the Turkish I (`Lexicon.key(of:turkish:)`).
    private let turkish: Bool

    /// The pairs after `prefix` whose next word's key begins with `typedKey`, with the
    /// dictionary's forms of each next word.
    init(prefix: String, typedKey: String, pairs: Lexicon, source: Lexicon) {
        self.prefix = prefix
        self.pairs = pairs.storage
        self.source = source.storage
        turkish = Lexicon.foldsTurkishI(pairs.language)
        let skip = prefix.count
        let tokenBytes = Lexicon.key(of: prefix, turkish: turkish).utf8.count
        key = Array(Lexicon.key(of: typedKey, turkish: turkish).utf8)
        var entries: [Entry] = []
        // Where the token and the pair are ASCII (and neither file folds the Turkish I), the next
        // word's key is the pair key's bytes after the token's: looked up as they are.
        let plainToken = !turkish && !source.foldsTurkishI && Self.plainASCII(prefix)
        pairs.keyedEntries(withKeyPrefix: prefix + typedKey) { k, stored, after in
            let nextKey = Array(k[tokenBytes...])
            let forms =
                plainToken && Self.plainASCII(stored)
                ? source.lookup(keyBytes: nextKey) : source.lookup(key: String(stored.dropFirst(skip)))
            entries.append(Entry(key: nextKey, stored: stored, after: after, forms: forms))
            return true
        }
        self.entries = entries
    }

    /// Whether `text` is ASCII without a carriage return: each byte a character, lower-cased alone.
    static func plainASCII(_ text: String) -> Bool {
        text.allUTF8Bytes { $0 < 0x80 && $0 != 0x0D }
    }

    /// Whether these are the pairs a search of `typedKey` after `prefix` reads, or more.
    func serve(prefix: String, typedKey: String, pairs: Lexicon, source: Lexicon) -> Bool {
        prefix == self.prefix && pairs.storage === self.pairs && source.storage === self.source
            && Array(Lexicon.key(of: typedKey, turkish: turkish).utf8).starts(with: key)
    }

    /// The entries whose next word's key begins with `typedKey`'s, in key order.
    func entries(beginning typedKey: String) -> some Sequence<Entry> {
        let k = Array(Lexicon.key(of: typedKey, turkish: turkish).utf8)
        return entries.lazy.filter { $0.key.starts(with: k) }
    }

    /// The class of `word` (lower-cased) after the token, as the pairs' `frequency(of:)`
    /// finds it; `known` false when its key does not begin with the key read (then ask the file).
    func pairClass(ofLowercased word: String) -> (known: Bool, after: UInt8?) {
        // Lower case is its own lower case: only the Turkish I's folding is left to do.
        var folded = turkish ? Lexicon.key(of: word, turkish: true) : word
        // The word's bytes in place (no array made for each word a walk finds).
        return folded.withUTF8 { k in
            guard k.count >= key.count, key.withUnsafeBufferPointer({ k.starts(with: $0) }) else { return (false, nil) }
            func order(_ i: Int) -> Int { entries[i].key.withUnsafeBufferPointer { Lexicon.order($0, k, from: 0).0 } }
            var lo = 0
            var hi = entries.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if order(mid) < 0 { lo = mid + 1 } else { hi = mid }
            }
            // The first stored exactly as asked, of those of that key.
            let asked = prefix.utf8.count
            while lo < entries.count, order(lo) == 0 {
                let stored = entries[lo].stored.utf8
                if stored.count == asked + word.utf8.count, stored.starts(with: prefix.utf8),
                    stored.dropFirst(asked).elementsEqual(word.utf8)
                {
                    return (true, entries[lo].after)
                }
                lo += 1
            }
            return (true, nil)
        }
    }
}
