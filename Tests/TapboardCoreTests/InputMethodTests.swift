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

    func field(_ text: String, cursor: Int? = nil, anchor: Int? = nil) -> TextFieldState {
        var f = TextFieldState()
        f.active = true
        let c = cursor ?? text.utf8.count
        f.surrounding = SurroundingText(text: text, cursor: c, anchor: anchor ?? c)
        return f
    }

    @Test func backspaceDeletesOneGraphemeClusterInBytes() {
        #expect(Submission.plan(.deleteBackward, field: field("abc")) == [.edit(TextEdit(deleteBefore: 1))])
        #expect(Submission.plan(.deleteBackward, field: field("né")) == [.edit(TextEdit(deleteBefore: 2))])
        // e + combining acute accent: one character, three bytes.
        #expect(Submission.plan(.deleteBackward, field: field("e\u{301}")) == [.edit(TextEdit(deleteBefore: 3))])
        // Family emoji joined with ZWJ: 25 bytes, one character.
        let family = "👨‍👩‍👧‍👦"
        #expect(Submission.plan(.deleteBackward, field: field("a" + family)) ==
                [.edit(TextEdit(deleteBefore: family.utf8.count))])
        // Thumbs up with a skin tone modifier.
        #expect(Submission.plan(.deleteBackward, field: field("👍🏽")) == [.edit(TextEdit(deleteBefore: 8))])
        // Cursor in the middle.
        #expect(Submission.plan(.deleteBackward, field: field("abc", cursor: 2)) == [.edit(TextEdit(deleteBefore: 1))])
    }

    @Test func backspaceDeletesASelectionWhole() {
        #expect(Submission.plan(.deleteBackward, field: field("hello world", cursor: 11, anchor: 6)) ==
                [.edit(TextEdit(deleteBefore: 5))])
        #expect(Submission.plan(.deleteBackward, field: field("hello world", cursor: 0, anchor: 5)) ==
                [.edit(TextEdit(deleteAfter: 5))])
    }

    @Test func backspaceWithoutSurroundingTextIsAKeyEvent() {
        var f = TextFieldState()
        f.active = true
        #expect(Submission.plan(.deleteBackward, field: f) == [.key("BackSpace", [])])
        #expect(Submission.plan(.deleteBackward, field: nil) == [.key("BackSpace", [])])
        #expect(Submission.plan(.deleteBackward, field: field("")) == [])
    }

    @Test func textGoesThroughTextInputWhenActiveElseKeys() {
        #expect(Submission.plan(.commitText("h"), field: field("")) == [.edit(TextEdit(insert: "h"))])
        #expect(Submission.plan(.commitText("h"), field: TextFieldState()) == [.typeKeys("h")])
        #expect(Submission.plan(.commitText("h"), field: nil) == [.typeKeys("h")])
        #expect(Submission.plan(.key("Left", .ctrl), field: field("")) == [.key("Left", .ctrl)])
        #expect(Submission.plan(.enter, field: field("")) == [.key("Return", [])])
    }

    @Test func longTextIsSplitAt4000BytesOnCharacterBoundaries() {
        let text = String(repeating: "é", count: 3000)  // 6000 bytes
        let outputs = Submission.plan(.commitText(text), field: field(""))
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
        var sel = SurroundingText(text: "hello world", cursor: 11, anchor: 6)
        sel.apply(TextEdit(deleteBefore: 5))
        #expect(sel.text == "hello " && sel.cursor == 6)
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
        let (s, warnings) = Settings.parse("""
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
        #expect(warnings == [
            "cfg:5: unknown setting \"colour\" (valid: layouts, long-press, key-preview, repeat-delay, repeat-rate); ignored",
            "cfg:6: \"repeat-rate\" wants repeats per second from 1 to 100; ignored",
            "cfg:7: expected \"setting = value\"; ignored",
        ])
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
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us.variant(for: .url),
                                        layer: us.variant(for: .url).layers[0])
        #expect(g.keys.reduce(0) { $0 + $1.cell.width * $1.cell.height } == Double(g.width * g.height))
    }
}

@Suite struct InFlightTests {
    @Test func ownEditsWinUntilTheClientCatchesUp() {
        var im = InputMethodState()
        im.activate()
        im.setSurrounding(text: "", cursor: 0, anchor: 0)
        im.done()
        im.applyLocally(TextEdit(insert: "a"))
        im.applyLocally(TextEdit(insert: "b"))
        #expect(im.current.surrounding?.text == "ab")
        // The client's answer to "a" arrives: "b" is still on its way.
        im.setSurrounding(text: "a", cursor: 1, anchor: 1)
        im.done()
        #expect(im.current.surrounding?.text == "ab")
        // The answer to "b": the client's view is current again.
        im.setSurrounding(text: "ab", cursor: 2, anchor: 2)
        im.done()
        #expect(im.current.surrounding?.text == "ab")
        #expect(im.editsInFlight == 0)
        im.setSurrounding(text: "abX", cursor: 3, anchor: 3)
        im.done()
        #expect(im.current.surrounding?.text == "abX")
    }
}
