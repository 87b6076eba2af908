import TestSupport
import Testing

@testable import TapboardCore

/// The next words' ranking that keeps only the entries that can be among the best gives what
/// the ranking of every entry gives, rereading them where it kept too few.
@Suite struct NextWordRankingTests {
    /// `entries` ("of word", class) ranked as `Suggester.nextWords` does: the user's words,
    /// the entries, then reread whole where asked; the words `wanted` asks for, in order.
    static func ranked(
        _ entries: [(String, UInt8)], mine: [(String, Int)] = [], mineAfter: Bool = false, whole: Bool = false,
        wanted: Int
    ) -> (words: [String], reread: Bool) {
        func rank(whole: Bool) -> NextWordRanking {
            var ranking = NextWordRanking(prefix: "of ", whole: whole)
            if !mineAfter { for (w, n) in mine { ranking.addMine(w, count: n) } }
            for (entry, f) in entries { ranking.add(entry: entry, class: f) }
            if mineAfter { for (w, n) in mine { ranking.addMine(w, count: n) } }
            return ranking
        }
        var reread = false
        var ranking = rank(whole: whole)
        if ranking.needsRereading {
            reread = true
            ranking = rank(whole: true)
        }
        var out: [String] = []
        let body = { (w: String) -> Bool in
            out.append(w)
            return out.count < wanted
        }
        if let visited = ranking.visit(body) {
            reread = true
            var all = rank(whole: true)
            all.visit(skipping: visited, body)
        }
        return (out, reread)
    }

    /// 300 entries over a few classes, in key order, as the pairs' file holds them.
    static let entries: [(String, UInt8)] = {
        var rng = SeededRandom(state: 52)
        var words = Set<String>()
        while words.count < 300 {
            let letters = (0..<Int.random(in: 1...7, using: &rng)).map { _ in "abcdefghij".randomElement(using: &rng)! }
            words.insert(String(letters))
        }
        return words.sorted().map { ("of " + $0, UInt8.random(in: 40...90, using: &rng)) }
    }()

    @Test(arguments: [1, 3, 12, 13, 20, 400])
    func keptInPartAsInWhole(wanted: Int) {
        let part = Self.ranked(Self.entries, wanted: wanted)
        let whole = Self.ranked(Self.entries, whole: true, wanted: wanted)
        #expect(part.words == whole.words)
        #expect(part.words.count == min(wanted, Self.entries.count))
        // Only asking past what was kept reads the entries again.
        #expect(part.reread == (wanted > NextWordRanking.picked))
    }

    @Test func theUsersWordsBeforeOrAfterTheEntries() {
        let mine = [(String(Self.entries[5].0.dropFirst(3)), 2), ("zz", 1), (String(Self.entries[9].0.dropFirst(3)), 4)]
        for wanted in [3, 12, 15, 400] {
            let whole = Self.ranked(Self.entries, mine: mine, whole: true, wanted: wanted)
            #expect(Self.ranked(Self.entries, mine: mine, wanted: wanted).words == whole.words, "\(wanted)")
            // The user's words after the entries (not what nextWords does) are read again.
            let after = Self.ranked(Self.entries, mine: mine, mineAfter: true, wanted: wanted)
            #expect(after.words == whole.words && after.reread, "\(wanted)")
        }
    }

    @Test func aWordTwiceOrNotPlainAfterEntriesLeftOutIsReadAgain() {
        var twice = Self.entries
        let at = twice.count - 10
        twice.insert((twice[at].0, 95), at: at + 1)
        var accented = Self.entries
        accented.insert(("of zzé", 41), at: accented.count)
        for entries in [twice, accented] {
            let whole = Self.ranked(entries, whole: true, wanted: 5)
            let part = Self.ranked(entries, wanted: 5)
            #expect(part.words == whole.words && part.reread)
        }
        // The word twice at the score given last: first.
        #expect(Self.ranked(twice, whole: true, wanted: 1).words == [String(twice[at].0.dropFirst(3))])
    }

    /// Pairs after "of ": 3,000 next words over 50 classes in a `.tbd` lexicon (94 blocks),
    /// some capitalised; `oddOnes` adds entries the ranking cannot keep plain (the token
    /// written otherwise, a word not in ASCII).
    static func pairs(oddOnes: Bool) -> [(String, UInt8)] {
        var rng = SeededRandom(state: 7)
        var words = Set<String>()
        while words.count < 3000 {
            let letters = (0..<Int.random(in: 2...8, using: &rng)).map { _ in "abcdefghijklmnop".randomElement(using: &rng)! }
            words.insert(String(letters))
        }
        var entries = words.sorted().enumerated().map { i, w in
            ("of " + (i % 97 == 0 ? w.prefix(1).uppercased() + w.dropFirst() : w), UInt8.random(in: 20...70, using: &rng))
        }
        if oddOnes { entries += [("Of hij", 45), ("of café", 30), ("OF mmm", 69)] }
        return entries
    }

    @Test(arguments: [false, true])
    func blocksThatCannotRankArePassedOverWithTheSameNextWords(oddOnes: Bool) throws {
        let entries = Self.pairs(oddOnes: oddOnes)
        let written = WordListSource(language: "en", words: entries.map { (String($0.0.dropFirst(3)), 40) })
        let lexicon = try Lexicon(bytes: Lexicon.build(entries, language: "en"))
        var passedOver = 0
        lexicon.wordBytes(
            withKeyPrefix: "of ", bestOf: NextWordRanking.picked, passingOver: { passedOver += 1 }, { _, _ in true })
        #expect(passedOver > 30)
        // The same next words as from the same pairs in a list, which are all read.
        let fromBlocks = Suggester(source: written, pairs: lexicon)
        let fromList = Suggester(source: written, pairs: WordListSource(language: "en", words: entries))
        for mine in [[:], ["of": ["zz": 2, "abc": 1]]] as [[String: [String: Int]]] {
            var (a, b) = (fromBlocks, fromList)
            (a.bigrams, b.bigrams) = (mine, mine)
            for context in ["a slice of ", "Most of ", "Of "] {
                #expect(a.nextWords(context: context) == b.nextWords(context: context), "\(context)")
            }
        }
    }
}
