import TestSupport
import Testing

@testable import TapboardCore

/// A provider with a handful of words: completions by a fixed ranking, one correction.
struct FakeProvider: SuggestionProvider {
    let words = ["hello", "help", "helmet", "because", "the", "world"]
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip {
        if word.isEmpty {
            let last = context.split(separator: " ").last.map(String.init) ?? ""
            let next = learned.next(after: last)
            return next.isEmpty ? .empty : Strip(slots: [.empty, .word(next[0]), .empty])
        }
        if autocorrect, word == "becuase" { return Strip(slots: [.keep(word), .word("because"), .empty], autocorrect: "because") }
        let found = words.filter { $0.hasPrefix(word.lowercased()) }.map {
            word.first!.isUppercase ? $0.prefix(1).uppercased() + $0.dropFirst() : $0
        }
        var slots: [Strip.Slot] = [.empty, .empty, .empty]
        for (slot, w) in zip([1, 0, 2], found) { slots[slot] = .word(w) }
        return Strip(slots: slots)
    }
}

struct FakeSuggestions: SuggestionLibrary {
    var saved = LearnedWords()
    func provider(for layout: Layout) -> (any SuggestionProvider)? { layout.language.hasPrefix("en") ? FakeProvider() : nil }
    func learnedWords(for language: String) -> LearnedWords { saved }
}

/// A provider that shows the context it was given, to check what the strip is asked.
struct ContextEcho: SuggestionProvider, SuggestionLibrary {
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip {
        Strip(slots: [.empty, .word("[" + context + "]" + word), .empty])
    }
    func provider(for layout: Layout) -> (any SuggestionProvider)? { self }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// The word being typed: the strip, autocorrection and its undo, learning.
@Suite struct WordTests {
    @Test func theStripIsAskedWithTheTextBeforeTheWord() throws {
        var d = try Driven(["us"], suggestions: ContextEcho())
        d.focus("")
        for k in ["h", "i", "space", "y", "o"] { d.tap(k) }
        #expect(d.c.strip.slots[1] == .word("[hi ]yo"))
        d.tap("space")
        #expect(d.c.strip.slots[1] == .word("[hi yo ]"))
    }

    func driven(_ settings: Settings = Settings(), learned: LearnedWords = LearnedWords()) throws -> Driven {
        try Driven(["us"], settings: settings, suggestions: FakeSuggestions(saved: learned))
    }

    func slot(_ d: Driven, _ i: Int) -> String { d.c.strip.slots[i].text }

    /// The learned words the save timer hands out now; nil (recorded) when there is nothing to save.
    func savedWords(_ d: inout Driven, sourceLocation: SourceLocation = #_sourceLocation) -> LearnedWords? {
        let saved = d.c.timerFired(.saveLearned, time: 0)
        guard case .saveLearned(_, let words)? = saved.first else {
            Issue.record("nothing to save: \(saved)", sourceLocation: sourceLocation)
            return nil
        }
        return words
    }

    @Test func theLetterGoesOutBeforeTheStripIsWorkedOut() throws {
        var d = try driven()
        d.focus("")
        let h = try #require(d.c.geometry?.keys.first { $0.key.label == "h" })
        let out = d.c.press(.pointer, at: h.frame.center, time: 5000) + d.c.release(.pointer, time: 5020)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "h"))])
        #expect(d.c.strip == .empty)  // not yet: the app settles once the letter is out
        let later = d.c.settle()
        #expect(slot(d, 1) == "hello")
        #expect(later.contains { if case .redraw = $0 { true } else { false } })
        #expect(d.c.settle() == [])
    }

    @Test func lettersGoInAtOnceAndTheStripFollowsTheWord() throws {
        var d = try driven()
        d.focus("")
        #expect(d.c.geometry?.toolbar != nil, "an empty strip gives its place to the toolbar")
        d.tap("h")
        #expect(d.c.geometry?.strip != nil)
        d.tap("backspace")
        d.report("", cursor: 0)  // the field shows the key's effect: text-input again
        #expect(d.textOut(d.tap("h")) == [.edit(TextEdit(insert: "h"))])
        #expect(d.textOut(d.tap("e")) == [.edit(TextEdit(insert: "e"))])
        #expect(d.c.composing == "he")
        #expect(slot(d, 1) == "hello" && slot(d, 0) == "help")
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: " "))])
        #expect(d.c.composing == "")
        #expect(d.c.text.known?.text == "he ")
    }

    @Test func tappingACandidateAddsItsRestAndASpaceThatPunctuationTakesBack() throws {
        var d = try driven()
        d.focus("")
        d.tap("h")
        d.tap("e")
        d.tap("l")
        let slotKey = try #require(d.c.geometry?.keys.first { $0.key.action == .suggestion(1) })
        var out = d.c.press(.pointer, at: slotKey.frame.center, time: 5000)
        out += d.c.release(.pointer, time: 5010)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "lo "))])
        #expect(d.c.text.known?.text == "hello ")
        // "hello ," becomes "hello, ".
        let comma = d.textOut(d.tap(","))
        #expect(comma == [.key("BackSpace", []), .typeKeys(", ")])
        #expect(d.c.text.known?.text == "hello, ")
    }

    @Test func aCandidateInAnotherCaseReplacesTheLettersByKeys() throws {
        var d = try driven()
        d.focus("")
        d.tap("shift")
        d.tap("h")
        d.tap("e")
        #expect(d.c.strip.slots[1] == .word("Hello"))
        d.c = {
            var c = d.c
            _ = c.wordStage.shown.update(Strip(slots: [.empty, .word("hello"), .empty]))
            return c
        }()
        let slotKey = try #require(d.c.geometry?.keys.first { $0.key.action == .suggestion(1) })
        var out = d.c.press(.pointer, at: slotKey.frame.center, time: 5000)
        out += d.c.release(.pointer, time: 5010)
        #expect(d.textOut(out) == [.key("BackSpace", []), .key("BackSpace", []), .typeKeys("hello ")])
    }

    @Test func spaceAutocorrectsAndBackspaceRightAfterUndoesIt() throws {
        var d = try driven()
        d.focus("")
        for k in ["b", "e", "c", "u", "a", "s", "e"] { d.tap(k) }
        #expect(d.c.strip.slots[0] == .keep("becuase") && d.c.strip.autocorrect == "because")
        let fix = d.textOut(d.tap("space"))
        #expect(fix == Array(repeating: Command.key("BackSpace", []), count: 7) + [.typeKeys("because ")])
        #expect(d.c.text.known?.text == "because ")
        let undo = d.textOut(d.tap("backspace"))
        #expect(undo == Array(repeating: Command.key("BackSpace", []), count: 8) + [.typeKeys("becuase")])
        #expect(d.c.text.known?.text == "becuase")
        d.report("becuase", cursor: 7)
        // The same word is not corrected again in this field.
        d.tap("space")
        for k in ["b", "e", "c", "u", "a", "s", "e"] { d.tap(k) }
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: " "))])
    }

    @Test func aCorrectionByKeysIsFollowedByKeysUntilShown() throws {
        var d = try driven()
        d.focus("")
        for k in ["b", "e", "c", "u", "a", "s", "e"] { d.tap(k) }
        let fix = d.textOut(d.tap("space"))
        #expect(fix.last == .typeKeys("because "))
        #expect(d.textOut(d.tap("i")) == [.typeKeys("i")])
        d.report("because i", cursor: 9)
        #expect(d.textOut(d.tap("t")) == [.edit(TextEdit(insert: "t"))])
    }

    @Test func backspaceInsideTheWordIsAKeyAndShortensTheWord() throws {
        var d = try driven()
        d.focus("")
        d.tap("h")
        d.tap("e")
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
        #expect(d.c.composing == "h" && d.c.text.known?.text == "h")
        #expect(slot(d, 1) == "hello")
    }

    @Test func noStripNoPreeditInSecretOrSpecialFields() throws {
        for (purpose, hints) in [
            (ContentPurpose.password, ContentHints()), (.pin, []), (.terminal, []),
            (.digits, []), (.phone, []), (.normal, .sensitiveData), (.normal, .hiddenText)
        ] {
            var d = try driven()
            d.focus("", purpose: purpose, hints: hints)
            #expect(d.c.geometry?.strip == nil, "\(purpose) \(hints)")
            #expect(!d.c.showsStrip)
        }
        var off = Settings()
        off.suggestions = false
        var d = try driven(off)
        d.focus("")
        #expect(d.c.geometry?.strip == nil)
        #expect(d.textOut(d.tap("h")) == [.edit(TextEdit(insert: "h"))])
        #expect(d.c.composing == "")
    }

    @Test func theStripChangesThePanelHeight() throws {
        var settings = Settings()
        settings.toolbar = .off  // with it, a password field has a toolbar row as tall as the strip
        var d = try driven(settings)
        d.focus("", purpose: .password)
        let without = d.c.wantedHeight
        let out = d.c.fieldChanged(
            .activated,
            {
                var f = TextFieldState()
                f.active = true
                return f
            }())
        #expect(d.c.wantedHeight > without)
        #expect(out.contains(.setPanelHeight(d.c.wantedHeight)))
    }

    @Test func noAutocorrectInEmailURLAndNameFieldsOrWhenOff() throws {
        for purpose in [ContentPurpose.email, .url, .name] {
            var d = try driven()
            d.focus("", purpose: purpose)
            for k in ["b", "e", "c", "u", "a", "s", "e"] { d.tap(k) }
            #expect(d.c.strip.autocorrect == nil, "\(purpose)")
        }
        var off = Settings()
        off.autocorrect = false
        var d = try driven(off)
        d.focus("")
        for k in ["b", "e", "c", "u", "a", "s", "e"] { d.tap(k) }
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: " "))])
    }

    @Test func keptWordsAreLearnedAndOfferedAsNextWords() throws {
        var d = try driven()
        d.focus("")
        for k in ["h", "i", "space", "b", "o", "b", "space"] { d.tap(k) }
        d.focus("hi bob ", change: .updated)  // the field shows what was typed
        let saved = d.c.timerFired(.saveLearned, time: 0)
        guard case .saveLearned(let lang, let words)? = saved.first else {
            Issue.record("nothing to save: \(saved)")
            return
        }
        #expect(lang == "en" && words.words["hi"] == 1 && words.words["bob"] == 1)
        #expect(words.next(after: "hi") == ["bob"])
        // After "hi " the strip offers "bob".
        var again = try driven(learned: words)
        again.focus("")
        again.tap("h")
        again.tap("i")
        again.tap("space")
        #expect(again.c.strip.slots[1] == .word("bob"))
    }

    @Test func pairsAreLearnedAcrossACommaButNotAcrossAFullStop() throws {
        var d = try driven()
        d.focus("")
        for k in ["h", "i", ",", "space", "b", "o", "b", ".", "space", "s", "a", "m", "space"] { d.tap(k) }
        d.focus("hi, bob. Sam ", change: .updated)
        let words = try #require(savedWords(&d))
        #expect(words.next(after: "hi") == ["bob"])
        #expect(words.next(after: "bob").isEmpty)
    }

    @Test func aWordTappedFromTheStripOrRestoredIsKeptAtOnce() throws {
        // Typed and left: counted once (in force from its second use). Tapped from the strip,
        // or brought back by backspace after a correction: counted two (in force at once).
        var d = try driven()
        d.focus("")
        d.tap("h")
        d.tap("e")
        d.tap("l")
        let slotKey = try #require(d.c.geometry?.keys.first { $0.key.action == .suggestion(1) })
        _ = d.c.press(.pointer, at: slotKey.frame.center, time: 5000) + d.c.release(.pointer, time: 5010)
        for k in ["b", "e", "c", "u", "a", "s", "e", "space", "backspace", "space", "o", "k", "space"] { d.tap(k) }
        d.focus("hello becuase ok ", change: .updated)
        let words = try #require(savedWords(&d))
        #expect(words.words == ["hello": 2, "becuase": 2, "ok": 1])
    }

    @Test func wordsAreLearnedInTheLanguageTheyWereTypedIn() throws {
        // Typed on us, the field left while the emoji keyboard (no language) shows.
        var d = try Driven(["us", "emoji"], suggestions: FakeSuggestions())
        d.focus("")
        for k in ["h", "i", "space"] { d.tap(k) }
        d.focus("hi ", change: .updated)
        d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.language.isEmpty)
        d.tap("next-keyboard")  // back on us: a word typed now is learned too
        d.tap("o")
        d.tap("k")
        d.tap("next-keyboard")
        _ = d.c.fieldChanged(.deactivated, TextFieldState())
        let saved = d.c.timerFired(.saveLearned, time: 0)
        #expect(saved.count == 1)
        guard case .saveLearned(let lang, let words)? = saved.first else { return }
        #expect(lang == "en" && words.words == ["hi": 1, "ok": 1])
    }

    @Test func aFieldShowingMaskedTextIsTreatedAsSecret() throws {
        // Firefox's password field with letters committed: "●" for each.
        var d = try driven()
        d.focus("")
        d.tap("s")
        d.focus("●", change: .updated)
        #expect(!d.c.showsStrip && !d.c.keyboard.previews)
        for k in ["e", "c", "space"] { d.tap(k) }
        d.focus("●●●●", change: .updated)
        _ = d.c.fieldChanged(.deactivated, TextFieldState())
        #expect(d.c.timerFired(.saveLearned, time: 0) == [])
    }

    @Test func aWordReplacedByKeysIsNotTakenForASecretField() throws {
        // GTK reports every step of the BackSpace keys of a correction, "" among them.
        var d = try driven()
        d.focus("")
        for (i, k) in ["b", "e", "c", "u", "a", "s", "e"].enumerated() {
            d.tap(k)
            d.focus(String("becuase".prefix(i + 1)), change: .updated)
        }
        d.tap("space")
        d.focus("", change: .updated)
        d.focus("because ", change: .updated)
        #expect(d.c.showsStrip)
        #expect(d.textOut(d.tap("backspace")).last == .typeKeys("becuase"))
    }

    @Test func aFieldThatNeverShowsItsTextTeachesNothing() throws {
        // Firefox's password field after one word: no sign yet, but nothing reported either.
        var d = try driven()
        d.focus("")
        for k in ["s", "e", "c", "r", "e", "t", "space"] { d.tap(k) }
        d.focus("", change: .updated)
        _ = d.c.fieldChanged(.deactivated, TextFieldState())
        #expect(d.c.timerFired(.saveLearned, time: 0) == [])
    }

    @Test func nothingIsLearnedInPasswordURLEmailOrWhenOff() throws {
        for purpose in [ContentPurpose.password, .url, .email] {
            var d = try driven()
            d.focus("", purpose: purpose)
            for k in ["h", "i", "space"] { d.tap(k) }
            d.focus("hi ", purpose: purpose, change: .updated)
            #expect(d.c.timerFired(.saveLearned, time: 0) == [], "\(purpose)")
        }
        var off = Settings()
        off.learn = false
        var d = try driven(off)
        d.focus("")
        for k in ["h", "i", "space"] { d.tap(k) }
        d.focus("hi ", change: .updated)
        #expect(d.c.timerFired(.saveLearned, time: 0) == [])
    }

    @Test func aFieldThatSaidItIsSecretStaysSecretUntilFocusMoves() throws {
        var d = try driven()
        d.focus("", purpose: .password)
        // Firefox: a later update without the content type (normal by the protocol).
        d.focus("", purpose: .normal, change: .updated)
        #expect(!d.c.showsStrip && !d.c.keyboard.previews)
        for k in ["h", "i", "space"] { d.tap(k) }
        #expect(d.c.timerFired(.saveLearned, time: 0) == [])
        // Another field: its own story.
        d.focus("", purpose: .normal, change: .activated)
        #expect(d.c.showsStrip)
    }

    @Test func aFieldReportingNothingButEmptyTextKeepsItsStripButTeachesNothing() throws {
        // Browsers in some sessions report every field empty: the strip stays, but
        // nothing is learned from a field that never showed its text.
        var d = try driven()
        d.focus("")
        for k in ["s", "e", "c", "space"] { d.tap(k) }
        d.focus("", change: .updated)
        #expect(d.c.showsStrip)
        _ = d.c.fieldChanged(.deactivated, TextFieldState())
        #expect(d.c.timerFired(.saveLearned, time: 0) == [])
    }

    @Test func noWordIsEverLeftOnlyInAPreedit() throws {
        // GTK 4.8 drops a preedit when focus moves: every letter is committed at once.
        var d = try driven()
        d.focus("")
        for k in ["h", "e", "l"] { d.tap(k) }
        #expect(d.c.text.known?.text == "hel")
        #expect(d.textOut(d.c.hide()) == [])
    }
}

@Suite struct LearnedWordsTests {
    @Test func roundTripsThroughItsFileAndSkipsBadLines() {
        var l = LearnedWords()
        l.learn("hello", after: nil)
        l.learn("world", after: "hello")
        l.learn("world", after: "hello")
        let back = LearnedWords(parsing: l.serialized() + "garbage\nw\tx\tnot-a-number\n")
        #expect(back == l)
        #expect(back.next(after: "hello") == ["world"])
    }

    @Test func aKeptWordCountsTwoAtOnce() {
        var l = LearnedWords()
        l.learn("zorb", after: nil)
        #expect(l.words["zorb"] == 1)  // stored, in force only from its second use (Suggester.learnedCount)
        l.learn("blorp", after: nil, kept: true)
        #expect(l.words["blorp"] == 2)
        l.learn("blorp", after: nil, kept: true)
        #expect(l.words["blorp"] == 3)
    }

    @Test func staysWithinItsCap() {
        var l = LearnedWords()
        for i in 0..<(LearnedWords.limit + 10) { l.learn("w\(i)", after: nil) }
        #expect(l.words.count <= LearnedWords.limit)
    }
}
