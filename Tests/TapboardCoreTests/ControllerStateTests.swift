import Testing

@testable import TapboardCore

/// The controller's state parts keep their own rules.
@Suite struct ControllerStateTests {
    static let layer = Layer(name: "base", rows: [[.text("a"), .text("b")]])
    static func geometry(_ width: Int = 400) -> PanelGeometry {
        PanelGeometry(layer: layer, width: width, height: 100)
    }

    // MARK: FieldPrivacy

    @Test func maskedTextAfterACommitHidesTheField() {
        var p = FieldPrivacy()
        let early = p.reported("●●●")  // nothing typed yet: a field may show dots of its own
        #expect(!early && p == .unproven(commits: 0))
        p.committed()
        let masked = p.reported("●●●")
        #expect(masked && p.hidesText && !p.showedText)
        let again = p.reported("●●●●")  // already secret: not proved again
        p.committed()
        let plain = p.reported("hello")
        #expect(!again && !plain && p == .hidesText)  // secret until focus moves
    }

    @Test func plainTextShowsTheFieldAndEmptyReportsProveNothing() {
        var p = FieldPrivacy()
        let none = p.reported(nil)
        let empty = p.reported("")
        #expect(!none && !empty && p == .unproven(commits: 0))
        let plain = p.reported("hi")
        #expect(!plain && p.showedText && !p.hidesText)
        p.committed()
        p.committed()
        #expect(p == .showedText(commits: 2))
        let masked = p.reported("••")
        #expect(masked && p.hidesText)  // a field that showed text can still turn out secret
    }

    @Test func returnSendingAFormForgetsTheCommits() {
        var p = FieldPrivacy()
        p.committed()
        p.formSent()
        #expect(p == .unproven(commits: 0))
        let masked = p.reported("***")
        #expect(!masked)  // the app emptied the field and shows its own mask
        var hidden = FieldPrivacy.hidesText
        hidden.formSent()
        hidden.committed()
        #expect(hidden == .hidesText)
    }

    @Test func onlyOneRepeatedMaskCharacterLooksMasked() {
        #expect(FieldPrivacy.looksMasked("●●●") && FieldPrivacy.looksMasked("*"))
        #expect(!FieldPrivacy.looksMasked("") && !FieldPrivacy.looksMasked("●*") && !FieldPrivacy.looksMasked("a●"))
        // An ASCII first byte is answered from the bytes: "*" alone of them may mask, with or
        // without a mark joined to it; each mask character as its own text.
        #expect(FieldPrivacy.looksMasked("**") && !FieldPrivacy.looksMasked("*\u{301}*") && !FieldPrivacy.looksMasked("hello"))
        for mask in "●•*·∙⏺" { #expect(FieldPrivacy.looksMasked(String(repeating: mask, count: 3)), "\(mask)") }
        #expect(!FieldPrivacy.looksMasked("·a") && !FieldPrivacy.looksMasked("\u{301}"))
    }

    @Test func aLanguageTagsCodeAsByCharacters() {
        for tag in ["en", "en-US", "EN", "", "pt-BR", "zh-Hans", "de-", "-x", "sr-Latn-RS", "ÉN-x", "tr", "Ab\r\n-c", "en-gb"] {
            #expect(Controller.languageCode(of: tag) == String(tag.prefix { $0 != "-" }).lowercased(), "\(tag)")
        }
    }

    // MARK: ShownPanel

    @Test func hidingThePanelClearsItsGeometryAndAskedHeight() {
        var p = ShownPanel()
        p.show(asking: 300)
        p.configured(Self.geometry(), layer: "base")
        #expect(p.visible && p.askedHeight == 300 && p.geometry != nil && p.laidOutLayer == "base")
        p.hide()
        #expect(!p.visible && p.geometry == nil && p.askedHeight == nil)
    }

    @Test func aHiddenPanelTakesNoGeometryAndAsksNothing() {
        var p = ShownPanel()
        p.configured(Self.geometry(), layer: "base")
        p.relaidOut(Self.geometry(), layer: "base")
        #expect(p.geometry == nil)
        let asked = p.shouldAsk(300)
        #expect(!asked && p.askedHeight == nil)
    }

    @Test func aHeightIsAskedOnceUntilTheOutputChanges() {
        var p = ShownPanel()
        p.show(asking: 300)
        let same = p.shouldAsk(300)
        let other = p.shouldAsk(250)
        #expect(!same && other && p.askedHeight == 250)
        let again = p.shouldAsk(250)
        p.forgetAskedHeight()
        let afterOutputChange = p.shouldAsk(250)
        #expect(!again && afterOutputChange)
    }

    @Test func relayingOutKeepsTheLayerUnlessToldAnother() {
        var p = ShownPanel()
        p.show(asking: 300)
        p.configured(Self.geometry(), layer: "base")
        p.relaidOut(Self.geometry(500))
        #expect(p.geometry?.width == 500 && p.laidOutLayer == "base")
        p.relaidOut(Self.geometry(), layer: "symbols")
        #expect(p.laidOutLayer == "symbols")
    }

    @Test func theControllerHidingOrLosingThePanelClearsIt() throws {
        var d = try Driven()
        d.focus()
        #expect(d.c.visible && d.c.geometry != nil && d.c.panel.askedHeight != nil)
        d.record(d.c.hide())
        #expect(!d.c.visible && d.c.geometry == nil && d.c.panel.askedHeight == nil)
        d.record(d.c.show())
        d.record(d.c.panelClosed())  // closed and made again: shown, not yet configured
        #expect(d.c.visible && d.c.panel.askedHeight != nil)
    }

    // MARK: ShownStrip

    @Test func aStripThatDoesNotShowHoldsNothing() {
        var s = ShownStrip()
        let words = Strip(slots: [.word("a"), .word("b"), .word("c")])
        let whileHidden = s.update(words)
        #expect(!whileHidden && s.strip.isEmpty)
        s.show(true)
        let shown = s.update(words)
        let unchanged = s.update(words)
        #expect(shown && !unchanged && s.strip == words)
        s.show(false)
        #expect(!s.shows && s.strip.isEmpty)
    }

    @Test func aStaleStripIsCaughtUpOnce() {
        var s = ShownStrip()
        let fresh = s.catchUp()
        s.markStale()
        #expect(!fresh && s.stale)
        let stale = s.catchUp()
        let again = s.catchUp()
        #expect(stale && !again && !s.stale)
    }

    // MARK: WordInProgress

    @Test func lettersJoinTheWordAndBackspaceTakesOneUnit() {
        var w = WordInProgress()
        #expect(w.joins("h") && !w.joins("'") && !w.joins("1") && !w.joins(" "))
        w.type("h")
        #expect(w.joins("'") && w.joins("1") && !w.joins("ab"))
        w.type("e")
        w.type("\u{301}")
        w.deleteBackward()
        #expect(w.letters == "he")  // a combining accent goes alone
        w.type("👍🏽")
        w.deleteBackward()
        #expect(w.letters == "he")  // an emoji sequence goes whole
        w.deleteBackward()
        #expect(w.letters == "h")
        let finished = w.finish()
        #expect(finished == "h" && w.letters.isEmpty)
        w.deleteBackward()
        #expect(w.letters.isEmpty)
    }

    @Test func aCorrectionCanBeUndoneUntilTheNextTap() {
        var w = WordInProgress()
        w.type("teh")
        let typed = w.finish()
        w.corrected(typed, to: "the ")
        #expect(w.afterwards == .corrected(typed: "teh", committed: "the "))
        w.reverted(typed)
        #expect(w.afterwards == .nothing && w.kept.contains("teh"))
        w.corrected("teh", to: "the ")
        w.type("a")
        #expect(w.afterwards == .nothing)
    }

    @Test func aPickedWordLeavesASpacePunctuationMayTake() {
        var w = WordInProgress()
        w.type("hel")
        w.picked("hello", keep: false)
        #expect(w.letters.isEmpty && w.afterwards == .addedSpace && w.kept.isEmpty)
        w.punctuatedAfterPick()
        #expect(w.afterwards == .addedSpace)
        w.interrupt()
        #expect(w.afterwards == .nothing)
        w.picked("helo", keep: true)
        #expect(w.kept == ["helo"])
        _ = w.finish()
        #expect(w.afterwards == .addedSpace)  // finishing leaves what the last tap may adjust
    }

    @Test func usedWordsAreHandedOutOnce() {
        var w = WordInProgress()
        let used = WordInProgress.UsedWord(word: "hello", previous: nil, language: "en", kept: false)
        w.used(used)
        let first = w.takeFieldWords()
        let second = w.takeFieldWords()
        #expect(first == [used] && second.isEmpty)
    }
}
