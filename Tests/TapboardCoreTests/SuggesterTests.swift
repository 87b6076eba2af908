import Testing
@testable import TapboardCore

@Suite struct SuggesterTests {
    static let english = WordListSource(language: "en", words: [
        ("the", 77), ("to", 74), ("and", 74), ("he", 72), ("they", 68), ("then", 64), ("there", 65),
        ("hello", 50), ("help", 60), ("held", 52), ("hell", 51), ("helmet", 40),
        ("because", 60), ("becomes", 50), ("don't", 62), ("dont", 47), ("done", 58),
        ("Paris", 48), ("parish", 38), ("park", 50), ("us", 66), ("US", 60),
        ("I'm", 62), ("teh", 30), ("hate", 50), ("house", 58), ("mouse", 45), ("whit", 28), ("with", 72),
        ("letter", 52), ("cafe", 41), ("car", 55),
    ])
    static let french = WordListSource(language: "fr", words: [("café", 48), ("cage", 40), ("le", 75)])

    let s = Suggester(source: SuggesterTests.english)

    @Test func ranksCompletionsByFrequency() {
        #expect(s.completions(for: "hel", context: "") == ["help", "held", "hell"])
        #expect(s.completions(for: "bec", context: "") == ["because", "becomes"])
    }

    @Test func followsTheTypedCase() {
        #expect(s.completions(for: "Hel", context: "") == ["Help", "Held", "Hell"])
        #expect(s.completions(for: "HEL", context: "") == ["HELP", "HELD", "HELL"])
        #expect(s.completions(for: "pari", context: "").first == "Paris")
        #expect(s.completions(for: "Pari", context: "").first == "Paris")
    }

    @Test func theTypedWordTakesNoSlot() {
        // Space keeps it; the three slots go to words that save taps.
        #expect(s.completions(for: "hell", context: "").first == "hello")
        #expect(!s.completions(for: "hell", context: "").contains("hell"))
        #expect(!s.completions(for: "us", context: "").contains("us"))
        #expect(s.completions(for: "us", context: "").contains("US"))
    }

    static let pairs = WordListSource(language: "en", words: [
        ("of the", 84), ("of then", 60), ("<s> i", 76), ("i am", 77), (", and", 79), ("all held", 70),
    ])

    @Test func nextWordPairsRankWhatFollowsThePreviousWord() {
        var p = s
        p.pairs = SuggesterTests.pairs
        #expect(p.completions(for: "hel", context: "in all").first == "held")
        #expect(p.completions(for: "hel", context: "in every").first == "help")  // no pairs after "every"
        #expect(p.completions(for: "th", context: "the king of").first == "the")
        #expect(p.completions(for: "a", context: "bread, butter,").first == "and")
        #expect(p.correction(for: "thw", context: "most of") == "the")
        // Before a letter is typed: the next words, capitalised at a sentence start; none in an empty field.
        #expect(p.nextWords(context: "a slice of ") == ["the", "then"])
        #expect(p.nextWords(context: "Hello. ") == ["I"])
        #expect(p.nextWords(context: "") == [] && p.nextWords(context: "  ") == [])
        #expect(p.suggest("", context: "a slice of ").strip.slots == [.word("then"), .word("the"), .empty])
        var mine = p
        mine.bigrams = ["of": ["course": 3]]
        #expect(mine.nextWords(context: "a slice of ").first == "course")
        // Without pairs for the language, the dictionary's order.
        #expect(s.completions(for: "hel", context: "in all").first == "help")
    }

    @Test func apostrophes() {
        #expect(s.completions(for: "dont", context: "").contains("don't"))
        #expect(s.correction(for: "dont", context: "") == "don't")
        #expect(s.correction(for: "im", context: "") == "I'm")
        #expect(s.correction(for: "don\u{2019}t", context: "") == nil)
    }

    @Test func correctsTypos() {
        #expect(s.correction(for: "becuase", context: "") == "because")
        #expect(s.correction(for: "teh", context: "") == "the")
        #expect(s.correction(for: "hte", context: "") == "the")
        #expect(s.correction(for: "Teh", context: "") == "The")
        #expect(s.completions(for: "helo", context: "").contains("hello"))
        #expect(s.correction(for: "leter", context: "") == "letter")   // dropped double
        #expect(s.correction(for: "houae", context: "") == "house")    // s → a, neighbours
        #expect(s.correction(for: "tthe", context: "") == "the")       // doubled letter
    }

    @Test func neverChangesAKnownWord() {
        for w in ["the", "hate", "with", "whit", "mouse", "cafe", "Paris", "park"] {
            #expect(s.correction(for: w, context: "") == nil, "\(w)")
        }
    }

    @Test func aRunOfLettersLongerThanAnyWordIsLeftAlone() {
        let run = String(repeating: "jk", count: 50)
        #expect(s.correction(for: run, context: "") == nil)
        #expect(s.completions(for: run, context: "") == [])
        #expect(s.correction(for: "tthe", context: "") == "the")
    }

    @Test func keyDistanceMatters() {
        // "cat" is unknown: r (near t? no) — "car" needs t → r, a neighbouring key.
        #expect(s.correction(for: "cat", context: "") == "car")
        // q is far from r: no neighbour substitution explains "caq".
        #expect(s.correction(for: "caq", context: "") == nil)
    }

    @Test func leavesNamesAlone() {
        let names = Suggester(source: WordListSource(language: "en", words: [("Bennett", 35), ("the", 77)]))
        #expect(names.correction(for: "Bennet", context: "said Mr") == nil)
    }

    @Test func restoresAccents() {
        let fr = Suggester(source: SuggesterTests.french)
        #expect(fr.correction(for: "cafe", context: "") == "café")
        #expect(s.correction(for: "cafe", context: "") == nil)   // a word in English
    }

    @Test func learnedWordsAndPairs() {
        var l = s
        l.learnedWords = ["hell": 20]
        #expect(l.completions(for: "hel", context: "").first == "hell")
        l.learnedWords = ["helsinki": 3]
        #expect(l.completions(for: "hels", context: "").contains("helsinki"))
        l.learnedWords = ["Bennet": 2]
        #expect(l.correction(for: "Bennet", context: "") == nil)
        l.learnedWords = [:]
        l.bigrams = ["the": ["held": 5]]
        #expect(l.completions(for: "hel", context: "all the").first == "held")
        #expect(l.completions(for: "hel", context: "all").first == "help")
    }

    @Test func stripOrder() {
        let plain = s.suggest("hell", context: "").strip
        #expect(plain.slots[1] == .word("hello") && !plain.slots.contains(.word("hell")))
        let three = s.suggest("he", context: "").strip
        #expect(three.slots == [.word("held"), .word("help"), .word("hell")])
        let fix = s.suggest("becuase", context: "").strip
        #expect(fix.slots[0] == .keep("becuase") && fix.slots[0].text == "\u{201C}becuase\u{201D}")
        #expect(fix.slots[1] == .word("because") && fix.autocorrect == "because")
    }

    @Test func neighboursFromALayout() throws {
        let layout = try loadShipped("us.json")
        let keys = KeyNeighbours.from(layout: layout)
        #expect(keys.positions.count == 26)
        let d = try #require(keys.distance("q", "w"))
        #expect(abs(d - 1) < 0.05)
        #expect(keys.neighbours(of: "g").map(\.letter).sorted() == ["b", "c", "f", "h", "t", "v", "y"])
        #expect(keys.alternates["e"]?.contains("é") == true)
        let de = KeyNeighbours.from(layout: try loadShipped("de.json"))
        #expect(de.positions["z"] != nil && de.distance("z", "t")! < 1.1)
    }

    @Test func wordListSource() {
        let src = SuggesterTests.english
        #expect(src.lookup(key: "US").map(\.word).sorted() == ["US", "us"])
        #expect(src.frequency(of: "Paris") == 48 && src.frequency(of: "paris") == nil)
        var seen: [String] = []
        src.entries(withKeyPrefix: "He") { w, _ in seen.append(w); return seen.count < 3 }
        #expect(seen == ["he", "held", "hell"])
    }
}
