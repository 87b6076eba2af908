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

    @Test func aFrequentWordLateInALongPrefixIsOffered() {
        // Over 20,000 entries under "t" before "tzar": completions once stopped there.
        var words: [(String, UInt8)] = (0..<25_000).map { ("ta" + String($0, radix: 26), 20) }
        words.append(("tzar", 70))
        let s = Suggester(source: WordListSource(language: "en", words: words))
        #expect(s.completions(for: "t", context: "").first == "tzar")
    }
}
