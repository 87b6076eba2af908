import TestSupport
import Testing

@testable import TapboardCore

@Suite struct FirstInOrderTests {
    static func before(_ a: (word: String, score: Double), _ b: (word: String, score: Double)) -> Bool {
        a.score != b.score ? a.score > b.score : a.word < b.word
    }

    static func listed(_ items: some Sequence<(word: String, score: Double)>) -> [String] {
        items.map { "\($0.word) \($0.score)" }
    }

    @Test func findsWhatASortPutsFirst() {
        var random = SeededRandom(state: 11)
        for count in [0, 1, 2, 3, 7, 8, 9, 64, 301] {
            // Scores and words that repeat: ties broken by the word, as the strip sorts.
            let items = (0..<count).map { _ in
                (word: String(UnicodeScalar(UInt8(0x61 + random.next() % 6))), score: Double(random.next() % 9) / 2)
            }
            let sorted = items.sorted(by: Self.before)
            for k in [1, 3, 8] {
                #expect(Self.listed(items.prefix(k, sortedBy: Self.before)) == Self.listed(sorted.prefix(k)), "\(count) \(k)")
            }
            for letter in ["a", "c", "f", "z"] {
                let first = items.first(by: Self.before) { $0.word == letter }
                #expect(
                    Self.listed(first.map { [$0] } ?? []) == Self.listed(sorted.first { $0.word == letter }.map { [$0] } ?? []))
            }
        }
    }
}
