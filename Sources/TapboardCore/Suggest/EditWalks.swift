/// What the walks over the dictionary (and over the spell checker's words) found for short
/// typed keys, kept from one word to the next: every word begins with one of a few dozen
/// letters, and a key of one or two letters is the costliest to walk (hundreds of its edits
/// are alive). What a walk finds depends on the key, the sources, the keyboard and the
/// costs only: the words before are weighed afterwards. Shared by a suggester's copies (a
/// class); a suggester given another dictionary, spell checker, keyboard or costs gets a
/// new one.
final class EditWalks {
    /// Typed keys up to this many bytes are kept.
    static let longestKept = 3
    /// Keys of two bytes or more kept at most; past that, each new one takes the place of the
    /// one used longest ago. Keys of one byte (a word's first letter, mostly) are kept apart
    /// and never dropped: a few dozen at most, each the costliest walk, asked at most words.
    static let capacity = 48

    /// One walk's findings.
    struct Found {
        /// The dictionary's words one edit away, with the least cost, and whether the word
        /// is its own key.
        var hits: [(word: String, frequency: UInt8, cost: Double, isKey: Bool)]
        /// The spell checker's words one edit away whose key the dictionary lacks.
        var spellHits: [(word: String, cost: Double)]
        /// The edits no key of the dictionary (of the spell checker's words) begins with.
        var dead: [EditSpot]
        var deadInSpellWords: [EditSpot]
        /// How many of the typed key's first bytes some key of the sources walked begins with.
        var typedReach: Int
        /// Whether some key of the sources walked begins with some edit's key.
        var anyBegun: Bool
    }

    struct Key: Hashable {
        var typed: [UInt8]
        /// Whether the spell checker's words were walked too.
        var spelled: Bool
    }

    /// Stands for the dictionary, spell checker, keyboard and costs these walks were made
    /// with (one per `EditWalks`): what a word's memo keeps of them is kept with it.
    final class Made: Sendable {}

    let made = Made()

    private var kept = RecentlyUsed<Key, Found>(capacity: capacity)
    private var oneByteKeys: [Key: Found] = [:]

    /// The typed keys kept.
    var keys: [[UInt8]] { oneByteKeys.keys.map(\.typed) + kept.index.keys.map(\.typed) }

    /// What the walks found for `typed` (with the spell checker's words: `spelled`); nil when
    /// not kept.
    func found(_ typed: [UInt8], spelled: Bool) -> Found? {
        let key = Key(typed: typed, spelled: spelled)
        return typed.count == 1 ? oneByteKeys[key] : kept.value(for: key)
    }

    /// Keeps what the walks found for `typed`, when it is short enough.
    func keep(_ found: Found, _ typed: [UInt8], spelled: Bool) {
        guard typed.count <= Self.longestKept else { return }
        let key = Key(typed: typed, spelled: spelled)
        if typed.count == 1 { oneByteKeys[key] = found } else { kept.insert(found, for: key) }
    }
}
