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
            for i in 0..<n { edit(i, EmptyCollection(), i + 1, cost: extraCost(i)) }
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
    /// in its source, and notes there those it finds dead. A short key's walks are kept
    /// (`EditWalks`) for the next word beginning with it.
    mutating func addEdits() {
        let typedKey = Array(key.utf8)
        let spelled = spellWords != nil
        let sourcesDead = memo.editsAllDead(spelled: spelled)
        if sourcesDead && s.learnedWords.isEmpty { return }
        let kept = sourcesDead ? nil : s.editWalks.found(typedKey, spelled: spelled)
        if let kept, s.learnedWords.isEmpty {
            addFound(kept)
            return
        }
        let edits = typingEditsGrown()
        if !sourcesDead {
            let found = kept ?? walkSources(typedKey, edits)
            if kept == nil { s.editWalks.keep(found, typedKey, spelled: spelled) }
            addFound(found)
        }
        addLearned(typedKey, edits)
    }

    /// What the walks over the dictionary, and over the spell checker's words where the
    /// dictionary has no key, find one edit away; the edits each finds dead (the memo's dead
    /// ones among them: it leaves them out).
    private func walkSources(_ typedKey: [UInt8], _ edits: TypingEdits) -> EditWalks.Found {
        let memo = memo
        var guide = EditGuide(typed: typedKey, edits: edits) { e in
            edits.spot(of: e).map { !memo.isDead($0, inSpellWords: false) } ?? true
        }
        // The keys found in the dictionary (only asked when the spell checker's words are walked).
        var listed = ListedKeys()
        let spelled = spellWords != nil
        // With each word, whether it is its key: then its own lower case, where keys are the
        // words lower-cased (not where they fold the Turkish I).
        var found = EditWalks.Found(hits: [], spellHits: [], dead: [], deadInSpellWords: [], typedReach: 0, anyBegun: false)
        // Some 60 hits a walk: room made once, not grown seven times.
        found.hits.reserveCapacity(64)
        let keysLowerCase = !Lexicon.foldsTurkishI(s.source.language)
        s.source.walk(&guide) { k, word, f, cost in
            found.hits.append((String(decoding: word, as: UTF8.self), f, cost, keysLowerCase && word.elementsEqual(k)))
            if spelled { listed.append(k) }
        }
        // A walk kept for other words notes what this word's memo knew too.
        let keeps = typedKey.count <= EditWalks.longestKept
        found.dead = Search.deadSpots(guide, edits, memo: memo, inSpellWords: false, left: keeps)
        found.typedReach = guide.typedReach
        found.anyBegun = guide.anyBegun
        if let spellWords {
            // Words the dictionary lacks, of the checker's class.
            var spellGuide = EditGuide(typed: typedKey, edits: edits) { e in
                e.spelled && edits.spot(of: e).map { !memo.isDead($0, inSpellWords: true) } ?? true
            }
            spellWords.walk(&spellGuide) { k, word, _, cost in
                if !listed.contains(k) { found.spellHits.append((String(decoding: word, as: UTF8.self), cost)) }
            }
            found.deadInSpellWords = Search.deadSpots(spellGuide, edits, memo: memo, inSpellWords: true, left: keeps)
            found.typedReach = max(found.typedReach, spellGuide.typedReach)
            found.anyBegun = found.anyBegun || spellGuide.anyBegun
        }
        return found
    }

    /// Scores what the walks found, and notes in the memo the edits they found dead.
    private mutating func addFound(_ walked: EditWalks.Found) {
        for spot in walked.dead { memo.markDead(spot, inSpellWords: false) }
        for spot in walked.deadInSpellWords { memo.markDead(spot, inSpellWords: true) }
        found.reserveCapacity(found.count + walked.hits.count)
        let (model, pairsAfter) = (model, pairsAfter)
        for (word, f, cost, isKey) in walked.hits {
            let score = Search.prior(word, f, lowercased: isKey ? word : word.lowercased(), model: model, pairsAfter: pairsAfter)
            add(word, score - cost, edited: true)
        }
        let spellClass = UInt8(clamping: Int(s.costs.spellWord))
        for (word, cost) in walked.spellHits { add(word, prior(word, spellClass) - cost, edited: true) }
        if !walked.anyBegun {
            // The letters whose bytes the reach covers.
            var bytes = 0
            let reachLetters = letters.prefix { c in
                bytes += c.utf8.count
                return bytes <= walked.typedReach
            }.count
            memo.noteEditsAllDead(reach: reachLetters, letters: letters.count, spelled: spellWords != nil)
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

    /// The edits whose key no key of a walk's source begins with: those of its walk that no
    /// key began with, and, with `left`, those `guide` left out (the memo has them dead).
    static func deadSpots(
        _ guide: EditGuide, _ edits: TypingEdits, memo: TypedWordMemo, inSpellWords: Bool, left: Bool
    ) -> [EditSpot] {
        var dead: [EditSpot] = []
        for e in edits.all where left {
            if let spot = e.spot, memo.isDead(spot, inSpellWords: inSpellWords) { dead.append(spot) }
        }
        guide.forEachNotBegun { e in
            if let spot = edits.spot(of: e) { dead.append(spot) }
        }
        return dead
    }

    func isNeighbour(_ a: Character, _ b: Character?) -> Bool {
        guard let b, let d = s.keys.distance(a, b) else { return false }
        return d <= KeyNeighbours.radius
    }

    /// The cost of the typed key's letter `i` typed too many: less for a letter doubled or
    /// one whose key neighbours a letter beside it.
    func extraCost(_ i: Int) -> Double {
        let c = s.costs
        let n = letters.count
        if i > 0 && letters[i - 1] == letters[i] { return c.extraDouble }
        if isNeighbour(letters[i], i > 0 ? letters[i - 1] : nil) || isNeighbour(letters[i], i + 1 < n ? letters[i + 1] : nil) {
            return c.extraNeighbour
        }
        return c.extra
    }
}
