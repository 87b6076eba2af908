/// Why a dictionary file (`.tbd`) was refused.
public struct LexiconError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var message: String
    /// The byte offset in the file where the problem was found.
    public var offset: Int

    /// A problem found at `offset`.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "dictionary: \(message) (at byte \(offset))" }
}

/// A word-frequency dictionary of one language, read from a `.tbd` file ("tapboard
/// dictionary", described in dictionaries/README.md) without unpacking it.
///
/// Every entry is a word as written ("Haus", "US", "don't") with a frequency class,
/// round(zipf × 10) (so "the" is 77, rare words 20-30). Entries are sorted by their
/// key, the word lower-cased (``key(of:language:)``); look-ups compare keys byte for
/// byte, so they cost a binary search over blocks of 32 entries and a short scan.
///
/// The file is checked completely when the lexicon is made: a corrupt or truncated
/// file is refused with a ``LexiconError``, and queries never read outside it.
public struct Lexicon: Sendable {
    /// The language code the file was made for ("en", "de").
    public let language: String
    /// The number of entries.
    public let count: Int

    private let storage: Storage
    private let blockCount: Int
    private let indexOffset: Int
    private let foldsTurkishI: Bool

    static let magic: [UInt8] = Array("TBD1".utf8)
    static let blockSize = 32
    static let maxKeyBytes = 127
    static let maxWordBytes = 255
    static let formFlag: UInt8 = 0x80

    /// A lexicon over a copy of `bytes`, the contents of a `.tbd` file.
    public init(bytes: [UInt8]) throws(LexiconError) {
        try self.init(storage: Storage(copying: bytes))
    }

    /// A lexicon over `bytes` as they lie in memory (a memory-mapped file, say), kept
    /// alive by `owner`. The bytes must stay valid and unchanged while `owner` lives;
    /// the lexicon holds `owner` for as long as it, or a copy of it, exists.
    public init(unsafeBytes bytes: UnsafeRawBufferPointer, owner: AnyObject & Sendable) throws(LexiconError) {
        try self.init(storage: Storage(borrowing: bytes, owner: owner))
    }

    private init(storage: Storage) throws(LexiconError) {
        let header = try Lexicon.validate(storage.bytes)
        self.storage = storage
        language = header.language
        count = header.count
        blockCount = header.blockCount
        indexOffset = header.indexOffset
        foldsTurkishI = Lexicon.foldsTurkishI(header.language)
    }

    // MARK: Queries

    /// The search key of `word` in a dictionary of `language`: each Unicode scalar
    /// replaced by its full lower-case mapping, without context (Σ becomes σ
    /// everywhere), as `String.lowercased()` does; Turkish and Azerbaijani first
    /// turn I into ı and İ into i.
    public static func key(of word: String, language: String) -> String {
        key(of: word, turkish: foldsTurkishI(language))
    }

    /// The frequency class of exactly `word` as stored ("Haus", not "haus"), or nil
    /// when the dictionary lacks that spelling.
    public func frequency(of word: String) -> UInt8? {
        let k = Array(Lexicon.key(of: word, turkish: foldsTurkishI).utf8)
        let w = Array(word.utf8)
        var found: UInt8?
        scan(fromKey: k) { key, stored, frequency in
            guard Lexicon.compare(key, k) == 0 else { return false }
            if stored.elementsEqual(w) {
                found = frequency
                return false
            }
            return true
        }
        return found
    }

    /// Every entry whose key equals `key` lower-cased, in stored order ("us" finds
    /// both "US" and "us").
    public func lookup(key: String) -> [(word: String, frequency: UInt8)] {
        lookup(keyBytes: Array(Lexicon.key(of: key, turkish: foldsTurkishI).utf8))
    }

    /// Every entry whose key is exactly these bytes (a key as `key(of:language:)` makes it).
    public func lookup(keyBytes k: [UInt8]) -> [(word: String, frequency: UInt8)] {
        var found: [(word: String, frequency: UInt8)] = []
        scan(fromKey: k) { key, word, frequency in
            guard Lexicon.compare(key, k) == 0 else { return false }
            found.append((String(decoding: word, as: UTF8.self), frequency))
            return true
        }
        return found
    }

    /// Visits, in key order, every entry whose key starts with `prefix` lower-cased,
    /// passing the word as stored and its frequency class, until `body` returns false.
    /// An empty prefix visits every entry.
    public func entries(withKeyPrefix prefix: String, _ body: (String, UInt8) -> Bool) {
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        scan(fromKey: p) { key, word, frequency in
            guard key.count >= p.count, key.prefix(p.count).elementsEqual(p) else { return false }
            return body(String(decoding: word, as: UTF8.self), frequency)
        }
    }

    /// Visits the entries from the first whose key is not below `target`, in order,
    /// with their key and word bytes, until `body` returns false. (Entries below
    /// `target` in the first block searched are skipped here.)
    private func scan(fromKey target: [UInt8],
                      _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UInt8) -> Bool) {
        guard count > 0 else { return }
        let bytes = storage.bytes
        // The first block whose first key is >= target; what we want may begin in the
        // block before it.
        var lo = 0, hi = blockCount
        target.withUnsafeBufferPointer { t in
            while lo < hi {
                let mid = (lo + hi) / 2
                let at = blockStart(mid)
                let length = Int(bytes[at + 1] & ~Lexicon.formFlag)
                let first = UnsafeBufferPointer(rebasing: bytes[(at + 2)..<(at + 2 + length)])
                if Lexicon.compare(first, t) < 0 { lo = mid + 1 } else { hi = mid }
            }
        }
        var block = max(lo - 1, 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            let raw = bytes
            var skipping = true
            while block < blockCount {
                var at = blockStart(block)
                var keyLength = 0
                let entries = min(Lexicon.blockSize, count - block * Lexicon.blockSize)
                for _ in 0..<entries {
                    let entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                    at = entry.next
                    let k = UnsafeBufferPointer(rebasing: key[0..<keyLength])
                    if skipping {
                        if Lexicon.compare(k, target) < 0 { continue }
                        skipping = false
                    }
                    let w = entry.wordInKey ? k : UnsafeBufferPointer(rebasing: word[0..<entry.wordLength])
                    if !body(k, w, entry.frequency) { return }
                }
                block += 1
            }
        }
    }

    private func blockStart(_ block: Int) -> Int {
        Int(Lexicon.u32(storage.bytes, indexOffset + 4 * block))
    }

    // MARK: Entries

    struct Entry {
        var next: Int
        var frequency: UInt8
        var wordInKey: Bool
        var wordLength: Int
    }

    /// Decodes the entry at `at` (already validated): the key into `key` (whose first
    /// `keyLength` bytes hold the previous key), the word into `word` when it differs.
    private static func decode(_ raw: UnsafeBufferPointer<UInt8>, at: Int, key: UnsafeMutableBufferPointer<UInt8>,
                               keyLength: inout Int, word: UnsafeMutableBufferPointer<UInt8>) -> Entry {
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
        let replaced = Int(raw[p]), head = Int(raw[p + 1])
        p += 2
        for i in 0..<head { word[i] = raw[p + i] }
        p += head
        let tail = keyLength - replaced
        for i in 0..<tail { word[head + i] = key[replaced + i] }
        return Entry(next: p, frequency: frequency, wordInKey: false, wordLength: head + tail)
    }

    // MARK: Validation

    struct Header {
        var language: String
        var count: Int
        var blockCount: Int
        var indexOffset: Int
    }

    /// Checks the whole file: header, block index, every entry's lengths, UTF-8 and
    /// order. Afterwards every offset the queries use is known to be in bounds.
    private static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(LexiconError) -> Header {
        let size = bytes.count
        guard size >= 17 else {
            throw LexiconError("file is \(size) bytes, shorter than a header (17)", at: 0)
        }
        guard bytes.prefix(4).elementsEqual(magic) else {
            throw LexiconError("not a tapboard dictionary (magic is not TBD1)", at: 0)
        }
        let count = Int(u32(bytes, 4)), blockCount = Int(u32(bytes, 8)), indexOffset = Int(u32(bytes, 12))
        let languageLength = Int(bytes[16])
        let headerEnd = 17 + languageLength
        guard headerEnd <= size else {
            throw LexiconError("language code runs past the end of the file", at: 16)
        }
        guard let language = String(validating: bytes[17..<headerEnd], as: UTF8.self), !language.isEmpty else {
            throw LexiconError("language code is empty or not UTF-8", at: 17)
        }
        guard blockCount == (count + blockSize - 1) / blockSize else {
            throw LexiconError("\(blockCount) blocks cannot hold \(count) entries in blocks of \(blockSize)", at: 8)
        }
        guard indexOffset >= headerEnd, indexOffset <= size, (size - indexOffset) == 4 * blockCount else {
            throw LexiconError("block index at \(indexOffset) does not fit \(blockCount) offsets before the end (\(size) bytes)", at: 12)
        }
        if count == 0 { return Header(language: language, count: 0, blockCount: 0, indexOffset: indexOffset) }

        let raw = bytes
        var previousKey = [UInt8](repeating: 0, count: 256), previousKeyLength = 0
        var previousWord = [UInt8](repeating: 0, count: 256), previousWordLength = 0
        var key = [UInt8](repeating: 0, count: 256)
        var word = [UInt8](repeating: 0, count: 256)
        var at = headerEnd
        for block in 0..<blockCount {
            let start = Int(u32(bytes, indexOffset + 4 * block))
            guard start == at else {
                throw LexiconError("block \(block) should start at \(at), the index says \(start)", at: indexOffset + 4 * block)
            }
            let entries = min(blockSize, count - block * blockSize)
            for e in 0..<entries {
                let entryStart = at
                func bad(_ what: String) -> LexiconError {
                    LexiconError("entry \(block * blockSize + e) (block \(block)): \(what)", at: entryStart)
                }
                guard at + 2 <= indexOffset else { throw bad("runs into the block index") }
                let shared = Int(raw[at]), lengthByte = raw[at + 1]
                let suffix = Int(lengthByte & ~formFlag)
                guard e > 0 || shared == 0 else { throw bad("a block's first entry shares \(shared) bytes") }
                guard shared <= previousKeyLength else {
                    throw bad("shares \(shared) bytes with a key of \(previousKeyLength)")
                }
                let keyLength = shared + suffix
                guard keyLength > 0, keyLength <= maxKeyBytes else { throw bad("key of \(keyLength) bytes") }
                guard at + 2 + suffix + 1 <= indexOffset else { throw bad("runs into the block index") }
                for i in 0..<shared { key[i] = previousKey[i] }
                for i in 0..<suffix { key[shared + i] = raw[at + 2 + i] }
                at += 2 + suffix + 1
                var wordLength = keyLength
                if lengthByte & formFlag != 0 {
                    guard at + 2 <= indexOffset else { throw bad("runs into the block index") }
                    let replaced = Int(raw[at]), head = Int(raw[at + 1])
                    guard replaced <= keyLength else { throw bad("replaces \(replaced) bytes of a \(keyLength)-byte key") }
                    wordLength = head + keyLength - replaced
                    guard wordLength > 0, wordLength <= maxWordBytes else { throw bad("word of \(wordLength) bytes") }
                    guard at + 2 + head <= indexOffset else { throw bad("runs into the block index") }
                    for i in 0..<head { word[i] = raw[at + 2 + i] }
                    for i in 0..<(keyLength - replaced) { word[head + i] = key[replaced + i] }
                    at += 2 + head
                } else {
                    for i in 0..<keyLength { word[i] = key[i] }
                }
                guard validUTF8(key, keyLength), validUTF8(word, wordLength) else { throw bad("not UTF-8") }
                if block > 0 || e > 0 {
                    let order = compare(previousKey, previousKeyLength, key, keyLength)
                    guard order < 0 || (order == 0 && compare(previousWord, previousWordLength, word, wordLength) < 0) else {
                        throw bad("out of order")
                    }
                }
                swap(&previousKey, &key)
                swap(&previousWord, &word)
                previousKeyLength = keyLength
                previousWordLength = wordLength
            }
        }
        guard indexOffset - at < 4, bytes[at..<indexOffset].allSatisfy({ $0 == 0 }) else {
            throw LexiconError("\(indexOffset - at) stray bytes after the last entry", at: at)
        }
        return Header(language: language, count: count, blockCount: blockCount, indexOffset: indexOffset)
    }

    private static func validUTF8(_ bytes: [UInt8], _ length: Int) -> Bool {
        var i = 0
        while i < length {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let n: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: n = 1
            case 0xE0: n = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: n = 2
            case 0xED: n = 2; hi = 0x9F
            case 0xF0: n = 3; lo = 0x90
            case 0xF1...0xF3: n = 3
            case 0xF4: n = 3; hi = 0x8F
            default: return false
            }
            guard i + n < length, bytes[i + 1] >= lo, bytes[i + 1] <= hi else { return false }
            for j in stride(from: 2, through: n, by: 1) where bytes[i + j] & 0xC0 != 0x80 { return false }
            i += n + 1
        }
        return true
    }

    // MARK: Writing

    /// The bytes of a `.tbd` file holding `words` with their frequency classes, in the
    /// format `scripts/build-dictionaries` writes (the same bytes for the same list).
    /// A word given twice keeps its higher class; empty words, words over 255 bytes and
    /// words whose key is over 127 bytes are left out.
    public static func build(_ words: [(String, UInt8)], language: String) -> [UInt8] {
        let turkish = foldsTurkishI(language)
        var best: [String: UInt8] = [:]
        for (word, frequency) in words { best[word] = max(best[word] ?? 0, frequency) }
        var rows: [(key: [UInt8], word: [UInt8], frequency: UInt8)] = []
        for (word, frequency) in best {
            let w = Array(word.utf8), k = Array(key(of: word, turkish: turkish).utf8)
            guard !w.isEmpty, w.count <= maxWordBytes, k.count <= maxKeyBytes else { continue }
            rows.append((k, w, frequency))
        }
        rows.sort { a, b in
            let order = compare(a.key, a.key.count, b.key, b.key.count)
            return order != 0 ? order < 0 : compare(a.word, a.word.count, b.word, b.word.count) < 0
        }

        let lang = Array(language.utf8.prefix(255))
        let headerSize = 17 + lang.count
        var body: [UInt8] = []
        var offsets: [UInt32] = []
        var previous: [UInt8] = []
        for (i, row) in rows.enumerated() {
            var shared = 0
            if i % blockSize == 0 {
                offsets.append(UInt32(headerSize + body.count))
            } else {
                while shared < min(row.key.count, previous.count), row.key[shared] == previous[shared] { shared += 1 }
            }
            let differs = row.word != row.key
            body.append(UInt8(shared))
            body.append(UInt8(row.key.count - shared) | (differs ? formFlag : 0))
            body += row.key[shared...]
            body.append(row.frequency)
            if differs {
                var tail = 0
                while tail < min(row.key.count, row.word.count),
                      row.key[row.key.count - 1 - tail] == row.word[row.word.count - 1 - tail] { tail += 1 }
                body.append(UInt8(row.key.count - tail))
                body.append(UInt8(row.word.count - tail))
                body += row.word[..<(row.word.count - tail)]
            }
            previous = row.key
        }
        while (headerSize + body.count) % 4 != 0 { body.append(0) }
        let indexOffset = headerSize + body.count

        var out = magic
        out.reserveCapacity(indexOffset + 4 * offsets.count)
        for v in [UInt32(rows.count), UInt32(offsets.count), UInt32(indexOffset)] { appendU32(&out, v) }
        out.append(UInt8(lang.count))
        out += lang
        out += body
        for o in offsets { appendU32(&out, o) }
        return out
    }

    // MARK: Helpers

    private static func foldsTurkishI(_ language: String) -> Bool {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return primary == "tr" || primary == "az"
    }

    private static func key(of word: String, turkish: Bool) -> String {
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

    private static func appendU32(_ out: inout [UInt8], _ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    private static func u32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// Byte-wise comparison: negative, zero or positive.
    private static func compare<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
        var i = a.startIndex, j = b.startIndex
        while i != a.endIndex, j != b.endIndex {
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            a.formIndex(after: &i)
            b.formIndex(after: &j)
        }
        return (i == a.endIndex ? 0 : 1) - (j == b.endIndex ? 0 : 1)
    }

    private static func compare(_ a: [UInt8], _ aLength: Int, _ b: [UInt8], _ bLength: Int) -> Int {
        compare(a[..<aLength], b[..<bLength])
    }
}

/// The bytes a lexicon reads: its own copy, or memory someone else owns.
private final class Storage: @unchecked Sendable {
    // Immutable after init; nothing writes through these pointers.
    let bytes: UnsafeBufferPointer<UInt8>
    private let owner: AnyObject?
    private let allocation: UnsafeMutableRawPointer?

    init(copying array: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(array.count, 1))
        _ = copy.initialize(from: array)
        bytes = UnsafeBufferPointer(rebasing: copy[0..<array.count])
        allocation = UnsafeMutableRawPointer(copy.baseAddress)
        owner = nil
    }

    init(borrowing raw: UnsafeRawBufferPointer, owner: AnyObject & Sendable) {
        bytes = raw.bindMemory(to: UInt8.self)
        self.owner = owner
        allocation = nil
    }

    deinit { allocation?.deallocate() }
}
