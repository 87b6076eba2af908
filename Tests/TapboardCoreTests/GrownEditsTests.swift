import TestSupport
import Testing

@testable import TapboardCore

/// The typing errors of a typed key grown from those of the key one letter shorter: the same
/// edits, at the same costs, as those made afresh; and the memo's kept only for the word
/// they were made for.
@Suite struct GrownEditsTests {
    /// An edit as the walks read it, in an order of its own: where, what it puts in, at what cost.
    func described(_ edits: TypingEdits) -> [String] {
        edits.all.map { e in
            "\(e.start) \(Array(edits.middle(of: e))) \(e.resume) \(e.cost) \(e.spelled) \(String(describing: e.spot))"
        }.sorted()
    }

    func search(_ suggester: Suggester, _ typed: String) -> Search {
        Search(suggester: suggester, typed: typed, context: Context(""))
    }

    @Test(arguments: [false, true])
    func editsGrownLetterByLetterAreThoseMadeAfresh(german: Bool) throws {
        var suggester = try shippedEnglish()
        if german { suggester.keys = EditWalksTests.qwertz }
        // Doubled letters, neighbours, an apostrophe typed, "ss" and "ß", letters off the
        // keyboard, one letter, capitals (lower-cased in the key).
        let words = [
            "the", "aardvark", "bookkeeper", "don't", "o'clock", "strasse", "straße", "ßs", "café", "naïve", "qwerty",
            "asdfghjkl", "mississippi", "x", "Hello", "y'all'", "zzz"
        ]
        for word in words {
            var edits = search(suggester, String(word.prefix(1))).typingEdits()
            for end in 2...max(2, word.count) where end <= word.count {
                let longer = search(suggester, String(word.prefix(end)))
                longer.grow(&edits)
                #expect(described(edits) == described(longer.typingEdits()), "\(word.prefix(end))")
            }
        }
    }

    @Test func theMemoGrowsItsEditsOnlyForTheNextLetterOfTheSameWordAndSuggester() throws {
        let english = try shippedEnglish()
        var memo = TypedWordMemo()
        for letters in ["w", "wa", "wal", "walk", "wal", "walz", "x", "xy"] {
            var s = Search(suggester: english, typed: letters, context: Context("we "), memo: memo)
            #expect(described(s.typingEditsGrown()) == described(s.typingEdits()), "\(letters)")
            memo = s.memo
            #expect(memo.typingEdits?.letters == letters.count)
        }
        // Another keyboard (a new suggester's kept walks): the edits are made afresh for it.
        var german = english
        german.keys = EditWalksTests.qwertz
        var s = Search(suggester: german, typed: "xyz", context: Context("we "), memo: memo)
        #expect(described(s.typingEditsGrown()) == described(s.typingEdits()))
        #expect(s.memo.typingEdits?.made === german.editWalks.made)
    }
}
