/// What the walks for the word being typed learnt that the walks after its next letter can
/// reuse: the typing errors whose key no key of a source begins with.
///
/// An edit keeps the typed letters before it and after it, so with a letter more typed the
/// same edit (at the same place, with the same bytes put in) makes its old key with that
/// letter after it; when no key began with the old key, none begins with the new one. Kept
/// with the word in progress (one memo per word being typed), it lets each letter's walk
/// leave out the edits the letters before it found dead. A memo given a word that does not go
/// on from its own (another word, a letter deleted, another context or language) starts afresh.
public struct TypedWordMemo: Sendable {
    /// The typed key (lower-cased, plain apostrophes) the memo was last used for, as letters.
    private var letters: [Character] = []
    /// The text before the word.
    private var context = ""
    /// The dictionary's language.
    private var language = ""
    /// Edits whose key no dictionary key begins with.
    private var deadInDictionary = EditSpotSet()
    /// Edits whose key none of the spell checker's words begins with.
    private var deadInSpellWords = EditSpotSet()
    /// The last search whose walks found every edit dead: how many of the typed letters
    /// begin a key of the sources walked (its reach), its letters' count, and whether the
    /// spell checker's words were walked too.
    private var allDead: (reach: Int, letters: Int, spelled: Bool)?
    /// The pairs after the word's context whose next word begins with the letters first
    /// read, kept for the letters after.
    var pairsAfter: PairsAfter?
    /// The typing errors tried on the word's first `letters` letters, for a suggester whose
    /// dictionary, spell checker, keyboard and costs `made` stands for: the next letter's grow from them.
    var typingEdits: (edits: TypingEdits, letters: Int, made: EditWalks.Made)?

    /// An empty memo: the next search learns from nothing.
    public init() {}

    /// Readies the memo for a search of `letters` after `context` in a dictionary of
    /// `language`: kept when the letters go on from the last search's (same context and
    /// language), emptied otherwise.
    mutating func begin(_ letters: [Character], context: String, language: String) {
        let goesOn =
            letters.count >= self.letters.count && letters.starts(with: self.letters)
            && context == self.context && language == self.language
        if !goesOn {
            deadInDictionary.removeAll()
            deadInSpellWords.removeAll()
            allDead = nil
            pairsAfter = nil
            typingEdits = nil
            self.context = context
            self.language = language
        }
        self.letters = letters
    }

    /// Whether the walks of a search (with the spell checker's words: `spelled`) can find
    /// no edit alive: a search of these letters found every edit dead, and no more than its
    /// first `reach` letters begin a key, at least two short of its letters. An edit that
    /// keeps more letters keeps one that begins no key; one that keeps fewer ends (its
    /// letters put in, those left out) where that search's letters did: that search tried
    /// it, and its key now is that key with letters after it.
    func editsAllDead(spelled: Bool) -> Bool {
        guard let allDead else { return false }
        return allDead.reach + 2 <= allDead.letters && (!spelled || allDead.spelled)
    }

    /// Notes that a search of `letters` letters, `reach` of them beginning a key, found every edit dead.
    mutating func noteEditsAllDead(reach: Int, letters: Int, spelled: Bool) {
        allDead = (reach, letters, spelled)
    }

    /// Whether a search found every edit dead since the memo last started afresh.
    var editsAllDeadNoted: Bool { allDead != nil }

    func isDead(_ spot: EditSpot, inSpellWords: Bool) -> Bool {
        inSpellWords ? deadInSpellWords.contains(spot) : deadInDictionary.contains(spot)
    }

    mutating func markDead(_ spot: EditSpot, inSpellWords: Bool) {
        if inSpellWords { deadInSpellWords.insert(spot) } else { deadInDictionary.insert(spot) }
    }
}

/// One edit of the typed key, by place: the bytes before `start` are kept, `middle` put in,
/// the bytes from `resume` on kept. Its key grows with the letters typed after it.
struct EditSpot: Hashable, Sendable {
    let start: Int32
    let resume: Int32
    /// The bytes put in, packed from the low byte up (UTF-8 has no zero byte in text).
    let middle: UInt64

    // One word to hash, not three: the memo's sets are asked for each edit of each letter.
    func hash(into hasher: inout Hasher) {
        hasher.combine(middle ^ (UInt64(UInt32(bitPattern: start)) << 40) ^ (UInt64(UInt32(bitPattern: resume)) << 52))
    }

    /// The spot of an edit putting one byte in.
    init(_ start: Int, byte: UInt8, _ resume: Int) {
        self.start = Int32(start)
        self.resume = Int32(resume)
        middle = UInt64(byte)
    }

    /// The spot of an edit putting `middle` in (nil when longer than 8 bytes: not memoised).
    init?(_ start: Int, _ middle: some Collection<UInt8>, _ resume: Int) {
        guard middle.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for (k, b) in middle.enumerated() { packed |= UInt64(b) << UInt64(8 * k) }
        self.start = Int32(start)
        self.resume = Int32(resume)
        self.middle = packed
    }
}
