/// One search for one typed word.
struct Search {
    let s: Suggester
    let typed: String
    let context: Context
    let shape: CaseShape
    /// The typed word lower-cased, typographic apostrophes made plain.
    let key: String
    let letters: [Character]
    /// Candidates by dictionary form: best score and whether found by an edit or exactly.
    var found: [String: (score: Double, edited: Bool)] = [:]
    /// How likely each word is here.
    let model: LanguageModel
    /// "previous " when the language's pairs know what follows the previous token.
    var pairPrefix: String? { model.pairPrefix }
    /// The spell checker's words, looked up for the edits of an unknown typed word.
    var spellWords: (any WordSource)?
    /// What the searches for this word's letters before found dead, and this one adds.
    var memo: TypedWordMemo
    /// The pairs after the previous token whose next word begins with the typed key (or
    /// less of it), when the sources are files.
    var pairsAfter: PairsAfter?
    init(suggester: Suggester, typed: String, context: Context, memo: TypedWordMemo = TypedWordMemo()) {
        s = suggester
        self.typed = typed
        self.context = context
        shape = CaseShape(typed)
        key = Search.plainApostrophes(typed.lowercased())
        letters = Array(key)
        self.memo = memo
        self.memo.begin(letters, context: context.text, language: suggester.source.language)
        model = suggester.languageModel(after: context)
    }

    /// Typed words up to this long are looked up with their typing errors.
    static let longestEdited = 24

    /// `text` with typographic apostrophes (U+2019) made plain, as the dictionaries write them.
    static func plainApostrophes(_ text: String) -> String {
        // U+2019 is E2 80 99 in UTF-8: text without the byte E2 has none (a byte scan, where
        // looking for the character walks the text's grapheme clusters).
        guard text.utf8.contains(0xE2) else { return text }
        return text.contains("\u{2019}") ? String(text.map { $0 == "\u{2019}" ? "'" : $0 }) : text
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c == "'" || c == "\u{2019}" || c == "-"
    }

    /// Whether a typed word is one to search for: a letter, and only word characters
    /// (`key`'s bytes when it is all ASCII, where asking each character walks its
    /// Unicode properties; else `letters`).
    static func isSearchable(_ key: String, letters: [Character]) -> Bool {
        var hasLetter = false
        for b in key.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): hasLetter = true
            case UInt8(ascii: "'"), UInt8(ascii: "-"): continue
            case 0x80...: return letters.contains(where: \.isLetter) && letters.allSatisfy { isWordCharacter($0) }
            default: return false
            }
        }
        return hasLetter
    }

    /// A word's score before typing errors: the language model's (`after`: its pair class).
    func prior(_ word: String, _ frequency: UInt8, after: UInt8?) -> Double {
        model.score(word, frequency, after: after)
    }

    /// The same, looking the pair up (in the pairs read for the word when they hold its key).
    func prior(_ word: String, _ frequency: UInt8) -> Double {
        prior(word, frequency, lowercased: word.lowercased())
    }

    /// The same for a word whose lower case is at hand.
    func prior(_ word: String, _ frequency: UInt8, lowercased: String) -> Double {
        Search.prior(word, frequency, lowercased: lowercased, model: model, pairsAfter: pairsAfter)
    }

    /// The same with the search's model and pairs read (for a loop in a mutating method:
    /// a method of `self` called there copied the whole search at each call).
    static func prior(
        _ word: String, _ frequency: UInt8, lowercased: String, model: LanguageModel, pairsAfter: PairsAfter?
    ) -> Double {
        if let pairsAfter {
            let (known, after) = pairsAfter.pairClass(ofLowercased: lowercased)
            if known { return model.score(word, frequency, after: after, lowercased: lowercased) }
        }
        return model.score(word, frequency, after: model.pairClass(ofLowercased: lowercased), lowercased: lowercased)
    }

    /// Reads the pairs after the previous token whose next word begins with the typed key,
    /// or takes those the memo kept from this word's letters before.
    mutating func readPairs() {
        guard let pairPrefix, let pairs = s.pairs as? Lexicon, let source = s.source as? Lexicon else { return }
        if let kept = memo.pairsAfter, kept.serve(prefix: pairPrefix, typedKey: key, pairs: pairs, source: source) {
            pairsAfter = kept
            return
        }
        pairsAfter = PairsAfter(prefix: pairPrefix, typedKey: key, pairs: pairs, source: source)
        memo.pairsAfter = pairsAfter
    }

    mutating func add(_ word: String, _ score: Double, edited: Bool) {
        // One hash for a word not found before (most are), the old value put back when better.
        if let old = found.updateValue((score, edited), forKey: word), old.score >= score { found[word] = old }
    }

    /// The typed word is a word: stored in the dictionary as typed (in some case) or learned.
    func exactForms() -> [(word: String, frequency: UInt8)] {
        s.source.lookup(key: key)
    }

    mutating func run() -> Suggestions {
        guard Search.isSearchable(key, letters: letters) else {
            return Suggestions(typed: typed, candidates: [], autocorrect: nil, known: false)
        }
        readPairs()
        let exact = exactForms()
        // Which of the stored forms the typed word matches as typed ("us" matches "us", not
        // only "US"; "paris" matches no form: "Paris" is then a correction of case).
        let plain = Search.plainApostrophes(typed)
        let typedMatches = exact.filter { shape.apply($0.word) == plain || $0.word == plain || shape == .upper }
        let inDictionary = !typedMatches.isEmpty
        // Asked only when the dictionary lacks the word (and at most once a query).
        let spellKnown = !inDictionary && s.spell?.accepts(plain) == true
        let isLearned = s.learnedCount(typed) > 0 || s.learnedCount(key) > 0
        let known = inDictionary || isLearned || spellKnown
        for (w, f) in exact {
            if typedMatches.contains(where: { $0.word == w }) {
                add(w, prior(w, f) + s.costs.exactBonus, edited: false)
            } else {
                add(w, prior(w, f) - s.costs.caseOnly, edited: true)
            }
        }

        // A typed word longer than any word gets no corrections: its edits would be
        // thousands of look-ups per letter (a run of letters that is no word).
        if !known { spellWords = s.spell?.words }
        if letters.count <= Search.longestEdited { addEdits() }
        let ranked = found.map { (word: $0.key, score: $0.value.score, edited: $0.value.edited) }
        // Best first: the order of the strip and of the correction's candidates (one pass finds
        // each one read). The closures read copies, not `self` (which they would copy whole).
        let typedShape = shape
        let letterCount = letters.count

        // Autocorrect.
        var fix: String?
        if let best = ranked.first(by: Search.before, where: { $0.edited && Search.allowed($0.word, typedShape, letterCount) }) {
            let bestLowercased = best.word.lowercased()
            let rival = ranked.first(by: Search.before) {
                $0.word != best.word && $0.edited && $0.word.lowercased() != bestLowercased
            }
            let lead = best.score - (rival?.score ?? -100)
            if !known {
                // A common word stored in capitals ("ok" for "OK") is a word typed in lower
                // case: at most its case is corrected, never its letters. (Rare capitals and
                // names, where typos often land, do not count: "Jae", "HTE".)
                let common = exact.contains { Double($0.frequency) >= s.costs.commonCapitals && $0.word.uppercased() == $0.word }
                let caseOnly = !common || best.word.lowercased() == key
                // Inside a sentence a capitalised word is likely a name: to a word, its correction
                // needs `name` more; to a name the dictionary stores ("Taulor" → "Taylor"),
                // `nameToName`; but not to a name that only doubles one of its letters (another
                // spelling: "Bennet", "Bennett"), or to a family's possessive ("the Westons").
                let bestKey = Array(best.word.lowercased())
                let plainBest = bestKey.filter { $0 != "'" }
                let toName =
                    best.word.first?.isUppercase == true && plainBest != letters
                    && !Search.doublesALetter(of: letters, bestKey)
                // A capitalised word with an "s" more is another name, wherever it stands
                // ("Edward", "Edwards"; "Stubb's", "Stubbs's").
                let addsAnS = shape == .capitalized && bestKey == Search.withAnS(letters)
                // A long typed word needs less, unless it is the word's plural or possessive
                // without the apostrophe: likely a form the list lacks ("the Westons").
                let formOfBest = plainBest == letters || letters == plainBest + ["s"]
                let ease = formOfBest ? 0 : s.costs.lengthEase * max(0, Double(letters.count) - s.costs.easeFrom)
                let needed =
                    s.costs.minimumScore - ease
                    + (shape == .capitalized && !context.sentenceStart ? (toName ? s.costs.nameToName : s.costs.name) : 0)
                // An apostrophe typed is meant ("'Twas" is not "Twas").
                let dropsApostrophe = letters.contains("'") && !best.word.contains("'")
                if caseOnly, !dropsApostrophe, !addsAnS, best.score >= needed, lead >= s.costs.margin { fix = best.word }
            } else if !isLearned, let typedForm = typedMatches.first {
                // A known word typed exactly is kept, save three cases.
                let f = Double(typedForm.frequency)
                let typedScore = found[typedForm.word]?.score ?? prior(typedForm.word, typedForm.frequency)
                if best.word.contains("'"), !typed.contains("'"), best.word.lowercased().filter({ $0 != "'" }) == key,
                    best.score + s.costs.apostrophe - f >= s.costs.apostropheLead, s.spell?.accepts(plain) != true
                {
                    // Its form with an apostrophe is much likelier ("dont" → "don't"), and the
                    // spell checker rejects it as typed (not "its", "were", "well").
                    fix = best.word
                } else if let spell = s.spell, f <= s.costs.rareKnown, !spell.accepts(plain),
                    best.score - f >= s.costs.rareKnownLead, lead >= s.costs.margin
                {
                    // A rare web misspelling that made the list ("teh"): the spell checker rejects it.
                    fix = best.word
                } else if realWordError(best.word, lead: best.score - typedScore, over: typedForm.frequency),
                    lead >= s.costs.margin
                {
                    // A real-word error ("form" for "from") where the context all but demands the other word.
                    fix = best.word
                }
            }
        }
        // A lower-case word only the spell checker knows, which the dictionary holds only with
        // capitals and commonly, is that word ("i" → "I").
        if fix == nil, spellKnown, !isLearned, shape == .lower,
            let capital = exact.max(by: { $0.frequency < $1.frequency }),
            Double(capital.frequency) >= s.costs.commonCapitals
        {
            fix = capital.word
        }
        // A word already in the text is kept wherever it comes again ("unto thee ... to thee");
        // for a change of case only, when the text holds it as typed.
        if let f = fix, f.lowercased() == key ? context.holds(plain, caseSensitive: true) : context.holds(key) { fix = nil }
        // One letter is an initial or a word of its own ("J. Smith", Polish "w"): at most its
        // case is corrected ("i" → "I"). An elision is not the word with its letters cut off
        // ("c'e" does not become "c'").
        if let f = fix, letters.count == 1 ? f.lowercased() != key : f.hasSuffix("'") && letters.last != "'" {
            fix = nil
        }
        let autocorrect = fix.map { shape.apply($0) }

        // Candidates: the correction, the typed word when known, then completions and edits by score.
        // The strip's pool: completions first, then the words found (room for both made once).
        var pool: [(word: String, score: Double)] = []
        pool.reserveCapacity(found.count + Search.completionsRoom)
        for (word, f) in s.tops.top(of: s.source, prefix: key) where Search.hasMoreCharacters(word, than: letters.count) {
            pool.append((word, prior(word, f, after: nil)))
        }
        // The closures below read these, not `self`: a method of `self` called from them
        // copied the whole search at each entry.
        let source = s.source
        let model = model
        let typedCount = letters.count
        // Words seen after the previous one, with their likelihood there.
        if let pairsAfter {
            for entry in pairsAfter.entries(beginning: key) {
                for (word, f) in entry.forms where Search.hasMoreCharacters(word, than: typedCount) {
                    pool.append((word, model.score(word, f, after: entry.after)))
                }
            }
        } else if let pairPrefix, let pairs = s.pairs {
            let skip = pairPrefix.count
            pairs.entries(withKeyPrefix: pairPrefix + key) { entry, after in
                let next = String(entry.dropFirst(skip))
                for (word, f) in source.lookup(key: next) where Search.hasMoreCharacters(word, than: typedCount) {
                    pool.append((word, model.score(word, f, after: after)))
                }
                return true
            }
        }
        // And after the two before (scored again by the model, which mixes in their pair).
        if let triplePrefix = model.triplePrefix, let triples = s.triples {
            let skip = triplePrefix.count
            triples.entries(withKeyPrefix: triplePrefix + key) { entry, _ in
                for (word, f) in source.lookup(key: String(entry.dropFirst(skip)))
                where Search.hasMoreCharacters(word, than: typedCount) {
                    pool.append((word, model.score(word, frequency: f)))
                }
                return true
            }
        }
        // The user's words: learned dictionary words rank by their boost, whether or not
        // among the most frequent; others as learned words.
        for (w, n) in s.learnedWords
        where n > 0 && w.count > letters.count && w.lowercased().hasPrefix(key) && s.learnedCount(w) > 0 {
            if let f = s.source.frequency(of: w) {
                pool.append((w, prior(w, f, after: nil)))
            } else {
                pool.append((w, model.learnedOnly(w)))
            }
        }
        for (word, value) in found { pool.append((word, value.score - (value.edited ? s.costs.editInStrip : 0))) }
        var out: [String] = []
        // The typed word takes no slot: space keeps it (save when autocorrect would not; then the strip shows it to keep).
        func push(_ w: String) {
            if out.count < 3, w != typed, w != plain, !out.contains(w) { out.append(w) }
        }
        if let autocorrect { push(autocorrect) }
        // The first few in order; past them (the same word in several cases, the typed word), the rest sorted.
        let firsts = pool.prefix(8, sortedBy: Search.before)
        for (w, _) in firsts where out.count < 3 { push(shape.apply(w)) }
        if out.count < 3, pool.count > firsts.count {
            pool.sort(by: Search.before)
            for (w, _) in pool.dropFirst(firsts.count) where out.count < 3 { push(shape.apply(w)) }
        }
        return Suggestions(
            typed: typed, candidates: out, autocorrect: autocorrect == typed || autocorrect == plain ? nil : autocorrect,
            known: known)
    }

    /// Whether the context makes `word` overwhelmingly likelier than the known word typed
    /// (of class `typedClass`): the language's pairs know both the previous token and `word`
    /// after it, `word` leads the typed word, typing error included, by `realWordLead`
    /// classes, and it is the commoner word on its own too (context alone never outweighs
    /// a word: "fox jumps" stays, however often the pairs saw "fox bumps").
    func realWordError(_ word: String, lead: Double, over typedClass: UInt8) -> Bool {
        guard let pairPrefix, let pairs = s.pairs, lead >= s.costs.realWordLead,
            let own = s.source.lookup(key: word.lowercased()).map(\.frequency).max(), own > typedClass
        else { return false }
        // The context favours the word: likelier after that token than on its own ("came
        // from"), not merely seen there ("the in").
        guard let after = pairs.frequency(of: pairPrefix + word.lowercased()),
            Double(after) - Double(own) >= s.costs.realWordLift
        else { return false }
        // And, with `realWordDrop` above its default (off), against the typed word: less
        // likely after that token than on its own ("of he"), not more ("with thee"). A pair
        // the list lacks is rarer than the rarest it holds there, which says something only of
        // a word common enough to have been listed.
        guard s.costs.realWordDrop > Suggester.Costs.off else { return true }
        let typedAfter = pairs.frequency(of: pairPrefix + key).map(Double.init) ?? rarestListed(after: pairPrefix, in: pairs)
        return Double(typedClass) - typedAfter >= s.costs.realWordDrop
    }

    /// The lowest class the pairs list after `prefix` ("of "): a pair rarer than that is not
    /// listed, whatever the context.
    func rarestListed(after prefix: String, in pairs: any WordSource) -> Double {
        var lowest = UInt8.max
        pairs.entries(withKeyPrefix: prefix) { _, f in
            lowest = min(lowest, f)
            return true
        }
        return Double(lowest)
    }

    /// `word` with an "s" more, before its possessive "'s" if it has one ("stubb's": "stubbs's").
    static func withAnS(_ word: [Character]) -> [Character] {
        word.count > 2 && word.suffix(2) == ["'", "s"] ? word.dropLast(2) + ["s", "'", "s"] : word + ["s"]
    }

    /// Whether `long` is `short` with one of its letters doubled ("Bennet", "Bennett").
    static func doublesALetter(of short: [Character], _ long: [Character]) -> Bool {
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count, long[i] == short[i] { i += 1 }
        // long[i] is the letter too many: it doubles its neighbour, and the rest agree.
        let doubles = (i > 0 && long[i - 1] == long[i]) || (i + 1 < long.count && long[i + 1] == long[i])
        return doubles && long[(i + 1)...].elementsEqual(short[i...])
    }

    /// Room made in the strip's pool for completions beside the words found (more grow it).
    static let completionsRoom = 64

    /// Whether `word` has more characters than `count`: its UTF-8 length tells when it is no
    /// longer or all ASCII (counting characters walks its grapheme clusters).
    static func hasMoreCharacters(_ word: String, than count: Int) -> Bool {
        guard word.utf8.count > count else { return false }
        return word.allUTF8Bytes { $0 < 0x80 } || word.count > count
    }

    /// Whether case allows correcting to `word`: short words in capitals are likely
    /// acronyms. (A capitalised word inside a sentence is likely a name: its correction
    /// needs `costs.name` more score, see `run`.)
    func allowed(_ word: String) -> Bool {
        Search.allowed(word, shape, letters.count)
    }

    /// The same for a word typed in `shape` with `letterCount` letters.
    static func allowed(_ word: String, _ shape: CaseShape, _ letterCount: Int) -> Bool {
        shape != .upper || letterCount > 3
    }

    /// Whether candidate `a` ranks before `b`: the higher score, then the word first in order.
    static func before(_ a: (word: String, score: Double, edited: Bool), _ b: (word: String, score: Double, edited: Bool))
        -> Bool
    {
        a.score != b.score ? a.score > b.score : a.word < b.word
    }

    /// The same for a candidate of the strip's pool.
    static func before(_ a: (word: String, score: Double), _ b: (word: String, score: Double)) -> Bool {
        a.score != b.score ? a.score > b.score : a.word < b.word
    }
}
