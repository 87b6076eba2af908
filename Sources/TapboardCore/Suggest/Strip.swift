/// What the suggestion strip shows: three slots, the best in the middle.
public struct Strip: Sendable, Equatable {
    public enum Slot: Sendable, Equatable {
        case empty
        /// A word to put in place of the one being typed (or after the last, when none is).
        case word(String)
        /// The word as typed, shown in quotes: tapping it keeps it (space would correct it).
        case keep(String)
        /// A word to the user that tapping does nothing with ("no word for that stroke").
        case note(String)
        /// An emoji for the word just typed (`emoji-suggestions = on`): tapping it adds the
        /// emoji after the word.
        case emoji(String)

        public var text: String {
            switch self {
            case .empty: ""
            case .word(let w): w
            case .keep(let w): "“\(w)”"
            case .note(let n): n
            case .emoji(let e): e
            }
        }
    }

    /// Left, middle, right (an engine's row: as many as it holds, left to right).
    public var slots: [Slot]
    /// What space or punctuation would turn the typed word into; nil: it stays.
    public var autocorrect: String?
    /// The slots are an engine's candidate row, best first at the left (not in the middle).
    public var bestFirst = false

    public init(slots: [Slot] = [.empty, .empty, .empty], autocorrect: String? = nil) {
        self.slots = slots + Array(repeating: .empty, count: max(0, PanelGeometry.stripSlots - slots.count))
        self.autocorrect = autocorrect
    }

    /// Ranked words (best first) in the slots, the one way the strip orders them: the best
    /// in the middle, the second on the left, the third on the right.
    public init(ranked words: [String]) {
        func slot(_ i: Int) -> Slot { i < words.count ? .word(words[i]) : .empty }
        self.init(slots: [slot(Self.rank(ofSlot: 0)), slot(Self.rank(ofSlot: 1)), slot(Self.rank(ofSlot: 2))])
    }

    /// An engine's candidates (best first) as a row: the geometry shows as many as fit.
    public init(row candidates: [String]) {
        self.init(slots: candidates.map { .word($0) })
        bestFirst = true
    }

    /// Which of the ranked words (0: the best) `init(ranked:)` puts in `slot`.
    public static func rank(ofSlot slot: Int) -> Int { [1, 0, 2][slot] }

    /// The words that go on from `typed` (or are it), in their ranks; no autocorrection.
    public func completions(of typed: String) -> Strip {
        let ranked = slots.indices.sorted { Self.rank(ofSlot: $0) < Self.rank(ofSlot: $1) }.map { slots[$0] }
        return Strip(ranked: ranked.compactMap { if case .word(let w) = $0, w.hasPrefix(typed) { w } else { nil } })
    }

    public static let empty = Strip()
    public var isEmpty: Bool { slots.allSatisfy { $0 == .empty } }
}

/// Suggestions for one language: completions of the word being typed, corrections,
/// next words after a space.
public protocol SuggestionProvider {
    /// The strip for `word` (empty: between words) typed after `context`, the text
    /// before it; `learned` are the user's words in this language.
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip
    /// The same for the word in progress, typed letter by letter: `memo`, kept with the word,
    /// carries what one letter's search learnt over to the next.
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool, memo: inout TypedWordMemo)
        -> Strip
}

extension SuggestionProvider {
    public func strip(
        for word: String, context: String, learned: LearnedWords, autocorrect: Bool, memo: inout TypedWordMemo
    ) -> Strip {
        strip(for: word, context: context, learned: learned, autocorrect: autocorrect)
    }
}

/// The engine as the strip's provider: the user's learned words and pairs on top of
/// the dictionary.
extension Suggester: SuggestionProvider {
    public func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip {
        var memo = TypedWordMemo()
        return strip(for: word, context: context, learned: learned, autocorrect: autocorrect, memo: &memo)
    }

    public func strip(
        for word: String, context: String, learned: LearnedWords, autocorrect: Bool, memo: inout TypedWordMemo
    ) -> Strip {
        var s = self
        s.learnedWords = learned.words
        s.bigrams = learned.pairs
        if word.isEmpty {
            // Between words: what the user wrote after the word before (none at a sentence start).
            let previous = Context(context).previous
            var next = previous.map { learned.next(after: $0).filter { s.learnedCount($0) > 0 } } ?? []
            for w in s.nextWords(context: context) where next.count < 3 && !next.contains(w) { next.append(w) }
            return Strip(ranked: next)
        }
        var strip = s.suggest(word, context: context, memo: &memo).strip
        if !autocorrect, strip.autocorrect != nil {
            strip.autocorrect = nil
            strip.slots[0] = .word(word)
        }
        // Nothing better: the word as typed, in the middle (tapping it keeps it). The strip
        // keeps its place through the word, as a phone's does.
        if strip.isEmpty { strip.slots[1] = .keep(word) }
        return strip
    }
}

extension Lexicon: WordSource {}
