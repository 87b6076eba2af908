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
    /// Keys kept at most; past that, each new one takes the place of the one used longest ago.
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

    /// The typed keys kept.
    var keys: [[UInt8]] { kept.index.keys.map(\.typed) }

    /// What the walks found for `typed` (with the spell checker's words: `spelled`); nil when
    /// not kept.
    func found(_ typed: [UInt8], spelled: Bool) -> Found? {
        kept.value(for: Key(typed: typed, spelled: spelled))
    }

    /// Keeps what the walks found for `typed`, when it is short enough.
    func keep(_ found: Found, _ typed: [UInt8], spelled: Bool) {
        guard typed.count <= Self.longestKept else { return }
        kept.insert(found, for: Key(typed: typed, spelled: spelled))
    }
}
