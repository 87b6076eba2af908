import TestSupport
import Testing

@testable import TapboardCore

/// What the search keeps to go faster: where each key's first two bytes begin in a lexicon,
/// and the pairs after a context read once for a word's letters. Each answers as the plain
/// look-ups do.
@Suite struct SearchCarryTests {
    /// Every entry's key, in file order.
    func keys(of lexicon: Lexicon) -> [[UInt8]] {
        var out: [[UInt8]] = []
        lexicon.keyedEntries(withKeyPrefix: "") { key, _, _ in
            out.append(Array(key))
            return true
        }
        return out
    }

    func twoBytes(_ key: [UInt8]) -> UInt16 {
        key.withUnsafeBufferPointer { Lexicon.twoBytes($0.baseAddress!, $0.count) }
    }

    @Test(arguments: ["en", "de", "en-pairs"])
    func thePrefixTableHoldsWhereEachFirstTwoBytesBegin(_ name: String) throws {
        let lexicon = try shippedDictionary(name)
        let all = keys(of: lexicon)
        var expected: [(UInt16, Int)] = []
        for (i, key) in all.enumerated() where expected.last?.0 != twoBytes(key) { expected.append((twoBytes(key), i)) }
        #expect(lexicon.prefixStarts.map(\.prefix) == expected.map(\.0))
        #expect(lexicon.prefixStarts.map { Int($0.entry) } == expected.map(\.1))
        // Looked up: the first entry whose first two bytes are not below the asked (the first of
        // its group, as the scan above found them).
        var random = SeededRandom(state: 52)
        for _ in 0..<2000 {
            let asked = UInt16(truncatingIfNeeded: random.next())
            let scan = expected.first { $0.0 >= asked }?.1
            #expect(lexicon.prefixStart(notBelow: asked).map { Int($0.entry) } == scan, "\(asked)")
        }
    }

    @Test(arguments: [false, true])
    func keysListedAnswerAsASet(shuffled: Bool) {
        var random = SeededRandom(state: shuffled ? 7 : 8)
        // Short keys of a few bytes (many alike, some the prefix of another), and empty ones.
        let alphabet: [UInt8] = Array("abc'".utf8) + [0xC3, 0xA4]
        var keys = (0..<400).map { _ in (0..<Int(random.next() % 4)).map { _ in alphabet[Int(random.next() % 6)] } }
        keys = shuffled ? keys.shuffled(using: &random) : keys.sorted { $0.lexicographicallyPrecedes($1) }
        var listed = ListedKeys()
        var set: Set<[UInt8]> = []
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { listed.append($0) }
            set.insert(key)
            guard i % 20 == 19 else { continue }
            for asked in keys + [[0x61, 0x61, 0x61, 0x61], [0xFF]] {
                #expect(asked.withUnsafeBufferPointer { listed.contains($0) } == set.contains(asked), "\(asked)")
            }
        }
    }

    @Test func thePairsReadOnceAnswerAsTheFileDoes() throws {
        let source = try shippedDictionary("en")
        let pairs = try shippedDictionary("en-pairs")
        var random = SeededRandom(state: 9)
        let words = keys(of: source).map { String(decoding: $0, as: UTF8.self) }
        for previous in ["the", "<s>", ",", "i", "of", "would"] {
            let prefix = previous + " "
            for _ in 0..<40 {
                let word = words[Int(random.next() % UInt64(words.count))]
                let read = String(word.prefix(1 + Int(random.next() % 2)))
                let kept = PairsAfter(prefix: prefix, typedKey: read, pairs: pairs, source: source)
                expectFormsLookedUp(kept, prefix, source)
                // The letters typed after: the entries the file lists for them.
                let typed = String(word.prefix(read.count + Int(random.next() % 3)))
                #expect(kept.serve(prefix: prefix, typedKey: typed, pairs: pairs, source: source))
                var listed: [String] = []
                pairs.entries(withKeyPrefix: prefix + typed) { entry, _ in
                    listed.append(entry)
                    return true
                }
                #expect(kept.entries(beginning: typed).map(\.stored) == listed, "\(prefix)\(typed)")
                // A word's class after the token: as the file's when its key begins with the
                // key read, else unknown.
                for asked in [word, words[Int(random.next() % UInt64(words.count))], word.uppercased()] {
                    let lower = asked.lowercased()
                    let answer = kept.pairClass(ofLowercased: lower)
                    if lower.hasPrefix(read) {
                        #expect(answer.known && answer.after == pairs.frequency(of: prefix + lower), "\(prefix)\(lower)")
                    } else {
                        #expect(!answer.known)
                    }
                }
            }
        }
    }

    @Test func eachTypingEditKeepsTheSpotOfItsBytes() throws {
        let s = Suggester(source: try shippedDictionary("en"))
        for typed in ["w", "we", "station", "straße", "don't", "naïve", "ss"] {
            let edits = Search(suggester: s, typed: typed, context: Context("")).typingEdits()
            #expect(!edits.all.isEmpty)
            for e in edits.all {
                #expect(e.spot == EditSpot(e.start, edits.middle(of: e), e.resume), "\(typed) \(e)")
            }
        }
    }

    /// Each pair's forms as the dictionary looks its next word up.
    func expectFormsLookedUp(_ kept: PairsAfter, _ prefix: String, _ source: Lexicon) {
        for entry in kept.entries {
            let expected = source.lookup(key: String(entry.stored.dropFirst(prefix.count)))
            #expect(
                entry.forms.map { "\($0.word) \($0.frequency)" } == expected.map { "\($0.word) \($0.frequency)" },
                "\(entry.stored)")
        }
    }

    @Test(arguments: [("en", ["the", "<s>", ",", "of", "would"]), ("de", ["der", "die", "<s>", "und", "für"])])
    func thePairsFormsAreTheDictionarysForms(_ language: String, _ tokens: [String]) throws {
        let source = try shippedDictionary(language)
        let pairs = try shippedDictionary(language + "-pairs")
        for previous in tokens {
            for typed in ["a", "s", "w", "th", "ü", "ge", "sch", "x", "b", "m", "ver", "us", "i"] {
                let kept = PairsAfter(prefix: previous + " ", typedKey: typed, pairs: pairs, source: source)
                expectFormsLookedUp(kept, previous + " ", source)
            }
        }
    }

    @Test func theDeadEditsSetAnswersAsTheStandardSet() {
        var random = SeededRandom(state: 3)
        var spots = EditSpotSet()
        var plain: Set<EditSpot> = []
        func randomSpot() -> EditSpot {
            let middle = (0..<Int(random.next() % 4)).map { _ in UInt8(0x61 + random.next() % 26) }
            let start = Int(random.next() % 12)
            return EditSpot(start, middle, start + Int(random.next() % 3))!
        }
        for round in 0..<3 {
            for _ in 0..<(500 * (round + 1)) {
                let spot = randomSpot()
                #expect(spots.contains(spot) == plain.contains(spot))
                spots.insert(spot)
                plain.insert(spot)
                #expect(spots.contains(spot))
            }
            #expect(spots.count == plain.count)
            for _ in 0..<500 {
                let spot = randomSpot()
                #expect(spots.contains(spot) == plain.contains(spot))
            }
            // Emptied, as the memo empties it for another word.
            spots.removeAll()
            plain.removeAll()
            #expect(spots.count == 0 && !spots.contains(randomSpot()))
        }
    }
}
