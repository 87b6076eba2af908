import TestSupport
import Testing

@testable import TapboardCore

/// The pairs' and triples' reading of a context, kept from one letter of a word to the next.
@Suite struct ContextReadingsTests {
    @Test func aModelForTheSameContextReadsWhatTheFirstRead() throws {
        let s = try TriplesTests.suggester()
        let first = s.languageModel(after: "I will see you ")
        // The letters of the next word ask again: the same reading, and the same classes.
        let again = s.languageModel(after: "I will see you ")
        #expect(first.triplePrefix == "see you " && again.triplePrefix == first.triplePrefix)
        #expect(again.pairPrefix == first.pairPrefix && first.pairPrefix == "you ")
        for word in try TriplesTests.listed(after: "see you ").prefix(5) {
            #expect(again.tripleClass(of: word) == first.tripleClass(of: word), "\(word)")
            #expect(first.tripleClass(of: word) != nil, "\(word)")
        }
        // Another context reads its own.
        #expect(s.languageModel(after: "I want to thank you ").triplePrefix == "thank you ")
        #expect(s.languageModel(after: "Hello, you ").triplePrefix == nil)
    }

    @Test func aCopyGivenOtherPairsOrTriplesReadsThemNotTheKeptReading() throws {
        let s = try TriplesTests.suggester()
        #expect(s.languageModel(after: "I will see you ").triplePrefix == "see you ")
        var noTriples = s
        noTriples.triples = nil
        #expect(noTriples.languageModel(after: "I will see you ").triplePrefix == nil)
        var noPairs = s
        noPairs.pairs = nil
        let model = noPairs.languageModel(after: "I will see you ")
        #expect(model.pairPrefix == nil && model.triplePrefix == nil)
        // The first keeps its own.
        #expect(s.languageModel(after: "I will see you ").triplePrefix == "see you ")
    }
}
