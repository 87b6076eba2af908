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
/// that may be among the best. A plain entry is not kept at all when as many kept entries as
/// could ever be asked for (`picked` and the user's words) rank strictly above its class; when
/// the ranking then needs every entry after all (a word twice, more words wanted than it
/// kept), it says so (`needsRereading`, or what `visit` returns) and the caller reads the
/// entries again into a ranking made whole.
struct NextWordRanking {
    /// The plain words kept (the pairs' rest of each entry), their bytes one after the other.
    private var plainBytes: [UInt8] = []
    /// Each plain word's end in `plainBytes` (it begins where the one before ends) and score.
    private var plain: [(end: Int, score: UInt8)] = []
    /// Bytes of the token's prefix, cut from each plain entry.
    private let skip: Int
    private let prefix: String
    private let prefixBytes: [UInt8]
    /// The language's words and scores once a next word was not plain (or the ranking is made
    /// whole); the user's stay in `mine`, which win.
    private var scores: [String: Double]?
    /// The user's pairs: lower-cased word → score, above any of the language's.
    private var mine: [String: Double] = [:]
    /// How many plain entries of each class were kept.
    private var keptByClass = [Int](repeating: 0, count: 256)
    /// Plain entries of a class below this one are not kept: more kept entries than could be
    /// asked for rank strictly above them.
    private var floor = 0
    /// How many kept plain entries have a class above `floor`.
    private var aboveFloor = 0
    /// A plain entry was not kept.
    private var leftOut = false
    /// The last plain entry read: its word's length and hash (a word twice comes in a row).
    private var last: (length: Int, hash: UInt64)?
    /// What was kept cannot answer: the entries are to be read again into a ranking made whole.
    private(set) var needsRereading = false

    /// How many of the best plain words are picked out before falling back to a whole sort.
    static let picked = 12

    /// A ranking of the next words after `prefix` ("the "); `whole`: every word in a
    /// dictionary from the start (as the ranking falls back to).
    init(prefix: String, whole: Bool = false) {
        skip = prefix.utf8.count
        // A prefix whose characters are not its bytes (a CR LF would be one character) is cut
        // as the pairs' characters, as before.
        if whole || prefix.utf8.count != prefix.count || prefix.utf8.contains(where: { $0 >= 0x80 }) { scores = [:] }
        self.prefix = prefix
        prefixBytes = Array(prefix.utf8)
    }

    /// The pairs' next entry after the prefix (in key order), with its class.
    mutating func add(entry: String, class after: UInt8) {
        var entry = entry
        entry.withUTF8 { add(entry: $0, class: after) }
    }

    /// The same with the entry's UTF-8 bytes (as the pairs' file holds them).
    mutating func add(entry: UnsafeBufferPointer<UInt8>, class after: UInt8) {
        if needsRereading { return }
        if scores == nil {
            if let hash = plainHash(entry) {
                let length = entry.count - skip
                // A word twice (the pairs' forms of it) is left to the dictionary; the same
                // hash and length is taken for the same word.
                if last?.length != length || last?.hash != hash {
                    last = (length, hash)
                    keep(entry, class: after)
                    return
                }
            }
            guard !leftOut else {
                needsRereading = true
                return
            }
            makeWhole()
        }
        scores?[String(String(decoding: entry, as: UTF8.self).dropFirst(prefix.count))] = Double(after)
    }

    /// A plain entry kept, unless its class is below the floor; the floor raised past the
    /// classes that can no longer be among the best.
    private mutating func keep(_ entry: UnsafeBufferPointer<UInt8>, class after: UInt8) {
        let score = Int(after)
        guard score >= floor else {
            leftOut = true
            return
        }
        plainBytes.append(contentsOf: entry[skip...])
        plain.append((plainBytes.count, after))
        keptByClass[score] += 1
        if score > floor { aboveFloor += 1 }
        while aboveFloor >= wanted {
            floor += 1
            aboveFloor -= keptByClass[floor]
        }
    }

    /// How many plain entries of the best classes could ever be asked for: the pairs' entries
    /// below as many others are never needed.
    var wanted: Int { Self.picked + mine.count }

    /// Entries were passed over unread, as entries below the floor are: none of them is kept;
    /// a ranking made whole already (which needs every entry) is to be read again.
    mutating func leaveOut() {
        if scores != nil { needsRereading = true }
        leftOut = true
    }

    /// The user's pair: `word` (lower-cased) followed the token `count` times. Added before
    /// the pairs' entries, it counts in what is kept of them; after, the entries are read again.
    mutating func addMine(_ word: String, count: Int) {
        if leftOut { needsRereading = true }
        if scores == nil, !word.utf8.allSatisfy({ $0 < 0x80 }) {
            if leftOut { return }
            makeWhole()
        }
        mine[word] = 1000 + Double(count)
    }

    /// From here on, the dictionary of every word read so far (in the order read).
    private mutating func makeWhole() {
        var whole: [String: Double] = [:]
        var start = 0
        for (end, after) in plain {
            whole[word(start, end)] = Double(after)
            start = end
        }
        plain = []
        plainBytes = []
        scores = whole
    }

    /// The whole dictionary's words with the user's on top, best first.
    private func sortedWhole() -> [(key: String, value: Double)] {
        var whole = scores ?? [:]
        for (word, score) in mine { whole[word] = score }
        return whole.sorted(by: Self.before)
    }

    /// A hash of the bytes after the prefix when `bytes` are plain: ASCII throughout, the
    /// prefix's bytes first, something after them; nil otherwise.
    private func plainHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count > skip else { return nil }
        for i in 0..<skip where bytes[i] != prefixBytes[i] { return nil }
        var high: UInt8 = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes[skip...] {
            high |= b
            hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3
        }
        return high < 0x80 ? hash : nil
    }

    /// The plain word between these offsets of `plainBytes`.
    private func word(_ start: Int, _ end: Int) -> String {
        String(decoding: plainBytes[start..<end], as: UTF8.self)
    }

    private static func before(_ a: (key: String, value: Double), _ b: (key: String, value: Double)) -> Bool {
        a.value != b.value ? a.value > b.value : a.key < b.key
    }

    /// Visits the words best first, past the first `skipping`, until `body` returns false.
    /// Returns nil when done; else how many words it visited before it needed every entry (see
    /// `needsRereading`): the caller visits a ranking made whole from there on.
    @discardableResult
    mutating func visit(skipping: Int = 0, _ body: (String) -> Bool) -> Int? {
        var seen = 0
        return visitAll { word in
            seen += 1
            return seen <= skipping || body(word)
        }
    }

    private mutating func visitAll(_ body: (String) -> Bool) -> Int? {
        if needsRereading { return 0 }
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
                if !body(word) { return nil }
            }
            // All of them seen and more wanted: the whole sort, past the ones visited.
            if leftOut { return visited }
            makeWhole()
            for (word, _) in sortedWhole().dropFirst(visited) where !body(word) { return nil }
            return nil
        }
        for (word, _) in sortedWhole() where !body(word) { return nil }
        return nil
    }
}
