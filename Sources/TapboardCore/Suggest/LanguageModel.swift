// The C maths library, for log10, log2 and pow (the standard library has no logarithms); the
// only C import of TapboardCore, which makes no system call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How likely a word is where the user is writing: its class in the dictionary, mixed with
/// its likelihood after the previous token in the language's pairs, plus what the user taught
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

    init(suggester: Suggester, context: Context) {
        self.suggester = suggester
        self.context = context
        var prefix: String?
        if let pairs = suggester.pairs, let previous = context.pairKey {
            let p = previous + " "
            pairs.entries(withKeyPrefix: p) { _, _ in
                prefix = p
                return false
            }
        }
        pairPrefix = prefix
        let w = suggester.costs.pairWeight
        unpaired = 10 * log10(max(1e-9, 1 - w)) + suggester.costs.pairShift
    }

    /// The score of `word`, stored with class `frequency`; `after`: its class after the previous
    /// token in the pairs, when looked up already. Without pairs for that token, its class; with
    /// them, the class of a mixture of its likelihood after the token (weight `pairWeight`) and
    /// on its own (the rest), so that words never seen after it rank lower.
    func score(_ word: String, _ frequency: UInt8, after: UInt8?) -> Double {
        var base = Double(frequency)
        if pairPrefix != nil {
            if let after {
                let w = suggester.costs.pairWeight
                base = 10 * log10(w * pow(10, Double(after) / 10) + (1 - w) * pow(10, base / 10)) + suggester.costs.pairShift
            } else {
                base += unpaired
            }
        }
        return base + taught(word)
    }

    /// The same, looking the pair up.
    public func score(_ word: String, frequency: UInt8) -> Double {
        score(word, frequency, after: pairClass(of: word))
    }

    /// The class of `word` after the previous token in the language's pairs, nil when they lack it.
    func pairClass(of word: String) -> UInt8? {
        guard let pairPrefix, let pairs = suggester.pairs else { return nil }
        return pairs.frequency(of: pairPrefix + word.lowercased())
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
    public func languageModel(after context: String) -> LanguageModel {
        LanguageModel(suggester: self, context: Context(context))
    }

    func languageModel(after context: Context) -> LanguageModel {
        LanguageModel(suggester: self, context: context)
    }
}
