/// Places inside a lexicon's blocks where a look-up may begin decoding, made while the file
/// is checked: in each eighth of a block's 32 entries past the first, the first entry that
/// keeps at most 8 bytes of the key before it, with its key's first 8 bytes packed. Such an
/// entry is decoded from those bytes alone, so a look-up that lands in a block starts at the
/// last place below its key and decodes a few entries, not up to 32. 36 bytes a block: made
/// for the files exact look-ups are frequent in (the dictionary, the pairs).
struct BlockEntryPoints {
    /// Places a block has room for (its entries 8–15, 16–23 and 24–31).
    static let perBlock = 3
    /// The most bytes of the key before that a place's entry keeps.
    static let keptBytes = 8
    /// The first entry of a block that may be a place.
    static let firstCandidate = 8

    /// Each place's key, its first 8 bytes packed as `Lexicon.packed` packs them; 0 where a
    /// block has no place in that eighth.
    private var keys: [UInt64]
    /// Each place's byte offset from its block's start, shifted left 8, above its entry's
    /// number in the block (never 0 for a place); 0 where there is none.
    private var places: [UInt32]

    /// Room for the places of `blocks` blocks (none: no places, look-ups start at a block's first entry).
    init(blocks: Int) {
        keys = Array(repeating: 0, count: Self.perBlock * blocks)
        places = Array(repeating: 0, count: Self.perBlock * blocks)
    }

    /// Notes block `block`'s entry `entry` (at `offset` bytes from the block's start, at least
    /// the candidate this returned last, and keeping at most 8 bytes of the key before it) as
    /// the place of its eighth; its key is `length` bytes at `key`, which holds at least 8
    /// bytes. Returns the next candidate: the next eighth's first entry.
    mutating func note(block: Int, entry: Int, offset: Int, key: UnsafePointer<UInt8>, length: Int) -> Int {
        let eighth = entry / 8
        let i = Self.perBlock * block + eighth - 1
        keys[i] = Lexicon.packed(UnsafeBufferPointer(start: key, count: max(length, 8)), from: 0, count: length)
        places[i] = UInt32(offset) << 8 | UInt32(entry)
        return (eighth + 1) * 8
    }

    /// The last place of `block` whose key is below a key whose first 8 bytes pack to
    /// `target`: its offset from the block's start, its entry's number and its packed key.
    func place(inBlock block: Int, below target: UInt64) -> (offset: Int, entry: Int, key: UInt64)? {
        guard !places.isEmpty else { return nil }
        var i = Self.perBlock * block + Self.perBlock - 1
        while i >= Self.perBlock * block {
            // Packed keys that differ are in that order: one below is a key below.
            if places[i] != 0, keys[i] < target { return (Int(places[i] >> 8), Int(places[i] & 0xFF), keys[i]) }
            i -= 1
        }
        return nil
    }
}
