import Testing

@testable import TapboardCore

/// `tapboard glide --learn`: the text before each stroke, learned as it grows.
@Suite struct WrittenTextTests {
    @Test func onlyWhatTheTextAddsIsLearned() {
        var w = WrittenText()
        w.read("Call me Ishmael. ")
        // The text that was there before the first stroke was not written here.
        #expect(w.learned.isEmpty)
        w.read("Call me Ishmael. Some years ")
        #expect(w.learned.words == ["Some": 1, "years": 1])
        #expect(w.learned.next(after: "some") == ["years"])
        #expect(w.learned.next(after: "ishmael") == ["Some"])
    }

    @Test func aWindowThatDropsItsStartStillCarriesOn() {
        var w = WrittenText()
        w.read("the whale and the sea and the ")
        w.read("whale and the sea and the ship ")
        #expect(w.learned.words == ["ship": 1])
    }

    @Test func aWordTheTextEndsInIsNotLearnedUntilItEnds() {
        var w = WrittenText()
        w.read("one two ")
        w.read("one two thr")
        #expect(w.learned.isEmpty)
        w.read("one two three, ")
        #expect(w.learned.words == ["three": 1])
    }

    @Test func textThatDoesNotCarryOnStartsAfresh() {
        var w = WrittenText()
        w.read("Dear Sir, I write to ")
        w.read("A different field altogether ")
        #expect(w.learned.isEmpty)
    }
}
