import Glibc
import TapboardCore
import TestSupport
import Testing

private let goldenDirectory = Repository.root + "/Tests/TapboardCoreTests/Golden"

private func tabSeparated(_ path: String) throws -> [(String, UInt8)] {
    let text = try #require(readText(path))
    return try text.split(separator: "\n").map { line in
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        return (String(parts[0]), try #require(UInt8(parts[1])))
    }
}

private func allEntries(_ lexicon: Lexicon) -> [(String, UInt8)] {
    var out: [(String, UInt8)] = []
    lexicon.entries(withKeyPrefix: "") {
        out.append(($0, $1))
        return true
    }
    return out
}

@Suite struct LexiconTests {
    @Test func everyShippedDictionaryLoads() throws {
        let names = Repository.files(in: Repository.dictionaries, ending: ".tbd").filter {
            !$0.hasSuffix("-pairs.tbd") && !$0.hasSuffix("-known.tbd") && !$0.hasSuffix("-triples.tbd")
                && !$0.hasSuffix("-follow-on.tbd")
        }
        #expect(names.count >= 25)
        for name in names {
            let lexicon = try shippedDictionary(String(name.dropLast(4)))
            #expect(lexicon.language == String(name.dropLast(4)), "\(name)")
            // Korean: 18,011 (wordfreq's MeCab tokens that hunspell-ko accepts).
            #expect((15_000...60_000).contains(lexicon.count), "\(name): \(lexicon.count) words")
        }
    }

    @Test func shippedPairsLoadAndFollowTheirWords() throws {
        let pairs = try shippedDictionary("en-pairs")
        #expect(pairs.language == "en")
        #expect(pairs.count > 10_000)
        let english = try shippedDictionary("en")
        var checked = 0
        pairs.entries(withKeyPrefix: "of ") { entry, _ in
            // Every next word is a word of the dictionary.
            #expect(!english.lookup(key: String(entry.dropFirst(3))).isEmpty, "\(entry)")
            checked += 1
            return true
        }
        #expect(checked > 100)
        #expect(pairs.frequency(of: "of the")! > english.frequency(of: "the")!)
    }

    @Test func shippedKnownWordsAreTheSpellCheckersWords() throws {
        let known = try shippedDictionary("en-known")
        #expect(known.language == "en")
        #expect(known.count > 150_000)
        let english = try shippedDictionary("en")
        let checker = WordSourceSpellChecker(known)
        // Words the dictionary lacks, and dictionary words too (so that "thee" is never corrected).
        for w in ["lounged", "Lounged", "LOUNGED", "lordliest", "thee", "nonce", "the"] { #expect(checker.accepts(w), "\(w)") }
        for w in ["teh", "jumsp", "loungedd"] { #expect(!checker.accepts(w), "\(w)") }
        #expect(english.lookup(key: "lounged").isEmpty && english.frequency(of: "thee") != nil)
    }

    @Test func everyKeyboardLanguageHasADictionary() throws {
        let dictionaries = Set(
            Repository.files(in: Repository.dictionaries, ending: ".tbd").map { String($0.dropLast(4)) }.filter {
                !$0.hasSuffix("-pairs") && !$0.hasSuffix("-known") && !$0.hasSuffix("-triples")
            })
        for file in layoutFiles() {
            let layout = try loadShipped(file)
            let tag = layout.language
            guard let primary = tag.split(separator: "-").first else { continue }
            if primary == "th" { continue }  // wordfreq has no Thai
            if primary == "vi" { continue }  // Telex holds the word as preedit: no strip (yet)
            // The engine's candidates fill the strip (Korean's offers none: the dictionary does).
            if case .engine(let e) = layout.compose, e.offersCandidates { continue }
            #expect(dictionaries.contains(String(primary)), "\(file): no dictionary for \(tag)")
        }
    }

    @Test func commonWordsAreFrequent() throws {
        let en = try shippedDictionary("en")
        let de = try shippedDictionary("de")
        let fr = try shippedDictionary("fr")
        #expect(try #require(en.frequency(of: "the")) >= 70)
        #expect(try #require(de.frequency(of: "und")) >= 70)
        #expect(try #require(fr.frequency(of: "de")) >= 70)
        #expect(try #require(en.frequency(of: "because")) > (en.frequency(of: "becalm") ?? 0))
        #expect(en.frequency(of: "becuase") == nil)  // a misspelling: left out
        #expect(en.frequency(of: "don't") != nil && en.frequency(of: "dont") == nil)
    }

    @Test func wordsKeepTheirCapitals() throws {
        let de = try shippedDictionary("de")
        let en = try shippedDictionary("en")
        #expect(de.frequency(of: "Haus") != nil)
        #expect(de.frequency(of: "haus") == nil)
        #expect(de.lookup(key: "haus").map(\.word) == ["Haus"])
        #expect(de.lookup(key: "HAUS").map(\.word) == ["Haus"])
        #expect(de.frequency(of: "Straße") != nil)
        #expect(en.lookup(key: "i").map(\.word) == ["I"])
        #expect(en.frequency(of: "London") != nil)
        #expect(en.frequency(of: "don't") != nil)
        let el = try shippedDictionary("el")
        #expect(el.frequency(of: "της") != nil)  // final sigma restored
        let fr = try shippedDictionary("fr")
        #expect(fr.frequency(of: "l'") != nil)
    }

    @Test func prefixVisitsAreSortedAndComplete() throws {
        let en = try shippedDictionary("en")
        var words: [String] = []
        en.entries(withKeyPrefix: "Ha") { word, _ in
            words.append(word)
            return true
        }
        #expect(words.count > 100)
        let keys = words.map { Array(Lexicon.key(of: $0, language: "en").utf8) }
        #expect(keys.allSatisfy { $0.starts(with: Array("ha".utf8)) })
        #expect(zip(keys, keys.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) })
        #expect(words.contains("have") && words.contains("Harvard"))

        // The same entries as a filter over everything.
        let all = allEntries(en)
        #expect(all.count == en.count)
        let filtered = all.map(\.0).filter { Lexicon.key(of: $0, language: "en").hasPrefix("ha") }
        #expect(filtered == words)

        var visited = 0
        en.entries(withKeyPrefix: "h") { _, _ in
            visited += 1
            return visited < 3
        }
        #expect(visited == 3)
        var none = 0
        en.entries(withKeyPrefix: "qxzv") { _, _ in
            none += 1
            return true
        }
        #expect(none == 0)
    }

    /// Look-ups find every word and nothing else where many keys share their first 8 bytes
    /// (the binary search compares those first) and blocks begin inside such a run.
    @Test func lookUpsFindEveryWordWhereKeysShareLongBeginnings() throws {
        var random = SeededRandom(state: 11)
        var words = Set<String>()
        for stem in ["internat", "internationa", "a", "ab", "abcdefgh", "abcdefg", "zzzzzzzz"] {
            for _ in 0..<120 {
                let letters = (0..<Int(random.next() % 6)).map { _ in Character(Unicode.Scalar(UInt8(97 + random.next() % 4))) }
                let tail = String(letters)
                words.insert(stem + tail)
            }
        }
        let lexicon = try Lexicon(bytes: Lexicon.build(words.map { ($0, 40) }, language: "en"))
        #expect(lexicon.count == words.count)
        for w in words {
            #expect(lexicon.lookup(key: w).map(\.word) == [w], "\(w)")
            for missing in [w + "x", w + "zz", String(w.dropLast()) + "y"] where !words.contains(missing) {
                #expect(lexicon.lookup(key: missing).isEmpty, "\(missing)")
            }
        }
        // And prefixes: every word under "internationa", in order.
        var under: [String] = []
        lexicon.entries(withKeyPrefix: "internationa") { word, _ in
            under.append(word)
            return true
        }
        #expect(under == words.filter { $0.hasPrefix("internationa") }.sorted())
    }

    @Test func swiftWriterMatchesPythonWriter() throws {
        for language in ["de", "tr"] {
            let words = try tabSeparated("\(goldenDirectory)/lexicon-\(language).tsv")
            let golden = try #require(readBytes("\(goldenDirectory)/lexicon-\(language).tbd"))
            let built = Lexicon.build(words, language: language)
            #expect(built == golden, "lexicon-\(language).tbd: Swift wrote \(built.count) bytes, Python \(golden.count)")
            // Every distinct word comes back with its highest class.
            let lexicon = try Lexicon(bytes: built)
            var best: [String: UInt8] = [:]
            for (w, f) in words { best[w] = max(best[w] ?? 0, f) }
            #expect(lexicon.count == best.count)
            for (w, f) in best { #expect(lexicon.frequency(of: w) == f, "\(w)") }
        }
    }

    @Test func keysFoldCaseAndTurkishI() throws {
        let de = try Lexicon(bytes: Lexicon.build([("us", 40), ("US", 44), ("Us", 3), ("use", 50)], language: "en"))
        #expect(de.lookup(key: "US").map(\.word) == ["US", "Us", "us"])
        #expect(de.frequency(of: "US") == 44)
        #expect(de.frequency(of: "uS") == nil)
        let tr = try Lexicon(bytes: Lexicon.build([("İstanbul", 55), ("Irmak", 30), ("ılık", 33)], language: "tr"))
        #expect(tr.lookup(key: "ist").isEmpty)
        #expect(tr.lookup(key: "istanbul").map(\.word) == ["İstanbul"])
        #expect(tr.lookup(key: "IRMAK").map(\.word) == ["Irmak"])
        var found: [String] = []
        tr.entries(withKeyPrefix: "ı") { w, _ in
            found.append(w)
            return true
        }
        #expect(found == ["ılık", "Irmak"])
        #expect(Lexicon.key(of: "ΟΔΟΣ", language: "el") == "οδοσ")
    }

    @Test func emptyDictionary() throws {
        let empty = try Lexicon(bytes: Lexicon.build([], language: "xx"))
        #expect(empty.count == 0 && empty.language == "xx")
        #expect(empty.lookup(key: "a").isEmpty && empty.frequency(of: "a") == nil)
        empty.entries(withKeyPrefix: "") { _, _ in
            Issue.record("visited an entry")
            return true
        }
    }

    @Test func corruptFilesAreRefused() throws {
        let good = Lexicon.build(try tabSeparated("\(goldenDirectory)/lexicon-de.tsv"), language: "de")
        func refused(_ bytes: [UInt8], _ what: String) {
            do {
                _ = try Lexicon(bytes: bytes)
                Issue.record("accepted: \(what)")
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        refused([], "empty")
        refused(Array("TBD2".utf8) + good.dropFirst(4), "bad magic")
        for length in [4, 16, 17, 19, 40, good.count / 2, good.count - 1] {
            refused(Array(good.prefix(length)), "truncated to \(length)")
        }
        refused(good + [0, 0, 0, 0], "trailing bytes")
        var wrongCount = good
        wrongCount[4] &+= 1
        refused(wrongCount, "entry count off by one")

        do {
            _ = try Lexicon(bytes: Array(good.prefix(100)))
        } catch {
            #expect(error.description.contains("block index"))
        }

        // Every byte changed to a few values: refused, or accepted and then safe to query.
        for i in good.indices {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF, good[i] &+ 1] where value != good[i] {
                var bytes = good
                bytes[i] = value
                guard let lexicon = try? Lexicon(bytes: bytes) else { continue }
                for probe in ["", "h", "Haus", "us", "ü"] {
                    _ = lexicon.lookup(key: probe)
                    _ = lexicon.frequency(of: probe)
                    lexicon.entries(withKeyPrefix: probe) { _, _ in true }
                }
            }
        }
    }

    @Test func entriesMustBeInKeyThenWordOrder() throws {
        func accepts(_ entries: [(key: String, word: String)]) -> Bool {
            (try? Lexicon(bytes: oneBlock(entries))) != nil
        }
        #expect(accepts([("aa", "aa"), ("ab", "ab"), ("abc", "abc"), ("abd", "abd"), ("b", "b")]))
        #expect(!accepts([("ab", "ab"), ("aa", "aa")]))
        #expect(!accepts([("abd", "abd"), ("abc", "abc")]))
        #expect(!accepts([("abc", "abc"), ("ab", "ab")]))
        #expect(!accepts([("ab", "ab"), ("ab", "ab")]))
        // One key, several words: in byte order of the words, whether a word is its key or not.
        #expect(accepts([("us", "US"), ("us", "Us"), ("us", "us")]))
        #expect(!accepts([("us", "us"), ("us", "US")]))
        #expect(!accepts([("us", "Us"), ("us", "US")]))
        #expect(!accepts([("us", "US"), ("us", "us"), ("us", "Us")]))
        do {
            _ = try Lexicon(bytes: oneBlock([("b", "b"), ("a", "a")]))
            Issue.record("accepted keys out of order")
        } catch {
            #expect(error.description.contains("entry 1 (block 0): out of order"))
        }
    }

    @Test func aKeySharingPartOfACharacterIsCheckedAsUTF8() throws {
        // "é" is C3 A9, "ê" C3 AA: the second key shares the first byte of a character.
        let good = oneBlock([("é", "é"), ("ê", "ê"), ("êa", "êa")])
        #expect(try Lexicon(bytes: good).lookup(key: "ê").map(\.word) == ["ê"])
        var bad = good
        bad[try #require(bad.firstIndex(of: 0xAA))] = 0xC0
        do {
            _ = try Lexicon(bytes: bad)
            Issue.record("accepted a key that is not UTF-8")
        } catch {
            #expect(error.description.contains("entry 1 (block 0): not UTF-8"))
        }
    }
}

/// A dictionary of one block holding `entries` as given, in the `.tbd` format (sorted or not).
private func oneBlock(_ entries: [(key: String, word: String)]) -> [UInt8] {
    func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let header = 17 + 2
    var body: [UInt8] = []
    var previous: [UInt8] = []
    for (i, e) in entries.enumerated() {
        let key = Array(e.key.utf8)
        let word = Array(e.word.utf8)
        var shared = 0
        while i > 0, shared < min(key.count, previous.count), key[shared] == previous[shared] { shared += 1 }
        body += [UInt8(shared), UInt8(key.count - shared) | (word != key ? 0x80 : 0)] + key[shared...] + [1]
        if word != key { body += [UInt8(key.count), UInt8(word.count)] + word }
        previous = key
    }
    while (header + body.count) % 4 != 0 { body.append(0) }
    return Array("TBD1".utf8) + u32(entries.count) + u32(1) + u32(header + body.count) + [2] + Array("en".utf8)
        + body + u32(header)
}
