/// The words after a token, best first, as `Suggester.nextWords` ranks them: by score (the
/// pairs' class, the user's pairs above all), then by word; each word once, at the score it
/// was given last.
///
/// Reading every next word of a common token ("the ", "<s> ") into a dictionary and sorting
/// them all cost some millions of instructions a space, for three words. When the pairs' next
/// words are plain (ASCII, written with the token exactly as asked, no entry twice), no two of
/// them can be the same word, so they are kept in a list and only the best few are picked out;
/// otherwise (and when those few run out) the dictionary and the sort are made as before.
/// The plain words are kept as bytes, one after the other: a `String` is made only for those
/// that may be among the best.
struct NextWordRanking {
    /// The plain words read (the pairs' rest of each entry), their bytes one after the other.
    private var plainBytes: [UInt8] = []
    /// Each plain word's end in `plainBytes` (it begins where the one before ends) and score.
    private var plain: [(end: Int, score: UInt8)] = []
    /// Bytes of the token's prefix, cut from each plain entry.
    private let skip: Int
    /// The exact scores once a next word was not plain (or the ranking is made whole).
    private var scores: [String: Double]?
    /// The user's pairs: lower-cased word → score, above any of the language's.
    private var mine: [String: Double] = [:]

    /// How many of the best plain words are picked out before falling back to a whole sort.
    static let picked = 12

    /// A ranking of the next words after `prefix` ("the ").
    init(prefix: String) {
        skip = prefix.utf8.count
        // A prefix whose characters are not its bytes (a CR LF would be one character) is cut
        // as the pairs' characters, as before.
        if prefix.utf8.count != prefix.count || prefix.utf8.contains(where: { $0 >= 0x80 }) { scores = [:] }
        self.prefix = prefix
        prefixBytes = Array(prefix.utf8)
    }

    private let prefix: String
    private let prefixBytes: [UInt8]

    /// The pairs' next entry after the prefix (in key order), with its class.
    mutating func add(entry: String, class after: UInt8) {
        var entry = entry
        entry.withUTF8 { add(entry: $0, class: after) }
    }

    /// The same with the entry's UTF-8 bytes (as the pairs' file holds them).
    mutating func add(entry: UnsafeBufferPointer<UInt8>, class after: UInt8) {
        if scores == nil {
            // A word twice (the pairs' forms of it) is left to the dictionary.
            if isPlain(entry), !endsPlain(with: UnsafeBufferPointer(rebasing: entry[skip...])) {
                plainBytes.append(contentsOf: entry[skip...])
                plain.append((plainBytes.count, after))
                return
            }
            makeWhole()
        }
        scores?[String(String(decoding: entry, as: UTF8.self).dropFirst(prefix.count))] = Double(after)
    }

    /// Whether the last plain word is `rest`.
    private func endsPlain(with rest: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = plain.last else { return false }
        let start = plain.count > 1 ? plain[plain.count - 2].end : 0
        return last.end - start == rest.count && plainBytes[start..<last.end].elementsEqual(rest)
    }

    /// The user's pair: `word` (lower-cased) followed the token `count` times.
    mutating func addMine(_ word: String, count: Int) {
        if scores == nil, !word.utf8.allSatisfy({ $0 < 0x80 }) { makeWhole() }
        if scores != nil {
            scores?[word] = 1000 + Double(count)
        } else {
            mine[word] = 1000 + Double(count)
        }
    }

    /// From here on, the dictionary of every word read so far (in the order read).
    private mutating func makeWhole() {
        var whole: [String: Double] = [:]
        var start = 0
        for (end, after) in plain {
            whole[word(start, end)] = Double(after)
            start = end
        }
        for (word, score) in mine { whole[word] = score }
        plain = []
        plainBytes = []
        mine = [:]
        scores = whole
    }

    /// ASCII throughout, the prefix's bytes first, something after them.
    private func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > skip else { return false }
        for i in 0..<skip where bytes[i] != prefixBytes[i] { return false }
        var high: UInt8 = 0
        for b in bytes[skip...] { high |= b }
        return high < 0x80
    }

    /// The plain word between these offsets of `plainBytes`.
    private func word(_ start: Int, _ end: Int) -> String {
        String(decoding: plainBytes[start..<end], as: UTF8.self)
    }

    private static func before(_ a: (key: String, value: Double), _ b: (key: String, value: Double)) -> Bool {
        a.value != b.value ? a.value > b.value : a.key < b.key
    }

    /// Visits the words best first until `body` returns false.
    mutating func visit(_ body: (String) -> Bool) {
        if scores == nil {
            // The user's words first (they score above any class), then the best plain words
            // the user's do not replace.
            var best = mine.sorted(by: Self.before)
            var top: [(key: String, value: Double)] = []
            top.reserveCapacity(Self.picked + 1)
            var start = 0
            for (end, after) in plain {
                defer { start = end }
                let score = Double(after)
                if top.count == Self.picked, let last = top.last, score < last.value { continue }
                let word = word(start, end)
                if mine[word] != nil { continue }
                let item = (key: word, value: score)
                if top.count == Self.picked, let last = top.last, !Self.before(item, last) { continue }
                let at = top.firstIndex { Self.before(item, $0) } ?? top.count
                top.insert(item, at: at)
                if top.count > Self.picked { top.removeLast() }
            }
            best += top
            var visited = 0
            for (word, _) in best {
                visited += 1
                if !body(word) { return }
            }
            // All of them seen and more wanted: the whole sort, past the ones visited.
            makeWhole()
            for (word, _) in scores!.sorted(by: Self.before).dropFirst(visited) where !body(word) { return }
            return
        }
        for (word, _) in scores!.sorted(by: Self.before) where !body(word) { return }
    }
}
