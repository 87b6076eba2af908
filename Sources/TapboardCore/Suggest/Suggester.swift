/// Completions and autocorrection for the word being typed.
///
/// A noisy-channel model in frequency classes (10 classes = a factor of 10): a
/// candidate scores its dictionary class, plus boosts for words the user keeps and
/// for pairs that follow the previous word, less the cost of the typing error that
/// would turn it into what was typed. Errors are one edit of a kind fingers make:
/// a neighbouring key (costing more the farther the keys), a dropped or an extra
/// letter (less when doubled or next to its neighbour), two letters swapped, an
/// accent or an apostrophe left out. Candidates are found by looking those edits up,
/// never by scanning the dictionary; completions visit the typed prefix.
public struct Suggester {
    /// How much of the text before the cursor is read as the context (characters).
    public static let contextLength = 200

    /// The dictionary.
    public var source: any WordSource {
        didSet {
            tops = CompletionTops()
            caches = SourceCaches()
            editWalks = EditWalks()
        }
    }
    /// Its most frequent words per typed prefix (shared by copies of this suggester).
    private(set) var tops = CompletionTops()
    /// What else is made of its words on first use (shared by copies of this suggester).
    private(set) var caches = SourceCaches()
    /// What the walks found for short typed keys (shared by copies of this suggester); new
    /// with another dictionary, spell checker, keyboard or costs.
    private(set) var editWalks = EditWalks()
    /// Whether words are listed or accepted, as asked so far.
    var answers: WordAnswers { caches.value { WordAnswers() } }
    /// The shown keyboard's letters, for the error model.
    public var keys: KeyNeighbours { didSet { editWalks = EditWalks() } }
    /// Words the user typed and kept, with how often.
    public var learnedWords: [String: Int]
    /// Previous word (lower-cased) → next word → how often the user typed the pair.
    public var bigrams: [String: [String: Int]]
    /// Next words of the language: entries keyed "previous next" (previous: a word,
    /// "<s>" at a sentence start, "," after a comma) whose class is that of the next
    /// word's likelihood after the previous one (scripts/build-pairs).
    public var pairs: (any WordSource)? { didSet { contextReadings = ContextReadings() } }
    /// Next words from two tokens back: entries keyed "before previous next" ("see you
    /// soon", "<s> thank you") whose class is that of the next word's likelihood after both
    /// (scripts/build-triples); only contexts where they change what the pairs rank first.
    public var triples: (any WordSource)? { didSet { contextReadings = ContextReadings() } }
    /// What the pairs and triples held after the last context asked (shared by copies).
    private(set) var contextReadings = ContextReadings()
    /// The model's weights.
    public var costs = Costs() { didSet { editWalks = EditWalks() } }
    /// The language's spell checker, when it has one: what it accepts is a known word.
    public var spell: (any SpellChecker)? { didSet { editWalks = EditWalks() } }

    /// A suggester over `source`, with the keyboard's key positions and what the user taught it.
    public init(
        source: any WordSource, keys: KeyNeighbours = .qwerty,
        learnedWords: [String: Int] = [:], bigrams: [String: [String: Int]] = [:],
        pairs: (any WordSource)? = nil, triples: (any WordSource)? = nil
    ) {
        self.source = source
        self.pairs = pairs
        self.triples = triples
        self.keys = keys
        self.learnedWords = learnedWords
        self.bigrams = bigrams
    }

    /// Up to three candidates for `word`, best first, in the typed case; the typed word
    /// itself is among them when it is a known word. `context` is the text before the word.
    public func completions(for word: String, context: String) -> [String] {
        suggest(word, context: context).candidates
    }

    /// What space would turn `word` into, or nil to leave it as typed. Known words (in the
    /// dictionary, accepted by the spell checker, or learned) are never changed, save the case
    /// of a word only the spell checker knows in lower case ("i" → "I"), a much
    /// likelier form with an apostrophe of a word the spell checker rejects ("dont" →
    /// "don't"), rare web misspellings that made the list and the spell checker rejects
    /// ("teh"), and real-word errors where the pairs make a commoner word far likelier after
    /// the previous one than anywhere ("came form" → "came from"). No word the text before
    /// already holds is changed ("unto thee ... to thee").
    public func correction(for word: String, context: String) -> String? {
        suggest(word, context: context).autocorrect
    }

    /// Candidates and the autocorrection at once (one search).
    /// With nothing typed, the next words after `context`.
    public func suggest(_ word: String, context: String) -> Suggestions {
        var memo = TypedWordMemo()
        return suggest(word, context: context, memo: &memo)
    }

    /// The same, for a word typed letter by letter: `memo` carries what the search for the
    /// word's letters before learnt over to this one (the same suggestions, found sooner).
    public func suggest(_ word: String, context: String, memo: inout TypedWordMemo) -> Suggestions {
        if word.isEmpty { return Suggestions(typed: "", candidates: nextWords(context: context), autocorrect: nil) }
        var search = Search(suggester: self, typed: word, context: Context(context), memo: memo)
        // The search holds the memo's only copy: what it notes is not copied first.
        memo = TypedWordMemo()
        let whole = search.run()
        memo = search.memo
        // An elision the dictionary holds ("l'", "dell'", "qu'"; wordfreq splits them off):
        // when the whole is no known word, the word after it is looked up on its own.
        guard !whole.known, let (elision, rest) = elided(word) else { return whole }
        let inner = suggest(rest, context: context + elision)
        return Suggestions(
            typed: word, candidates: inner.candidates.map { elision + $0 },
            autocorrect: inner.autocorrect.map { elision + $0 }, known: inner.known)
    }

    /// `word` split after its first apostrophe ("l'hmme": "l'", "hmme") when the part up to
    /// it is a word of the dictionary and letters follow.
    func elided(_ word: String) -> (String, String)? {
        // A byte scan first: U+2019 begins with E2 in UTF-8.
        guard word.utf8.contains(where: { $0 == UInt8(ascii: "'") || $0 == 0xE2 }),
            let i = word.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }), i > word.startIndex
        else { return nil }
        let rest = word[word.index(after: i)...]
        guard rest.first?.isLetter == true else { return nil }
        let elision = String(word[...i])
        guard !source.lookup(key: Search.plainApostrophes(elision.lowercased())).isEmpty else { return nil }
        return (elision, String(rest))
    }

    /// How often the user kept `word`, counting only learned words that are in force: a
    /// word the dictionary and the spell checker both lack counts from its second use on
    /// (or at once when kept from the strip or by undoing a correction, which counts two),
    /// so that a typo typed once and left is not learned.
    func learnedCount(_ word: String) -> Int {
        guard !learnedWords.isEmpty, let n = learnedWords[word], n > 0 else { return 0 }
        if n >= 2 || source.frequency(of: word) != nil || !source.lookup(key: word).isEmpty { return n }
        return spell?.accepts(word) == true ? n : 0
    }
}

/// What the strip shows for the word being typed.
public struct Suggestions: Sendable, Equatable {
    /// The word as typed.
    public var typed: String
    /// Up to three candidates, best first (the correction first when there is one).
    public var candidates: [String]
    /// What space would turn the typed word into; nil: space keeps it.
    public var autocorrect: String?
    /// The typed word is a known word (in the dictionary, accepted by the spell checker, or learned).
    public var known: Bool

    public init(typed: String, candidates: [String], autocorrect: String?, known: Bool = false) {
        self.typed = typed
        self.candidates = candidates
        self.autocorrect = autocorrect
        self.known = known
    }

    /// The three slots in the order shown: the best in the middle, the second on the
    /// left, the third on the right; when space would autocorrect, the typed word (to
    /// keep it) on the left, the correction in the middle, the next candidate on the right.
    public var strip: Strip {
        if let fix = autocorrect {
            let other = candidates.first { $0 != fix && $0 != typed }
            return Strip(slots: [.keep(typed), .word(fix), other.map { .word($0) } ?? .empty], autocorrect: fix)
        }
        return Strip(ranked: candidates)
    }
}

/// How the user typed the word's letters.
enum CaseShape {
    case lower, capitalized, upper

    init(_ word: String) {
        if let ascii = CaseShape(ascii: word) {
            self = ascii
            return
        }
        let letters = word.filter(\.isLetter)
        if letters.count >= 2, !letters.contains(where: \.isLowercase) {
            self = .upper
        } else if let f = letters.first, f.isUppercase {
            self = .capitalized
        } else {
            self = .lower
        }
    }

    /// The same for a word all ASCII, from its bytes (letters: A-Z, a-z); nil for any other.
    private init?(ascii word: String) {
        var letters = 0
        var anyLower = false
        var firstUpper: Bool?
        for b in word.utf8 {
            if b >= 0x80 { return nil }
            let upper = b >= 0x41 && b <= 0x5A
            let lower = b >= 0x61 && b <= 0x7A
            guard upper || lower else { continue }
            letters += 1
            anyLower = anyLower || lower
            if firstUpper == nil { firstUpper = upper }
        }
        if letters >= 2, !anyLower {
            self = .upper
        } else if firstUpper == true {
            self = .capitalized
        } else {
            self = .lower
        }
    }

    /// `word` (as the dictionary writes it) in this shape.
    func apply(_ word: String) -> String {
        switch self {
        case .lower: return word
        case .upper: return word.uppercased()
        case .capitalized:
            guard let f = word.first else { return word }
            return f.uppercased() + word.dropFirst()
        }
    }
}
