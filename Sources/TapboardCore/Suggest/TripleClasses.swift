/// The triples' words after two tokens and their classes (`LanguageModel.tripleClass`), with a
/// 256-bit sieve of their lengths and first and last bytes: each word a search scores is asked
/// for, and most are none of these few, told without hashing the word.
struct TripleClasses {
    private let classes: [String: UInt8]
    private let sieve: [UInt64]

    init(_ classes: [String: UInt8]) {
        self.classes = classes
        var sieve = [UInt64](repeating: 0, count: 4)
        for word in classes.keys {
            let bit = Self.bit(word)
            sieve[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.sieve = sieve
    }

    var isEmpty: Bool { classes.isEmpty }

    /// The class of `word` as stored, or nil.
    subscript(word: String) -> UInt8? {
        let bit = Self.bit(word)
        guard sieve[bit >> 6] & 1 << UInt64(bit & 63) != 0 else { return nil }
        return classes[word]
    }

    /// A word's place in the sieve: its UTF-8 length and first and last bytes mixed.
    private static func bit(_ word: String) -> Int {
        let bytes = word.utf8
        return (Int(bytes.first ?? 0) &* 37 &+ Int(bytes.last ?? 0) &* 11 &+ bytes.count) & 255
    }
}
