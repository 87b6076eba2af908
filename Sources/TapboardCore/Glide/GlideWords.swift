/// The words a stroke may be, each as the letter keys it crosses, grouped by first and last
/// key. Made once per keyboard's letters and dictionary (`GlideKeys.letters`), from the
/// dictionary's most frequent words: the same dictionary the strip reads.
public final class GlideWords: Sendable {
    /// The keyboard's letters, in key order, these words were made for.
    public let letters: String
    /// The words held.
    public var count: Int { forms.count }
    /// Each word as written (the dictionary's commonest form of its key).
    let forms: [String]
    /// Its class in the dictionary.
    let frequencies: [UInt8]
    /// Its keys: `keySequence[keyStart[i]..<keyStart[i + 1]]`.
    let keySequence: [UInt8]
    let keyStart: [Int32]
    /// The range of `keySequence` that holds word `i`'s keys.
    func keys(of i: Int) -> Range<Int> { Int(keyStart[i])..<Int(keyStart[i + 1]) }

    /// Word indices by (first key × key count + last key).
    let byEnds: [[Int32]]
    let keyCount: Int

    /// The dictionary's words, at most `limit` of them, the most frequent first, whose letters
    /// all lie on `keys` and cross at least two keys; then, of class `knownClass`, the spell
    /// checker's words the dictionary lacks (`known`: its list, at most `knownLimit` of them),
    /// `knownBelow` classes below the rarest dictionary word: rare words are rarely stroked,
    /// but a word that cannot be stroked at all cannot be fixed from the strip either.
    public init(
        source: any WordSource, keys: GlideKeys, limit: Int = 50_000,
        known: (any WordSource)? = nil, knownBelow: UInt8 = 5, knownLimit: Int = 150_000
    ) {
        // Every entry's key with its commonest written form.
        var best: [String: (form: String, frequency: UInt8)] = [:]
        source.entries(withKeyPrefix: "") { word, frequency in
            let key = word.lowercased()
            if let old = best[key], old.frequency >= frequency { return true }
            best[key] = (word, frequency)
            return true
        }
        var chosen: [(form: String, frequency: UInt8, keys: [UInt8])] = []
        for (_, entry) in best {
            guard let k = keys.keys(of: entry.form), k.count >= 2 else { continue }
            chosen.append((entry.form, entry.frequency, k))
        }
        chosen.sort { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.form < $1.form }
        if chosen.count > limit { chosen.removeLast(chosen.count - limit) }
        if let known {
            let knownClass = (chosen.last?.frequency ?? 0) &- min(knownBelow, chosen.last?.frequency ?? 0)
            var added = 0
            known.entries(withKeyPrefix: "") { word, _ in
                let key = word.lowercased()
                guard best[key] == nil, let k = keys.keys(of: word), k.count >= 2 else { return true }
                best[key] = (word, knownClass)
                chosen.append((word, knownClass, k))
                added += 1
                return added < knownLimit
            }
        }
        letters = keys.letters
        keyCount = keys.centres.count
        var forms: [String] = []
        var frequencies: [UInt8] = []
        var sequence: [UInt8] = []
        var starts: [Int32] = [0]
        var byEnds = Array(repeating: [Int32](), count: keyCount * keyCount)
        for (i, w) in chosen.enumerated() {
            forms.append(w.form)
            frequencies.append(w.frequency)
            sequence += w.keys
            starts.append(Int32(sequence.count))
            byEnds[Int(w.keys[0]) * keyCount + Int(w.keys[w.keys.count - 1])].append(Int32(i))
        }
        self.forms = forms
        self.frequencies = frequencies
        keySequence = sequence
        keyStart = starts
        self.byEnds = byEnds
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
            words: strokes.words(from: source, known: known, keys: keys))
    }
}
