import TestSupport
import Testing

@testable import TapboardCore

@Suite struct InputMethodTests {
    @Test func doneAppliesPendingAndCountsTheSerial() {
        var im = InputMethodState()
        im.activate()
        im.setContentType(hints: ContentHints.multiline.rawValue, purpose: ContentPurpose.digits.rawValue)
        #expect(im.current.active == false)
        #expect(im.done() == .activated)
        #expect(im.serial == 1)
        #expect(im.current.purpose == .digits)
        #expect(im.current.hints == .multiline)
        im.setSurrounding(text: "ab", cursor: 2, anchor: 2)
        #expect(im.done() == .updated)
        #expect(im.current.surrounding?.text == "ab")
        im.deactivate()
        #expect(im.done() == .deactivated)
        #expect(im.serial == 3)
        // A new activation starts from a clean state.
        im.activate()
        #expect(im.done() == .activated)
        #expect(im.current.surrounding == nil && im.current.purpose == .normal)
    }

    @Test func theChangeCauseHoldsForOneDone() {
        var im = InputMethodState()
        im.activate()
        im.done()
        #expect(im.current.cause == .inputMethod)
        im.setChangeCause(1)
        im.done()
        #expect(im.current.cause == .other)
        // Like the rest of the state, it starts afresh: the protocol's initial value.
        im.done()
        #expect(im.current.cause == .inputMethod)
    }

    func field(_ text: String, cursor: Int? = nil, anchor: Int? = nil) -> TextFieldState {
        var f = TextFieldState()
        f.active = true
        let c = cursor ?? text.utf8.count
        f.surrounding = SurroundingText(text: text, cursor: c, anchor: anchor ?? c)
        return f
    }

    func plan(_ e: Effect, _ f: TextFieldState?) -> [Submission.Output] {
        Submission.plan(e, field: f, text: f?.surrounding)
    }

    @Test func backspaceDeletesTheLastCodePointExceptEmojiSequences() {
        func unit(_ text: String) -> String? {
            SurroundingText(text: text, cursor: text.utf8.count, anchor: text.utf8.count).backspaceUnit
        }
        #expect(unit("abc") == "c")
        #expect(unit("né") == "é")
        // Combining marks and conjuncts lose their last code point, as on phones.
        #expect(unit("e\u{301}") == "\u{301}")
        #expect(unit("क्ष") == "ष")
        #expect(unit("กี่") == "\u{E48}")
        #expect(unit("بَ") == "\u{64E}")
        // Emoji sequences go whole: ZWJ, skin tone, flag, keycap, variation selector.
        for emoji in ["👨‍👩‍👧‍👦", "👍🏽", "🇩🇪", "1️⃣", "❤️", "🏳️‍🌈"] {
            #expect(unit("a" + emoji) == emoji, "\(emoji)")
        }
        #expect(unit("a\r\n") == "\r\n")
        #expect(unit("") == nil)
        #expect(SurroundingText(text: "ab", cursor: 2, anchor: 0).backspaceUnit == nil)
    }

    @Test func backspaceIsAKeyEventInEveryField() {
        // GTK4 counts delete lengths in characters, Chromium drops them unless current,
        // GTK3 and Firefox hide selections: the key is right in all of them.
        for f in [
            field("abc"), field("abü"), field("a👍🏽"), field("hello world", cursor: 11, anchor: 6),
            field("second line", cursor: 0), field(""), field("né", cursor: 2)
        ] {
            #expect(plan(.deleteBackward, f) == [.key("BackSpace", [])], "\(f)")
        }
        var noText = TextFieldState()
        noText.active = true
        #expect(plan(.deleteBackward, noText) == [.key("BackSpace", [])])
        #expect(plan(.deleteBackward, nil) == [.key("BackSpace", [])])
    }

    @Test func theModelFollowsABackSpaceKey() {
        var sel = SurroundingText(text: "hello world", cursor: 11, anchor: 6)
        sel.applyBackspaceKey()
        #expect(sel == SurroundingText(text: "hello ", cursor: 6, anchor: 6))
        var accent = SurroundingText(text: "caf\u{65}\u{301}", cursor: 6, anchor: 6)
        accent.applyBackspaceKey()
        #expect(accent.text == "cafe")
        var emoji = SurroundingText(text: "ok👍🏽", cursor: 10, anchor: 10)
        emoji.applyBackspaceKey()
        #expect(emoji.text == "ok")
    }

    @Test func textGoesThroughTextInputWhenActiveElseKeys() {
        #expect(plan(.commitText("h"), field("")) == [.edit(TextEdit(insert: "h"))])
        #expect(plan(.commitText("h"), TextFieldState()) == [.typeKeys("h")])
        #expect(plan(.commitText("h"), nil) == [.typeKeys("h")])
        #expect(plan(.key("Left", .ctrl), field("")) == [.key("Left", .ctrl)])
        #expect(plan(.enter, field("")) == [.key("Return", [])])
    }

    @Test func longTextIsSplitAt4000BytesOnCharacterBoundaries() {
        let text = String(repeating: "é", count: 3000)  // 6000 bytes
        let outputs = plan(.commitText(text), field(""))
        #expect(outputs.count == 2)
        var joined = ""
        for case .edit(let e) in outputs {
            #expect(e.insert.utf8.count <= 4000)
            joined += e.insert
        }
        #expect(joined == text)
    }

    @Test func localEditsTrackTheField() {
        var s = SurroundingText(text: "hello", cursor: 5, anchor: 5)
        s.apply(TextEdit(deleteBefore: 1, insert: "p!"))
        #expect(s == SurroundingText(text: "hellp!", cursor: 6, anchor: 6))
        // A commit replaces the selection; deletions count from its ends.
        var sel = SurroundingText(text: "hello world", cursor: 11, anchor: 6)
        sel.apply(TextEdit(insert: "there"))
        #expect(sel == SurroundingText(text: "hello there", cursor: 11, anchor: 11))
        var around = SurroundingText(text: "abXYcd", cursor: 2, anchor: 4)
        around.apply(TextEdit(deleteBefore: 1, deleteAfter: 1, insert: "-"))
        #expect(around == SurroundingText(text: "a-d", cursor: 2, anchor: 2))
    }

    /// `apply` leaves the bytes of the protocol's edit, decoded (a character cut by the
    /// deletion repaired), for every place and size of the edit in texts of 1 to 4 bytes a
    /// character.
    @Test func anEditLeavesTheBytesTheProtocolSays() {
        func bytewise(_ s: SurroundingText, _ e: TextEdit) -> SurroundingText {
            var bytes = Array(s.text.utf8)
            let start = min(s.cursor, s.anchor)
            bytes.removeSubrange(start..<max(s.cursor, s.anchor))
            let lower = min(max(start - e.deleteBefore, 0), bytes.count)
            let upper = min(max(start + e.deleteAfter, lower), bytes.count)
            bytes.replaceSubrange(lower..<upper, with: Array(e.insert.utf8))
            let cursor = lower + e.insert.utf8.count
            return SurroundingText(text: String(decoding: bytes, as: UTF8.self), cursor: cursor, anchor: cursor)
        }
        var cases = 0
        for text in ["", "hello", "café au lait", "a👍🏽b", "日本語", "e\u{301}x", "a\r\nb"] {
            let offsets = (0...text.utf8.count).filter { SurroundingText(text: text, cursor: $0, anchor: $0).isValid }
            let edits = (0...4).flatMap { before in
                (0...4).flatMap { after in ["", "x", "é"].map { TextEdit(deleteBefore: before, deleteAfter: after, insert: $0) } }
            }
            for cursor in offsets {
                for anchor in offsets {
                    let field = SurroundingText(text: text, cursor: cursor, anchor: anchor)
                    for edit in edits {
                        var applied = field
                        applied.apply(edit)
                        #expect(applied == bytewise(field, edit), "\(field) \(edit)")
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 10_000)
    }

    @Test func purposePicksASpecialKeyboardWhenInstalled() {
        #expect(LayoutChoice.special(for: .digits) == "digits")
        #expect(LayoutChoice.special(for: .number) == "digits")
        #expect(LayoutChoice.special(for: .pin) == "pin")
        #expect(LayoutChoice.special(for: .phone) == "phone")
        #expect(LayoutChoice.special(for: .terminal) == "terminal")
        #expect(LayoutChoice.special(for: .normal) == nil)
    }
}

@Suite struct SettingsTests {
    @Test func parsesSettingsAndWarnsWithFileAndLine() {
        let (s, warnings) = Settings.parse(
            """
            # mine
            layouts = de, us ,emoji
            long-press = 350
            key-preview = off
            colour = red
            repeat-rate = 1000
            nonsense
            """, file: "cfg")
        #expect(s.layouts == ["de", "us", "emoji"])
        #expect(s.longPress == 350)
        #expect(s.keyPreview == false)
        #expect(s.repeatRate == 25)
        #expect(
            warnings == [
                "cfg:5: unknown setting \"colour\" (valid: layouts, long-press, key-preview, repeat-delay, repeat-rate, auto-capitalise, suggestions, autocorrect, learn, glide, toolbar, height, number-row, theme, handle, feedback, exclusive-zone, clipboard-history, emoji-suggestions, one-handed, one-handed-width, floating, floating-width, split); ignored",
                "cfg:6: \"repeat-rate\" wants repeats per second from 1 to 100; ignored",
                "cfg:7: expected \"setting = value\"; ignored"
            ])
    }

    @Test func autoCapitaliseIsASetting() {
        #expect(Settings().autoCapitalise == .field)
        #expect(Settings.parse("auto-capitalise = always", file: "cfg").0.autoCapitalise == .always)
        #expect(Settings.parse("auto-capitalise = off", file: "cfg").0.autoCapitalise == .off)
        #expect(
            Settings.parse("auto-capitalise = sometimes", file: "cfg").1 == [
                "cfg:1: \"auto-capitalise\" wants field, always or off; ignored"
            ])
    }

    @Test func handleAndFeedbackAreSettings() {
        #expect(Settings().handle == .auto)
        #expect(Settings().feedback)
        let (s, warnings) = Settings.parse("handle = off\nfeedback = off\nhandle = sometimes", file: "cfg")
        #expect(s.handle == .off)
        #expect(!s.feedback)
        #expect(warnings == ["cfg:3: \"handle\" wants auto, on or off; ignored"])
        #expect(Settings.parse("handle = on", file: "cfg").0.handle == .on)
    }

    @Test func localeGivesKeyboardCandidates() {
        #expect(localeKeyboardCandidates("de_CH.UTF-8")! == ("de", ["ch", "de"]))
        #expect(localeKeyboardCandidates("el_GR.UTF-8")! == ("el", ["gr", "el"]))
        #expect(localeKeyboardCandidates("sr_RS@latin")! == ("sr", ["rs", "sr"]))
        #expect(localeKeyboardCandidates("C.UTF-8") == nil)
        #expect(localeKeyboardCandidates("") == nil)
    }

    @Test func selectionFollowsPurposeAndTheGlobe() {
        let installed: Set = ["us", "de", "emoji", "digits", "pin"]
        let available = { (n: String) in installed.contains(n) }
        var sel = KeyboardSelection(enabled: ["us", "de", "emoji"])
        #expect(sel.shown(isAvailable: available) == ("us", nil))
        sel.fieldChanged(purpose: .digits)
        #expect(sel.shown(isAvailable: available) == ("digits", nil))
        sel.fieldChanged(purpose: .phone)  // no dialer installed: the language keyboard
        #expect(sel.shown(isAvailable: available) == ("us", nil))
        sel.fieldChanged(purpose: .email)
        #expect(sel.shown(isAvailable: available) == ("us", .email))
        // Globe: next keyboard, which stands in this field.
        sel.next(isAvailable: available)
        #expect(sel.shown(isAvailable: available).name == "de")
        sel.next(isAvailable: available)
        #expect(sel.shown(isAvailable: available).name == "emoji")
        // A new field: the purpose decides again, with the last language picked.
        sel.fieldChanged(purpose: .normal)
        #expect(sel.shown(isAvailable: available) == ("de", nil))
        sel.fieldChanged(purpose: .pin)
        #expect(sel.shown(isAvailable: available) == ("pin", nil))
        sel.pick("us")
        #expect(sel.shown(isAvailable: available) == ("us", nil))
    }

    @Test func emailAndURLVariantsSwapTheKeyBesideSpace() throws {
        let us = try loadShipped("us.json")
        let email = us.variant(for: .email).layers[0].rows.last!.compactMap { $0.text(shifted: false) }
        #expect(email.contains("@") && !email.contains(","))
        let url = us.variant(for: .url).layers[0].rows.last!.compactMap { $0.text(shifted: false) }
        #expect(url.contains("/") && url.contains(".com"))
        #expect(us.variant(for: .normal) == us)
        let g = PanelGeometry.forOutput(
            width: 720, height: 1280, layout: us.variant(for: .url),
            layer: us.variant(for: .url).layers[0])
        #expect(g.keys.reduce(0) { $0 + $1.cell.width * $1.cell.height } == Double(g.width * g.height))
    }
}

@Suite struct InputMethodStateTests {
    @Test func pendingStateStartsFreshAfterEachDone() {
        var im = InputMethodState()
        im.activate()
        im.setSurrounding(text: "abc", cursor: 3, anchor: 3)
        im.setContentType(hints: ContentHints.hiddenText.rawValue, purpose: ContentPurpose.password.rawValue)
        #expect(im.done() == .activated)
        #expect(im.current.purpose == .password && im.current.surrounding?.text == "abc")
        // A done without surrounding text or content type: both back to their initial values.
        #expect(im.done() == .updated)
        #expect(im.current.active)
        #expect(im.current.surrounding == nil)
        #expect(im.current.purpose == .normal && im.current.hints == [])
    }
}

@Suite struct TextModelTests {
    func s(_ t: String) -> SurroundingText { SurroundingText(text: t, cursor: t.utf8.count, anchor: t.utf8.count) }

    @Test func ownEditsWinUntilTheClientCatchesUpWhateverTheDoneCount() {
        var m = TextModel()
        m.clientReported(s(""))
        m.sent(TextEdit(insert: "H"))
        m.sent(TextEdit(insert: "e"))
        #expect(m.known == s("He"))
        // Chromium: one edit late, and its done may come twice with the same text.
        m.clientReported(s(""))
        #expect(m.known == s("He"))
        m.clientReported(s("H"))
        m.clientReported(s("H"))
        #expect(m.known == s("He"))
        m.clientReported(s("He"))
        #expect(m.known == s("He"))
        // Something else changed the text (the user moved the cursor, the app edited it).
        m.clientReported(SurroundingText(text: "He said", cursor: 2, anchor: 2))
        #expect(m.known?.beforeCursor == "He")
        #expect(m.known?.text == "He said")
    }

    @Test func aCaughtUpClientIsBelieved() {
        var m = TextModel()
        m.clientReported(s("ab"))
        m.sent(TextEdit(insert: "c"))
        m.clientReported(s("abc"))
        m.clientReported(s("abX"))
        #expect(m.known == s("abX"))
    }

    @Test func keysWithUnknownEffectsWaitForTheClient() {
        var m = TextModel()
        m.clientReported(s("ab"))
        m.sentUnknownKey()
        #expect(m.known == nil && m.bestGuess == nil)
        m.clientReported(s("ab"))
        #expect(m.known == s("ab"))
    }

    @Test func twoReportsAreTheSameWhereTheirTextBeforeTheCursorAndSelectionAre() {
        let field = SurroundingText(text: "café au lait", cursor: 5, anchor: 9)
        #expect(TextModel.same(field, SurroundingText(text: "café au pair", cursor: 5, anchor: 9)))
        #expect(!TextModel.same(field, SurroundingText(text: "cafe au lait", cursor: 5, anchor: 9)))
        #expect(!TextModel.same(field, SurroundingText(text: "café au lait", cursor: 5, anchor: 5)))
        // Canonically equivalent text is the same text (é as one scalar or e and an accent).
        #expect(TextModel.same(s("caf\u{E9}"), s("cafe\u{301}")))
        // Offsets that do not fit: both unknown, the same unknown.
        #expect(
            TextModel.same(SurroundingText(text: "a", cursor: 9, anchor: 9), SurroundingText(text: "b", cursor: 7, anchor: 7)))
    }

    @Test func fieldsThatReportNothingKeepWhatWasTyped() {
        var m = TextModel()
        m.clientReported(nil)
        m.sent(TextEdit(insert: "Hi. "))
        #expect(m.known == nil)
        #expect(m.bestGuess == s("Hi. "))
        m.sentBackspaceKey()
        #expect(m.bestGuess == s("Hi."))
    }
}
