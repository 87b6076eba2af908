/// What the search for the word being typed learnt that the search after its next letter can
/// reuse: the typing errors whose look-up key no key of a source begins with, and how many of
/// the typed letters begin a dictionary key.
///
/// An edit keeps the typed letters before it and after it, so with a letter more typed the
/// same edit (at the same place, with the same letters put in) looks up its old key with that
/// letter after it; when nothing began with the old key, nothing begins with the new one. Kept
/// with the word in progress (one memo per word being typed), it lets each letter skip the
/// look-ups of edits the letters before it found dead. A memo given a word that does not go on
/// from its own (another word, a letter deleted, another context or language) starts afresh.
public struct TypedWordMemo: Sendable {
    /// The typed key (lower-cased, plain apostrophes) the memo was last used for, as letters.
    private var letters: [Character] = []
    /// The text before the word.
    private var context = ""
    /// The dictionary's language.
    private var language = ""
    /// How many of the typed key's first letters, one more at a time, are known to begin a
    /// dictionary key (each of the first 1, 2, ... that many letters does).
    var lettersBegunInDictionary = 0
    /// The fewest of the typed key's first letters known to begin no dictionary key (nor
    /// does any more of them).
    var lettersDeadInDictionary: Int?
    /// The last search that found every edit it tried dead, without learned words: its
    /// edit reach (`Search.editReach`), its letters' count, and whether the spell checker's
    /// words were looked up too. A later search with the same reach, at least two letters
    /// short of that count, tries only edits that search tried: none can find a word.
    private var allDead: (reach: Int, letters: Int, spelled: Bool)?
    /// Edits whose key no dictionary key begins with.
    private var deadInDictionary: Set<EditSpot> = []
    /// Edits whose key none of the spell checker's words begins with.
    private var deadInSpellWords: Set<EditSpot> = []

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
            deadInDictionary.removeAll(keepingCapacity: true)
            deadInSpellWords.removeAll(keepingCapacity: true)
            lettersBegunInDictionary = 0
            lettersDeadInDictionary = nil
            allDead = nil
            self.context = context
            self.language = language
        }
        self.letters = letters
    }

    /// Whether a search reaching `reach` letters (with the spell checker's words: `spelled`)
    /// tries no edit that an earlier search of these letters did not find dead.
    func editsAllDead(reach: Int, spelled: Bool) -> Bool {
        guard let allDead else { return false }
        // Every edit keeps the typed letters before its place (at most `reach`) and puts
        // its letters in before at most `reach + 2`: with the same reach and those letters
        // typed then, it is an edit that search tried, its key now longer.
        return reach == allDead.reach && reach + 2 <= allDead.letters && (!spelled || allDead.spelled)
    }

    /// Whether a search found every edit dead since the memo last started afresh.
    var editsAllDeadNoted: Bool { allDead != nil }

    /// Notes that a search of `letters` letters, reaching `reach`, found every edit dead.
    mutating func noteEditsAllDead(reach: Int, letters: Int, spelled: Bool) {
        allDead = (reach, letters, spelled)
    }

    func isDead(_ spot: EditSpot, inSpellWords: Bool) -> Bool {
        inSpellWords ? deadInSpellWords.contains(spot) : deadInDictionary.contains(spot)
    }

    mutating func markDead(_ spot: EditSpot, inSpellWords: Bool) {
        if inSpellWords { deadInSpellWords.insert(spot) } else { deadInDictionary.insert(spot) }
    }
}

/// One edit of the typed letters, by place: the letters before `start` are kept, `middle`
/// put in, the letters from `resume` on kept. Its key grows with the letters typed after it.
struct EditSpot: Hashable, Sendable {
    let start: Int32
    let resume: Int32
    /// The bytes put in, packed from the low byte up (UTF-8 has no zero byte in text).
    let middle: UInt64

    // One word to hash, not three: the memo's sets are asked a few hundred times a letter.
    func hash(into hasher: inout Hasher) {
        hasher.combine(middle ^ (UInt64(UInt32(bitPattern: start)) << 40) ^ (UInt64(UInt32(bitPattern: resume)) << 52))
    }

    /// The spot of an edit putting `middle` in (nil when longer than 8 bytes: not memoised).
    init?(_ start: Int, _ middle: [UInt8], _ resume: Int) {
        guard middle.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for (k, b) in middle.enumerated() { packed |= UInt64(b) << UInt64(8 * k) }
        self.start = Int32(start)
        self.resume = Int32(resume)
        self.middle = packed
    }
}
