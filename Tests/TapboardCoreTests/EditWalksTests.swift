import TestSupport
import Testing

@testable import TapboardCore

/// The walks kept for short typed keys from one word to the next (`EditWalks`): the same
/// suggestions as walks made afresh, whatever the word, its context, the letters taken back
/// or the cursor moved; new with another keyboard, costs, spell checker or dictionary.
@Suite struct EditWalksTests {
    /// `suggester`'s answer with no walk kept from before (a copy given its keyboard again
    /// has walks of its own, none kept yet).
    func afresh(_ suggester: Suggester, _ word: String, _ context: String) -> Suggestions {
        var copy = suggester
        copy.keys = suggester.keys
        return copy.suggest(word, context: context)
    }

    /// A German keyboard's letters: QWERTY with Y and Z swapped, and ä, ö, ü beside.
    static let qwertz: KeyNeighbours = {
        var positions = KeyNeighbours.qwerty.positions
        (positions["y"], positions["z"]) = (positions["z"], positions["y"])
        positions["ü"] = Point(x: 10.5, y: 0.5)
        positions["ö"] = Point(x: 10, y: 1.5)
        positions["ä"] = Point(x: 11, y: 1.5)
        return KeyNeighbours(positions: positions, alternates: KeyNeighbours.latinAccents)
    }()

    /// Types `words` letter by letter after `contexts` in turn, as the strip asks, each
    /// answer checked against one from nothing kept.
    func typeLetterByLetter(_ suggester: Suggester, _ words: [String], contexts: [String]) {
        var memo = TypedWordMemo()
        for (i, word) in words.enumerated() {
            let context = contexts[i % contexts.count]
            for end in 1...word.count {
                let letters = String(word.prefix(end))
                let kept = suggester.suggest(letters, context: context, memo: &memo)
                #expect(kept == afresh(suggester, letters, context), "\(letters) after \(context)")
            }
        }
    }

    @Test func wordsTypedAfterWordsOfTheSameFirstLettersGetWhatFreshWalksGet() throws {
        var english = try shippedEnglish()
        english.spell = WordSourceSpellChecker(try shippedDictionary("en-known"))
        // Common first letters again and again, typing errors, words only the spell checker
        // knows (its words walked too), capitals, an apostrophe, no word at all.
        let words = [
            "the", "then", "there", "thw", "tge", "we", "will", "were", "wel", "station", "stsation", "after", "aftr",
            "at", "an", "and", "anf", "The", "THE", "We", "don't", "dont", "qzx", "qz", "lol", "lolz", "xq", "i", "I"
        ]
        typeLetterByLetter(english, words, contexts: ["it was the ", "", "we will meet at ", "I said, "])
        // The short keys typed are kept, no longer ones.
        let kept = english.editWalks.keys
        #expect(kept.contains(Array("th".utf8)))
        #expect(kept.allSatisfy { $0.count <= EditWalks.longestKept })
        #expect(kept.filter { $0.count > 1 }.count <= EditWalks.capacity)
    }

    @Test func oneLetterKeysStayKeptPastTheCapacity() throws {
        let english = try shippedEnglish()
        // Every first letter, then more keys of two and three letters than the capacity.
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let longer = letters.prefix(20).flatMap { a in ["e", "o", "a"].map { a + $0 } }
        #expect(longer.count > EditWalks.capacity)
        typeLetterByLetter(english, letters + longer, contexts: [""])
        let kept = english.editWalks.keys
        for letter in letters { #expect(kept.contains(Array(letter.utf8))) }
        #expect(kept.filter { $0.count > 1 }.count == EditWalks.capacity)
        // Asked again, the first letters get what fresh walks get.
        typeLetterByLetter(english, letters, contexts: ["we "])
    }

    @Test func learnedWordsStillGetTheirEdits() throws {
        var english = try shippedEnglish()
        english.learnedWords = ["zyzzyva": 3, "Tehran": 2, "thx": 2]
        typeLetterByLetter(english, ["thx", "thz", "zyz", "zyzzyv", "Teh", "Tehra", "the"], contexts: ["it was the ", ""])
    }

    @Test func germanKeysOfTwoBytesALetterGetWhatFreshWalksGet() throws {
        let german = Suggester(source: try shippedDictionary("de"), keys: Self.qwertz)
        typeLetterByLetter(
            german, ["über", "üb", "ü", "über", "äpfel", "ärger", "straße", "strasse", "übr"], contexts: ["", "und "])
    }

    @Test func aLetterTakenBackOrTheCursorMovedStartsTheWordsCarryAfresh() throws {
        let english = try shippedEnglish()
        var memo = TypedWordMemo()
        // Backspace: "stat" then "sta" then "stx" (the memo's dead edits of "stat" do not hold for "stx").
        for letters in ["s", "st", "sta", "stat", "sta", "stx", "st", "s", "w", "wh"] {
            let kept = english.suggest(letters, context: "we will meet at the ", memo: &memo)
            #expect(kept == afresh(english, letters, "we will meet at the "), "\(letters)")
        }
        // The cursor moved into another word (another context), then another field (no context).
        for (letters, context) in [("th", "it was "), ("the", "by the river "), ("ther", ""), ("w", ""), ("wo", "a ")] {
            let kept = english.suggest(letters, context: context, memo: &memo)
            #expect(kept == afresh(english, letters, context), "\(letters) after \(context)")
        }
    }

    @Test func theKeptWalksAreNewWithAnotherKeyboardCostsSpellCheckerOrDictionary() throws {
        var english = try shippedEnglish()
        _ = english.suggest("th", context: "")
        #expect(!english.editWalks.keys.isEmpty)
        let changes: [(inout Suggester) throws -> Void] = [
            { $0.keys = Self.qwertz }, { $0.costs.substitution += 1 },
            { $0.spell = WordSourceSpellChecker(try shippedDictionary("en-known")) },
            { $0.source = try shippedDictionary("de") }
        ]
        for change in changes {
            _ = english.suggest("th", context: "")
            let before = ObjectIdentifier(english.editWalks)
            try change(&english)
            #expect(ObjectIdentifier(english.editWalks) != before)
            #expect(english.editWalks.keys.isEmpty)
        }
        // With another keyboard, what it answers is that keyboard's.
        var qwertz = try shippedEnglish()
        _ = qwertz.suggest("zh", context: "")
        qwertz.keys = Self.qwertz
        #expect(qwertz.suggest("zh", context: "") == afresh(qwertz, "zh", ""))
    }
}
