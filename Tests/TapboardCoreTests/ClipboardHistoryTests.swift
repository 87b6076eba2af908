import Testing

@testable import TapboardCore

/// The clipboard history's rules, and its panel from a long press on Paste.
@Suite struct ClipboardHistoryTests {
    let text = ["text/plain;charset=utf-8", "text/plain"]

    @Test func newestFirstAndARepeatMovesToTheFront() {
        var h = ClipboardHistory()
        h.copied("one", types: text, fieldIsSecret: false)
        h.copied("two", types: text, fieldIsSecret: false)
        h.copied("three", types: text, fieldIsSecret: false)
        #expect(h.items == ["three", "two", "one"])
        let kept1 = h.copied("one", types: text, fieldIsSecret: false)
        #expect(kept1)
        #expect(h.items == ["one", "three", "two"])
        let kept2 = h.copied("one", types: text, fieldIsSecret: false)
        #expect(!kept2, "the newest again changes nothing")
        #expect(h.items == ["one", "three", "two"])
        let kept3 = h.copied("", types: text, fieldIsSecret: false)
        #expect(!kept3)
        #expect(h.items.count == 3)
    }

    @Test func atMostTwentyTheOldestGoes() {
        var h = ClipboardHistory()
        for i in 1...25 { h.copied("item \(i)", types: text, fieldIsSecret: false) }
        #expect(h.items.count == ClipboardHistory.capacity && ClipboardHistory.capacity == 20)
        #expect(h.items.first == "item 25" && h.items.last == "item 6")
    }

    @Test func nothingFromSecretFieldsOrPasswordManagers() {
        var h = ClipboardHistory()
        #expect(!h.wants(types: text, fieldIsSecret: true))
        let kept4 = h.copied("hunter2", types: text, fieldIsSecret: true)
        #expect(!kept4)
        let marked = text + [ClipboardHistory.passwordManagerHint]
        #expect(ClipboardHistory.passwordManagerHint == "x-kde-passwordManagerHint")
        #expect(!h.wants(types: marked, fieldIsSecret: false))
        let kept5 = h.copied("correct horse", types: marked, fieldIsSecret: false)
        #expect(!kept5)
        #expect(h.items.isEmpty)
        #expect(h.wants(types: text, fieldIsSecret: false))
    }

    @Test func offKeepsNothing() {
        var h = ClipboardHistory(enabled: false)
        #expect(!h.wants(types: text, fieldIsSecret: false))
        let kept6 = h.copied("words", types: text, fieldIsSecret: false)
        #expect(!kept6)
        #expect(h.items.isEmpty)
        #expect(!Settings.parse("clipboard-history = off", file: "c").0.clipboardHistory)
        #expect(Settings().clipboardHistory)
        #expect(
            Settings.parse("clipboard-history = maybe", file: "c").1 == ["c:1: \"clipboard-history\" wants on or off; ignored"])
    }

    @Test func clearEmptiesIt() {
        var h = ClipboardHistory()
        h.copied("a", types: text, fieldIsSecret: false)
        h.clear()
        #expect(h.items.isEmpty)
    }

    @Test func anItemShowsAsOneShortLine() {
        #expect(ClipboardHistory.summary("two\nlines  here") == "two lines here")
        let long = ClipboardHistory.summary(String(repeating: "abc ", count: 40))
        #expect(long.count == 100 && long.hasSuffix("…"))
    }

    @Test func thePanelListsTheItemsInPagesOfSix() {
        let items = (1...8).map { "item \($0)" }
        let layout = ClipboardPanel.layout(items)
        #expect(layout.isPanel && layout.hasDoneKey)
        #expect(layout.layers.count == 2)
        let first = layout.layers[0].rows.joined().compactMap { k -> Int? in
            if case .clipboard(.paste(let i)) = k.action { i } else { nil }
        }
        #expect(first == [0, 1, 2, 3, 4, 5])
        #expect(layout.layers.allSatisfy { $0.rows.count == 4 }, "every page as tall")
        #expect(layout.layers[1].rows[0].map(\.label) == ["item 7", "item 8"])
        #expect(layout.layers.allSatisfy { $0.rows.allSatisfy { $0.reduce(0) { $0 + $1.width } == 4 } })
    }

    // MARK: in the controller

    func driven(_ settings: Settings = Settings()) throws -> Driven {
        var d = try Driven(["us"], settings: settings)
        d.focus("")
        d.record(d.c.clipboardChanged(hasText: true))
        return d
    }

    /// A long press on Paste: the press, the timer, the release.
    func holdPaste(_ d: inout Driven) {
        guard let k = d.c.geometry?.keys.first(where: { $0.key.action == .toolbar(.paste) }) else {
            Issue.record("no Paste")
            return
        }
        d.time += 200
        let at = d.time
        d.record(d.host.call { $0.press(.pointer, at: k.frame.center, time: at) })
        d.host.wait(d.c.settings.longPress + 10)
        let end = d.time
        d.record(d.host.call { $0.release(.pointer, time: end) })
    }

    @Test func aLongPressOnPasteOpensTheHistoryAndATapPastesAnItem() throws {
        var d = try driven()
        for t in ["first", "second\ncopy"] { d.record(d.c.clipboardCopied(t, types: text)) }
        holdPaste(&d)
        #expect(d.c.keyboard.layout.name == ClipboardPanel.name)
        #expect(!d.sent.contains(.paste), "the long press did not paste")
        let labels = d.c.geometry?.keys.filter { $0.row >= 0 }.map(\.key.label)
        #expect(labels == ["second copy", "first", "Clear", "Done"])
        let out = d.tap("first")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "first"))])
        #expect(d.c.keyboard.layout.name == "us", "back to the keyboard")
    }

    @Test func clearEmptiesTheHistoryAndGoesBack() throws {
        var d = try driven()
        d.record(d.c.clipboardCopied("words", types: text))
        holdPaste(&d)
        d.tap("Clear")
        #expect(d.c.clipboardHistory.items.isEmpty)
        #expect(d.c.keyboard.layout.name == "us")
        // Empty, a long press on Paste pastes as a tap does.
        holdPaste(&d)
        #expect(d.sent.contains(.paste))
        #expect(d.c.keyboard.layout.name == "us")
    }

    @Test func nothingIsKeptWhileTheFieldIsSecret() throws {
        for (purpose, hints) in [(ContentPurpose.password, ContentHints()), (.pin, []), (.normal, .sensitiveData)] {
            var d = try driven()
            d.focus("", purpose: purpose, hints: hints)
            #expect(!d.c.wantsClipboardText(types: text))
            d.record(d.c.clipboardCopied("hunter2", types: text))
            #expect(d.c.clipboardHistory.items.isEmpty, "\(purpose)")
        }
        // A field that showed masked text after a commit is secret too.
        var d = try driven()
        d.tap("a")
        d.report("●", cursor: "●".utf8.count)
        d.record(d.c.clipboardCopied("hunter2", types: text))
        #expect(d.c.clipboardHistory.items.isEmpty)
    }

    @Test func offTheLongPressPastes() throws {
        var settings = Settings()
        settings.clipboardHistory = false
        var d = try driven(settings)
        #expect(!d.c.wantsClipboardText(types: text))
        d.record(d.c.clipboardCopied("words", types: text))
        holdPaste(&d)
        #expect(d.c.keyboard.layout.name == "us")
        #expect(d.sent.contains(.paste))
    }

    @Test func aCopyWhileThePanelShowsJoinsIt() throws {
        var d = try driven()
        d.record(d.c.clipboardCopied("old", types: text))
        holdPaste(&d)
        d.record(d.c.clipboardCopied("new", types: text))
        #expect(d.c.keyboard.layout.name == ClipboardPanel.name)
        #expect(d.c.geometry?.keys.filter { $0.row >= 0 }.map(\.key.label) == ["new", "old", "Clear", "Done"])
    }

    @Test func aLayoutsClipboardKeyOpensThePanel() throws {
        let json = """
            {"name": "c", "layers": [{"name": "a", "rows": [["a", {"action": "clipboard"}]]}]}
            """
        let layout = try LayoutParser.parse(json, file: "c.json", defaultName: "c")
        #expect(layout.layers[0].rows[0][1].action == .clipboard(.open))
        #expect(layout.layers[0].rows[0][1].label == "📋")
    }
}
