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

    @Test func aRunOfLettersThatIsNoWordStopsBeingSearchedAndGetsWhatFreshSearchesGet() throws {
        // Each letter's walks leave out the edits the letters before found dead: the same
        // suggestions all the same, a word the spell checker knows ("lol") going on into one
        // it does not included.
        let english = try shippedEnglish()
        var typed = ["qwertyuiopasdfghjklzxcvbnmqwerty", "lollollollol", "thexqzthexqz", "can'tzzzzz"]
        // And runs of letters that begin words and then go astray, at every length.
        var random = SeededRandom(state: 7)
        let common = Array("etaoinshrdlucmfwypgb")
        for _ in 0..<60 { typed.append(String((0..<10).map { _ in common[Int(random.next() % UInt64(common.count))] })) }
        for word in typed {
            var memo = TypedWordMemo()
            for end in 1...word.count {
                let letters = String(word.prefix(end))
                let fresh = english.suggest(letters, context: "it was the ")
                #expect(english.suggest(letters, context: "it was the ", memo: &memo) == fresh, "\(letters)")
            }
        }
        var memo = TypedWordMemo()
        for end in 1...12 { _ = english.suggest(String("qwertyuiopas".prefix(end)), context: "", memo: &memo) }
        // "z" put before the letters begins no key: noted dead; "w" left out ("qe...") is no key either.
        let zFirst = EditSpot(0, Array("z".utf8), 0)!
        #expect(memo.isDead(zFirst, inSpellWords: false))
        #expect(memo.isDead(EditSpot(1, [UInt8](), 2)!, inSpellWords: false))
        #expect(memo.editsAllDeadNoted)
    }

    @Test func editsFoundAllDeadStayDeadOnlyWhereNoNewEditCanBeTried() {
        var memo = TypedWordMemo()
        memo.begin(Array("abcde"), context: "", language: "en")
        #expect(!memo.editsAllDead(spelled: false))
        memo.noteEditsAllDead(reach: 3, letters: 5, spelled: false)
        // Edits end at most two letters past the reach: all were tried with five letters.
        #expect(memo.editsAllDead(spelled: false))
        // The spell checker's words were not walked then.
        #expect(!memo.editsAllDead(spelled: true))
        // A swap of the fifth and a sixth letter was not tried with five letters.
        memo.noteEditsAllDead(reach: 4, letters: 5, spelled: true)
        #expect(!memo.editsAllDead(spelled: false))
        // Another word: nothing known.
        memo.begin(Array("abd"), context: "", language: "en")
        #expect(!memo.editsAllDeadNoted)
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
