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
        #expect(LayoutChoice.layoutName(for: .digits, current: "de") { $0 == "digits" } == "digits")
        #expect(LayoutChoice.layoutName(for: .digits, current: "de") { _ in false } == "de")
        #expect(LayoutChoice.layoutName(for: .normal, current: "de") { _ in true } == "de")
        #expect(LayoutChoice.layoutName(for: .pin, current: "us") { _ in true } == "pin")
    }
}
