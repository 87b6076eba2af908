/// Emoji found by name: the CLDR names and keywords of one language
/// (dictionaries/LANG-emoji.tsv, made by scripts/build-emoji-names).
///
/// Each line of the file is `EMOJI <TAB> NAME <TAB> KEYWORD|KEYWORD|...`, in the order
/// results of equal rank are given. A query matches an emoji when every word of the query
/// begins a word of its name or keywords ("pizz" finds 🍕, "red he" finds ❤️).
public struct EmojiNames: Sendable {
    struct Entry: Sendable {
        var emoji: String
        /// The name's words, lower-cased and folded.
        var nameWords: [Substring]
        /// The keywords' words.
        var keywordWords: [Substring]
    }

    let entries: [Entry]

    /// The table in `text` (the file's contents); lines that are not `EMOJI TAB NAME ...`
    /// are skipped.
    public init(text: String) {
        var entries: [Entry] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            let keywords = fields.count > 2 ? String(fields[2]) : ""
            entries.append(
                Entry(
                    emoji: String(fields[0]), nameWords: Self.words(String(fields[1])),
                    keywordWords: Self.words(keywords.replacing("|", with: " "))))
        }
        self.entries = entries
    }

    public var count: Int { entries.count }

    /// Lower-cased words, split at spaces and punctuation, diacritics kept (the names are
    /// searched in their own language, where é and e may differ).
    static func words(_ s: String) -> [Substring] {
        Substring(s.lowercased()).split { !($0.isLetter || $0.isNumber) }
    }

    /// How well an entry matches: lower is better; nil: no match.
    /// 0: the query is the whole name; 1: each query word is a whole word of the name;
    /// 2: a whole keyword word; 3: the query begins a name word; 4: it begins a keyword word.
    static func rank(_ e: Entry, _ query: [Substring]) -> Int? {
        if e.nameWords == query { return 0 }
        var worst = 1
        for q in query {
            let r: Int
            if e.nameWords.contains(q) {
                r = 1
            } else if e.keywordWords.contains(q) {
                r = 2
            } else if e.nameWords.contains(where: { $0.hasPrefix(q) }) {
                r = 3
            } else if e.keywordWords.contains(where: { $0.hasPrefix(q) }) {
                r = 4
            } else {
                return nil
            }
            worst = max(worst, r)
        }
        return worst
    }

    /// Emoji whose name or keywords the query's words begin, best first: a whole name
    /// word first; among equals those in `preferred` (the emoji keyboard's own, by their
    /// place on it), then the shorter name, then the table's order (Unicode's emoji order).
    /// At most `limit`. An empty query finds nothing.
    public func search(_ query: String, limit: Int = 24, preferred: [String: Int] = [:]) -> [String] {
        let q = Self.words(query)
        guard !q.isEmpty, limit > 0 else { return [] }
        var found: [(rank: Int, place: Int, words: Int, index: Int)] = []
        for (i, e) in entries.enumerated() {
            if let r = Self.rank(e, q) { found.append((r, preferred[e.emoji] ?? .max, e.nameWords.count, i)) }
        }
        found.sort { ($0.rank, $0.place, $0.words, $0.index) < ($1.rank, $1.place, $1.words, $1.index) }
        return found.prefix(limit).map { entries[$0.index].emoji }
    }

    /// The emoji for a word just typed, for the strip: the one of shortest name that has
    /// the word as a whole word (the first such in the table's order), or failing that the
    /// first whose keywords do; nil: none.
    public func emoji(forWord word: String) -> String? {
        let w = Self.words(word)
        guard w.count == 1 else { return nil }
        var best: Entry?
        for e in entries where e.nameWords.contains(w[0]) && e.nameWords.count < (best?.nameWords.count ?? .max) {
            best = e
        }
        return (best ?? entries.first { $0.keywordWords.contains(w[0]) })?.emoji
    }

    /// The text keys of `layout` by their first place on it (layer by layer, row by row):
    /// the emoji keyboard's own emoji, which search prefers among equals.
    public static func places(in layout: Layout) -> [String: Int] {
        var places: [String: Int] = [:]
        for key in layout.layers.lazy.flatMap({ $0.rows.joined() }) {
            guard case .text(let t) = key.action, places[t] == nil else { continue }
            places[t] = places.count
        }
        return places
    }

    /// The languages that have a names file, as the file names say (`en`, `de`, ...): the
    /// keyboard's language tag `de-CH` reads `de`.
    public static func fileLanguage(for tag: String) -> String {
        String(tag.split(separator: "-").first ?? "").lowercased()
    }
}
