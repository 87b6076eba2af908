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

    let storage: Storage
    let blockCount: Int
    private let indexOffset: Int
    let foldsTurkishI: Bool
    /// Each block's first key, its first 8 bytes packed big-endian (zeros after a shorter
    /// key): the binary search of a look-up compares these, in a few cache lines, instead
    /// of reading a key in a page of the file at each step (8 bytes a block: 41 KB for the
    /// English spell checker's 5,212 blocks).
    let firstKeys: [UInt64]
    /// Where each first two bytes of a key begin, in key order (made while the file is
    /// checked): a seek for a key of one or two bytes lands on its entry at once, a longer
    /// one starts from the entries of its first two bytes.
    let prefixStarts: [PrefixStart]
    /// For each first byte, the first of `prefixStarts` not below it (257 numbers, the last
    /// their count): a look-up searches the starts of one first byte.
    private let prefixStartsByFirstByte: [Int]
    /// Where a look-up may begin decoding inside a block (made while the file is checked).
    let entryPoints: BlockEntryPoints

    static let magic: [UInt8] = Array("TBD1".utf8)
    static let blockSize = 32
    static let maxKeyBytes = 127
    static let maxWordBytes = 255
    static let formFlag: UInt8 = 0x80

    /// A lexicon over a copy of `bytes`, the contents of a `.tbd` file. `withEntryPoints`:
    /// exact look-ups are frequent in it (`BlockEntryPoints`, 36 bytes a block of 32 entries).
    public init(bytes: [UInt8], withEntryPoints: Bool = false) throws(LexiconError) {
        try self.init(storage: Storage(copying: bytes), withEntryPoints: withEntryPoints)
    }

    /// A lexicon over `bytes` as they lie in memory (a memory-mapped file, say), kept
    /// alive by `owner`. The bytes must stay valid and unchanged while `owner` lives;
    /// the lexicon holds `owner` for as long as it, or a copy of it, exists. `withEntryPoints`:
    /// as above.
    public init(
        unsafeBytes bytes: UnsafeRawBufferPointer, owner: AnyObject & Sendable, withEntryPoints: Bool = false
    ) throws(LexiconError) {
        try self.init(storage: Storage(borrowing: bytes, owner: owner), withEntryPoints: withEntryPoints)
    }

    private init(storage: Storage, withEntryPoints: Bool) throws(LexiconError) {
        let header = try Lexicon.validate(storage.bytes, withEntryPoints: withEntryPoints)
        self.storage = storage
        language = header.language
        count = header.count
        blockCount = header.blockCount
        indexOffset = header.indexOffset
        foldsTurkishI = Lexicon.foldsTurkishI(header.language)
        prefixStarts = header.prefixStarts
        entryPoints = header.entryPoints
        var byFirstByte: [Int] = []
        byFirstByte.reserveCapacity(257)
        var i = 0
        for b in 0...256 {
            while i < prefixStarts.count, Int(prefixStarts[i].prefix >> 8) < b { i += 1 }
            byFirstByte.append(i)
        }
        prefixStartsByFirstByte = byFirstByte
        let bytes = storage.bytes
        let index = header.indexOffset
        firstKeys = (0..<header.blockCount).map { block in
            let at = Int(Lexicon.u32(bytes, index + 4 * block))
            return Lexicon.packed(bytes, from: at + 2, count: Int(bytes[at + 1] & ~Lexicon.formFlag))
        }
    }

    /// The first 8 bytes of `key` as a big-endian number, zeros after a shorter key: two
    /// keys whose numbers differ are in that order (a zero byte sorts as the end does).
    static func packed<C: Collection<UInt8>>(_ key: C) -> UInt64 {
        var n: UInt64 = 0
        var taken = 0
        for b in key.prefix(8) {
            n = n << 8 | UInt64(b)
            taken += 1
        }
        return taken == 8 ? n : n << UInt64(8 * (8 - taken))
    }

    /// `packed` of `raw`'s `count` bytes from `start`: one load of 8 bytes where `raw` holds them.
    static func packed(_ raw: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64 {
        guard start + 8 <= raw.count, let base = raw.baseAddress else { return packed(raw[start..<(start + count)]) }
        let first8 = UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        return count >= 8 ? first8 : first8 & ~(UInt64.max >> UInt64(8 * count))
    }

    /// The first of `prefixStarts` whose two bytes are not below `prefix`; nil when none is.
    func prefixStart(notBelow prefix: UInt16) -> PrefixStart? {
        // Past the starts of its first byte, the next one's first is the answer.
        var lo = prefixStartsByFirstByte[Int(prefix >> 8)]
        var hi = prefixStartsByFirstByte[Int(prefix >> 8) + 1]
        while lo < hi {
            let mid = (lo + hi) / 2
            if prefixStarts[mid].prefix < prefix { lo = mid + 1 } else { hi = mid }
        }
        return lo < prefixStarts.count ? prefixStarts[lo] : nil
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
        let w = Array(word.utf8)
        let k = Lexicon.keyBytes(of: word, utf8: w, turkish: foldsTurkishI)
        return w.withUnsafeBufferPointer { w in k.withUnsafeBufferPointer { frequency(ofStored: w, key: $0) } }
    }

    /// Every entry whose key equals `key` lower-cased, in stored order ("us" finds
    /// both "US" and "us").
    public func lookup(key: String) -> [(word: String, frequency: UInt8)] {
        lookup(keyBytes: Lexicon.keyBytes(of: key, utf8: Array(key.utf8), turkish: foldsTurkishI))
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

    /// The same, the word made into a `String` only when asked for.
    public func entriesByClass(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> Bool) {
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        scan(fromKey: p) { key, word, frequency in
            guard key.count >= p.count, key.prefix(p.count).elementsEqual(p) else { return false }
            return body(frequency) { String(decoding: word, as: UTF8.self) }
        }
    }

    /// The same as `entries(withKeyPrefix:)`, with each entry's key bytes.
    func keyedEntries(withKeyPrefix prefix: String, _ body: (UnsafeBufferPointer<UInt8>, String, UInt8) -> Bool) {
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        scan(fromKey: p) { key, word, frequency in
            guard key.count >= p.count, key.prefix(p.count).elementsEqual(p) else { return false }
            return body(key, String(decoding: word, as: UTF8.self), frequency)
        }
    }

    /// The same as `entries(withKeyPrefix:)`, each word as its UTF-8 bytes (valid only during
    /// the call to `body`): no `String` made for a word the caller only looks at.
    func wordBytes(withKeyPrefix prefix: String, _ body: (UnsafeBufferPointer<UInt8>, UInt8) -> Bool) {
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        scan(fromKey: p) { key, word, frequency in
            guard key.count >= p.count, key.prefix(p.count).elementsEqual(p) else { return false }
            return body(word, frequency)
        }
    }

    func blockStart(_ block: Int) -> Int {
        Int(Lexicon.u32(storage.bytes, indexOffset + 4 * block))
    }
}

/// The bytes a lexicon reads: its own copy, or memory someone else owns.
final class Storage: @unchecked Sendable {
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
