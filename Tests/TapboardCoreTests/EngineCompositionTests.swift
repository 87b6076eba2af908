import Testing

@testable import TapboardCore

/// A stand-in for an engine (the real ones are in TapboardEngines, tested there): letters
/// build a pinyin preedit; "nihao" has three candidates, the first taking the whole input,
/// the others its first syllable.
struct PinyinStandIn: Composition {
    var letters = ""
    var isOpen: Bool { !letters.isEmpty }
    var preedit: String { letters == "nihao" ? "ni hao" : letters }
    var preeditCursor: Int { preedit.count }
    var candidates: [String] { letters == "nihao" ? ["你好", "你", "尼"] : letters.isEmpty ? [] : ["？"] }

    mutating func type(_ text: String) -> ComposeStep {
        if text == " ", isOpen { return pick(0) }
        guard text.count == 1, let c = text.first, c.isASCII, c.isLetter else {
            // Punctuation commits the best first, then goes in as typed.
            return ComposeStep(commit: isOpen ? take(0) : "", taken: false)
        }
        letters += text
        return ComposeStep(taken: true)
    }

    mutating func pick(_ index: Int) -> ComposeStep { ComposeStep(commit: take(index), taken: true) }

    private mutating func take(_ index: Int) -> String {
        let chosen = candidates[index]
        letters = index == 0 ? "" : String(letters.dropFirst(2))
        return chosen
    }

    mutating func backspace() -> Bool {
        guard isOpen else { return false }
        letters.removeLast()
        return true
    }

    mutating func finish() -> String { isOpen ? take(0) : "" }
    mutating func finishAsTyped() -> String {
        defer { letters = "" }
        return letters
    }
    mutating func clear() { letters = "" }
}

struct StandInOpener: CompositionOpener {
    func composition(for engine: CompositionEngine) -> any Composition { PinyinStandIn() }
}

/// A keyboard whose letters go through an engine: preedit, candidates in the strip, picks,
/// space, Return, backspace, and no engine in fields that must not be learned from.
@Suite struct EngineCompositionTests {
    func preedits(_ commands: [Command]) -> [String] {
        commands.compactMap { if case .preedit(let p) = $0 { p } else { nil } }
    }

    func typed(_ d: inout Driven, _ keys: String) {
        for k in keys { d.tap(String(k)) }
    }

    func zh() throws -> Driven {
        var d = try Driven(["zh", "us"], compositions: StandInOpener())
        d.focus("")
        return d
    }

    @Test func lettersAreAPreeditAndTheCandidatesFillTheStripBestInTheMiddle() throws {
        var d = try zh()
        typed(&d, "nihao")
        #expect(d.c.preedit == "ni hao" && d.c.text.known?.text == "")
        #expect(d.c.showsStrip && d.c.strip == Strip(ranked: ["你好", "你", "尼"]))
        #expect(d.c.keyboard.isShifted == false)
    }

    @Test func theMiddleSlotCommitsTheBestCandidate() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tapSlot(1)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你好"))] && d.c.preedit == "")
        #expect(d.c.text.known?.text == "你好" && d.c.strip.isEmpty)
    }

    @Test func aPartialCandidateLeavesTheRestAsPreedit() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tapSlot(0)  // the second best, on the left: 你
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你"))] && d.c.preedit == "hao")
        #expect(preedits(out) == ["hao"])
    }

    @Test func spacePicksTheBestAndTypesNoSpace() throws {
        var d = try zh()
        typed(&d, "nihao")
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: "你好"))])
        // Two spaces make no full stop: the second is a space.
        #expect(d.textOut(d.tap("space")) == [.edit(TextEdit(insert: " "))])
        #expect(d.c.text.known?.text == "你好 ")
    }

    @Test func returnPutsTheLettersInAsTypedAndNothingMore() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tap("return")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "nihao"))] && d.c.preedit == "")
        #expect(d.textOut(d.tap("return")) == [.key("Return", [])])
    }

    @Test func backspaceEditsThePreeditThenTheField() throws {
        var d = try Driven(["zh"], compositions: StandInOpener())
        d.focus("a")
        typed(&d, "ni")
        let out = d.tap("backspace")
        #expect(d.textOut(out) == [] && preedits(out) == ["n"])
        d.tap("backspace")
        #expect(d.c.preedit == "")
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
    }

    @Test func punctuationCommitsTheBestThenItself() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tap("。")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你好")), .edit(TextEdit(insert: "。"))])
    }

    @Test func aPasswordFieldGetsTheLettersAsTheyAre() throws {
        var d = try Driven(["zh"], compositions: StandInOpener())
        d.focus("", purpose: .password, hints: [.hiddenText])
        let out = d.tap("n")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "n"))] && d.c.preedit == "" && !d.c.showsStrip)
    }

    @Test func withoutAnOpenerTheKeysAreTypedAsTheyAre() throws {
        var d = try Driven(["zh"])
        d.focus("")
        #expect(d.textOut(d.tap("n")) == [.edit(TextEdit(insert: "n"))] && d.c.preedit == "")
    }
}
