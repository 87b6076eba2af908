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

    /// The typing errors tried on the typed key, each at its cost.
    func typingEdits() -> TypingEdits {
        let n = letters.count
        let c = s.costs
        let bytes = letters.map { Array($0.utf8) }
        // Where each letter begins in the key's bytes (and where the key ends).
        var offset = [0]
        for b in bytes { offset.append(offset[offset.count - 1] + b.count) }
        var edits = TypingEdits()
        edits.middles.reserveCapacity(4 * (n + 1) * 32)
        edits.all.reserveCapacity((n + 1) * 48)
        func edit(_ i: Int, _ middle: some Sequence<UInt8>, _ j: Int, cost: Double, spelled: Bool = true) {
            edits.add(offset[i], middle, offset[j], cost: cost, spelled: spelled)
        }
        // Apostrophe left out.
        if !letters.contains("'") && n >= 2 {
            // Not to a possessive only the spell checker lists: an unlisted plural is as
            // likely ("mortifications", "mortification's").
            for i in 1..<n { edits.add(offset[i], byte: 0x27, offset[i], cost: c.apostrophe, spelled: false) }
        }
        // Swapped neighbours.
        if n >= 2 {
            for i in 0..<(n - 1) where letters[i] != letters[i + 1] {
                edit(i, bytes[i + 1] + bytes[i], i + 2, cost: c.swap)
            }
        }
        // A letter too many.
        if n >= 2 {
            for i in 0..<n {
                var cost = c.extra
                if i > 0 && letters[i - 1] == letters[i] {
                    cost = c.extraDouble
                } else if isNeighbour(letters[i], i > 0 ? letters[i - 1] : nil)
                    || isNeighbour(letters[i], i + 1 < n ? letters[i + 1] : nil)
                {
                    cost = c.extraNeighbour
                }
                edit(i, EmptyCollection(), i + 1, cost: cost)
            }
        }
        // A neighbouring key or a missing accent.
        for i in 0..<n {
            for (r, cost) in substitutes(for: letters[i]) {
                edit(i, r.utf8, i + 1, cost: cost)
            }
        }
        // German ß and ss for each other: the spelling before 1996 ("daß" for "dass") and the
        // Swiss one, or a keyboard without ß ("strasse" for "Straße").
        for i in 0..<n {
            if letters[i] == "ß" { edit(i, "ss".utf8, i + 1, cost: c.accent) }
            if i + 1 < n, letters[i] == "s", letters[i + 1] == "s" { edit(i, "ß".utf8, i + 2, cost: c.accent) }
        }
        // A letter left out.
        let alphabet = s.keys.letters
        // Each typed letter's place in the alphabet (its letters are distinct): integers compared, not characters.
        let place = letters.map { alphabet.firstIndex(of: $0) }
        for i in 0...n {
            for (k, a) in s.keys.lettersUTF8.enumerated() {
                let doubled = (i > 0 && place[i - 1] == k) || (i < n && place[i] == k)
                if a.count == 1 {
                    edits.add(offset[i], byte: a[0], offset[i], cost: doubled ? c.droppedDouble : c.dropped)
                } else {
                    edit(i, a, i, cost: doubled ? c.droppedDouble : c.dropped)
                }
            }
        }
        return edits
    }

    /// Adds the words one typing error away: one walk over the dictionary; for an unknown
    /// typed word, one over the spell checker's words for keys the dictionary lacks; the
    /// learned words the dictionary lacks. Each walk leaves out the edits the memo has dead
    /// in its source, and notes there those it finds dead.
    mutating func addEdits() {
        let typedKey = Array(key.utf8)
        let spelled = spellWords != nil
        let sourcesDead = memo.editsAllDead(spelled: spelled)
        if sourcesDead && s.learnedWords.isEmpty { return }
        let edits = typingEdits()
        if !sourcesDead { walkSources(typedKey, edits) }
        addLearned(typedKey, edits)
    }

    /// The dictionary's words one edit away, and the spell checker's where the dictionary
    /// has none under a key; notes in the memo the edits found dead.
    private mutating func walkSources(_ typedKey: [UInt8], _ edits: TypingEdits) {
        var guide = EditGuide(typed: typedKey, edits: edits) { e in
            edits.spot(of: e).map { !self.memo.isDead($0, inSpellWords: false) } ?? true
        }
        // The keys found in the dictionary (only asked when the spell checker's words are walked).
        var listed: Set<[UInt8]> = []
        let spelled = spellWords != nil
        // With each word, whether it is its key: then its own lower case, where keys are the
        // words lower-cased (not where they fold the Turkish I).
        var hits: [(word: String, frequency: UInt8, cost: Double, isKey: Bool)] = []
        let keysLowerCase = !Lexicon.foldsTurkishI(s.source.language)
        s.source.walk(&guide) { k, word, f, cost in
            hits.append((String(decoding: word, as: UTF8.self), f, cost, keysLowerCase && word.elementsEqual(k)))
            if spelled { listed.insert(Array(k)) }
        }
        noteDead(guide, edits, inSpellWords: false)
        var reach = guide.typedReach
        var anyBegun = guide.anyBegun
        found.reserveCapacity(found.count + hits.count)
        let (model, pairsAfter) = (model, pairsAfter)
        for (word, f, cost, isKey) in hits {
            let score = Search.prior(word, f, lowercased: isKey ? word : word.lowercased(), model: model, pairsAfter: pairsAfter)
            add(word, score - cost, edited: true)
        }
        if let spellWords {
            // Words the dictionary lacks, of the checker's class.
            var spellGuide = EditGuide(typed: typedKey, edits: edits) { e in
                e.spelled && edits.spot(of: e).map { !self.memo.isDead($0, inSpellWords: true) } ?? true
            }
            var known: [(word: String, cost: Double)] = []
            spellWords.walk(&spellGuide) { k, word, _, cost in
                if !listed.contains(Array(k)) { known.append((String(decoding: word, as: UTF8.self), cost)) }
            }
            noteDead(spellGuide, edits, inSpellWords: true)
            reach = max(reach, spellGuide.typedReach)
            anyBegun = anyBegun || spellGuide.anyBegun
            let spellClass = UInt8(clamping: Int(s.costs.spellWord))
            for (word, cost) in known { add(word, prior(word, spellClass) - cost, edited: true) }
        }
        if !anyBegun {
            // The letters whose bytes the reach covers.
            var bytes = 0
            let reachLetters = letters.prefix { c in
                bytes += c.utf8.count
                return bytes <= reach
            }.count
            memo.noteEditsAllDead(reach: reachLetters, letters: letters.count, spelled: spelled)
        }
    }

    /// The learned words the dictionary lacks, one edit away (every edit: the memo speaks of
    /// the sources only).
    private mutating func addLearned(_ typedKey: [UInt8], _ edits: TypingEdits) {
        // The guide is made when a word is as long as some edit's key.
        let lengths = edits.all.reduce(into: (Int.max, Int.min)) { range, e in
            let length = typedKey.count - (e.resume - e.start) + e.middle.count
            range = (min(range.0, length), max(range.1, length))
        }
        var learnedGuide: EditGuide?
        for w in s.learnedWords.keys where (lengths.0...max(lengths.0, lengths.1)).contains(w.utf8.count) {
            if learnedGuide == nil { learnedGuide = EditGuide(typed: typedKey, edits: edits) }
            guard let cost = learnedGuide?.cost(of: Array(w.utf8)), s.learnedCount(w) > 0, s.source.frequency(of: w) == nil
            else { continue }
            add(w, model.learnedOnly(w) - cost, edited: true)
        }
    }

    /// Notes in the memo the edits of a walk's `guide` whose key no key of its source begins with.
    private mutating func noteDead(_ guide: EditGuide, _ edits: TypingEdits, inSpellWords: Bool) {
        for (e, begun) in zip(guide.edits, guide.begun) where !begun {
            if let spot = edits.spot(of: e) { memo.markDead(spot, inSpellWords: inSpellWords) }
        }
    }

    func isNeighbour(_ a: Character, _ b: Character?) -> Bool {
        guard let b, let d = s.keys.distance(a, b) else { return false }
        return d <= KeyNeighbours.radius
    }
}
