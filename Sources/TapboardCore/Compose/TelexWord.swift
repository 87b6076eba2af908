/// The Vietnamese word being typed with Telex, held as preedit until a key that is not
/// a letter (space, punctuation), another keyboard, or the panel hiding ends it.
public struct TelexWord: MultiStageInput {
    public let rules: TelexRules
    /// The word's letters with their marks, without the tone.
    public private(set) var letters: [Character] = []
    /// The tone key in force (s f r x j), if any.
    public private(set) var tone: String?

    public init(rules: TelexRules) { self.rules = rules }

    public var isOpen: Bool { !letters.isEmpty }
    public var preedit: String { rules.render(letters, tone: tone) }

    public mutating func type(_ text: String) -> ComposeStep {
        guard text.count == 1, let c = text.first, c.isLetter else {
            return ComposeStep(commit: finish(), taken: false)
        }
        let key = c.lowercased()
        if rules.tones[key] != nil, applyTone(key, typed: c) { return ComposeStep(taken: true) }
        if rules.marks[key] != nil, applyMark(key, typed: c) { return ComposeStep(taken: true) }
        letters.append(c)
        return ComposeStep(taken: true)
    }

    /// A tone key on a syllable with a vowel; false: it is a plain letter here.
    mutating func applyTone(_ key: String, typed: Character) -> Bool {
        guard let (nucleus, final) = rules.syllable(letters), !nucleus.isEmpty else { return false }
        if rules.tones[key]?.isEmpty == true {
            // z: takes the tone away; without one it is a letter.
            guard tone != nil else { return false }
            tone = nil
            return true
        }
        if tone == key {
            // The same tone again: undone, and the key typed as a letter ("ass" → "as").
            tone = nil
            letters.append(typed)
            return true
        }
        if rules.stopFinals.contains(final), !rules.stopTones.contains(key) { return false }
        tone = key
        return true
    }

    /// A mark key: the first rewrite that fits; typed again, the mark is undone and the
    /// key typed as a letter ("aaa" → "aa"). False: a plain letter here.
    mutating func applyMark(_ key: String, typed: Character) -> Bool {
        guard let (nucleus, _) = rules.syllable(letters), let rewrites = rules.marks[key] else { return false }
        let lower = letters.map { Character($0.lowercased()) }
        func range(of s: String) -> Range<Int>? {
            let region = rules.isVowel(s.first ?? " ") ? nucleus : 0..<nucleus.lowerBound
            let target = Array(s)
            guard !target.isEmpty, region.count >= target.count else { return nil }
            for i in region.lowerBound...(region.upperBound - target.count)
            where Array(lower[i..<(i + target.count)]) == target { return i..<(i + target.count) }
            return nil
        }
        func replace(_ r: Range<Int>, with s: String) {
            for (i, n) in zip(r, s) {
                letters[i] = letters[i].isUppercase ? Character(n.uppercased()) : n
            }
        }
        if let alone = rules.alone[key], nucleus.count == 1, nucleus.upperBound == letters.count,
            lower[nucleus.lowerBound] == Character(alone)
        {
            // "ww": the ư that w typed alone goes back to w.
            letters[letters.count - 1] = typed
            return true
        }
        // Rewrites in order: the first whose result is there is undone, the first whose
        // source is there is made.
        for rw in rewrites {
            if let r = range(of: rw.to) {
                replace(r, with: rw.from)
                letters.append(typed)
                return true
            }
            if let r = range(of: rw.from) {
                replace(r, with: rw.to)
                return true
            }
        }
        if nucleus.isEmpty, let alone = rules.alone[key] {
            letters.append(typed.isUppercase ? Character(alone.uppercased()) : Character(alone))
            return true
        }
        return false
    }

    /// Backspace takes the last letter off the word; its tone stays with the syllable.
    public mutating func backspace() -> Bool {
        guard isOpen else { return false }
        letters.removeLast()
        if letters.isEmpty { tone = nil }
        return true
    }

    public mutating func finish() -> String {
        defer { clear() }
        return preedit
    }

    public mutating func clear() {
        letters = []
        tone = nil
    }
}
