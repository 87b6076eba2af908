extension Lexicon {
    /// `WordSource.frequentEntries(withKeyPrefix:_:)` over the blocks: those that hold the
    /// prefix's entries are read in the order of their highest class (`blockTop`: their classes
    /// alone read first), most frequent first, until one's highest is below the least class
    /// `body` still takes.
    func frequentEntries(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> UInt8) -> Int {
        guard count > 0 else { return 0 }
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        let blocks = blocks(ofKeyPrefix: p)
        // Highest class first, then in file order: each block one integer, its class inverted
        // above its index, sorted without a closure.
        var order = blocks.map { b in Int(UInt8.max - blockTop(b)) << 32 | b }
        order.sort()
        func block(_ packed: Int) -> Int { packed & 0xFFFF_FFFF }
        func top(_ packed: Int) -> UInt8 { UInt8.max - UInt8(packed >> 32) }
        var counted = 0
        var least: UInt8 = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            for (n, packed) in order.enumerated() {
                if top(packed) < least {
                    // The blocks after it are no more frequent.
                    for b in order[n...] { counted += min(Lexicon.blockSize, count - block(b) * Lexicon.blockSize) }
                    return
                }
                decodeBlock(block(packed), key: key, word: word) { k, w, frequency in
                    guard k.count >= p.count, k.prefix(p.count).elementsEqual(p) else { return true }
                    counted += 1
                    // Rarer than `body` takes: passed over (it answers as much of it).
                    if frequency >= least { least = body(frequency) { String(decoding: w, as: UTF8.self) } }
                    return true
                }
            }
        }
        return counted
    }

    /// Decodes block `block`'s entries in order into `key` and `word` (256 bytes each), passing
    /// each one's key, word and class to `body` until it returns false; whether it never did.
    @discardableResult
    func decodeBlock(
        _ block: Int, key: UnsafeMutableBufferPointer<UInt8>, word: UnsafeMutableBufferPointer<UInt8>,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, UInt8) -> Bool
    ) -> Bool {
        let raw = storage.bytes
        var at = blockStart(block)
        var keyLength = 0
        for _ in 0..<min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
            let entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
            at = entry.next
            let k = UnsafeBufferPointer(rebasing: key[0..<keyLength])
            if !body(k, entry.wordInKey ? k : UnsafeBufferPointer(rebasing: word[0..<entry.wordLength]), entry.frequency) {
                return false
            }
        }
        return true
    }

    /// The highest frequency class of a block's entries (their classes read, nothing decoded).
    func blockTop(_ block: Int) -> UInt8 {
        let raw = storage.bytes
        var at = blockStart(block)
        var top: UInt8 = 0
        for _ in 0..<min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
            top = max(top, raw[at + 2 + Int(raw[at + 1] & ~Lexicon.formFlag)])
            at = Lexicon.entryEnd(raw, at: at)
        }
        return top
    }

    /// The blocks that hold every entry whose key starts with `p`: from the last whose first
    /// key is below `p` to the last whose first key is not past the keys that start with it.
    func blocks(ofKeyPrefix p: [UInt8]) -> Range<Int> {
        let raw = storage.bytes
        func firstKey(_ block: Int) -> UnsafeBufferPointer<UInt8> {
            let at = blockStart(block)
            return UnsafeBufferPointer(rebasing: raw[(at + 2)..<(at + 2 + Int(raw[at + 1] & ~Lexicon.formFlag))])
        }
        // The first block whose first key is not below p.
        var lo = 0
        var hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if Lexicon.compare(firstKey(mid), p) < 0 { lo = mid + 1 } else { hi = mid }
        }
        let start = max(lo - 1, 0)
        // The first block from there whose first key is past the keys that start with p.
        hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            let first = firstKey(mid)
            if first.starts(with: p) || Lexicon.compare(first, p) < 0 { lo = mid + 1 } else { hi = mid }
        }
        return start..<lo
    }
}

extension Lexicon {
    /// `wordBytes(withKeyPrefix:_:)` for a caller that ranks the entries by class and keeps
    /// only the best `wanted`: a block whose entries all start with the prefix, whose highest
    /// class is below that of `wanted` other such blocks (so below `wanted` entries), and whose
    /// words are all stored as their keys in ASCII, is passed over unread, `passingOver`
    /// called in its place.
    func wordBytes(
        withKeyPrefix prefix: String, bestOf wanted: Int, passingOver: () -> Void,
        _ body: (UnsafeBufferPointer<UInt8>, UInt8) -> Bool
    ) {
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        let range = blocks(ofKeyPrefix: p)
        // The blocks between the first and the last hold only entries with the prefix.
        guard count > 0, wanted > 0, range.count > wanted + 2 else {
            wordBytes(withKeyPrefix: prefix, body)
            return
        }
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        let summaries = inner.map { plainSummary($0, prefix: p) }
        let least = summaries.map(\.top).sorted(by: >)[wanted - 1]
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            for block in range {
                if inner.contains(block) {
                    let summary = summaries[block - inner.lowerBound]
                    if summary.plain, summary.top < least {
                        passingOver()
                        continue
                    }
                }
                let read = decodeBlock(block, key: key, word: word) { k, w, frequency in
                    // Keys before the prefix's are passed; one past them ends the reading.
                    guard k.count >= p.count, k.prefix(p.count).elementsEqual(p) else { return Lexicon.compare(k, p) < 0 }
                    return body(w, frequency)
                }
                if !read { return }
            }
        }
    }

    /// A block's highest class, and whether every word in it is ASCII and begins with `p` (the
    /// prefix of every key in it, which is its own key) as stored: its classes, key bytes and
    /// the written forms' heads read, nothing decoded.
    private func plainSummary(_ block: Int, prefix p: [UInt8]) -> (top: UInt8, plain: Bool) {
        let raw = storage.bytes
        var at = blockStart(block)
        var top: UInt8 = 0
        var high: UInt8 = 0
        var plain = true
        for _ in 0..<min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
            let suffix = Int(raw[at + 1] & ~Lexicon.formFlag)
            for i in 0..<suffix { high |= raw[at + 2 + i] }
            top = max(top, raw[at + 2 + suffix])
            if raw[at + 1] & Lexicon.formFlag != 0 {
                // The written form: `head` bytes of its own, then the key's from `replaced` on.
                let form = at + 2 + suffix + 1
                let (replaced, head) = (Int(raw[form]), Int(raw[form + 1]))
                for i in 0..<head {
                    high |= raw[form + 2 + i]
                    if i < p.count, raw[form + 2 + i] != p[i] { plain = false }
                }
                if head < p.count, replaced != head { plain = false }
            }
            at = Lexicon.entryEnd(raw, at: at)
        }
        return (top, plain && high < 0x80)
    }
}
