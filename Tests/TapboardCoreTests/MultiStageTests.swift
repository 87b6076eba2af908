import TestSupport
import Testing

@testable import TapboardCore

/// Dead keys, compose and Telex through the controller: preedit while a sequence is
/// open, one commit when it completes, nothing lost when the panel or keyboard changes.
@Suite struct MultiStageTests {
    func preedits(_ commands: [Command]) -> [String] {
        commands.compactMap { if case .preedit(let p, _) = $0 { p } else { nil } }
    }

    func text(_ d: Driven) -> String? { d.c.text.known?.text }

    @Test func deadKeyShowsTheAccentAsPreeditThenCommitsTheLetter() throws {
        var d = try Driven(["us-intl", "us"])
        d.focus("")
        let open = d.tap("´")
        #expect(preedits(open) == ["´"] && d.textOut(open) == [])
        #expect(d.c.preedit == "´")
        let done = d.tap("e")
        // The commit replaces the preedit: no separate clearing.
        #expect(d.textOut(done) == [.edit(TextEdit(insert: "é"))] && preedits(done) == [])
        #expect(d.c.preedit == "" && text(d) == "é")
    }

    @Test func backspaceStepsBackTheOpenSequenceNotTheField() throws {
        var d = try Driven(["us-intl"])
        d.focus("a")
        d.tap("´")
        let out = d.tap("backspace")
        #expect(d.textOut(out) == [] && preedits(out) == [""])
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
    }

    @Test func composeKeyThenOAndQuoteGivesODiaeresis() throws {
        var d = try Driven(["us-intl"])
        d.focus("")
        #expect(preedits(d.tap("✦")) == [])
        #expect(preedits(d.tap("o")) == ["o"])
        d.tap("123")
        let done = d.tap("\"")
        #expect(d.textOut(done) == [.edit(TextEdit(insert: "ö"))] && text(d) == "ö")
    }

    @Test func hidingThePanelCommitsTheOpenSequence() throws {
        var d = try Driven(["vi"])
        d.focus("")
        for k in ["t", "i", "e", "e"] { d.tap(k) }
        #expect(d.c.preedit == "tiê")
        let out = d.c.hide()
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "tiê"))] && text(d) == "tiê")
        #expect(out.last == .hidePanel)
    }

    @Test func anotherKeyboardCommitsTheOpenSequence() throws {
        var d = try Driven(["vi", "us"])
        d.focus("")
        for k in ["a", "s"] { d.tap(k) }
        let out = d.tap("next-keyboard")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "á"))] && d.c.keyboard.layout.name == "us")
    }

    @Test func returnAndArrowKeysCommitTheWordFirst() throws {
        var d = try Driven(["vi"])
        d.focus("")
        for k in ["d", "d", "i"] { d.tap(k) }
        let out = d.tap("return")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "đi")), .key("Return", [])])
    }

    @Test func focusLeavingForgetsTheSequenceAndTypesNothingElsewhere() throws {
        var d = try Driven(["us-intl"])
        d.focus("")
        d.tap("´")
        var gone = TextFieldState()
        gone.active = false
        let out = d.c.fieldChanged(.deactivated, gone)
        #expect(d.textOut(out) == [] && d.c.preedit == "")
        d.focus("")
        #expect(d.textOut(d.tap("e")) == [.edit(TextEdit(insert: "e"))])
        // Hiding after focus left types nothing.
        d.tap("´")
        _ = d.c.fieldChanged(.deactivated, gone)
        #expect(d.textOut(d.c.hide()) == [])
    }

    @Test func telexTypesTiengVietWithTheWordAsPreedit() throws {
        var d = try Driven(["vi"])
        d.focus("")
        var shown: [String] = []
        var committed: [Command] = []
        for k in ["t", "i", "e", "e", "n", "g", "s", "space", "v", "i", "e", "e", "t", "j", "space"] {
            let out = d.tap(k)
            shown += preedits(out)
            committed += d.textOut(out)
        }
        #expect(shown == ["t", "ti", "tie", "tiê", "tiên", "tiêng", "tiếng", "v", "vi", "vie", "viê", "viêt", "việt"])
        #expect(
            committed == [
                .edit(TextEdit(insert: "tiếng")), .edit(TextEdit(insert: " ")),
                .edit(TextEdit(insert: "việt")), .edit(TextEdit(insert: " "))
            ])
        #expect(text(d) == "tiếng việt ")
    }

    @Test func aCapitalStaysOneCapitalWhileTheWordIsPreedit() throws {
        var d = try Driven(["vi"])
        d.focus("", hints: .autoCapitalization)
        #expect(d.c.keyboard.isShifted)
        d.tap("v")
        #expect(d.c.preedit == "V" && !d.c.keyboard.isShifted)
        d.tap("i")
        #expect(d.c.preedit == "Vi")
    }

    @Test func firefoxCountingThePreeditIntoItsTextChangesNothing() throws {
        var d = try Driven(["vi"])
        d.focus("")
        for k in ["t", "i", "e", "e"] { d.tap(k) }
        d.focus("tiê", change: .updated)  // Firefox: the preedit in its surrounding text
        #expect(text(d) == "")
        d.tap("space")
        #expect(text(d) == "tiê ")
    }

    @Test func aLateReportHoldingAnEarlierPreeditKeepsTheWordOpen() throws {
        var d = try Driven(["vi"])
        d.focus("")
        for k in ["t", "i", "e", "e"] { d.tap(k) }
        d.focus("ti", change: .updated)  // Firefox, one step behind, with the preedit of then
        #expect(d.c.preedit == "tiê")
        d.tap("n")
        #expect(d.c.preedit == "tiên")
    }

    /// "tiếng " typed in Telex as Firefox sees it: its reports during the word show the field
    /// still empty (the preedit is not text yet).
    func tiengTyped() throws -> Driven {
        var d = try Driven(["vi"])
        d.focus("")
        for k in ["t", "i", "e", "e", "n", "g", "s"] { d.tap(k) }
        d.focus("", change: .updated)
        d.tap("space")
        return d
    }

    /// Firefox on a busy machine (a captured trace): its reports come many steps late, and
    /// one of them still holds the preedit of the word before, shown as text. That is the
    /// past, not a tap in the field: the word being typed stays open and whole.
    @Test func aVeryLateReportHoldingTheWordBeforesPreeditKeepsTheNextWordOpen() throws {
        var d = try tiengTyped()
        for k in ["shift", "v", "i", "e", "e"] { d.tap(k) }
        d.focus("", change: .updated)
        d.focus("tiêng", change: .updated)  // "tiê", "n", "g": a preedit of the word before
        #expect(d.c.preedit == "Viê")
        d.tap("t")
        d.report("tiếngVie", cursor: 7)  // the space not in yet, the preedit after the cursor
        #expect(d.c.preedit == "Viêt")
        d.tap("j")
        #expect(d.c.preedit == "Việt")
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: "Việt")), .edit(TextEdit(insert: " "))])
    }

    /// Another captured order: the late report with the word before's preedit comes between
    /// the words, and the reports after it catch up with what was committed.
    @Test func aLateReportBetweenWordsLeavesTheNextWordWhole() throws {
        var d = try tiengTyped()
        d.focus("tiêng", change: .updated)
        for k in ["shift", "v", "i"] { d.tap(k) }
        d.focus("tiếng", change: .updated)
        d.tap("e")
        d.report("tiếngV", cursor: 7)
        for k in ["e", "t", "j"] { d.tap(k) }
        #expect(d.c.preedit == "Việt")
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: "Việt")), .edit(TextEdit(insert: " "))])
    }

    @Test func aTapElsewhereInTheFieldEndsTheOpenWordWithoutTypingIt() throws {
        var d = try Driven(["vi"])
        d.focus("xin ")
        for k in ["c", "h", "a", "o"] { d.tap(k) }
        // The user puts the cursor at the start: the client ended its preedit itself.
        var f = TextFieldState()
        f.active = true
        f.surrounding = SurroundingText(text: "xin ", cursor: 0, anchor: 0)
        d.record(d.c.fieldChanged(.updated, f))
        #expect(d.c.preedit == "")
        let out = d.tap("a")
        #expect(preedits(out) == ["a"])
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: "a")), .edit(TextEdit(insert: " "))])
    }

    @Test func withoutTextInputTheSequenceGoesInAsKeysAndNoPreedit() throws {
        var d = try Driven(["us-intl"])
        d.record(d.c.inputMethodUnavailable())
        let open = d.tap("´")
        #expect(preedits(open) == [] && d.textOut(open) == [])
        #expect(d.textOut(d.tap("e")) == [.typeKeys("é")])
    }

    @Test func theWordTrackerSeesComposedLettersAsTyped() throws {
        var d = try Driven(["us-intl"], suggestions: FakeSuggestions())
        d.focus("")
        d.tap("h")
        d.tap("´")
        #expect(d.c.composing == "h")  // the open accent is not part of the word
        d.tap("e")
        #expect(d.c.composing == "hé" && text(d) == "hé")
    }
}
