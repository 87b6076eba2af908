extension Lexicon {
    // MARK: Validation

    struct Header {
        var language: String
        var count: Int
        var blockCount: Int
        var indexOffset: Int
        var prefixStarts: [PrefixStart] = []
        var entryPoints = BlockEntryPoints(blocks: 0)
    }

    /// Where the keys of one first two bytes begin (a one-byte key's second byte is 0).
    struct PrefixStart {
        /// The key's first two bytes, big-endian.
        var prefix: UInt16
        /// The entry's number in the file.
        var entry: UInt32
        /// Its byte offset.
        var offset: UInt32
    }

    /// A key's first two bytes, big-endian, 0 after a one-byte key: two keys whose numbers
    /// differ are in that order.
    static func twoBytes(_ key: UnsafePointer<UInt8>, _ length: Int) -> UInt16 {
        UInt16(key[0]) << 8 | (length > 1 ? UInt16(key[1]) : 0)
    }

    /// Checks the whole file: header, block index, every entry's lengths, UTF-8 and
    /// order. Afterwards every offset the queries use is known to be in bounds. With
    /// `withEntryPoints`, notes the blocks' entry points for look-ups (`BlockEntryPoints`).
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, withEntryPoints: Bool) throws(LexiconError) -> Header {
        let size = bytes.count
        guard size >= 17 else {
            throw LexiconError("file is \(size) bytes, shorter than a header (17)", at: 0)
        }
        guard bytes.prefix(4).elementsEqual(magic) else {
            throw LexiconError("not a tapboard dictionary (magic is not TBD1)", at: 0)
        }
        let count = Int(u32(bytes, 4))
        let blockCount = Int(u32(bytes, 8))
        let indexOffset = Int(u32(bytes, 12))
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
            throw LexiconError(
                "block index at \(indexOffset) does not fit \(blockCount) offsets before the end (\(size) bytes)", at: 12)
        }
        if count == 0 { return Header(language: language, count: 0, blockCount: 0, indexOffset: indexOffset) }

        // The key is built in place over the previous one (an entry keeps `shared` bytes of
        // it), so that it is compared with the previous key before its suffix is written.
        // A word other than its key is built beside the previous such word. Pointers, not
        // arrays: this runs over every byte of every dictionary the keyboard opens.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: maxKeyBytes + 2 * maxWordBytes)
        defer { scratch.deallocate() }
        let key = scratch
        var previousWord = scratch + maxKeyBytes
        var word = previousWord + maxWordBytes
        var keyLength = 0
        var previousWordLength = 0
        // Whether the previous word is its key (then, for a next entry of the same key, `key`).
        var previousWordIsKey = true
        var prefixStarts: [PrefixStart] = []
        var lastPrefix: UInt16?
        var entryPoints = BlockEntryPoints(blocks: withEntryPoints ? blockCount : 0)
        // Past the last block: no entry is a place.
        let noPlaces = withEntryPoints ? BlockEntryPoints.firstCandidate : blockSize
        let raw = bytes.baseAddress!
        var at = headerEnd
        for block in 0..<blockCount {
            let start = Int(u32(bytes, indexOffset + 4 * block))
            guard start == at else {
                throw LexiconError("block \(block) should start at \(at), the index says \(start)", at: indexOffset + 4 * block)
            }
            let entries = min(blockSize, count - block * blockSize)
            var candidate = noPlaces
            for e in 0..<entries {
                let entryStart = at
                func bad(_ what: String) -> LexiconError {
                    LexiconError("entry \(block * blockSize + e) (block \(block)): \(what)", at: entryStart)
                }
                guard at + 2 <= indexOffset else { throw bad("runs into the block index") }
                let shared = Int(raw[at])
                let lengthByte = raw[at + 1]
                let suffix = Int(lengthByte & ~formFlag)
                guard e > 0 || shared == 0 else { throw bad("a block's first entry shares \(shared) bytes") }
                guard shared <= keyLength else {
                    throw bad("shares \(shared) bytes with a key of \(keyLength)")
                }
                let newKeyLength = shared + suffix
                guard newKeyLength > 0, newKeyLength <= maxKeyBytes else { throw bad("key of \(newKeyLength) bytes") }
                guard at + 2 + suffix + 1 <= indexOffset else { throw bad("runs into the block index") }
                let suffixBytes = raw + at + 2
                let first = block == 0 && e == 0
                let order = first ? -1 : compare(key + shared, keyLength - shared, suffixBytes, suffix)
                guard order <= 0 else { throw bad("out of order") }
                // The bytes shared were checked as UTF-8 with the key before: the new key is
                // checked from the character they end in (a valid key is whole characters).
                var checked = shared
                while checked > 0, checked < keyLength, key[checked] & 0xC0 == 0x80 { checked -= 1 }
                for i in 0..<suffix { key[shared + i] = suffixBytes[i] }
                keyLength = newKeyLength
                if e >= candidate, shared <= BlockEntryPoints.keptBytes {
                    candidate = entryPoints.note(block: block, entry: e, offset: entryStart - start, key: key, length: keyLength)
                }
                if shared < 2 {
                    let prefix = twoBytes(key, keyLength)
                    if lastPrefix != prefix {
                        lastPrefix = prefix
                        let n = UInt32(block * blockSize + e)
                        prefixStarts.append(PrefixStart(prefix: prefix, entry: n, offset: UInt32(entryStart)))
                    }
                }
                at += 2 + suffix + 1
                var wordLength = keyLength
                let ownWord = lengthByte & formFlag != 0
                if ownWord {
                    guard at + 2 <= indexOffset else { throw bad("runs into the block index") }
                    let replaced = Int(raw[at])
                    let head = Int(raw[at + 1])
                    guard replaced <= keyLength else { throw bad("replaces \(replaced) bytes of a \(keyLength)-byte key") }
                    wordLength = head + keyLength - replaced
                    guard wordLength > 0, wordLength <= maxWordBytes else { throw bad("word of \(wordLength) bytes") }
                    guard at + 2 + head <= indexOffset else { throw bad("runs into the block index") }
                    for i in 0..<head { word[i] = raw[at + 2 + i] }
                    for i in 0..<(keyLength - replaced) { word[head + i] = key[replaced + i] }
                    at += 2 + head
                    guard validUTF8(key + checked, keyLength - checked), validUTF8(word, wordLength) else {
                        throw bad("not UTF-8")
                    }
                } else {
                    guard validUTF8(key + checked, keyLength - checked) else { throw bad("not UTF-8") }
                }
                if order == 0 {
                    // The same key again: the words decide (the previous one's key is this key).
                    let before = previousWordIsKey ? UnsafePointer(key) : UnsafePointer(previousWord)
                    let this = ownWord ? UnsafePointer(word) : UnsafePointer(key)
                    guard compare(before, previousWordLength, this, wordLength) < 0 else { throw bad("out of order") }
                }
                if ownWord { swap(&previousWord, &word) }
                previousWordIsKey = !ownWord
                previousWordLength = wordLength
            }
        }
        guard indexOffset - at < 4, bytes[at..<indexOffset].allSatisfy({ $0 == 0 }) else {
            throw LexiconError("\(indexOffset - at) stray bytes after the last entry", at: at)
        }
        return Header(
            language: language, count: count, blockCount: blockCount, indexOffset: indexOffset, prefixStarts: prefixStarts,
            entryPoints: entryPoints)
    }

    static func validUTF8(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var i = 0
        while i < length {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let n: Int
            var lo: UInt8 = 0x80
            var hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: n = 1
            case 0xE0:
                n = 2
                lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: n = 2
            case 0xED:
                n = 2
                hi = 0x9F
            case 0xF0:
                n = 3
                lo = 0x90
            case 0xF1...0xF3: n = 3
            case 0xF4:
                n = 3
                hi = 0x8F
            default: return false
            }
            guard i + n < length, bytes[i + 1] >= lo, bytes[i + 1] <= hi else { return false }
            for j in stride(from: 2, through: n, by: 1) where bytes[i + j] & 0xC0 != 0x80 { return false }
            i += n + 1
        }
        return true
    }

    /// `compare` of `a`'s first `aLength` bytes with `b`'s first `bLength`.
    private static func compare(
        _ a: UnsafePointer<UInt8>, _ aLength: Int, _ b: UnsafePointer<UInt8>, _ bLength: Int
    ) -> Int {
        compare(UnsafeBufferPointer(start: a, count: aLength), UnsafeBufferPointer(start: b, count: bLength))
    }
}
