import TestSupport
import Testing

@testable import TapboardCore

/// What one letter's search carries over to the next, and the next words' ranking without a
/// whole sort: the same suggestions as a search from nothing.
@Suite struct TypedWordMemoTests {
    @Test func aWordTypedLetterByLetterGetsWhatFreshSearchesGet() throws {
        var english = try shippedEnglish()
        english.learnedWords = ["zyzzyva": 3, "Tehran": 2]
        let typed = ["the", "hello", "recieve", "thw", "zyzzyv", "xqjzkwvbnm", "Tehra", "dont", "mortifications"]
        var memo = TypedWordMemo()
        for word in typed {
            for end in 1...word.count {
                let letters = String(word.prefix(end))
                let fresh = english.suggest(letters, context: "it was the ")
                #expect(english.suggest(letters, context: "it was the ", memo: &memo) == fresh, "\(letters)")
            }
        }
        // A letter taken back, another context: the memo starts again.
        #expect(english.suggest("th", context: "", memo: &memo) == english.suggest("th", context: ""))
        #expect(english.suggest("thr", context: "", memo: &memo) == english.suggest("thr", context: ""))
    }

    @Test func nextWordsRankedInPartAsInWhole() {
        var ranking = NextWordRanking(prefix: "of ")
        for (word, f) in [("of a", UInt8(70)), ("of all", 70), ("of b", 40), ("of the", 84), ("of zz", 84)] {
            ranking.add(entry: word, class: f)
        }
        ranking.addMine("b", count: 1)
        var seen: [String] = []
        ranking.visit {
            seen.append($0)
            return true
        }
        // Asked for more than there are: each once, in order (the whole sort adds none twice).
        #expect(seen == ["b", "the", "zz", "a", "all"])
        // A word that is not plain makes the whole dictionary: the same order.
        var mixed = NextWordRanking(prefix: "of ")
        for (word, f) in [("of a", UInt8(70)), ("of café", 90), ("of the", 84)] { mixed.add(entry: word, class: f) }
        var order: [String] = []
        mixed.visit {
            order.append($0)
            return order.count < 2
        }
        #expect(order == ["café", "the"])
    }
}
