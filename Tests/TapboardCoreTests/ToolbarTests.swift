import TestSupport
import Testing

@testable import TapboardCore

/// The form toolbar: where it shows, what its buttons send.
@Suite struct ToolbarTests {
    func driven(
        _ mode: ToolbarMode = .auto, suggestions: Bool = true, library: any SuggestionLibrary = FakeSuggestions()
    ) throws -> Driven {
        var settings = Settings()
        settings.toolbar = mode
        return try Driven(["us"], settings: settings, suggestions: suggestions ? library : nil)
    }

    func buttons(_ d: Driven) -> [String] {
        d.c.geometry?.keys.compactMap { if case .toolbar(let b) = $0.key.action { b.rawValue } else { nil } } ?? []
    }

    func slots(_ d: Driven) -> Int {
        d.c.geometry?.keys.filter { if case .suggestion = $0.key.action { true } else { false } }.count ?? 0
    }

    @Test func anEmptyFieldShowsTheToolbarInTheStripsPlace() throws {
        var d = try driven()
        d.focus("")
        #expect(buttons(d) == ["previous-field", "next-field", "done"])
        #expect(slots(d) == 0)
        let height = try #require(d.c.geometry?.height)
        d.tap("h")
        #expect(buttons(d) == [])
        #expect(slots(d) == 3)
        #expect(d.c.geometry?.height == height, "the strip and the toolbar take the same room")
        d.tap("backspace")
        #expect(buttons(d) == ["previous-field", "next-field", "done"])
    }

    /// The suggester of SuggesterTests' word list as the keyboard's suggestions.
    struct ListSuggestions: SuggestionLibrary {
        func provider(for layout: Layout) -> (any SuggestionProvider)? { Suggester(source: SuggesterTests.english) }
        func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
    }

    /// A word nothing in the list fits: the strip shows it as typed and keeps the band
    /// until the word ends, so a finger on its way to a suggestion never meets Done.
    @Test func aWordInProgressKeepsTheStripWhenNothingFitsIt() throws {
        var d = try driven(library: ListSuggestions())
        d.focus("")
        #expect(buttons(d) == ["previous-field", "next-field", "done"])
        d.tap("x")
        #expect(buttons(d) == [] && slots(d) == 3)
        let band = d.tap("k")
        #expect(d.c.strip.slots == [.empty, .keep("xk"), .empty])
        #expect(buttons(d) == [] && slots(d) == 3)
        #expect(!band.contains { if case .setPanelHeight = $0 { true } else { false } })
        // Between words, with nothing to offer, the toolbar comes back.
        d.tap("space")
        #expect(buttons(d) == ["previous-field", "next-field", "done"])
    }

    @Test func fieldsWithoutSuggestionsGetAToolbarRow() throws {
        for purpose in [ContentPurpose.password, .pin, .digits, .terminal] {
            var d = try driven()
            d.focus("", purpose: purpose)
            #expect(buttons(d) == ["previous-field", "next-field", "done"], "\(purpose)")
            #expect(slots(d) == 0)
            let keys = try #require(d.c.geometry?.keys.filter { $0.row >= 0 })
            #expect(keys.allSatisfy { $0.frame.y >= d.c.geometry!.barHeight.asDouble }, "\(purpose)")
        }
        var off = try driven(.off)
        off.focus("", purpose: .password)
        #expect(buttons(off) == [] && off.c.geometry?.barHeight == 0)
    }

    @Test func passwordFieldsStillGetNoBubbleAndLearnNothing() throws {
        var d = try driven()
        d.focus("", purpose: .password)
        #expect(!d.c.keyboard.previews)
        #expect(!d.c.mayLearn)
        #expect(d.c.strip == .empty)
    }

    @Test func alwaysPutsTheToolbarAboveTheStrip() throws {
        var d = try driven(.always)
        d.focus("")
        d.tap("h")
        #expect(buttons(d).count == 3 && slots(d) == 3)
        let g = try #require(d.c.geometry)
        let toolbar = try #require(g.toolbar)
        let strip = try #require(g.strip)
        #expect(toolbar.maxY <= strip.y)
        var auto = try driven()
        auto.focus("")
        #expect(g.height > auto.c.geometry!.height)
    }

    @Test func offIsThePanelWithoutAToolbar() throws {
        var d = try driven(.off)
        d.focus("")
        #expect(buttons(d) == [] && slots(d) == 3)
        var plain = try driven(.off, suggestions: false)
        plain.focus("")
        #expect(plain.c.geometry?.barHeight == 0)
    }

    @Test func noFieldNoToolbar() throws {
        var d = try driven()
        d.record(d.c.show())
        #expect(buttons(d) == [])
        #expect(d.c.geometry?.barHeight == 0)
    }

    /// Chromium leaves a password field and comes back as its first letter goes in: the
    /// panel keeps its size meanwhile, so the next tap lands on the key it aimed at.
    @Test func theToolbarStaysWhileFocusMoves() throws {
        var d = try driven()
        d.focus("", purpose: .password)
        let g = try #require(d.c.geometry)
        let out = d.c.fieldChanged(.deactivated, TextFieldState())
        #expect(d.c.geometry == g)
        #expect(!out.contains { if case .setPanelHeight = $0 { true } else { false } })
        d.focus("", purpose: .password)
        #expect(d.c.geometry == g)
        d.record(d.c.fieldChanged(.deactivated, TextFieldState()))
        d.record(d.c.timerFired(.hideAfterFocusLoss, time: 5000))
        #expect(!d.c.visible)
        d.record(d.c.show())  // SIGUSR2 with no field: no toolbar
        #expect(buttons(d) == [])
    }

    @Test func previousAndNextAreShiftTabAndTab() throws {
        var d = try driven()
        d.focus("")
        #expect(d.textOut(d.tap("next-field")) == [.key("Tab", [])])
        #expect(d.textOut(d.tap("previous-field")) == [.key("Tab", .shift)])
    }

    @Test func doneHidesUntilAnotherFieldIsFocused() throws {
        var d = try driven()
        d.focus("")
        let out = d.tap("done")
        #expect(out.contains(.hidePanel))
        #expect(!d.c.visible)
        // The same field's later reports do not bring it back.
        d.focus("", change: .updated)
        d.focus("x", change: .updated)
        #expect(!d.c.visible)
        d.record(d.c.fieldChanged(.deactivated, TextFieldState()))
        d.focus("")
        #expect(d.c.visible)
    }

    /// The focused field's report with the cause `other` (the client's own) and the text as it was.
    func touched(_ d: inout Driven, cursor: Int? = nil) {
        var f = d.c.field
        f.cause = .other
        if let cursor, let text = f.surrounding?.text {
            f.surrounding = SurroundingText(text: text, cursor: cursor, anchor: cursor)
        }
        d.record(d.c.fieldChanged(.updated, f))
    }

    @Test func touchingTheFocusedFieldAfterDoneShowsThePanel() throws {
        var d = try driven()
        d.focus("hello")
        d.tap("done")
        #expect(!d.c.visible)
        // GTK's report after a tap in the field: the same text, the cursor where the tap put it.
        touched(&d, cursor: 2)
        #expect(d.c.visible)
    }

    @Test func onlyATouchAfterDoneShowsThePanel() throws {
        var d = try driven()
        d.focus("hello")
        d.tap("done")
        // The application changing the text is no touch, nor are the input method's own reports.
        var f = d.c.field
        f.cause = .other
        f.surrounding = SurroundingText(text: "", cursor: 0, anchor: 0)
        d.record(d.c.fieldChanged(.updated, f))
        #expect(!d.c.visible)
        d.focus("", change: .updated)
        #expect(!d.c.visible)
        touched(&d)
        #expect(d.c.visible)
        // Hidden some other way (a signal, a script), or told to hide after Done: a touch
        // leaves it hidden.
        d.record(d.c.hide())
        touched(&d)
        #expect(!d.c.visible)
        d.record(d.c.show())
        d.tap("done")
        d.record(d.c.hide())
        touched(&d)
        #expect(!d.c.visible)
        // Once shown, typing and touches change nothing about the panel.
        d.record(d.c.show())
        touched(&d)
        #expect(d.c.visible)
        d.report("h", cursor: 1)
        #expect(d.c.visible)
    }

    @Test func pasteShowsWithTextOnTheClipboardAndCommitsIt() throws {
        var d = try driven()
        d.focus("")
        d.record(d.c.clipboardChanged(hasText: true))
        #expect(buttons(d) == ["previous-field", "next-field", "paste", "done"])
        let out = d.tap("paste")
        #expect(out.contains(.paste))
        let pasted = d.c.pasted("secret words")
        #expect(d.textOut(pasted) == [.edit(TextEdit(insert: "secret words"))])
        #expect(d.c.learnedToSave().isEmpty, "pasted text is not learned")
        d.record(d.c.clipboardChanged(hasText: false))
        #expect(!buttons(d).contains("paste"))
    }

    @Test func pasteGoesInPiecesTheProtocolAllows() throws {
        var d = try driven()
        d.focus("", purpose: .password)
        let long = String(repeating: "é", count: 3000)
        let edits = d.textOut(d.c.pasted(long))
        #expect(edits.count == 2)
        var joined = ""
        for case .edit(let e) in edits {
            #expect(e.insert.utf8.count <= 4000)
            joined += e.insert
        }
        #expect(joined == long)
    }

    @Test func aWordTypedWhileTheClipboardIsReadEndsFirst() throws {
        var d = try driven()
        d.focus("")
        d.record(d.c.clipboardChanged(hasText: true))
        #expect(d.tap("paste").contains(.paste))
        d.tap("h")
        #expect(d.c.composing == "h")
        #expect(d.textOut(d.c.pasted("ello")) == [.edit(TextEdit(insert: "ello"))])
        #expect(d.c.composing == "")
    }

    @Test func pasteDoesNothingWithoutAField() throws {
        var d = try driven()
        d.focus("")
        d.record(d.c.fieldChanged(.deactivated, TextFieldState()))
        #expect(d.c.pasted("text") == [])
    }

    @Test func buttonsKeepTheirPlacesWhetherPasteShowsOrNot() throws {
        var d = try driven()
        d.focus("")
        let before = try #require(d.c.geometry?.keys.filter { $0.row < 0 }.map(\.frame))
        d.record(d.c.clipboardChanged(hasText: true))
        let after = try #require(d.c.geometry?.keys.filter { $0.row < 0 })
        #expect(after.count == 4)
        #expect(after.filter { $0.key.action != .toolbar(.paste) }.map(\.frame) == before)
    }

    @Test func onAWideOutputTheButtonsStandOverTheKeys() throws {
        let layout = try KeyboardLibrary().load("us").get()
        let g = PanelGeometry(
            layer: layout.layers[0], width: 2400, height: 400, stripHeight: 80,
            bar: PanelBar(slots: true, toolbar: ToolbarButton.allCases))
        let keys = g.keys.filter { $0.row >= 0 }
        let (left, right) = (keys.map(\.frame.x).min()!, keys.map(\.frame.maxX).max()!)
        #expect(right - left < 2000, "the keys should be centred, not stretched")
        let buttons = g.keys.filter { if case .toolbar = $0.key.action { true } else { false } }
        #expect(buttons.count == 4)
        #expect(buttons.allSatisfy { $0.frame.x >= left - 1 && $0.frame.maxX <= right + 1 }, "drawn over the keys")
        #expect(buttons.first!.cell.x == 0 && buttons.last!.cell.maxX == 2400, "touch areas reach the edges")
        for b in buttons { #expect(g.keyIndex(at: b.frame.center).map { g.keys[$0].key.action } == b.key.action) }
    }

    @Test func theSetting() {
        let (s, warnings) = Settings.parse("toolbar = always\n", file: "c")
        #expect(s.toolbar == .always && warnings.isEmpty)
        #expect(Settings().toolbar == .auto)
        let (bad, problems) = Settings.parse("toolbar = sometimes\n", file: "c")
        #expect(bad.toolbar == .auto)
        #expect(problems == ["c:1: \"toolbar\" wants auto, always or off; ignored"])
    }
}

extension Int {
    var asDouble: Double { Double(self) }
}
