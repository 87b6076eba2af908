/// The words a stroke may be, each as the letter keys it crosses, grouped by first and last
/// key. Made once per keyboard's letters and dictionary (`GlideKeys.letters`), from the
/// same dictionary and spell checker's list the strip reads. Kept flat (a few arrays of bytes
/// and offsets, no object per word): about 30 bytes a word.
public final class GlideWords: Sendable {
    /// The keyboard's letters, in key order, these words were made for.
    public let letters: String
    /// The words held.
    public var count: Int { frequencies.count }
    /// Each word as written, UTF-8: `text[textStart[i]..<textStart[i + 1]]`.
    let text: [UInt8]
    let textStart: [Int32]
    /// Its class in the dictionary (the spell checker's words: below the dictionary's rarest).
    let frequencies: [UInt8]
    /// Its keys: `keySequence[keyStart[i]..<keyStart[i + 1]]`.
    let keySequence: [UInt8]
    let keyStart: [Int32]
    /// Word indices grouped by (first key × `keyCount` + last key): group `g` is
    /// `byEnds[groupStart[g]..<groupStart[g + 1]]`.
    let byEnds: [Int32]
    let groupStart: [Int32]
    let keyCount: Int
    /// Words from this index on are the spell checker's (not the dictionary's).
    let firstKnown: Int

    /// The range of `keySequence` that holds word `i`'s keys.
    func keys(of i: Int) -> Range<Int> { Int(keyStart[i])..<Int(keyStart[i + 1]) }

    /// Word `i`'s letters (UTF-8 bytes that start a character, apostrophes and hyphens aside).
    func letterCount(_ i: Int) -> Int {
        var n = 0
        for b in text[Int(textStart[i])..<Int(textStart[i + 1])] where b & 0xC0 != 0x80 && b != 0x27 && b != 0x2D { n += 1 }
        return n
    }

    /// Word `i` as written.
    func form(_ i: Int) -> String {
        text.withUnsafeBufferPointer {
            String(decoding: $0[Int(textStart[i])..<Int(textStart[i + 1])], as: UTF8.self)
        }
    }

    /// The words that start on key `first` and end on key `last`.
    func group(first: Int, last: Int) -> ArraySlice<Int32> {
        let g = first * keyCount + last
        return byEnds[Int(groupStart[g])..<Int(groupStart[g + 1])]
    }

    /// The dictionary's words, at most `limit` of them (the most frequent), whose letters all
    /// lie on `keys` and cross at least two keys; then the spell checker's words the dictionary
    /// lacks (`known`: its list, at most `knownLimit` of them), `knownBelow` classes below the
    /// rarest dictionary word: rare words are rarely stroked, but a word that cannot be stroked
    /// at all cannot be fixed from the strip either.
    public init(
        source: any WordSource, keys: GlideKeys, limit: Int = 50_000,
        known: (any WordSource)? = nil, knownBelow: UInt8 = 5, knownLimit: Int = 150_000
    ) {
        var list = WordList()
        // Entries come in key order: a key's written forms are neighbours; the commonest stays.
        var pending: (hash: UInt64, form: String, frequency: UInt8, keys: [UInt8])?
        var scratch: [UInt8] = []
        source.entries(withKeyPrefix: "") { word, frequency in
            guard let hash = keys.keys(of: word, into: &scratch) else { return true }
            if let p = pending, p.hash == hash {
                if frequency > p.frequency { pending = (hash, word, frequency, scratch) }
                return true
            }
            if let p = pending { list.add(p.form, p.frequency, p.keys, hash: p.hash) }
            pending = (hash, word, frequency, scratch)
            return true
        }
        if let p = pending { list.add(p.form, p.frequency, p.keys, hash: p.hash) }
        list.keepCommonest(limit)
        firstKnown = list.frequencies.count
        if let known {
            let rarest = list.frequencies.min() ?? 0
            let knownClass = rarest - min(knownBelow, rarest)
            var added = 0
            known.entries(withKeyPrefix: "") { word, _ in
                guard let hash = keys.keys(of: word, into: &scratch), !list.hashes.contains(hash) else { return true }
                list.add(word, knownClass, scratch, hash: hash)
                added += 1
                return added < knownLimit
            }
        }
        letters = keys.letters
        keyCount = keys.centres.count
        text = list.text
        textStart = list.textStart
        frequencies = list.frequencies
        keySequence = list.keySequence
        keyStart = list.keyStart
        // Group by first and last key: count, then place.
        var starts = [Int32](repeating: 0, count: keyCount * keyCount + 1)
        for i in 0..<list.frequencies.count {
            let k = list.keys(of: i)
            starts[Int(list.keySequence[k.lowerBound]) * keyCount + Int(list.keySequence[k.upperBound - 1]) + 1] += 1
        }
        for g in 0..<(keyCount * keyCount) { starts[g + 1] += starts[g] }
        var next = starts
        var grouped = [Int32](repeating: 0, count: list.frequencies.count)
        for i in 0..<list.frequencies.count {
            let k = list.keys(of: i)
            let g = Int(list.keySequence[k.lowerBound]) * keyCount + Int(list.keySequence[k.upperBound - 1])
            grouped[Int(next[g])] = Int32(i)
            next[g] += 1
        }
        byEnds = grouped
        groupStart = starts
    }
}

/// The words as they are gathered, before they are grouped.
private struct WordList {
    var text: [UInt8] = []
    var textStart: [Int32] = [0]
    var frequencies: [UInt8] = []
    var keySequence: [UInt8] = []
    var keyStart: [Int32] = [0]
    /// The keys (lower-cased words) held, hashed: the spell checker's words add only new ones.
    var hashes: Set<UInt64> = []

    func keys(of i: Int) -> Range<Int> { Int(keyStart[i])..<Int(keyStart[i + 1]) }

    mutating func add(_ form: String, _ frequency: UInt8, _ keys: [UInt8], hash: UInt64) {
        text += form.utf8
        textStart.append(Int32(text.count))
        frequencies.append(frequency)
        keySequence += keys
        keyStart.append(Int32(keySequence.count))
        hashes.insert(hash)
    }

    /// At most `limit` words: the most frequent, in the order they were added.
    mutating func keepCommonest(_ limit: Int) {
        guard frequencies.count > limit else { return }
        let kept = frequencies.indices.sorted { frequencies[$0] != frequencies[$1] ? frequencies[$0] > frequencies[$1] : $0 < $1 }
            .prefix(limit).sorted()
        var out = WordList()
        for i in kept {
            let form = String(decoding: text[Int(textStart[i])..<Int(textStart[i + 1])], as: UTF8.self)
            out.add(form, frequencies[i], Array(keySequence[keys(of: i)]), hash: 0)
        }
        out.hashes = hashes
        self = out
    }
}

/// The dictionary's words as strokes for the keyboard last stroked on, made on the first
/// stroke (a few tens of milliseconds) and kept while the keyboard's letters stay.
final class GlideWordCache {
    private var words: GlideWords?

    func words(from source: any WordSource, known: (any WordSource)?, keys: GlideKeys) -> GlideWords {
        if let words, words.letters == keys.letters { return words }
        let made = GlideWords(source: source, keys: keys, known: known)
        words = made
        return made
    }
}

extension Suggester {
    /// A decoder over this dictionary's words for `keys`.
    public func glideDecoder(for keys: GlideKeys) -> GlideDecoder {
        let known = spell?.words
        return GlideDecoder(
            keys: keys,
            words: caches.value { GlideWordCache() }.words(from: source, known: known, keys: keys))
    }
}
