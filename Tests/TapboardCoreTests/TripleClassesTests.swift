import TestSupport
import Testing

@testable import TapboardCore

@Suite struct TripleClassesTests {
    /// The sieve answers as the plain table: for the triples' words after a few contexts, every
    /// dictionary word (and each of those words) has the class the table gives, or none.
    @Test(arguments: ["of the ", "it was ", "i do ", "it is "])
    func classesAreThoseOfThePlainTable(_ prefix: String) throws {
        let triples = try shippedDictionary("en-triples")
        var plain: [String: UInt8] = [:]
        triples.entries(withKeyPrefix: prefix) { entry, frequency in
            if entry.hasPrefix(prefix), plain[String(entry.dropFirst(prefix.count))] == nil {
                plain[String(entry.dropFirst(prefix.count))] = frequency
            }
            return true
        }
        #expect(!plain.isEmpty)
        let sieved = TripleClasses(plain)
        #expect(sieved.isEmpty == plain.isEmpty)
        var words = Array(plain.keys) + ["", "é", "don't"]
        try shippedDictionary("en").entries(withKeyPrefix: "") { word, _ in
            words.append(word)
            return true
        }
        for word in words { #expect(sieved[word] == plain[word], "\(prefix)\(word)") }
    }
}
