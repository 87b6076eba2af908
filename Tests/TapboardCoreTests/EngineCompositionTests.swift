import Testing

@testable import TapboardCore

/// A stand-in for an engine (the real ones are in TapboardEngines, tested there): letters
/// build a pinyin preedit; "nihao" has three candidates, the first taking the whole input,
/// the others its first syllable.
struct PinyinStandIn: Composition {
    var letters = ""
    /// Opened when asked or on the first key, as RIME is.
    var opened = false
    var awaitsOpening: Bool { !opened }
    mutating func openEngine() { opened = true }
    var isOpen: Bool { !letters.isEmpty }
    var preedit: String { letters == "nihao" ? "ni hao" : letters }
    /// Characters the engine keeps its cursor before the preedit's end (RIME's caret).
    var cursorBeforeEnd = 0
    var preeditCursor: Int { preedit.count - cursorBeforeEnd }
    var candidates: [String] {
        switch letters {
        case "nihao": ["你好", "你", "尼"]
        case "": []
        // Enough for several pages of the candidates panel.
        case "ni": (0..<40).map { String(UnicodeScalar(0x4E00 + $0)!) }
        default: ["？"]
        }
    }

    mutating func type(_ text: String) -> ComposeStep {
        opened = true
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
        letters = index == 0 || letters.count <= 2 ? "" : String(letters.dropFirst(2))
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
    /// What usually follows: 吗 and 啊 after 你好, ？ after 吗.
    func followOn(after committed: String) -> [String] {
        switch committed {
        case "你好": ["吗", "啊"]
        case "吗": ["？"]
        default: []
        }
    }
}

struct StandInOpener: CompositionOpener {
    var cursorBeforeEnd = 0
    func composition(for engine: CompositionEngine) -> any Composition {
        PinyinStandIn(cursorBeforeEnd: cursorBeforeEnd)
    }
}

/// A keyboard whose letters go through an engine: preedit, candidates in the strip, picks,
/// space, Return, backspace, and no engine in fields that must not be learned from.
@Suite struct EngineCompositionTests {
    func preedits(_ commands: [Command]) -> [String] {
        commands.compactMap { if case .preedit(let p, _) = $0 { p } else { nil } }
    }

    func typed(_ d: inout Driven, _ keys: String) {
        for k in keys { d.tap(String(k)) }
    }

    func zh() throws -> Driven {
        var d = try Driven(["zh", "us"], compositions: StandInOpener())
        d.focus("")
        return d
    }

    @Test func theShownEngineOpensWhenAskedOrOnItsFirstKey() throws {
        var asked = try zh()
        #expect(asked.c.engineAwaitsOpening)
        asked.c.openEngine()
        #expect(!asked.c.engineAwaitsOpening)
        var typed = try zh()
        typed.tap("n")
        #expect(!typed.c.engineAwaitsOpening && typed.c.preedit == "n")
        let us = try Driven(["us"], compositions: StandInOpener())
        #expect(!us.c.engineAwaitsOpening)
    }

    @Test func thePreeditsCursorIsWhereTheEngineKeepsIt() throws {
        var d = try Driven(["zh", "us"], compositions: StandInOpener(cursorBeforeEnd: 3))
        d.focus("")
        typed(&d, "niha")
        #expect(d.sent.last { if case .preedit = $0 { true } else { false } } == .preedit("niha", cursor: 1))
        // A pick with input left over: the rest and its cursor in the same commit.
        typed(&d, "o")
        let out = d.tapSlot(1)  // "你": "hao" stays
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你", preedit: "hao", preeditCursor: 0))])
        // At the end: no cursor to say.
        var end = try zh()
        typed(&end, "ni")
        #expect(end.sent.last { if case .preedit = $0 { true } else { false } } == .preedit("ni"))
    }

    @Test func lettersAreAPreeditAndTheCandidatesFillTheRowBestFirst() throws {
        var d = try zh()
        typed(&d, "nihao")
        #expect(d.c.preedit == "ni hao" && d.c.text.known?.text == "")
        #expect(d.c.showsStrip && d.c.strip == Strip(row: ["你好", "你", "尼"]))
        #expect(d.c.keyboard.isShifted == false)
    }

    @Test func theFirstSlotCommitsTheBestCandidate() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tapSlot(0)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你好"))] && d.c.preedit == "")
        // The words that follow it take the strip.
        #expect(d.c.text.known?.text == "你好" && d.c.strip == Strip(row: ["吗", "啊"]))
    }

    @Test func aPartialCandidateLeavesTheRestAsPreedit() throws {
        var d = try zh()
        typed(&d, "nihao")
        let out = d.tapSlot(1)  // the second best, next to the best: 你
        // One commit: the text and the preedit left over together, as the protocol applies them.
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "你", preedit: "hao"))] && d.c.preedit == "hao")
        #expect(preedits(out) == [])
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

    @Test func anAddressFieldGetsTheLettersAsTheyAre() throws {
        // The engine keeps what it is given (its user dictionary): nothing of an email or URL.
        for purpose in [ContentPurpose.email, .url] {
            var d = try Driven(["zh"], compositions: StandInOpener())
            d.focus("", purpose: purpose)
            #expect(d.textOut(d.tap("n")) == [.edit(TextEdit(insert: "n"))] && d.c.preedit == "", "\(purpose)")
        }
    }

    @Test func withoutAnOpenerTheKeysAreTypedAsTheyAre() throws {
        var d = try Driven(["zh"])
        d.focus("")
        #expect(d.textOut(d.tap("n")) == [.edit(TextEdit(insert: "n"))] && d.c.preedit == "")
    }

    @Test func theCandidatesPanelPagesThroughEveryCandidateAndAPickCloses() throws {
        var d = try zh()
        typed(&d, "ni")
        let more = try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.open) })
        #expect(d.c.strip == Strip(row: (0..<40).map { String(UnicodeScalar(0x4E00 + $0)!) }))
        d.tapKey(more)
        // The keys are the candidates now, the strip's key closes.
        let pages = try #require(d.c.compositionStage.candidatePanel).panel.pages
        #expect(pages > 1)
        var seen: [String] = []
        for _ in 0..<pages {
            let keys = d.c.geometry?.keys ?? []
            #expect(keys.contains { $0.key.action == .candidates(.close) })
            seen += keys.compactMap { if case .candidate = $0.key.action { $0.key.label } else { nil } }
            d.tapKey(try #require(keys.first { $0.key.action == .candidates(.next) }))
        }
        #expect(seen == (0..<40).map { String(UnicodeScalar(0x4E00 + $0)!) })
        // A candidate far down the list goes in, the panel closes, the letters come back.
        let key = try #require(d.c.geometry?.keys.first { $0.key.action == .candidate(39) })
        let out = d.tapKey(key)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: String(UnicodeScalar(0x4E00 + 39)!)))])
        #expect(d.c.preedit == "" && d.c.geometry?.keys.contains { $0.key.label == "q" } == true)
        #expect(d.c.geometry?.keys.contains { if case .candidate = $0.key.action { true } else { false } } == false)
    }

    @Test func theCandidatesPanelClosesWithTheStripKeyAndKeepsThePreedit() throws {
        var d = try zh()
        typed(&d, "ni")
        d.tapKey(try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.open) }))
        d.tapKey(try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.close) }))
        #expect(d.c.preedit == "ni" && d.c.geometry?.keys.contains { $0.key.label == "q" } == true)
    }

    @Test func candidatePagesFillTheirRowsAndKeepEveryCandidateOnce() {
        let list = (0..<57).map { String(repeating: "字", count: 1 + $0 % 4) }
        let panel = CandidatePanel(candidates: list, rows: 3)
        var ranks: [Int] = []
        for page in 0..<panel.pages {
            let layer = panel.layer(page: page)
            #expect(layer.rows.count == 4)
            for row in layer.rows {
                #expect(abs(row.reduce(0) { $0 + $1.width } - CandidatePanel.rowUnits) < 1e-9)
                ranks += row.compactMap { if case .candidate(let r) = $0.action { r } else { nil } }
            }
        }
        #expect(ranks == Array(0..<57))
    }

    @Test func afterAPickTheWordsThatFollowFillTheRowAndATapPutsOneIn() throws {
        var d = try zh()
        typed(&d, "nihao")
        d.tapSlot(0)
        #expect(d.c.text.known?.text == "你好" && d.c.strip == Strip(row: ["吗", "啊"]))
        // The strip keeps the band: no toolbar while words follow, no ▾.
        #expect(d.c.panel.bar.toolbar.isEmpty && d.c.panel.bar.candidates == nil)
        let out = d.tapSlot(0)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "吗"))] && d.c.strip == Strip(row: ["？"]))
    }

    @Test func spaceAfterLettersOffersTheWordsThatFollowAndTypingDropsThem() throws {
        var d = try zh()
        typed(&d, "nihao")
        d.tap("space")
        #expect(d.c.text.known?.text == "你好" && d.c.strip == Strip(row: ["吗", "啊"]))
        d.tap("n")
        #expect(d.c.preedit == "n" && d.c.compositionStage.followOn.isEmpty)
        #expect(d.c.strip == Strip(row: ["？"]))
        d.tap("backspace")
        // Nothing composed and nothing follows: the strip empties and the toolbar comes back.
        #expect(d.c.strip.isEmpty && !d.c.panel.bar.toolbar.isEmpty)
    }
}
