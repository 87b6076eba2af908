/// Vietnamese Telex as data (the `"telex"` object of a layout's `"compose"`).
///
/// Letters carry their marks (â ă ê ô ơ ư đ); the tone of a syllable is kept apart
/// and placed on the vowel Vietnamese orthography puts it on each time the word
/// changes, so "hoaf" + "n" moves nothing and "muas" → "múa".
public struct TelexRules: Sendable, Equatable {
    /// A rewrite a mark key makes: `from` (one or two letters) becomes `to`.
    public struct Rewrite: Sendable, Equatable {
        public var from: String
        public var to: String
        public init(_ from: String, _ to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Mark keys (a e o w d): their rewrites, tried in order. Rewrites of vowels apply
    /// to the syllable's vowels, others to its initial consonant.
    public var marks: [String: [Rewrite]]
    /// What a mark key types when no rewrite applies and the word has no vowel yet (w → ư).
    public var alone: [String: String]
    /// The vowels without tone, in the order of each `tones` string.
    public var vowels: [Character]
    /// Tone keys: each vowel of `vowels` with that tone, in the same order; an empty
    /// string removes the tone (z).
    public var tones: [String: [Character]]
    /// Consonants a syllable may start and end with (lower case).
    public var initials: Set<String>
    public var finals: Set<String>
    /// After these finals only `stopTones` are written (c ch p t take sắc or nặng).
    public var stopFinals: Set<String>
    public var stopTones: Set<String>
    /// Two-vowel open syllables whose tone goes on the second vowel (hoà, khoẻ, thuỷ);
    /// others take it on the first (mùa, mía).
    public var toneOnSecond: Set<String>

    public init(
        marks: [String: [Rewrite]], alone: [String: String], vowels: [Character],
        tones: [String: [Character]], initials: Set<String>, finals: Set<String>,
        stopFinals: Set<String>, stopTones: Set<String>, toneOnSecond: Set<String>
    ) {
        self.marks = marks
        self.alone = alone
        self.vowels = vowels
        self.tones = tones
        self.initials = initials
        self.finals = finals
        self.stopFinals = stopFinals
        self.stopTones = stopTones
        self.toneOnSecond = toneOnSecond
    }

    func isVowel(_ c: Character) -> Bool { vowels.contains(Character(c.lowercased())) }

    /// Letters `initial ..< nucleus.lowerBound`, vowels, final consonants; nil when the
    /// word is not one Vietnamese syllable (two vowel groups, an unknown consonant).
    func syllable(_ letters: [Character]) -> (nucleus: Range<Int>, final: String)? {
        let lower = letters.map { Character($0.lowercased()) }
        var start = lower.firstIndex(where: isVowel) ?? lower.count
        // "qu" and "gi" (before another vowel) belong to the initial.
        if start < lower.count, lower[start] == "u", start == 1, lower[0] == "q" { start += 1 }
        if start == 1, lower[0] == "g", lower.count > 2, lower[1] == "i", isVowel(lower[2]) { start = 2 }
        var end = start
        while end < lower.count, isVowel(lower[end]) { end += 1 }
        let initial = String(lower[..<start])
        let final = String(lower[end...])
        guard initial.isEmpty || initials.contains(initial),
            final.isEmpty || finals.contains(final)
        else { return nil }
        return (start..<end, final)
    }

    /// Where the tone goes: the vowel with a mark (ơ of ươ), else the last vowel before
    /// a final consonant, else the middle of three, the second of `toneOnSecond` pairs,
    /// the first of other pairs.
    func tonePosition(_ letters: [Character]) -> Int? {
        if let at = place(letters) { return at }
        // Not one syllable (a letter too many): where its first vowels would take it.
        guard let first = letters.firstIndex(where: isVowel) else { return nil }
        let end = letters[first...].firstIndex { !isVowel($0) } ?? letters.count
        return place(Array(letters[..<end]))
    }

    func place(_ letters: [Character]) -> Int? {
        guard let (nucleus, final) = syllable(letters), !nucleus.isEmpty else { return nil }
        let lower = letters.map { Character($0.lowercased()) }
        if let marked = nucleus.last(where: { "ăâêôơư".contains(lower[$0]) }) { return marked }
        if !final.isEmpty { return nucleus.upperBound - 1 }
        switch nucleus.count {
        case 1: return nucleus.lowerBound
        case 2: return toneOnSecond.contains(String(lower[nucleus])) ? nucleus.lowerBound + 1 : nucleus.lowerBound
        default: return nucleus.lowerBound + 1
        }
    }

    /// `letters` with `tone` (a tone key) on its vowel; as they are where it has no place.
    func render(_ letters: [Character], tone: String?) -> String {
        guard let tone, let forms = tones[tone], !forms.isEmpty, let at = tonePosition(letters) else {
            return String(letters)
        }
        let c = letters[at]
        let lower = Character(c.lowercased())
        guard let i = vowels.firstIndex(of: lower), i < forms.count else { return String(letters) }
        var out = letters
        out[at] = c == lower ? forms[i] : Character(forms[i].uppercased())
        return String(out)
    }
}
