// The C maths library, for log10, log2 and pow (the standard library has no logarithms): with
// GlideDecoder's, the only C imports of TapboardCore, which makes no system call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How likely a word is where the user is writing: its class in the dictionary, mixed with
/// its likelihood after the previous token in the language's pairs, mixed in turn with its
/// likelihood after the two tokens before in the language's triples where they have them, plus what the user taught
/// (words kept, pairs typed). One model, asked by the strip's completions and corrections and
/// by the glide decoder alike; made for one context (`Suggester.languageModel(after:)`), so the
/// text before is read once.
///
/// Scores are frequency classes: 10 classes are a factor of 10 in likelihood.
public struct LanguageModel {
    let suggester: Suggester
    /// What the text before the word says.
    let context: Context
    /// "previous " when the language's pairs know what follows the previous token.
    let pairPrefix: String?
    /// With pairs: the score change of a word never seen after the previous token.
    let unpaired: Double
    /// "before previous " when the language's triples know what follows the two tokens before.
    let triplePrefix: String?
    /// The triples' few words after `triplePrefix` and their classes, read once for the query
    /// (a look-up in the file for each word scored cost a word tap about a tenth).
    private let tripleClasses: TripleClasses
    /// With triples: the score change of a word never seen after the two tokens.
    let untripled: Double
    /// The words of the text before (`RecentWords`), when the model heeds them.
    let recent: RecentWords?
    /// The pairs when they are a file, with `pairPrefix` (asked for each word a search finds).
    private let pairsFile: Lexicon?

    init(suggester: Suggester, context: Context, recent: Bool = false) {
        self.suggester = suggester
        self.context = context
        self.recent = recent ? RecentWords(context.text) : nil
        let reading = suggester.contextReadings.reading(pairKey: context.pairKey, tripleKey: context.tripleKey) {
            Self.read(pairKey: context.pairKey, tripleKey: context.tripleKey, of: suggester)
        }
        pairPrefix = reading.pairPrefix
        pairsFile = reading.pairPrefix == nil ? nil : suggester.pairs as? Lexicon
        let w = suggester.costs.pairWeight
        unpaired = 10 * log10(max(1e-9, 1 - w)) + suggester.costs.pairShift
        triplePrefix = reading.triplePrefix
        tripleClasses = reading.tripleClasses
        untripled = 10 * log10(max(1e-9, 1 - suggester.costs.tripleWeight))
    }

    /// What the pairs and triples of `suggester` hold after these keys.
    static func read(pairKey: String?, tripleKey: String?, of suggester: Suggester) -> ContextReadings.Reading {
        var prefix: String?
        if let pairs = suggester.pairs, let previous = pairKey {
            let p = previous + " "
            pairs.entries(withKeyPrefix: p) { _, _ in
                prefix = p
                return false
            }
        }
        // Triples only over pairs: their mixture is on the pairs' scale.
        let triplePrefix = prefix == nil ? nil : suggester.triples.flatMap { Self.knownPrefix(tripleKey, in: $0) }
        var classes: [String: UInt8] = [:]
        if let triplePrefix, let triples = suggester.triples {
            triples.entries(withKeyPrefix: triplePrefix) { entry, frequency in
                // As `frequency(of:)` finds them: the stored word itself, the first of its name.
                if entry.hasPrefix(triplePrefix), classes[String(entry.dropFirst(triplePrefix.count))] == nil {
                    classes[String(entry.dropFirst(triplePrefix.count))] = frequency
                }
                return true
            }
        }
        return ContextReadings.Reading(pairPrefix: prefix, triplePrefix: triplePrefix, tripleClasses: TripleClasses(classes))
    }

    /// "key " when `source` holds an entry after it; nil without a key or entries.
    static func knownPrefix(_ key: String?, in source: any WordSource) -> String? {
        guard let key else { return nil }
        let p = key + " "
        var found = false
        source.entries(withKeyPrefix: p) { _, _ in
            found = true
            return false
        }
        return found ? p : nil
    }

    /// The class of the mixture of a word's likelihood after the two tokens before (class
    /// `triple`, nil when the triples lack it) and `lower`, its score from the pairs and on its own.
    func backedOff(_ triple: UInt8?, _ lower: Double) -> Double {
        guard let triple else { return lower + untripled }
        let c = suggester.costs
        let upper = Double(triple) + c.pairShift
        return 10 * log10(c.tripleWeight * pow(10, upper / 10) + (1 - c.tripleWeight) * pow(10, lower / 10))
    }

    /// The score of `word`, stored with class `frequency`; `after`: its class after the previous
    /// token in the pairs, when looked up already. Without pairs for that token, its class; with
    /// them, the class of a mixture of its likelihood after the token (weight `pairWeight`) and
    /// on its own (the rest), so that words never seen after it rank lower.
    func score(_ word: String, _ frequency: UInt8, after: UInt8?) -> Double {
        score(word, frequency, after: after, lowercased: nil)
    }

    /// The same, with the word's lower case when it is at hand (nil: made when needed).
    func score(_ word: String, _ frequency: UInt8, after: UInt8?, lowercased: String?) -> Double {
        var base = Double(frequency)
        if pairPrefix != nil {
            if let after {
                let w = suggester.costs.pairWeight
                base = 10 * log10(w * pow(10, Double(after) / 10) + (1 - w) * pow(10, base / 10)) + suggester.costs.pairShift
            } else {
                base += unpaired
            }
        }
        if triplePrefix != nil { base = backedOff(tripleClass(of: word, lowercased: lowercased), base) }
        if let r = recentClass(word) { base = Self.mix(base, r) }
        return base + taught(word)
    }

    /// The score of a word no list of the language holds, nil when the model knows nothing of
    /// it: a learned word in force, or a word of the text before (a name on the screen).
    public func unlisted(_ word: String) -> Double? {
        let recent = recentClass(word)
        guard suggester.learnedCount(word) > 0 else { return recent.map { $0 + taught(word) } }
        // Learned: ranked as the strip ranks it, and likelier still when on the screen.
        let learned = learnedOnly(word) - taught(word)
        return (recent.map { Self.mix(learned, $0) } ?? learned) + taught(word)
    }

    /// The words this model scores (`unlisted`) that neither the dictionary nor the spell
    /// checker's list holds: learned words in force and the words of the text before.
    public func unlistedWords() -> [String] {
        var out: [String] = []
        var seen: Set<String> = []
        let s = suggester
        func add(_ word: String, if inForce: (String) -> Bool = { _ in true }) {
            let key = word.lowercased()
            guard !seen.contains(key),
                !s.answers.isListed(
                    key, { !s.source.lookup(key: $0).isEmpty || s.spell?.words?.lookup(key: $0).isEmpty == false }),
                inForce(word)
            else { return }
            seen.insert(key)
            out.append(word)
        }
        for w in s.learnedWords.keys { add(w) { s.learnedCount($0) > 0 } }
        if recent != nil { for w in RecentWords.words(in: context.text) { add(w) } }
        return out
    }

    /// How much less likely a dictionary word is that the spell checker rejects as written
    /// ("msn", "isbn", "teh": lists made from the web hold them; few people write them).
    public func rejected(_ word: String) -> Double {
        guard let spell = suggester.spell, suggester.costs.unchecked > 0 else { return 0 }
        return suggester.answers.isAccepted(word) { spell.accepts($0) } ? 0 : suggester.costs.unchecked
    }

    /// The class a word takes from how often the text before holds it (its share of that
    /// text's words, `recentShare` of the likelihood); nil when it holds none.
    func recentClass(_ word: String) -> Double? {
        guard let recent, let n = recent.count(of: word) else { return nil }
        let c = suggester.costs
        let share = c.recentShare * Double(n) / max(Double(recent.total), c.recentSpan)
        return 10 * log10(share * 1e9)
    }

    /// The class of the sum of two classes' likelihoods.
    static func mix(_ a: Double, _ b: Double) -> Double {
        let top = max(a, b)
        return top + 10 * log10(1 + pow(10, (min(a, b) - top) / 10))
    }

    /// The same, looking the pair up.
    public func score(_ word: String, frequency: UInt8) -> Double {
        score(word, frequency, after: pairClass(of: word))
    }

    /// The class of `word` after the previous token in the language's pairs, nil when they lack it.
    func pairClass(of word: String) -> UInt8? {
        guard pairPrefix != nil else { return nil }
        return pairClass(ofLowercased: word.lowercased())
    }

    /// The same for a word already lower-cased.
    func pairClass(ofLowercased word: String) -> UInt8? {
        guard let pairPrefix else { return nil }
        // Asked through the optional (bound to a name, the lexicon was copied at each word).
        if pairsFile != nil { return pairsFile?.frequency(of: pairPrefix, followedBy: word) }
        return suggester.pairs?.frequency(of: pairPrefix + word)
    }

    /// The class of `word` after the two tokens before in the language's triples, nil when they lack it.
    func tripleClass(of word: String, lowercased: String? = nil) -> UInt8? {
        guard !tripleClasses.isEmpty else { return nil }
        // An ASCII word without capitals is its own lower case (no new string made).
        let plain = lowercased ?? (word.allUTF8Bytes { $0 < 0x80 && !(0x41...0x5A).contains($0) } ? word : word.lowercased())
        return tripleClasses[plain]
    }

    /// The score of a word only the user's learned words hold (not in the dictionary).
    func learnedOnly(_ word: String) -> Double { 30 + taught(word) }

    /// What the user taught about `word`: kept words and pairs typed after the previous word.
    func taught(_ word: String) -> Double {
        learnedBoost(word) + pairBoost(word)
    }

    /// How much more likely the user's keeping `word` makes it (learned words in force only).
    func learnedBoost(_ word: String) -> Double {
        let n = suggester.learnedCount(word)
        guard n > 0 else { return 0 }
        return min(15, 5 + 3 * log2(Double(n)))
    }

    /// How much more likely the user's typing `word` after the previous word makes it.
    func pairBoost(_ word: String) -> Double {
        guard !suggester.bigrams.isEmpty, let previous = context.previous, let next = suggester.bigrams[previous],
            let n = next[word] ?? next[word.lowercased()], n > 0
        else { return 0 }
        return min(24, 10 + 4 * log2(Double(n)))
    }
}

extension Suggester {
    /// The language model for a word typed after `context`, the text before it.
    /// `recent`: words already in that text are likelier (the glide decoder's model).
    public func languageModel(after context: String, recent: Bool = false) -> LanguageModel {
        LanguageModel(suggester: self, context: Context(context), recent: recent)
    }

    func languageModel(after context: Context) -> LanguageModel {
        LanguageModel(suggester: self, context: context)
    }
}
