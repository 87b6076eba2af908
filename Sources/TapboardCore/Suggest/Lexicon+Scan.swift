extension Lexicon {
    /// The class of the entry whose word and key are both exactly `key` (an ASCII word
    /// without capitals is its own key, Turkish or not), or nil.
    func frequency(ofOwnKey key: UnsafeBufferPointer<UInt8>) -> UInt8? {
        frequency(ofStored: key, key: key)
    }

    /// The class of the entry of key `key` stored as `word`, or nil.
    func frequency(ofStored word: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var found: UInt8?
        scan(fromKey: key) { k, stored, frequency in
            guard Lexicon.compare(k, key) == 0 else { return false }
            if stored.elementsEqual(word) {
                found = frequency
                return false
            }
            return true
        }
        return found
    }

    /// Whether `bytes` are an ASCII word without capitals: its own key.
    static func isOwnKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }
    }

    /// `frequency(of: prefix + word)`, the two strings' bytes joined without a string made.
    func frequency(of prefix: String, followedBy word: String) -> UInt8? {
        let (p, w) = (prefix.utf8, word.utf8)
        let found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: p.count + w.count) { buffer -> UInt8?? in
            var end = buffer.initialize(fromContentsOf: p)
            end = buffer[end...].initialize(fromContentsOf: w)
            let joined = UnsafeBufferPointer(rebasing: buffer[..<end])
            return Lexicon.isOwnKey(joined) ? .some(frequency(ofOwnKey: joined)) : nil
        }
        return found ?? frequency(of: prefix + word)
    }

    /// `scan(fromKey:_:)` for a key given as an array.
    func scan(fromKey target: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UInt8) -> Bool) {
        target.withUnsafeBufferPointer { scan(fromKey: $0, body) }
    }

    /// Visits the entries from the first whose key is not below `target`, in order,
    /// with their key and word bytes, until `body` returns false. (Entries below
    /// `target` in the first block searched are skipped here.)
    func scan(
        fromKey target: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UInt8) -> Bool
    ) {
        guard count > 0 else { return }
        let bytes = storage.bytes
        // The first block whose first key is >= target; what we want may begin in the
        // block before it.
        var lo = 0
        var hi = blockCount
        let targetPrefix = Lexicon.packed(target, from: 0, count: target.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            let prefix = firstKeys[mid]
            let below: Bool
            if prefix != targetPrefix {
                below = prefix < targetPrefix
            } else {
                // The same first 8 bytes: the whole key decides.
                let at = blockStart(mid)
                let length = Int(bytes[at + 1] & ~Lexicon.formFlag)
                below = Lexicon.compare(UnsafeBufferPointer(rebasing: bytes[(at + 2)..<(at + 2 + length)]), target) < 0
            }
            if below { lo = mid + 1 } else { hi = mid }
        }
        var block = max(lo - 1, 0)
        // Inside that block, from its last entry point below the target (its entries before
        // are below too), else from its first entry.
        let place = entryPoints.place(inBlock: block, below: targetPrefix)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * 256) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<256])
            let word = UnsafeMutableBufferPointer(rebasing: buffer[256..<512])
            let raw = bytes
            var skipping = true
            var firstEntry = 0
            var at = blockStart(block)
            if let place {
                // The entry keeps at most the 8 bytes its packed key holds of the key before.
                for i in 0..<8 { key[i] = UInt8(truncatingIfNeeded: place.key >> UInt64(56 - 8 * i)) }
                firstEntry = place.entry
                at += place.offset
            }
            while block < blockCount {
                var keyLength = 0
                // While skipping: how many first bytes the last key skipped shares with the
                // target (it was below it); nil at the first key decoded (its first `shared`
                // bytes are not known to match the target).
                var matched: Int?
                let entries = min(Lexicon.blockSize, count - block * Lexicon.blockSize)
                for _ in firstEntry..<entries {
                    let shared = Int(raw[at])
                    // Below the target (see below), and no later key needs its bytes past `m`:
                    // passed over undecoded.
                    if skipping, let m = matched, shared > m {
                        at = Lexicon.entryEnd(raw, at: at)
                        continue
                    }
                    let entry = Lexicon.decode(raw, at: at, key: key, keyLength: &keyLength, word: word)
                    at = entry.next
                    let k = UnsafeBufferPointer(rebasing: key[0..<keyLength])
                    if skipping {
                        // Keys ascend: one that keeps more of the last key than the last kept
                        // of the target is below the target too; one that keeps less rose
                        // above the last where that still matched the target.
                        if let m = matched, shared < m {
                            skipping = false
                        } else {
                            let from = matched == nil ? 0 : shared
                            let (order, common) = Lexicon.order(k, target, from: from)
                            if order < 0 {
                                matched = common
                                continue
                            }
                            skipping = false
                        }
                    }
                    let w = entry.wordInKey ? k : UnsafeBufferPointer(rebasing: word[0..<entry.wordLength])
                    if !body(k, w, entry.frequency) { return }
                }
                block += 1
                firstEntry = 0
                if block < blockCount { at = blockStart(block) }
            }
        }
    }
}
