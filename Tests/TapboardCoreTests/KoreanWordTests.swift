import TapboardEngines
import TestSupport
import Testing

@testable import TapboardCore

/// The shipped Korean dictionary as the `ko` keyboard's suggestions.
struct KoreanDictionary: SuggestionLibrary {
    let suggester: Suggester
    init() throws { suggester = Suggester(source: try shippedDictionary("ko")) }
    func provider(for layout: Layout) -> (any SuggestionProvider)? { layout.language.hasPrefix("ko") ? suggester : nil }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// The real libhangul (Debian libhangul1) for the `ko` keyboard.
struct HangulOpener: CompositionOpener {
    func composition(for engine: CompositionEngine) -> any Composition { HangulComposition(log: { _ in }) }
}

/// The `ko` keyboard's strip: jamo composed by libhangul, the word so far (syllables
/// committed since the last space and the one in the preedit) completed from `ko.tbd`.
@Suite struct KoreanWordTests {
    func ko(purpose: ContentPurpose = .normal) throws -> Driven {
        var d = try Driven(["ko", "us"], suggestions: try KoreanDictionary(), compositions: HangulOpener())
        d.focus("", purpose: purpose)
        return d
    }

    func type(_ d: inout Driven, _ jamo: String) {
        for j in jamo { d.tap(String(j)) }
    }

    /// The dictionary's best completion of `word`.
    func topCompletion(_ word: String) throws -> String {
        let all = try KoreanDictionary().suggester.suggest(word, context: "").candidates
        return try #require(all.first { $0.hasPrefix(word) && $0 != word })
    }

    @Test func twoSyllablesOfferTheListsCompletionBestInTheMiddle() throws {
        var d = try ko()
        type(&d, "ㅇㅏㄴㄴㅕㅇ")
        #expect(d.c.text.known?.text == "안" && d.c.preedit == "녕")
        let top = try topCompletion("안녕")
        #expect(top == "안녕히")
        #expect(d.c.showsStrip && d.c.strip.slots[1] == .word(top))
        // Completions only: every word offered goes on from the word typed.
        for case .word(let w) in d.c.strip.slots { #expect(w.hasPrefix("안녕"), "\(w)") }
        #expect(d.c.strip.autocorrect == nil)
    }

    @Test func tappingTheCompletionPutsTheWholeWordInOnceWithASpace() throws {
        var d = try ko()
        type(&d, "ㅇㅏㄴㄴㅕㅇ")
        let top = try topCompletion("안녕")
        let out = d.tapSlot(1)
        #expect(d.c.text.known?.text == top + " ")
        #expect(d.c.preedit == "" && d.c.compositionStage.composition?.isOpen == false)
        // The syllable in the preedit went in once, then the rest: nothing deleted, nothing typed twice.
        let inserted = d.textOut(out).map { c -> String in if case .edit(let e) = c { e.insert } else { "?" } }
        #expect(inserted.joined() == "녕히 ")
        #expect(!d.textOut(out).contains { if case .edit(let e) = $0 { e.deletes } else { true } })
        // The next word starts afresh.
        type(&d, "ㄷㅐㅎㅏㄴ")
        #expect(d.c.strip.slots.contains(.word("대한민국")))
    }

    @Test func theStripFollowsTheSyllableBeingComposed() throws {
        var d = try ko()
        type(&d, "ㄷㅐㅎㅏ")
        #expect(d.c.preedit == "하" && d.c.text.known?.text == "대")
        let partial = d.c.strip
        d.tap("ㄴ")
        #expect(d.c.preedit == "한" && d.c.strip != partial && d.c.strip.slots.contains(.word("대한민국")))
        // Backspace takes back a jamo, and the strip goes back with it.
        d.tap("backspace")
        #expect(d.c.preedit == "하" && d.c.strip == partial)
    }

    @Test func spaceNeverCorrectsKorean() throws {
        var d = try ko()
        type(&d, "ㅇㅏㄴㄴㅕ")
        d.tap("space")
        #expect(d.c.text.known?.text == "안녀 ")
    }

    @Test func aSlideAcrossTheJamoIsNoStroke() throws {
        var settings = Settings()
        settings.glide = true
        var d = try Driven(["ko", "us"], settings: settings, suggestions: try KoreanDictionary(), compositions: HangulOpener())
        d.focus("")
        #expect(d.c.showsStrip && !d.c.glides)
    }

    @Test func aPasswordFieldOffersNothing() throws {
        var d = try ko(purpose: .password)
        type(&d, "ㅇㅏㄴㄴㅕㅇ")
        #expect(!d.c.showsStrip || d.c.strip.isEmpty)
    }
}
