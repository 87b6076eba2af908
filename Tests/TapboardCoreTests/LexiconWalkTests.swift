import TestSupport
import Testing

@testable import TapboardCore

/// `Lexicon.walk` jumps over the keys its guide rules out (seeks by the blocks' first keys,
/// by the first two bytes' starts, within a block, or to the next entry): it visits the same
/// entries, at the same costs, and leaves the guide knowing the same, as stepping every key
/// of the dictionary through the guide.
@Suite struct LexiconWalkTests {
    typealias Visit = (key: [UInt8], word: [UInt8], frequency: UInt8, cost: Double)

    /// Every entry of `lexicon`, its key stepped through `guide`: those an edit makes.
    static func everyKeyStepped(_ lexicon: Lexicon, _ guide: inout EditGuide) -> [Visit] {
        var visits: [Visit] = []
        lexicon.keyedEntries(withKeyPrefix: "") { k, word, f in
            if guide.follow(k), let cost = guide.cost { visits.append((Array(k), Array(word.utf8), f, cost)) }
            return true
        }
        return visits
    }

    static func walked(_ lexicon: Lexicon, _ guide: inout EditGuide) -> [Visit] {
        var visits: [Visit] = []
        lexicon.walk(&guide) { k, word, f, cost in visits.append((Array(k), Array(word), f, cost)) }
        return visits
    }

    @Test(arguments: ["en", "en-known"])
    func theWalkVisitsWhatSteppingEveryKeyVisits(_ name: String) throws {
        let lexicon = try shippedDictionary(name)
        let english = try shippedEnglish()
        var compared = 0
        // Short and long keys, typos early and late, a key past any word's end.
        for typed in ["t", "th", "stati", "recieve", "anoyed", "esteemibg", "xqjzkwvbnm"] {
            let search = Search(suggester: english, typed: typed, context: Context(""), memo: TypedWordMemo())
            let edits = search.typingEdits()
            let key = Array(typed.utf8)
            // Some edits left out, as the memo leaves out those it has dead.
            var plain = EditGuide(typed: key, edits: edits) { $0.middle.lowerBound % 4 != 1 }
            var walking = EditGuide(typed: key, edits: edits) { $0.middle.lowerBound % 4 != 1 }
            let expected = LexiconWalkTests.everyKeyStepped(lexicon, &plain)
            let visits = LexiconWalkTests.walked(lexicon, &walking)
            #expect(visits.count == expected.count, "\(name) \(typed)")
            #expect(
                zip(visits, expected).allSatisfy {
                    $0.key == $1.key && $0.word == $1.word && $0.frequency == $1.frequency && $0.cost == $1.cost
                },
                "\(name) \(typed)")
            #expect(walking.begun == plain.begun, "\(name) \(typed)")
            #expect(walking.typedReach == plain.typedReach, "\(name) \(typed)")
            compared += expected.count
        }
        #expect(compared > 50, "\(name)")
    }
}
