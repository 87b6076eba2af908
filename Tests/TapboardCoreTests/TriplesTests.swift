import TestSupport
import Testing

@testable import TapboardCore

/// Next words from two words back, on the shipped English data (`en-triples.tbd`, CMU
/// Sphinx's trigram model pruned by scripts/build-triples).
@Suite struct TriplesTests {
    static func suggester(triples: Bool = true) throws -> Suggester {
        Suggester(
            source: try shippedDictionary("en"), pairs: try shippedDictionary("en-pairs"),
            triples: triples ? try shippedDictionary("en-triples") : nil)
    }

    /// The words the triples list after `context` ("see you "), likeliest first.
    static func listed(after context: String) throws -> [String] {
        var out: [(String, UInt8)] = []
        try shippedDictionary("en-triples").entries(withKeyPrefix: context) { entry, f in
            out.append((String(entry.dropFirst(context.count)), f))
            return true
        }
        return out.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    @Test func shippedTriplesLoadAndFollowTheirWords() throws {
        let triples = try shippedDictionary("en-triples")
        #expect(triples.language == "en")
        #expect(triples.count > 100_000)
        let english = try shippedDictionary("en")
        var checked = 0
        triples.entries(withKeyPrefix: "want to ") { entry, _ in
            // Every next word is a word of the dictionary.
            #expect(!english.lookup(key: String(entry.dropFirst(8))).isEmpty, "\(entry)")
            checked += 1
            return true
        }
        #expect(checked > 0)
    }

    @Test func theTwoWordsBeforeAreReadFromTheText() {
        #expect(Context("I will see you ").tripleKey == "see you")
        #expect(Context("Thanks. I ").tripleKey == "<s> i")
        #expect(Context("I ").tripleKey == "<s> i")
        // Not across a comma, nor after one.
        #expect(Context("Hello, you ").tripleKey == nil)
        #expect(Context("see you, ").tripleKey == nil)
        #expect(Context("").tripleKey == nil && Context("Hi. ").tripleKey == nil)
    }

    @Test func nextWordsAfterSeeYouAndThankYouFollowEachPair() throws {
        let s = try Self.suggester()
        let see = s.nextWords(context: "I will see you ")
        let thank = s.nextWords(context: "I want to thank you ")
        #expect(see.count == 3 && thank.count == 3)
        #expect(see != thank)
        // Each pair's likeliest word in the model comes first, not "you" alone's.
        #expect(see.first == (try Self.listed(after: "see you ")).first)
        #expect(thank.first == (try Self.listed(after: "thank you ")).first)
        let pairsOnly = try Self.suggester(triples: false)
        #expect(pairsOnly.nextWords(context: "I will see you ") == pairsOnly.nextWords(context: "I want to thank you "))
        #expect(see.first != pairsOnly.nextWords(context: "I will see you ").first)
    }

    @Test func withoutTheTripleTheModelBacksOffToThePairs() throws {
        let s = try Self.suggester()
        let pairsOnly = try Self.suggester(triples: false)
        // No triple starts "zebra you": the pairs after "you" rank alone, as without triples.
        #expect(try Self.listed(after: "zebra you ").isEmpty)
        #expect(s.nextWords(context: "a zebra you ") == pairsOnly.nextWords(context: "a zebra you "))
        #expect(s.completions(for: "l", context: "a zebra you ") == pairsOnly.completions(for: "l", context: "a zebra you "))
        #expect(s.languageModel(after: "a zebra you ").triplePrefix == nil)
        // After a comma too.
        #expect(s.nextWords(context: "see you, ") == pairsOnly.nextWords(context: "see you, "))
    }

    @Test func theUsersOwnPairsStayAboveTheTriples() throws {
        var s = try Self.suggester()
        s.bigrams = ["you": ["guys": 2, "Tomorrow": 1]]
        // Shown as the dictionary writes them, as without triples.
        #expect(s.nextWords(context: "I will see you ") == ["guys", "tomorrow", try Self.listed(after: "see you ").first!])
    }

    @Test func theWordBeingCompletedHeedsTheTwoWordsBefore() throws {
        let s = try Self.suggester()
        let model = s.languageModel(after: "I will see you ")
        #expect(model.triplePrefix == "see you ")
        // "later" after "see you" outranks "like", which "you" alone prefers.
        let later = model.score("later", frequency: try #require(s.source.frequency(of: "later")))
        let like = model.score("like", frequency: try #require(s.source.frequency(of: "like")))
        #expect(later > like)
        #expect(s.completions(for: "l", context: "I will see you ").first == "later")
    }
}
