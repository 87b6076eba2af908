/// A dictionary of one language that the suggestion engine reads words from.
///
/// Entries are words in their usual spelling ("Haus", "Paris", "don't") with a
/// frequency class: round(zipf × 10), so "the" is about 77 and rare words 20-30.
/// An entry's key is its word lower-cased; look-ups compare keys.
public protocol WordSource {
    /// BCP 47 language tag of the words ("en", "de").
    var language: String { get }
    /// The frequency class of exactly this stored word, nil when it is not stored.
    func frequency(of word: String) -> UInt8?
    /// Every entry whose key equals `key` lower-cased ("us" finds "us" and "US").
    func lookup(key: String) -> [(word: String, frequency: UInt8)]
    /// Visits the entries whose key starts with `prefix` lower-cased, in key order,
    /// until `body` returns false.
    func entries(withKeyPrefix prefix: String, _ body: (String, UInt8) -> Bool)
    /// `lookup(key:)` for a key already lower-cased, given as UTF-8 (the fast path).
    func lookup(keyBytes: [UInt8]) -> [(word: String, frequency: UInt8)]
    /// `entries(withKeyPrefix:)` passing the frequency class first and the word only when
    /// `word()` is called (a scan for the most frequent words reads most words' class only).
    func entriesByClass(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> Bool)
}

extension WordSource {
    public func entriesByClass(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> Bool) {
        entries(withKeyPrefix: prefix) { word, f in body(f, { word }) }
    }

    public func lookup(keyBytes: [UInt8]) -> [(word: String, frequency: UInt8)] {
        lookup(key: String(decoding: keyBytes, as: UTF8.self))
    }

    /// Visits the entries whose key starts with `prefix` lower-cased, passing each one's class and
    /// its word when `word()` is called, in no set order; `body` answers the least class it still
    /// takes (0: every class), and entries rarer than that may be passed over unvisited (a
    /// lexicon reads its blocks most frequent first and stops at the first too rare). Returns
    /// how many entries were visited or passed over (blocks passed over counted whole).
    func frequentEntries(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> UInt8) -> Int {
        if let lexicon = self as? Lexicon { return lexicon.frequentEntries(withKeyPrefix: prefix, body) }
        var visited = 0
        entries(withKeyPrefix: prefix) { word, f in
            visited += 1
            _ = body(f) { word }
            return true
        }
        return visited
    }
}

/// An in-memory word list: entries sorted by key, for tests and small dictionaries.
public struct WordListSource: WordSource, Sendable {
    public var language: String
    /// (key, word, frequency class), sorted by key, then word.
    private var sorted: [(key: String, word: String, frequency: UInt8)]
    private var byKey: [String: [Int]]

    /// A source holding `words` with their frequency classes; a word given twice keeps
    /// its higher class.
    public init(language: String, words: [(String, UInt8)]) {
        self.language = language
        var best: [String: UInt8] = [:]
        for (w, f) in words where !w.isEmpty { best[w] = max(best[w] ?? 0, f) }
        sorted = best.map { (key: $0.key.lowercased(), word: $0.key, frequency: $0.value) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.word < $1.word }
        var index: [String: [Int]] = [:]
        for (i, e) in sorted.enumerated() { index[e.key, default: []].append(i) }
        byKey = index
    }

    /// A source from text with one `word<TAB>frequency class` per line; other lines are skipped.
    public init(language: String, tabSeparated text: String) {
        var words: [(String, UInt8)] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count >= 2, let f = UInt8(parts[1]) else { continue }
            words.append((String(parts[0]), f))
        }
        self.init(language: language, words: words)
    }

    /// The number of words held.
    public var count: Int { sorted.count }

    public func frequency(of word: String) -> UInt8? {
        byKey[word.lowercased()]?.lazy.map { sorted[$0] }.first { $0.word == word }?.frequency
    }

    public func lookup(key: String) -> [(word: String, frequency: UInt8)] {
        guard let hits = byKey[key.lowercased()] else { return [] }
        return hits.map { (word: sorted[$0].word, frequency: sorted[$0].frequency) }
    }

    public func entries(withKeyPrefix prefix: String, _ body: (String, UInt8) -> Bool) {
        let p = prefix.lowercased()
        var lo = 0
        var hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid].key < p { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < sorted.count, sorted[i].key.hasPrefix(p) {
            if !body(sorted[i].word, sorted[i].frequency) { return }
            i += 1
        }
    }
}
