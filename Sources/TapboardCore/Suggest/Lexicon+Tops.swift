extension Lexicon {
    /// `WordSource.frequentEntries(withKeyPrefix:_:)` over the blocks: those that hold the
    /// prefix's entries are read in the order of their highest class (`blockTop`: their classes
    /// alone read first), most frequent first, until one's highest is below the least class
    /// `body` still takes.
    func frequentEntries(withKeyPrefix prefix: String, _ body: (UInt8, () -> String) -> UInt8) -> Int {
        guard count > 0 else { return 0 }
        let p = Array(Lexicon.key(of: prefix, turkish: foldsTurkishI).utf8)
        let blocks = blocks(ofKeyPrefix: p)
        var tops = [UInt8](repeating: 0, count: blocks.count)
        for b in blocks { tops[b - blocks.lowerBound] = blockTop(b) }
        let order = blocks.sorted { (a: Int, b: Int) -> Bool in
            let (x, y) = (tops[a - blocks.lowerBound], tops[b - blocks.lowerBound])
            return x != y ? x > y : a < b
        }
        let raw = storage.bytes
        var counted = 0
        var least: UInt8 = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            for (n, block) in order.enumerated() {
                if tops[block - blocks.lowerBound] < least {
                    // The blocks after it are no more frequent.
                    for b in order[n...] { counted += min(Lexicon.blockSize, count - b * Lexicon.blockSize) }
                    return
                }
                var at = blockStart(block)
                var keyLength = 0
                for _ in 0..<min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
                    let entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                    at = entry.next
                    let k = UnsafeBufferPointer(rebasing: key[0..<keyLength])
                    guard k.count >= p.count, k.prefix(p.count).elementsEqual(p) else { continue }
                    counted += 1
                    // Rarer than `body` takes: passed over (it answers as much of it).
                    guard entry.frequency >= least else { continue }
                    let w = entry.wordInKey ? k : UnsafeBufferPointer(rebasing: word[0..<entry.wordLength])
                    least = body(entry.frequency) { String(decoding: w, as: UTF8.self) }
                }
            }
        }
        return counted
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
