/// The typing errors a search tries: a finger's slip to a neighbouring key or to an accent,
/// a letter left out, doubled, swapped or added, an apostrophe left out; each at its cost (`Costs`).
extension Search {
    /// The letters a finger may have meant instead of `c`, with the cost of the slip.
    func substitutes(for c: Character) -> [(Character, Double)] {
        var out: [(Character, Double)] = []
        for (n, d) in s.keys.neighbours(of: c) {
            out.append((n, s.costs.substitution + s.costs.perKeyUnit * max(0, d - 1)))
        }
        if let accents = s.keys.alternates[c] ?? KeyNeighbours.latinAccents[c] {
            for a in accents { out.append((a, s.costs.accent)) }
        }
        return out
    }

    mutating func generateEdits() {
        let n = letters.count
        let c = s.costs
        // Keys are built as UTF-8 bytes: the typed letters before position i, something, the letters from j on.
        let bytes = letters.map { Array(String($0).utf8) }
        var before: [[UInt8]] = [[]]
        var after: [[UInt8]] = Array(repeating: [], count: n + 1)
        for i in 0..<n { before.append(before[i] + bytes[i]) }
        for i in stride(from: n - 1, through: 0, by: -1) { after[i] = bytes[i] + after[i + 1] }
        func key(_ i: Int, _ middle: [UInt8], _ j: Int) -> [UInt8] {
            var k = before[i]
            k.reserveCapacity(k.count + middle.count + after[j].count)
            k += middle
            k += after[j]
            return k
        }
        // Each edit is looked up by its key, remembered by its place (for the next letter);
        // an edit the memo has dead wherever it would be looked up needs no key.
        let learns = !s.learnedWords.isEmpty
        // Whether an edit was looked up whose key some key begins with (or that has no spot).
        var anyAlive = false
        func edit(_ i: Int, _ middle: [UInt8], _ j: Int, cost: Double, spelled: Bool = true) {
            let spot = EditSpot(i, middle, j)
            if let spot, !learns, memo.isDead(spot, inSpellWords: false),
                !spelled || spellWords == nil || memo.isDead(spot, inSpellWords: true)
            {
                return
            }
            if consider(key(i, middle, j), cost: cost, spelled: spelled, spot: spot) { anyAlive = true }
        }
        // Every edit at position i keeps the typed letters before i: past the last i whose
        // letters begin a key of some source, no edit can find a word.
        let reach = editReach(before)
        let spelled = spellWords != nil
        if !learns, memo.editsAllDead(reach: reach, spelled: spelled) { return }
        defer {
            if !learns, !anyAlive { memo.noteEditsAllDead(reach: reach, letters: n, spelled: spelled) }
        }
        // Apostrophe left out.
        if !letters.contains("'") && n >= 2 && reach >= 1 {
            // Not to a possessive only the spell checker lists: an unlisted plural is as
            // likely ("mortifications", "mortification's").
            for i in 1..<min(n, reach + 1) { edit(i, [0x27], i, cost: c.apostrophe, spelled: false) }
        }
        // Swapped neighbours.
        if n >= 2 {
            for i in 0..<min(n - 1, reach + 1) where letters[i] != letters[i + 1] {
                edit(i, bytes[i + 1] + bytes[i], i + 2, cost: c.swap)
            }
        }
        // A letter too many.
        if n >= 2 {
            for i in 0..<min(n, reach + 1) {
                var cost = c.extra
                if i > 0 && letters[i - 1] == letters[i] {
                    cost = c.extraDouble
                } else if isNeighbour(letters[i], i > 0 ? letters[i - 1] : nil)
                    || isNeighbour(letters[i], i + 1 < n ? letters[i + 1] : nil)
                {
                    cost = c.extraNeighbour
                }
                edit(i, [], i + 1, cost: cost)
            }
        }
        // A neighbouring key or a missing accent.
        for i in 0..<min(n, reach + 1) {
            for (r, cost) in substitutes(for: letters[i]) {
                edit(i, Array(String(r).utf8), i + 1, cost: cost)
            }
        }
        // German ß and ss for each other: the spelling before 1996 ("daß" for "dass") and the
        // Swiss one, or a keyboard without ß ("strasse" for "Straße").
        for i in 0..<min(n, reach + 1) {
            if letters[i] == "ß" { edit(i, Array("ss".utf8), i + 1, cost: c.accent) }
            if i + 1 < n, letters[i] == "s", letters[i + 1] == "s" { edit(i, Array("ß".utf8), i + 2, cost: c.accent) }
        }
        // A letter left out.
        let alphabet = s.keys.letters
        let alphabetBytes = alphabet.map { Array(String($0).utf8) }
        for i in 0...reach {
            for (a, ab) in zip(alphabet, alphabetBytes) {
                let doubled = (i > 0 && letters[i - 1] == a) || (i < n && letters[i] == a)
                edit(i, ab, i, cost: doubled ? c.droppedDouble : c.dropped)
            }
        }
    }

    /// The largest i (at most the typed letters' count) whose first i letters, `before[i]`,
    /// begin a key of the dictionary, of the spell checker's words (when they are looked up)
    /// or of a learned word. Each longer run of typed letters begins one only if the shorter does.
    mutating func editReach(_ before: [[UInt8]]) -> Int {
        let n = before.count - 1
        // Learned words: how many bytes of the typed key the longest match shares.
        var learnedShare = 0
        if !s.learnedWords.isEmpty {
            let typedBytes = before[n]
            for word in s.learnedWords.keys {
                var k = 0
                for b in word.utf8 {
                    guard k < typedBytes.count, typedBytes[k] == b else { break }
                    k += 1
                }
                learnedShare = max(learnedShare, k)
            }
        }
        func begins(_ source: any WordSource, _ prefix: String) -> Bool {
            var any = false
            source.entries(withKeyPrefix: prefix) { _, _ in
                any = true
                return false
            }
            return any
        }
        var reach = 0
        while reach < n {
            let next = before[reach + 1]
            if next.count > learnedShare, !beginsInDictionary(reach + 1, next, begins) {
                let prefix = String(decoding: next, as: UTF8.self)
                guard spellWords.map({ begins($0, prefix) }) == true else { break }
            }
            reach += 1
        }
        return reach
    }

    /// Whether the first `count` typed letters (`bytes`) begin a dictionary key: from the
    /// memo when an earlier letter's search found out, else looked up and noted there.
    private mutating func beginsInDictionary(
        _ count: Int, _ bytes: [UInt8], _ begins: (any WordSource, String) -> Bool
    ) -> Bool {
        if count <= memo.lettersBegunInDictionary { return true }
        if let dead = memo.lettersDeadInDictionary, count >= dead { return false }
        let found = begins(s.source, String(decoding: bytes, as: UTF8.self))
        if found, count == memo.lettersBegunInDictionary + 1 { memo.lettersBegunInDictionary = count }
        if !found { memo.lettersDeadInDictionary = min(count, memo.lettersDeadInDictionary ?? count) }
        return found
    }

    func isNeighbour(_ a: Character, _ b: Character?) -> Bool {
        guard let b, let d = s.keys.distance(a, b) else { return false }
        return d <= KeyNeighbours.radius
    }
}
