import TestSupport
import Testing

@testable import TapboardCore

@Suite struct SuggesterTests {
    static let english = WordListSource(
        language: "en",
        words: [
            ("the", 77), ("to", 74), ("and", 74), ("he", 72), ("they", 68), ("then", 64), ("there", 65),
            ("hello", 50), ("help", 60), ("held", 52), ("hell", 51), ("helmet", 40),
            ("because", 60), ("becomes", 50), ("don't", 62), ("dont", 47), ("done", 58),
            ("Paris", 48), ("parish", 38), ("park", 50), ("us", 66), ("US", 60),
            ("I'm", 62), ("teh", 30), ("hate", 50), ("house", 58), ("mouse", 45), ("whit", 28), ("with", 72),
            ("letter", 52), ("cafe", 41), ("car", 55)
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

    static let pairs = WordListSource(
        language: "en",
        words: [
            ("of the", 84), ("of then", 60), ("<s> i", 76), ("i am", 77), (", and", 79), ("all held", 70)
        ])

    @Test func aWordWithNothingBetterShowsAsTyped() {
        // The strip keeps its place through the word: the typed word, tapping it keeps it.
        let unknown = s.strip(for: "xkcd", context: "see ", learned: LearnedWords(), autocorrect: true)
        #expect(unknown.slots == [.empty, .keep("xkcd"), .empty] && unknown.autocorrect == nil)
        let known = s.strip(for: "letter", context: "", learned: LearnedWords(), autocorrect: true)
        #expect(known.slots == [.empty, .keep("letter"), .empty])
        #expect(s.strip(for: "", context: "xkcd ", learned: LearnedWords(), autocorrect: true).isEmpty)
    }

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

    /// The spell checker of these tests: every word of `english` but the misspellings
    /// that made the list, and a few the list lacks.
    static func checker() -> WordSetSpellChecker {
        var words = Set([
            "the", "to", "and", "he", "they", "then", "there", "hello", "help", "held", "hell", "helmet",
            "because", "becomes", "don't", "done", "Paris", "parish", "park", "us", "US", "I'm", "hate",
            "house", "mouse", "whit", "with", "letter", "cafe", "car"
        ])
        words.formUnion(["thee", "lounged", "nonce"])
        return WordSetSpellChecker(words)
    }

    @Test func correctsTypos() {
        #expect(s.correction(for: "becuase", context: "") == "because")
        // "teh" is in the list (a web misspelling): corrected only when the spell checker rejects it.
        #expect(s.correction(for: "teh", context: "") == nil)
        var spelled = s
        spelled.spell = SuggesterTests.checker()
        #expect(spelled.correction(for: "teh", context: "") == "the")
        #expect(spelled.correction(for: "Teh", context: "") == "The")
        #expect(s.correction(for: "hte", context: "") == "the")
        #expect(s.completions(for: "helo", context: "").contains("hello"))
        #expect(s.correction(for: "leter", context: "") == "letter")  // dropped double
        #expect(s.correction(for: "houae", context: "") == "house")  // s → a, neighbours
        #expect(s.correction(for: "tthe", context: "") == "the")  // doubled letter
    }

    @Test func neverChangesAKnownWord() {
        for w in ["the", "hate", "with", "whit", "mouse", "cafe", "Paris", "park"] {
            #expect(s.correction(for: w, context: "") == nil, "\(w)")
        }
    }

    @Test func aWordTheSpellCheckerKnowsIsKept() {
        // Missing from the list, one edit from a frequent word: without the checker corrected,
        // with it kept (and still offered the frequent word in the strip).
        #expect(s.correction(for: "thee", context: "") == "the")
        var spelled = s
        let checker = SuggesterTests.checker()
        spelled.spell = checker
        #expect(spelled.correction(for: "thee", context: "") == nil)
        #expect(spelled.suggest("thee", context: "").known)
        #expect(spelled.completions(for: "thee", context: "").contains("the"))
        // Asked only about words the list lacks.
        let asked = checker.asked
        _ = spelled.correction(for: "hello", context: "")
        #expect(checker.asked == asked)
    }

    @Test func theSpellCheckersWordsAreCandidatesForUnknownWords() {
        // "esteeming" is not in the list, only in the spell checker's words: a typo of it is
        // corrected to it; a typo near a list word still goes to the list word.
        let known = WordListSource(
            language: "en", words: [("esteeming", 0), ("the", 0), ("house", 0), ("mildness", 0), ("mild", 0)])
        var spelled = s
        spelled.spell = WordSourceSpellChecker(known)
        #expect(spelled.correction(for: "esteemibg", context: "") == "esteeming")
        #expect(spelled.correction(for: "milndess", context: "") == "mildness")
        #expect(spelled.correction(for: "hte", context: "") == "the")
        // Without the checker's words nothing is near.
        #expect(s.correction(for: "esteemibg", context: "") == nil)
        // A word the checker accepts is known: kept, and its neighbours are not looked up there.
        #expect(spelled.correction(for: "mildness", context: "") == nil)
        // Not a possessive only the checker lists: the unlisted plural stays.
        let possessive = WordListSource(language: "en", words: [("mortification's", 0), ("mortification", 0)])
        var plural = s
        plural.spell = WordSourceSpellChecker(possessive)
        #expect(plural.correction(for: "mortifications", context: "") == nil)
        #expect(plural.correction(for: "mortifcation", context: "") == "mortification")
        // A checker without a list of words (libhunspell) offers none.
        var plain = s
        plain.spell = SuggesterTests.checker()
        #expect(plain.correction(for: "esteemibg", context: "") == nil)
    }

    @Test func contextAloneNeverChangesAKnownWord() {
        // The pairs know "fox bumps" well, and "jumps" not at all: "jumps" stays.
        let words = WordListSource(
            language: "en",
            words: [
                ("fox", 45), ("jumps", 38), ("bumps", 36), ("from", 70), ("form", 55),
                ("i", 75), ("came", 55), ("OK", 55), ("on", 74), ("hell", 51)
            ])
        var p = Suggester(source: words)
        p.pairs = WordListSource(
            language: "en", words: [("fox bumps", 90), ("came from", 85), ("came form", 20), ("hell on", 80)])
        #expect(p.correction(for: "jumps", context: "the quick brown fox") == nil)
        // A common word stored in capitals, typed in lower case, keeps its letters.
        #expect(p.correction(for: "ok", context: "hell") == nil)
        // A real-word error is corrected only when the context all but demands the other word...
        #expect(p.correction(for: "form", context: "I came") == "from")
        // ...and not once the bar is higher than the lead.
        p.costs.realWordLead = 60
        #expect(p.correction(for: "form", context: "I came") == nil)
    }

    @Test func aRealWordErrorNeedsAContextThatFavoursTheOtherWord() {
        let words = WordListSource(
            language: "en", words: [("with", 75), ("them", 70), ("hem", 35), ("unto", 40), ("the", 77), ("thee", 35)])
        var p = Suggester(source: words)
        p.pairs = WordListSource(language: "en", words: [("with them", 60), ("unto the", 80)])
        // "with them" is seen, but "them" is no likelier after "with" than anywhere: "hem" stays...
        #expect(p.correction(for: "hem", context: "sewn with") == nil)
        // ...as it would not if merely being seen there were enough.
        var seen = p
        seen.costs.realWordLift = -100
        #expect(seen.correction(for: "hem", context: "sewn with") == "them")
        // "unto the" is far likelier: "thee" becomes "the", unless the text already holds
        // "thee" (a word the user typed and left is one they mean).
        #expect(p.correction(for: "thee", context: "I say unto") == "the")
        #expect(p.correction(for: "thee", context: "I told thee so, and I say unto") == nil)
        #expect(p.correction(for: "thee", context: "I told Thee so, and I say unto") == nil)
        #expect(p.correction(for: "thee", context: "I told theeth so, and I say unto") == "the")
    }

    @Test func realWordDropAsksTheContextToSpeakAgainstTheTypedWordToo() {
        let words = WordListSource(
            language: "en", words: [("of", 75), ("she", 70), ("the", 77), ("thee", 40), ("had", 72), ("ad", 48)])
        var p = Suggester(source: words)
        // "of thee" is listed and likelier than "thee" anywhere; "she" lists nothing as rare as "ad".
        p.pairs = WordListSource(
            language: "en", words: [("of the", 84), ("of thee", 45), ("she had", 80), ("she was", 55)])
        // Off (the default): the candidate's side alone decides.
        #expect(p.correction(for: "thee", context: "the love") == nil)
        #expect(p.correction(for: "thee", context: "a hymn of") == "the")
        #expect(p.correction(for: "ad", context: "and then she") == "had")
        // On: "thee" is likelier after "of" than on its own, so it stays; "ad" after "she" would
        // have been listed were it as likely there as anywhere (48 against the rarest, 55): it
        // says nothing, and "ad" stays too, unless the weight allows for that.
        p.costs.realWordDrop = 0
        #expect(p.correction(for: "thee", context: "a hymn of") == nil)
        #expect(p.correction(for: "ad", context: "and then she") == nil)
        p.costs.realWordDrop = -10
        #expect(p.correction(for: "ad", context: "and then she") == "had")
    }

    @Test func anApostropheFormNeverReplacesAWordTheSpellCheckerKnows() {
        let words = WordListSource(language: "en", words: [("its", 50), ("it's", 70), ("twas", 40)])
        var p = Suggester(source: words)
        #expect(p.correction(for: "Its", context: "") == "It's")
        p.spell = WordSetSpellChecker(["its", "it's"])
        #expect(p.correction(for: "Its", context: "") == nil)
        // An apostrophe typed is meant: "'Twas" is not corrected to "Twas".
        #expect(p.correction(for: "'Twas", context: "") == nil)
        #expect(p.correction(for: "Tqas", context: "") == "Twas")
    }

    @Test func aRunOfLettersLongerThanAnyWordIsLeftAlone() {
        let run = String(repeating: "jk", count: 50)
        #expect(s.correction(for: run, context: "") == nil)
        #expect(s.completions(for: run, context: "") == [])
        #expect(s.correction(for: "tthe", context: "") == "the")
    }

    @Test func germanSharpSAndDoubleSStandForEachOther() {
        // wordfreq folds "daß" into "dass": the old spelling is not "da" with a letter too many.
        let de = Suggester(
            source: WordListSource(language: "de", words: [("da", 64), ("dass", 58), ("Straße", 50), ("Strasser", 20)]))
        #expect(de.correction(for: "daß", context: "Ich glaube, ") == "dass")
        #expect(de.correction(for: "strasse", context: "die ") == "Straße")
    }

    @Test func oneLetterIsCorrectedInCaseOnlyAndAnElisionKeepsItsWord() {
        let words = WordListSource(language: "it", words: [("I", 70), ("of", 75), ("c'", 60), ("ce", 50), ("e", 70)])
        let it = Suggester(source: words)
        #expect(it.correction(for: "F", context: "Friedrich ") == nil)  // not "Of": an initial
        #expect(it.correction(for: "i", context: "and ") == "I")
        #expect(it.correction(for: "c'e", context: "") == nil)  // never "c'", which loses the "e"
    }

    @Test func lowerCaseIBecomesIEvenThoughTheSpellCheckerKnowsIt() {
        var en = Suggester(source: WordListSource(language: "en", words: [("I", 75), ("it", 72), ("in", 74), ("Paris", 50)]))
        en.spell = WordSetSpellChecker(["i", "I", "it", "in"])
        #expect(en.correction(for: "i", context: "I think ") == "I")  // "I" in the text is no reason to keep "i"
        #expect(en.correction(for: "paris", context: "from Paris to ") == "Paris")
        #expect(en.correction(for: "i", context: "where i ") == nil)  // left in lower case before: meant
    }

    @Test func theWordAfterAnElisionIsCorrectedOnItsOwn() {
        let words: [(String, UInt8)] = [("l'", 70), ("homme", 55), ("hommes", 50), ("qu'", 65), ("il", 72)]
        let fr = Suggester(source: WordListSource(language: "fr", words: words))
        #expect(fr.correction(for: "l'hmme", context: "") == "l'homme")
        #expect(fr.correction(for: "L'hmme", context: "") == "L'homme")
        #expect(fr.completions(for: "l'hom", context: "") == ["l'homme", "l'hommes"])
        #expect(fr.correction(for: "qu'il", context: "Il dit ") == nil)
        #expect(fr.suggest("qu'il", context: "").known)
    }

    @Test func aLongTypedWordNeedsLessToBeCorrected() {
        // Two rare words, each a letter dropped: the long one is corrected, the short one kept
        // ("bagl" may be a word the list lacks; eleven letters one edit from a word are a typo).
        let rare = Suggester(source: WordListSource(language: "en", words: [("disagreeable", 12), ("bagel", 12)]))
        #expect(rare.correction(for: "disagreable", context: "") == "disagreeable")
        #expect(rare.correction(for: "bagl", context: "") == nil)
        var flat = rare
        flat.costs.lengthEase = 0
        #expect(flat.correction(for: "disagreable", context: "") == nil)
    }

    @Test func keyDistanceMatters() {
        // "cat" is unknown: r (near t? no) — "car" needs t → r, a neighbouring key.
        #expect(s.correction(for: "cat", context: "") == "car")
        // q is far from r: no neighbour substitution explains "caq".
        #expect(s.correction(for: "caq", context: "") == nil)
    }

    @Test func leavesNamesAlone() {
        let names = Suggester(
            source: WordListSource(language: "en", words: [("Bennett", 35), ("Stubbs", 35), ("the", 77)]))
        #expect(names.correction(for: "Bennet", context: "said Mr") == nil)
        // Nor a name with an "s" more ("Edward", "Edwards"), even at a sentence start.
        #expect(names.correction(for: "Stubb", context: "said") == nil)
        #expect(names.correction(for: "Stubb", context: "") == nil)
        #expect(Search.withAnS(Array("stubb's")) == Array("stubbs's"))
        #expect(names.correction(for: "Stuhbs", context: "said") == "Stubbs")
    }

    @Test func aMistypedNameInsideASentenceBecomesTheStoredName() {
        let names = Suggester(
            source: WordListSource(
                language: "en",
                words: [
                    ("Taylor", 45), ("tailor", 40), ("Isabella", 35), ("Weston's", 28), ("mouse", 45), ("the", 77)
                ]))
        // To a name the dictionary stores, a capitalised word needs only `nameToName` more...
        #expect(names.correction(for: "Taulor", context: "said Miss") == "Taylor")
        #expect(names.correction(for: "Isaabella", context: "said") == "Isabella")
        // ...to a lower-case word still `name` more (it is likely a name the dictionary lacks)...
        #expect(names.correction(for: "Moise", context: "said") == nil)
        #expect(names.correction(for: "moise", context: "said") == "mouse")
        // ...and to a family's possessive too ("the Westons"); "Bennet" → "Bennett" neither
        // (a name doubling one of its letters is another spelling: leavesNamesAlone).
        #expect(names.correction(for: "Westons", context: "the") == nil)
        var strict = names
        strict.costs.nameToName = strict.costs.name
        #expect(strict.correction(for: "Taulor", context: "said Miss") == nil)
        #expect(Search.doublesALetter(of: Array("bennet"), Array("bennett")))
        #expect(!Search.doublesALetter(of: Array("bennett"), Array("bennet")))
        #expect(!Search.doublesALetter(of: Array("taylr"), Array("taylor")))
    }

    @Test func restoresAccents() {
        let fr = Suggester(source: SuggesterTests.french)
        #expect(fr.correction(for: "cafe", context: "") == "café")
        #expect(s.correction(for: "cafe", context: "") == nil)  // a word in English
    }

    @Test func learnedWordsAndPairs() {
        var l = s
        l.learnedWords = ["hell": 20]
        #expect(l.completions(for: "hel", context: "").first == "hell")
        l.learnedWords = ["helsinki": 3]
        #expect(l.completions(for: "hels", context: "").contains("helsinki"))
        // A word no dictionary knows, typed once: not in force yet (it may be a typo)...
        l.learnedWords = ["helsinki": 1]
        #expect(!l.completions(for: "hels", context: "").contains("helsinki"))
        #expect(!l.suggest("helsinki", context: "").known)
        // ...from its second use, or at once when kept (kept words count two, see LearnedWords).
        l.learnedWords = ["helsinki": 2]
        #expect(l.completions(for: "hels", context: "").contains("helsinki"))
        #expect(l.suggest("helsinki", context: "").known)
        // A word the spell checker knows counts at once.
        l.learnedWords = ["lounged": 1]
        #expect(l.learnedCount("lounged") == 0)
        l.spell = SuggesterTests.checker()
        #expect(l.learnedCount("lounged") == 1)
        l.spell = nil
        l.learnedWords = ["Bennet": 2]
        #expect(l.correction(for: "Bennet", context: "") == nil)
        l.learnedWords = [:]
        l.bigrams = ["the": ["held": 5]]
        #expect(l.completions(for: "hel", context: "all the").first == "held")
        #expect(l.completions(for: "hel", context: "all").first == "help")
    }

    @Test func aLearnedPairFollowsItsWordAcrossACommaButNotAFullStop() {
        // "hello, world" typed twice, learned as the keyboard learns it.
        var learned = LearnedWords()
        for _ in 0..<2 {
            learned.learn("hello", after: nil)
            learned.learn("world", after: "hello")
        }
        #expect(s.strip(for: "", context: "hello ", learned: learned, autocorrect: true).slots[1] == .word("world"))
        #expect(s.strip(for: "", context: "hello, ", learned: learned, autocorrect: true).slots[1] == .word("world"))
        #expect(s.strip(for: "", context: "Hello; ", learned: learned, autocorrect: true).slots[1] == .word("world"))
        learned.learn("pm", after: "5", kept: true)
        #expect(s.strip(for: "", context: "at 5 ", learned: learned, autocorrect: true).slots[1] == .word("pm"))
        // A full stop ends the sentence: the next one starts afresh.
        #expect(!s.strip(for: "", context: "hello. ", learned: learned, autocorrect: true).slots.contains(.word("world")))
        #expect(!s.strip(for: "", context: "hello! ", learned: learned, autocorrect: true).slots.contains(.word("world")))
    }

    @Test func contextHoldsAWordFromBytesAsFromCharacters() {
        let texts = [
            "", "the cat", "The Cat sat. ", "don't-know it's", "a\r\nb c", "Bob's BOB bob", "x1y 2z", "naïve cat",
            "café Cafe", "I think i ", "well-known  Well", "it\u{2019}s its", "\"quoted\" (b) [c]", "tab\tsep"
        ]
        let words = [
            "cat", "Cat", "bob", "Bob's", "bob's", "don't-know", "b", "x", "y", "z", "i", "I", "cafe", "café", "its",
            "it's", "well-known", "well", "quoted", "sep", "", "naïve", "c"
        ]
        for text in texts {
            let context = Context(text)
            for word in words {
                for caseSensitive in [false, true] {
                    #expect(
                        context.holds(word, caseSensitive: caseSensitive)
                            == context.holds(word, caseSensitive: caseSensitive, byCharacters: true),
                        "\(text.debugDescription) \(word) \(caseSensitive)")
                }
            }
        }
        // Every ASCII text of up to four characters from a few that matter, and short words.
        let alphabet: [Character] = ["a", "B", "b", "'", "-", "1", " ", ".", "\n"]
        var all = [""]
        for _ in 0..<4 { all = all.flatMap { t in alphabet.map { t + String($0) } } }
        for text in all {
            let context = Context(text)
            for word in ["a", "b", "B", "ab", "a'b", "b-", "aB", "bb"] {
                #expect(context.holds(word) == context.holds(word, byCharacters: true), "\(text.debugDescription) \(word)")
                #expect(
                    context.holds(word, caseSensitive: true) == context.holds(word, caseSensitive: true, byCharacters: true),
                    "\(text.debugDescription) \(word)")
            }
        }
    }

    @Test func contextReadFromBytesAsFromCharacters() {
        let texts = [
            "", " ", "I love Pizza. ", "(hello) ", "Hello, ", "see Bob ", "I will see you ", "Thanks. I ", "I ",
            "Hello, you ", "see you, ", "at 5 ", "don't-know  ", "a\r\nb ", "x,\r\n", "end? (", "say \"hi\" ",
            "[a] b", "one; two ", "café au ", "a \u{2026} b ", "naïve ", "\u{0600}abc ", "word\u{0301} next ",
            "Mr. Smith's ", "  lead", "x\ty ", "it's: ", "9 to 5, ", "a -- b "
        ]
        for text in texts {
            let bytes = Context(text)
            let chars = Context(text, byCharacters: true)
            #expect(bytes.lastWord == chars.lastWord, "\(text.debugDescription)")
            #expect(bytes.previous == chars.previous, "\(text.debugDescription)")
            #expect(bytes.sentenceStart == chars.sentenceStart, "\(text.debugDescription)")
            #expect(bytes.afterComma == chars.afterComma, "\(text.debugDescription)")
            #expect(bytes.beforePrevious == chars.beforePrevious, "\(text.debugDescription)")
        }
        // Every ASCII text of up to four characters from a few that matter.
        let alphabet: [Character] = ["a", "B", "'", "-", "1", " ", ".", ",", "(", "\"", ")", "\n"]
        var all = [""]
        for _ in 0..<4 { all = all.flatMap { t in alphabet.map { t + String($0) } } }
        for text in all {
            let bytes = Context(text)
            let chars = Context(text, byCharacters: true)
            let same =
                bytes.lastWord == chars.lastWord && bytes.previous == chars.previous
                && bytes.sentenceStart == chars.sentenceStart && bytes.afterComma == chars.afterComma
                && bytes.beforePrevious == chars.beforePrevious
            #expect(same, "\(text.debugDescription)")
        }
    }

    @Test func theTextBeforeIsReadInOnePlace() {
        // The word before as written (the emoji strip's), and for pairs (lower-cased, none
        // after a sentence's end or past a closing bracket).
        let ended = Context("I love Pizza. ")
        #expect(ended.lastWord == "Pizza" && ended.previous == nil && ended.sentenceStart)
        let bracketed = Context("(hello) ")
        #expect(bracketed.lastWord == "hello" && bracketed.previous == nil)
        let comma = Context("Hello, ")
        #expect(comma.previous == "hello" && comma.afterComma && comma.pairKey == ",")
        #expect(Context("see Bob ").previous == "bob" && Context("see Bob ").pairKey == "bob")
        #expect(Context("").lastWord == nil && Context("").sentenceStart)
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
        src.entries(withKeyPrefix: "He") { w, _ in
            seen.append(w)
            return seen.count < 3
        }
        #expect(seen == ["he", "held", "hell"])
    }
}
