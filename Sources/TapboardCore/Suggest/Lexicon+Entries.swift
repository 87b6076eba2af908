/// A lexicon's entries as bytes: how one is decoded, and the byte helpers that keys,
/// blocks and the file format share.
extension Lexicon {
    // MARK: Entries

    struct Entry {
        var next: Int
        var frequency: UInt8
        var wordInKey: Bool
        var wordLength: Int
    }

    /// Where the entry at `at` (already validated) ends.
    static func entryEnd(_ raw: UnsafeBufferPointer<UInt8>, at: Int) -> Int {
        let lengthByte = raw[at + 1]
        let end = at + 2 + Int(lengthByte & ~formFlag) + 1
        return lengthByte & formFlag == 0 ? end : end + 2 + Int(raw[end + 1])
    }

    /// Decodes the entry at `at` (already validated): the key into `key` (whose first
    /// `keyLength` bytes hold the previous key), the word into `word` when it differs.
    static func decode(
        _ raw: UnsafeBufferPointer<UInt8>, at: Int, key: UnsafeMutableBufferPointer<UInt8>,
        keyLength: inout Int, word: UnsafeMutableBufferPointer<UInt8>
    ) -> Entry {
        let shared = Int(raw[at])
        let lengthByte = raw[at + 1]
        let suffix = Int(lengthByte & ~formFlag)
        var p = at + 2
        for i in 0..<suffix { key[shared + i] = raw[p + i] }
        p += suffix
        keyLength = shared + suffix
        let frequency = raw[p]
        p += 1
        guard lengthByte & formFlag != 0 else {
            return Entry(next: p, frequency: frequency, wordInKey: true, wordLength: keyLength)
        }
        let replaced = Int(raw[p])
        let head = Int(raw[p + 1])
        p += 2
        for i in 0..<head { word[i] = raw[p + i] }
        p += head
        let tail = keyLength - replaced
        for i in 0..<tail { word[head + i] = key[replaced + i] }
        return Entry(next: p, frequency: frequency, wordInKey: false, wordLength: head + tail)
    }

    // MARK: Helpers

    static func foldsTurkishI(_ language: String) -> Bool {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return primary == "tr" || primary == "az"
    }

    static func key(of word: String, turkish: Bool) -> String {
        guard turkish else { return word.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            switch scalar {
            case "I": folded.append("\u{131}")
            case "\u{130}": folded.append("i")
            default: folded.append(scalar)
            }
        }
        return String(folded).lowercased()
    }

    /// `key(of:turkish:)`'s UTF-8 bytes, given `word`'s: an ASCII word's are its own with
    /// capitals lowered (no string made, and the same array when it has none).
    static func keyBytes(of word: String, utf8 bytes: [UInt8], turkish: Bool) -> [UInt8] {
        guard !turkish, bytes.allSatisfy({ $0 < 0x80 }) else { return Array(key(of: word, turkish: turkish).utf8) }
        var lowered = bytes
        for i in lowered.indices where (0x41...0x5A).contains(lowered[i]) { lowered[i] |= 0x20 }
        return lowered
    }

    static func appendU32(_ out: inout [UInt8], _ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    static func u32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// Byte-wise comparison: negative, zero or positive.
    static func compare<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
        var i = a.startIndex
        var j = b.startIndex
        while i != a.endIndex, j != b.endIndex {
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            a.formIndex(after: &i)
            b.formIndex(after: &j)
        }
        return (i == a.endIndex ? 0 : 1) - (j == b.endIndex ? 0 : 1)
    }

    /// `compare(a, b)`, their first `from` bytes known equal, and how many first bytes they share.
    static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from: Int) -> (Int, Int) {
        var i = min(from, a.count, b.count)
        while i < a.count, i < b.count {
            if a[i] != b[i] { return (a[i] < b[i] ? -1 : 1, i) }
            i += 1
        }
        return ((i == a.count ? 0 : 1) - (i == b.count ? 0 : 1), i)
    }
}
