/// The keys a walk over the dictionary found, for the walk over the spell checker's words
/// to leave out: one after another in one array (no array a key), looked up by halving. A
/// walk over a lexicon finds its keys in ascending order; another source's walk (a word list
/// of tests) may not, and its keys are then looked through one by one.
struct ListedKeys {
    private var bytes: [UInt8] = []
    /// Where each key ends in `bytes`.
    private var ends: [Int] = []
    private var ascending = true

    /// Adds `key` after those added.
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        if ascending, !ends.isEmpty { ascending = Lexicon.compare(self.key(ends.count - 1), key) <= 0 }
        bytes.append(contentsOf: key)
        ends.append(bytes.count)
    }

    /// Whether `key` was added.
    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ascending else { return ends.indices.contains { Lexicon.compare(self.key($0), key) == 0 } }
        var lo = 0
        var hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Lexicon.compare(self.key(mid), key) < 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo < ends.count && Lexicon.compare(self.key(lo), key) == 0
    }

    private func key(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
    }
}
