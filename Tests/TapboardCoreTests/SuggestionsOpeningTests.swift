import TestSupport
import Testing

@testable import TapboardCore

/// A library whose words open only when told (as the keyboard's open after its first frame).
final class HeldSuggestions: SuggestionLibrary, @unchecked Sendable {
    var opens = false
    /// Whether opening them works (a broken dictionary does not).
    var opensWell = true
    func provider(for layout: Layout) -> (any SuggestionProvider)? { opens && opensWell ? ContextEcho() : nil }
    func offersSuggestions(for layout: Layout) -> Bool { !opens || opensWell }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// The strip's words opened after the first frame: the strip keeps its place meanwhile.
@Suite struct SuggestionsOpeningTests {
    func driven(_ library: HeldSuggestions) throws -> Driven {
        try Driven(["us"], suggestions: library)
    }

    @Test func theStripFillsWhenTheWordsOpen() throws {
        let library = HeldSuggestions()
        var d = try driven(library)
        d.focus("hi ")
        #expect(d.c.showsStrip, "the strip's place is kept while the words are not open")
        #expect(d.c.strip == .empty)
        let height = d.c.geometry?.height
        library.opens = true
        let out = d.c.suggestionsOpened()
        #expect(d.c.strip.slots[1] == .word("[hi ]"))
        #expect(out.contains { if case .redraw = $0 { true } else { false } })
        #expect(d.c.geometry?.height == height, "the panel keeps its size")
    }

    @Test func wordsThatFailToOpenTakeTheStripAway() throws {
        let library = HeldSuggestions()
        library.opensWell = false
        var d = try driven(library)
        d.focus("hi ")
        #expect(d.c.showsStrip)
        library.opens = true
        _ = d.c.suggestionsOpened()
        #expect(!d.c.showsStrip)
        #expect(d.c.strip == .empty)
    }
}
