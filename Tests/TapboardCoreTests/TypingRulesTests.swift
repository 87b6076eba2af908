import TestSupport
import Testing

@testable import TapboardCore

@Suite struct TypingRulesTests {
    func field(_ text: String, purpose: ContentPurpose = .normal, hints: ContentHints = []) -> TextFieldState {
        var f = TextFieldState()
        f.active = true
        f.purpose = purpose
        f.hints = hints
        f.surrounding = SurroundingText(text: text, cursor: text.utf8.count, anchor: text.utf8.count)
        return f
    }

    func shift(_ f: TextFieldState, _ mode: AutoCapitalise = .field) -> ShiftState {
        TextRules.autoShift(f, text: f.surrounding, mode: mode)
    }

    func plan(_ e: Effect, _ f: TextFieldState?) -> [Submission.Output] {
        Submission.plan(e, field: f, text: f?.surrounding)
    }

    @Test func autoCapitalisesAtStartsOfSentencesWhereTheFieldAsks() {
        let caps = ContentHints.autoCapitalization
        #expect(shift(field("", hints: caps)) == .once)
        #expect(shift(field("Hello. ", hints: caps)) == .once)
        #expect(shift(field("Really?  ", hints: caps)) == .once)
        #expect(shift(field("Wow! ", hints: caps)) == .once)
        #expect(shift(field("line\n", hints: caps)) == .once)
        #expect(shift(field("Hello", hints: caps)) == .off)
        #expect(shift(field("Hello ", hints: caps)) == .off)
        #expect(shift(field("e.g.", hints: caps)) == .off)
    }

    @Test func autoCapitalisationFollowsTheFieldUnlessSetToAlways() {
        // GTK3 and GTK4 entries send no hints: no capitals by default.
        #expect(shift(field("")) == .off)
        #expect(shift(field("Hello. ")) == .off)
        #expect(shift(field(""), .always) == .once)
        #expect(shift(field("Hello. "), .always) == .once)
        #expect(shift(field("", hints: .autoCapitalization), .off) == .off)
        // "always" still means prose fields only.
        #expect(shift(field("", purpose: .email), .always) == .off)
    }

    @Test func hintsAndPurposesDecide() {
        #expect(shift(field("", hints: .lowercase), .always) == .off)
        #expect(shift(field("", hints: .uppercase)) == .locked)
        #expect(shift(field("new ", hints: .titlecase)) == .once)
        for p in [ContentPurpose.terminal, .email, .url, .password] {
            #expect(shift(field("", purpose: p, hints: .autoCapitalization)) == .off, "\(p)")
        }
        var noText = field("", hints: .autoCapitalization)
        noText.surrounding = nil
        #expect(shift(noText) == .off)
    }

    @Test func keyboardFollowsAutoShiftButKeepsTheUsersChoice() throws {
        var s = KeyboardState(layout: try loadShipped("us.json"))
        #expect(s.applyAutoShift(.once) == [.redrawAll])
        #expect(s.shift == .once)
        #expect(s.applyAutoShift(.off) == [.redrawAll])
        #expect(s.shift == .off)
        // The user's caps lock stands.
        _ = s.applyAutoShift(.off)
        s.tapShift(time: 0)
        s.tapShift(time: 100)
        #expect(s.shift == .locked)
        #expect(s.applyAutoShift(.off) == [])
        #expect(s.shift == .locked)
    }

    @Test func doubleSpaceEndsASentence() throws {
        var s = KeyboardState(layout: try loadShipped("us.json"))
        #expect(s.activate(Key(label: "", action: .space), time: 1000) == [.commitText(" ")])
        #expect(s.activate(Key(label: "", action: .space), time: 1300) == [.doubleSpace])
        // Slow second space: just a space.
        #expect(s.activate(Key(label: "", action: .space), time: 5000) == [.commitText(" ")])
        #expect(s.activate(Key(label: "", action: .space), time: 6000) == [.commitText(" ")])
        #expect(plan(.doubleSpace, field("Hello ")) == [.edit(TextEdit(deleteBefore: 1, insert: ". "))])
        #expect(plan(.doubleSpace, field("Hello. ")) == [.edit(TextEdit(insert: " "))])
        #expect(plan(.doubleSpace, field("ls ", purpose: .terminal)) == [.edit(TextEdit(insert: " "))])
        #expect(plan(.doubleSpace, field("a@b ", purpose: .email)) == [.edit(TextEdit(insert: " "))])
    }

    @Test func returnIsANewLineInMultiLineFieldsOnly() {
        #expect(plan(.enter, field("", hints: .multiline)) == [.edit(TextEdit(insert: "\n"))])
        #expect(plan(.enter, field("")) == [.key("Return", [])])
        #expect(plan(.enter, nil) == [.key("Return", [])])
    }

    @Test func backspaceHeldLongDeletesWords() throws {
        let us = try loadShipped("us.json")
        var s = KeyboardState(layout: us)
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0])
        let bs = g.keys.firstIndex { $0.key.action == .backspace }!
        _ = s.press(.pointer, at: g.keys[bs].frame.center, time: 0, in: g)
        var effects: [Effect] = []
        for i in 0..<20 { effects += s.timerFired(.repeatKey(press: 1), time: UInt64(600 + 40 * i), in: g) }
        #expect(effects.filter { $0 == .deleteBackward }.count == 15)
        #expect(effects.filter { $0 == .deleteWordBackward }.count == 5)
        #expect(plan(.deleteWordBackward, field("hello big world  ")) == [.edit(TextEdit(deleteBefore: 7))])
        #expect(plan(.deleteWordBackward, nil) == [.key("BackSpace", .ctrl)])
        // Outside ASCII, clients disagree on lengths: Ctrl+BackSpace lets the app do it.
        #expect(plan(.deleteWordBackward, field("grüße ")) == [.key("BackSpace", .ctrl)])
    }

    @Test func draggingTheSpaceBarMovesTheCursor() throws {
        let us = try loadShipped("us.json")
        var s = KeyboardState(layout: us)
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0])
        let space = g.keys.first { $0.key.action == .space }!
        let start = space.frame.center
        _ = s.press(.touch(1), at: start, time: 0, in: g)
        #expect(s.move(.touch(1), to: Point(x: start.x + 10, y: start.y), in: g) == [])
        let right = s.move(.touch(1), to: Point(x: start.x + 50, y: start.y), in: g)
        #expect(right == [.key("Right", []), .key("Right", []), .key("Right", [])])
        let left = s.move(.touch(1), to: Point(x: start.x + 10, y: start.y + 40), in: g)
        #expect(left == [.key("Left", []), .key("Left", [])])
        // No space when it ends.
        #expect(!s.release(.touch(1), time: 500, in: g).contains(.commitText(" ")))
        // The repeat timer finds a cursor drag and stays quiet.
        #expect(s.timerFired(.repeatKey(press: 1), time: 700, in: g) == [])
    }

    @Test func previewsFollowThePressAndCanBeOff() throws {
        let us = try loadShipped("us.json")
        var s = KeyboardState(layout: us)
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0])
        #expect(s.press(.pointer, at: g.keys[0].frame.center, time: 0, in: g).contains(.showPreview(0)))
        #expect(s.release(.pointer, time: 10, in: g).contains(.hidePreview))
        s.previews = false
        #expect(!s.press(.pointer, at: g.keys[0].frame.center, time: 20, in: g).contains(.showPreview(0)))
    }
}
