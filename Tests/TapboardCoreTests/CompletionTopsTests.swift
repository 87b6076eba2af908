import TestSupport
import Testing

@testable import TapboardCore

@Suite struct CompletionTopsTests {
    /// Many words under one prefix, with classes that repeat.
    static let source: WordListSource = {
        var words: [(String, UInt8)] = []
        for i in 0..<3000 { words.append(("ta" + String(i, radix: 26), UInt8(20 + i % 37))) }
        words += [("the", 77), ("them", 60), ("tzar", 57), ("Tuesday", 56), ("tuesday", 30)]
        return WordListSource(language: "en", words: words)
    }()

    @Test func keepsTheMostFrequentEntriesOfAPrefixInOrder() {
        let tops = CompletionTops()
        for prefix in ["t", "ta", "ta1", "tu", "x"] {
            var all: [(word: String, frequency: UInt8)] = []
            Self.source.entries(withKeyPrefix: prefix) {
                all.append(($0, $1))
                return true
            }
            all.sort { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.word < $1.word }
            let expected = all.prefix(CompletionTops.kept).map { "\($0.word) \($0.frequency)" }
            #expect(tops.top(of: Self.source, prefix: prefix).map { "\($0.word) \($0.frequency)" } == expected)
            // Asked again (kept or scanned again), the same.
            #expect(tops.top(of: Self.source, prefix: prefix).map { "\($0.word) \($0.frequency)" } == expected)
        }
    }

    /// Every entry of `lexicon` under `prefix`, most frequent first, then in word order.
    static func byClass(_ lexicon: Lexicon, _ prefix: String) -> [String] {
        var all: [(word: String, frequency: UInt8)] = []
        lexicon.entries(withKeyPrefix: prefix) {
            all.append(($0, $1))
            return true
        }
        all.sort { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.word < $1.word }
        return all.map { "\($0.word) \($0.frequency)" }
    }

    @Test(arguments: ["en", "de"])
    func eachBlocksTopClassIsItsEntriesHighest(_ name: String) throws {
        let lexicon = try shippedDictionary(name)
        var tops = [UInt8](repeating: 0, count: lexicon.blockCount)
        var i = 0
        lexicon.entries(withKeyPrefix: "") { _, f in
            tops[i / Lexicon.blockSize] = max(tops[i / Lexicon.blockSize], f)
            i += 1
            return true
        }
        #expect(i == lexicon.count)
        #expect((0..<lexicon.blockCount).map(lexicon.blockTop) == tops)
    }

    @Test(arguments: ["en", "de"])
    func aLexiconsTopsReadByBlocksMostFrequentFirstAreThoseOfEveryEntry(_ name: String) throws {
        let lexicon = try shippedDictionary(name)
        var prefixes = ["", "a", "s", "st", "sta", "th", "the", "w", "wo", "x", "zz", "qu", "é", "ü", "sch", "ver"]
        var random = SeededRandom(state: 37)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöüß")
        for _ in 0..<150 {
            let n = 1 + Int(random.next() % 3)
            prefixes.append(String((0..<n).map { _ in letters[Int(random.next() % UInt64(letters.count))] }))
        }
        let tops = CompletionTops()
        for prefix in prefixes {
            let expected = Array(Self.byClass(lexicon, prefix).prefix(CompletionTops.kept))
            #expect(tops.top(of: lexicon, prefix: prefix).map { "\($0.word) \($0.frequency)" } == expected, "\(prefix)")
        }
    }

    @Test func aFrequentWordLateInALongPrefixIsOffered() {
        // Over 20,000 entries under "t" before "tzar": completions once stopped there.
        var words: [(String, UInt8)] = (0..<25_000).map { ("ta" + String($0, radix: 26), 20) }
        words.append(("tzar", 70))
        let s = Suggester(source: WordListSource(language: "en", words: words))
        #expect(s.completions(for: "t", context: "").first == "tzar")
    }
}
