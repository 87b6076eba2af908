extension Lexicon {
    /// Visits, in key order, every entry whose key is one of `guide`'s edits' keys, with its
    /// key, word, frequency class and the least cost of an edit that makes it.
    ///
    /// One pass over the sorted keys: keys that share a prefix share the guide's steps, and
    /// where the guide rules a prefix out the walk jumps to the next key it allows, within
    /// the block or by the blocks' first keys, so it reads only the blocks around the keys
    /// the edits can make.
    func walk(
        _ guide: inout EditGuide,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, UInt8, _ cost: Double) -> Void
    ) {
        guard count > 0 else { return }
        let raw = storage.bytes
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            // The key to seek, its first `targetLength` bytes (no array to refill at each jump).
            let targetBytes = UnsafeMutableBufferPointer(rebasing: buffer[512..<768])
            var targetLength = 0
            var block = 0
            var index = 0
            var keyLength = 0
            var entry = Lexicon.decode(raw, at: blockStart(0), key: key, keyLength: &keyLength, word: word)
            // How many first bytes the current key keeps of the one before it (-1: not known,
            // after a seek or at a block's first).
            var keptOfLast = -1

            /// The entry after the current one; false past the last.
            func advance() -> Bool {
                index += 1
                var at = entry.next
                if index == min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
                    block += 1
                    guard block < blockCount else { return false }
                    index = 0
                    at = blockStart(block)
                    keptOfLast = -1
                } else {
                    keptOfLast = Int(raw[at])
                }
                entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                return true
            }
            /// Whether block `b`'s first key is above `target`.
            func firstKeyAbove(_ b: Int, _ packedTarget: UInt64, _ target: UnsafeBufferPointer<UInt8>) -> Bool {
                if firstKeys[b] != packedTarget { return firstKeys[b] > packedTarget }
                let at = blockStart(b)
                let length = Int(raw[at + 1] & ~Lexicon.formFlag)
                return Lexicon.compare(UnsafeBufferPointer(rebasing: raw[(at + 2)..<(at + 2 + length)]), target) > 0
            }
            /// Moves to the first entry whose key is not below `target` (above the current
            /// one); false past the last. `keepsTwoBytes`: the target's first two bytes are
            /// the current key's.
            func seek(keepsTwoBytes: Bool) -> Bool {
                let target = UnsafeBufferPointer(rebasing: targetBytes[0..<targetLength])
                // Past the keys of smaller first two bytes at once: a target of one or two
                // bytes is then reached; a longer one is looked for from there. (A target
                // keeping the current key's first two bytes begins no later than it.)
                if !keepsTwoBytes {
                    guard let start = prefixStart(notBelow: Lexicon.twoBytes(targetBytes.baseAddress!, targetLength))
                    else { return false }
                    if Int(start.entry) > block * Lexicon.blockSize + index {
                        block = Int(start.entry) / Lexicon.blockSize
                        index = Int(start.entry) % Lexicon.blockSize
                        // The entry keeps at most one byte of the key before it, the target's first
                        // (that key is below the target's first two bytes, the entry not).
                        key[0] = targetBytes[0]
                        entry = Lexicon.decode(raw, at: Int(start.offset), key: key, keyLength: &keyLength, word: word)
                        if targetLength <= 2 { return true }
                        if Lexicon.order(UnsafeBufferPointer(rebasing: key[0..<keyLength]), target, from: 0).0 >= 0 {
                            return true
                        }
                    }
                }
                let packedTarget = Lexicon.packed(target)
                if block + 1 < blockCount, !firstKeyAbove(block + 1, packedTarget, target) {
                    // The last block whose first key is not above the target: galloping from
                    // here (the targets ascend, most are near), then halving.
                    var notAbove = block + 1
                    var above = blockCount
                    var stride = 1
                    while notAbove + stride < blockCount {
                        if firstKeyAbove(notAbove + stride, packedTarget, target) {
                            above = notAbove + stride
                            break
                        }
                        notAbove += stride
                        stride *= 2
                    }
                    while above - notAbove > 1 {
                        let mid = (notAbove + above) / 2
                        if firstKeyAbove(mid, packedTarget, target) { above = mid } else { notAbove = mid }
                    }
                    block = notAbove
                    index = 0
                    entry = Lexicon.decode(raw, at: blockStart(block), key: key, keyLength: &keyLength, word: word)
                } else if !advance() {
                    return false
                }
                // How many first bytes the current key is known to share with the target.
                var known = 0
                var blockEntries = min(Lexicon.blockSize, count - block * Lexicon.blockSize)
                while true {
                    let (order, common) = Lexicon.order(UnsafeBufferPointer(rebasing: key[0..<keyLength]), target, from: known)
                    if order >= 0 { return true }
                    // Below the target: so are the entries after it that keep more than
                    // `common` of its bytes, passed over undecoded (the bytes a later key
                    // keeps of theirs are the same as this one's). One that keeps fewer is
                    // above it (it rose above this key where this key still matched).
                    var at = entry.next
                    known = 0
                    while true {
                        index += 1
                        if index == blockEntries {
                            block += 1
                            guard block < blockCount else { return false }
                            index = 0
                            blockEntries = min(Lexicon.blockSize, count - block * Lexicon.blockSize)
                            at = blockStart(block)
                            break
                        }
                        let shared = Int(raw[at])
                        if shared < common {
                            entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                            return true
                        }
                        if shared == common {
                            known = common
                            break
                        }
                        at = Lexicon.entryEnd(raw, at: at)
                    }
                    entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                }
            }

            while true {
                let k = UnsafeBufferPointer(rebasing: key[0..<keyLength])
                // The bytes stepped begin the key before: they share with k what it kept of them.
                if keptOfLast < 0 ? guide.follow(k) : guide.follow(k, sharing: min(guide.depth, keptOfLast)) {
                    if let cost = guide.cost {
                        body(
                            k, entry.wordInKey ? k : UnsafeBufferPointer(rebasing: word[0..<entry.wordLength]), entry.frequency,
                            cost)
                    }
                    if !advance() { return }
                    continue
                }
                // No edit's key begins with k's first depth + 1 bytes: on to the least prefix
                // above them that one begins with.
                var m = guide.depth
                var next = guide.nextByte(after: k[m])
                while next == nil, m > 0 {
                    m -= 1
                    guide.truncate(to: m)
                    next = guide.nextByte(after: k[m])
                }
                guard let next else { return }
                // The next entry in the block, when it is not below k's first m bytes and
                // `next` (it keeps fewer of k, or as many and goes on with `next` or above).
                if index + 1 < min(Lexicon.blockSize, count - block * Lexicon.blockSize) {
                    let shared = Int(raw[entry.next])
                    if shared < m || (shared == m && raw[entry.next + 2] >= next) {
                        if !advance() { return }
                        continue
                    }
                }
                for i in 0..<m { targetBytes[i] = k[i] }
                targetBytes[m] = next
                targetLength = m + 1
                if !seek(keepsTwoBytes: m >= 2) { return }
                keptOfLast = -1
            }
        }
    }
}

extension WordSource {
    /// `Lexicon.walk` over any source: a lexicon walks its blocks; another source (a word
    /// list of tests) has every entry's key stepped through the guide.
    func walk(
        _ guide: inout EditGuide,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, UInt8, _ cost: Double) -> Void
    ) {
        if let lexicon = self as? Lexicon {
            lexicon.walk(&guide, body)
            return
        }
        entries(withKeyPrefix: "") { word, f in
            let key = Array(Lexicon.key(of: word, language: language).utf8)
            key.withUnsafeBufferPointer { k in
                guard guide.follow(k), let cost = guide.cost else { return }
                Array(word.utf8).withUnsafeBufferPointer { body(k, $0, f, cost) }
            }
            return true
        }
    }
}
