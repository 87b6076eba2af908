import TestSupport
import Testing

@testable import TapboardCore

/// The strip's search finds the words one typing error away in one walk over each source:
/// the same words at the same scores as looking each error's key up on its own.
@Suite struct EditWalkTests {
    /// What the search had before the walk: each typing error's key looked up on its own,
    /// in the dictionary, then (for an unknown word, where the dictionary has nothing under
    /// it) in the spell checker's words, and among the learned words.
    static func lookedUpOneByOne(_ search: Search) -> [String: Double] {
        var one = search
        let typed = Array(one.key.utf8)
        let spellClass = UInt8(clamping: Int(one.s.costs.spellWord))
        let edits = one.typingEdits()
        for e in edits.all {
            let k = edits.key(of: e, typed: typed)
            let stored = one.s.source.lookup(keyBytes: k)
            for (w, f) in stored { one.add(w, one.prior(w, f) - e.cost, edited: true) }
            if e.spelled, stored.isEmpty, let spellWords = one.spellWords {
                for (w, _) in spellWords.lookup(keyBytes: k) { one.add(w, one.prior(w, spellClass) - e.cost, edited: true) }
            }
            let word = String(decoding: k, as: UTF8.self)
            if one.s.learnedWords[word] != nil, one.s.source.frequency(of: word) == nil, one.s.learnedCount(word) > 0 {
                one.add(word, one.model.learnedOnly(word) - e.cost, edited: true)
            }
        }
        return one.found.mapValues(\.score)
    }

    /// The walk's words and scores for `typed`, and the one-by-one look-ups', the spell
    /// checker's words searched as for an unknown word.
    /// `memo`: what the walks for the letters before found dead.
    static func both(
        _ s: Suggester, _ typed: String, context: String = "it was the ", memo: inout TypedWordMemo
    ) -> (walked: [String: Double], lookedUp: [String: Double]) {
        var search = Search(suggester: s, typed: typed, context: Context(context), memo: memo)
        search.spellWords = s.spell?.words
        let lookedUp = lookedUpOneByOne(search)
        search.addEdits()
        memo = search.memo
        return (search.found.mapValues(\.score), lookedUp)
    }

    static func both(_ s: Suggester, _ typed: String, context: String = "it was the ") -> (
        walked: [String: Double], lookedUp: [String: Double]
    ) {
        var memo = TypedWordMemo()
        return both(s, typed, context: context, memo: &memo)
    }

    static func english() throws -> Suggester {
        var english = try shippedEnglish()
        english.spell = WordSourceSpellChecker(try shippedDictionary("en-known"))
        english.learnedWords = ["zyzzyva": 3, "Tehran": 2, "tapboard": 1, "gone": 2]
        return english
    }

    @Test func typosTypedLetterByLetterFindWhatLookingEachErrorUpFinds() throws {
        let english = try EditWalkTests.english()
        // Typos at the start, swaps, letters left out and doubled, apostrophes and accents
        // left out, words neither list has, learned words and a run longer than any word.
        var typed = [
            "the", "hte", "xthe", "tthe", "rhe", "recieve", "teh", "thw", "esteemibg", "milndess", "dont", "mortifications",
            "cafe", "naive", "strasse", "zyzzyv", "tapbord", "Tehra", "xqjzkwvbnm", "qwertyuiopasdfghjklzxcvbnm", "i",
            "can'tzz", "aaaa", "anoyed", "beleive", "wierd"
        ]
        var random = SeededRandom(state: 11)
        let common = Array("etaoinshrdlucmfwypgb")
        for _ in 0..<20 { typed.append(String((0..<9).map { _ in common[Int(random.next() % UInt64(common.count))] })) }
        var compared = 0
        for word in typed {
            var memo = TypedWordMemo()
            for end in 1...word.count {
                let (walked, lookedUp) = EditWalkTests.both(english, String(word.prefix(end)), memo: &memo)
                #expect(walked == lookedUp, "\(word.prefix(end))")
                compared += walked.count
            }
        }
        #expect(compared > 1000)
        // What the walk finds is what corrects: a few corrections it must make.
        #expect(EditWalkTests.both(english, "hte").walked["the"] != nil)
        #expect(EditWalkTests.both(english, "esteemibg").walked["esteeming"] != nil)
        #expect(EditWalkTests.both(english, "dont").walked["don't"] != nil)
        #expect(EditWalkTests.both(english, "zyzzyv").walked["zyzzyva"] != nil)
    }

    @Test func aWordListWalksAsADictionaryDoes() {
        // A source that is not a lexicon (German words with ß and accents) steps every key.
        let words = WordListSource(
            language: "de", words: [("Straße", 60), ("dass", 70), ("daß", 40), ("schön", 60), ("Haus", 65), ("aus", 70)])
        var s = Suggester(source: words)
        s.learnedWords = ["hausboot": 2]
        for typed in ["strasse", "Strase", "das", "daß", "schon", "shön", "hasu", "haus", "ahus", "hausbot"] {
            let (walked, lookedUp) = EditWalkTests.both(s, typed, context: "")
            #expect(walked == lookedUp, "\(typed)")
        }
        #expect(EditWalkTests.both(s, "strasse", context: "").walked["Straße"] != nil)
    }

    @Test func theGuideTakesEachEditsKeyAtItsLeastCost() {
        let typed = Array("ab".utf8)
        var edits = TypingEdits()
        edits.add(0, [], 1, cost: 5)  // "b"
        edits.add(1, [], 2, cost: 7)  // "a"
        edits.add(1, Array("b".utf8), 1, cost: 3)  // "abb"
        edits.add(2, Array("b".utf8), 2, cost: 2)  // "abb"
        edits.add(0, Array("ba".utf8), 2, cost: 4)  // "ba"
        var guide = EditGuide(typed: typed, edits: edits)
        #expect(guide.cost(of: Array("b".utf8)) == 5)
        #expect(guide.cost(of: Array("a".utf8)) == 7)
        #expect(guide.cost(of: Array("abb".utf8)) == 2)
        #expect(guide.cost(of: Array("ba".utf8)) == 4)
        // The typed key itself and keys no edit makes.
        #expect(guide.cost(of: typed) == nil)
        #expect(guide.cost(of: Array("abc".utf8)) == nil)
        #expect(guide.cost(of: []) == nil)
        // After "a", the keys can go on with "b" only; at the start, with "a" or "b".
        guide.truncate(to: 0)
        #expect(guide.nextByte(after: nil) == UInt8(ascii: "a"))
        #expect(guide.nextByte(after: UInt8(ascii: "a")) == UInt8(ascii: "b"))
        #expect(guide.nextByte(after: UInt8(ascii: "b")) == nil)
        let tookA = guide.step(UInt8(ascii: "a"))
        let tookC = guide.step(UInt8(ascii: "c"))
        #expect(tookA && !tookC && guide.depth == 1)
        #expect(guide.nextByte(after: UInt8(ascii: "a")) == UInt8(ascii: "b"))
    }
}
