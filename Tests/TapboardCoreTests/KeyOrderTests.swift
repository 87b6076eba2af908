import Testing

@testable import TapboardCore

/// A key tapboard sent and the text after it arrive in the order sent: under load Firefox
/// let a commit overtake a BackSpace key ("hello", BackSpace, " ok" became "hellook "), so
/// while no report shows a key's effect, what follows goes as keys too.
@Suite struct KeyOrderTests {
    func s(_ t: String) -> SurroundingText { SurroundingText(text: t, cursor: t.utf8.count, anchor: t.utf8.count) }

    @Test func aKeyAwaitsTheReportThatShowsItsEffect() {
        var m = TextModel()
        m.clientReported(s(""))
        for c in "hello" { m.sent(TextEdit(insert: String(c))) }
        #expect(!m.awaitsKey)
        m.sentBackspaceKey()
        #expect(m.awaitsKey)
        // Reports from before the key (Firefox's come late under load) show nothing of it.
        m.clientReported(s("hel"))
        m.clientReported(s("hello"))
        #expect(m.awaitsKey)
        m.sentKeys(" ")
        // "hell" is the backspace's effect, but the space typed after it is still on its way.
        m.clientReported(s("hell"))
        #expect(m.awaitsKey)
        m.clientReported(s("hell "))
        #expect(!m.awaitsKey && m.known == s("hell "))
    }

    @Test func aKeyOfUnknownEffectAwaitsAReportUnlikeTheTextBeforeIt() {
        var m = TextModel()
        m.clientReported(s("ab"))
        m.sentUnknownKey()  // Left
        m.clientReported(s("ab"))
        #expect(m.awaitsKey)
        m.clientReported(SurroundingText(text: "ab", cursor: 1, anchor: 1))
        #expect(!m.awaitsKey)
        // A field that reports no text gives no report to wait for: keys until focus moves.
        m.clientReported(nil)
        m.sentBackspaceKey()
        m.clientReported(nil)
        #expect(m.awaitsKey)
        m.reset()
        #expect(!m.awaitsKey)
    }

    @Test func anUnforeseenReportAfterAKeyIsNotTakenForItsEffect() {
        var m = TextModel()
        m.clientReported(s("abc"))
        m.sentBackspaceKey()
        // The app changed the text meanwhile: whether the key was applied is not known.
        m.clientReported(s("abcX"))
        #expect(m.awaitsKey)
        m.clientReported(s("abX"))
        #expect(!m.awaitsKey)
    }

    @Test func editsAfterAKeyInFlightBecomeKeys() {
        var f = TextFieldState()
        f.active = true
        f.surrounding = s("done ")
        let plan = { (e: Effect) in Submission.plan(e, field: f, text: f.surrounding, keyInFlight: true) }
        #expect(plan(.commitText("ok")) == [.typeKeys("ok")])
        #expect(plan(.doubleSpace) == [.key("BackSpace", []), .typeKeys(". ")])
        #expect(plan(.deleteWordBackward) == Array(repeating: .key("BackSpace", []), count: 5))
        #expect(plan(.deleteBackward) == [.key("BackSpace", [])])
        f.hints = [.multiline]
        #expect(plan(.enter) == [.key("Return", [])])
        // Without a key in flight, text-input as before.
        #expect(Submission.plan(.commitText("ok"), field: f, text: f.surrounding) == [.edit(TextEdit(insert: "ok"))])
    }

    @Test func lettersAfterABackspaceAreKeysUntilTheFieldCatchesUp() throws {
        var d = try Driven()
        d.focus("")
        for k in ["h", "e", "l", "l", "o"] { d.tap(k) }
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
        #expect(d.textOut(d.tap("space")) == [.typeKeys(" ")])
        d.report("hello", cursor: 5)  // late: from before the backspace
        #expect(d.textOut(d.tap("o")) == [.typeKeys("o")])
        d.report("hell o", cursor: 6)
        #expect(d.textOut(d.tap("k")) == [.edit(TextEdit(insert: "k"))])
        #expect(d.c.text.known == s("hell ok"))
    }
}

extension KeyOrderTests {
    @Test func textAfterAFormsReturnWaitsForTheFieldsReport() throws {
        var d = try Driven()
        d.focus("")
        d.tap("h")
        #expect(d.textOut(d.tap("return")) == [.key("Return", [])])
        // A chat app may have emptied the field: until it says so, letters follow as keys.
        #expect(d.textOut(d.tap("o")) == [.typeKeys("o")])
        d.report("o", cursor: 1)
        #expect(d.textOut(d.tap("k")) == [.edit(TextEdit(insert: "k"))])
    }

    /// input-method-v1 (KWin, weston): KWin hands a Qt field the keysyms as key events, which
    /// Qt applies after text sent behind them; so a backspace, or a replacement, over ASCII
    /// tapboard knows goes as a text-input edit, in the one stream.
    @Test func whereDeletionsGoAsEditsABackspaceOverKnownASCIIIsAnEdit() throws {
        var d = try Driven()
        d.c.deletesAsEdits = true
        d.focus("")
        for k in ["h", "i"] { d.tap(k) }
        #expect(d.textOut(d.tap("backspace")) == [.edit(TextEdit(deleteBefore: 1))])
        #expect(d.textOut(d.tap("e")) == [.edit(TextEdit(insert: "e"))])
        #expect(d.c.text.known == s("he"))
        // Text not known to be ASCII goes as the key, which deletes it by the client's rules.
        d.report("\u{E9}", cursor: 2)
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
        // After that key, letters stay text-input edits: one stream, one order.
        #expect(d.textOut(d.tap("o")) == [.edit(TextEdit(insert: "o"))])
    }
}
