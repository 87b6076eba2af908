extension Suggester {
    /// Weights of the error model and of the autocorrect decision, in frequency classes.
    public struct Costs: Sendable, Equatable {
        /// A neighbouring key hit instead: `substitution + perKeyUnit × (distance − 1)`.
        public var substitution = 20.0
        public var perKeyUnit = 12.0
        /// An accent left out ("cafe" for "café").
        public var accent = 6.0
        /// An apostrophe left out ("dont" for "don't").
        public var apostrophe = 4.0
        /// Two neighbouring letters typed in the wrong order.
        public var swap = 16.0
        /// A letter left out; less when it is a doubled letter's second half.
        public var dropped = 12.0
        public var droppedDouble = 10.0
        /// A letter too many; less when doubled or on a neighbouring key of the letter before or after it.
        public var extra = 34.0
        public var extraDouble = 14.0
        public var extraNeighbour = 24.0
        /// Only the case differs from the stored form ("paris" for "Paris").
        public var caseOnly = 8.0
        /// The typed word, when it is a known word, ranks this much higher.
        public var exactBonus = 3.0
        /// A capitalised unknown word inside a sentence is likely a name: its correction
        /// needs this much more score.
        public var name = 22.0
        /// ...and this much more when the correction is itself a name the dictionary stores.
        public var nameToName = 8.0
        /// A correction needs at least this score...
        public var minimumScore = 4.0
        /// ...and this lead over the next candidate.
        public var margin = 2.0
        /// `minimumScore` is lowered this much for each letter an unknown typed word has beyond
        /// `easeFrom`: the longer a run of letters, the likelier one word near it is the one meant.
        public var lengthEase = 2.0
        /// Letters a typed word may have before `lengthEase` applies.
        public var easeFrom = 6.0
        /// A known word is replaced by its apostrophe form only when that is this much more frequent.
        public var apostropheLead = 12.0
        /// A known word this rare or rarer ("teh", "becuase" in a list made from the web)...
        public var rareKnown = 48.0
        /// ...is corrected when a candidate's score leads it by this much, if the spell checker rejects it.
        public var rareKnownLead = 10.0
        /// A known word typed exactly is corrected to a word the context makes this many
        /// classes likelier (typing error included), and only after a token the pairs know.
        public var realWordLead = 10.0
        /// ...and only when that token makes the other word at least this many classes
        /// likelier than it is on its own.
        public var realWordLift = 0.0
        /// ...and makes the typed word at least this many classes less likely than on its own
        /// (a pair not listed counting as the rarest listed after that token). `off` (the
        /// default) leaves the typed word's side out: each right word this spares costs 5 to 48
        /// typos fixed on the tuning texts (docs/benchmarks.md).
        public var realWordDrop = Costs.off
        /// A weight's value that turns its rule off.
        public static let off = -100.0
        /// A word stored only in capitals at least this frequent ("OK") is a known word typed
        /// in lower case: its letters are never corrected.
        public var commonCapitals = 45.0
        /// A word only the spell checker lists (not in the dictionary) is a correction
        /// candidate of this class, rarer than the dictionary's rarest words.
        public var spellWord = 30.0
        public init() {}
        /// Candidates found by an edit rank this much lower in the strip than completions
        /// (autocorrect is not affected).
        public var editInStrip = 30.0

        /// With next-word pairs: the weight of a word's likelihood after the previous word
        /// against its own, and a shift of the mixture's class (so that thresholds made for
        /// classes still hold).
        public var pairWeight = 0.9
        public var pairShift = 7.0
        /// With triples for the two tokens before: the weight of a word's likelihood after
        /// both against the pairs' mixture (which it is mixed with, shifted by `pairShift`).
        public var tripleWeight = 0.5

        /// Words already in the text before (`LanguageModel(recent:)`, the glide decoder's):
        /// the share of a word's likelihood that is drawn from how often that text holds it
        /// (a cache model: a word on the screen is likelier to come again), and the fewest
        /// words that share is spread over (a short text says less per word).
        public var recentShare = 0.02
        public var recentSpan = 30.0
        /// A dictionary word the spell checker rejects is this many classes less likely to be
        /// stroked (`LanguageModel.rejected`; the glide decoder's).
        public var unchecked = 10.0

        /// The names `set` takes, for tuning (`tapboard suggest --cost NAME=X`).
        public static var names: [String] { fields.map(\.0) }

        /// Sets the weight called `name`; false when there is none.
        @discardableResult
        public mutating func set(_ name: String, _ value: Double) -> Bool {
            guard let path = Costs.fields.first(where: { $0.0 == name })?.1 else { return false }
            self[keyPath: path] = value
            return true
        }

        nonisolated(unsafe) static let fields: [(String, WritableKeyPath<Costs, Double>)] = [
            ("substitution", \.substitution), ("perKeyUnit", \.perKeyUnit), ("accent", \.accent),
            ("apostrophe", \.apostrophe), ("swap", \.swap), ("dropped", \.dropped),
            ("droppedDouble", \.droppedDouble), ("extra", \.extra), ("extraDouble", \.extraDouble),
            ("extraNeighbour", \.extraNeighbour), ("caseOnly", \.caseOnly), ("exactBonus", \.exactBonus),
            ("name", \.name), ("nameToName", \.nameToName), ("minimumScore", \.minimumScore), ("margin", \.margin),
            ("lengthEase", \.lengthEase), ("easeFrom", \.easeFrom),
            ("apostropheLead", \.apostropheLead), ("rareKnown", \.rareKnown), ("rareKnownLead", \.rareKnownLead),
            ("editInStrip", \.editInStrip), ("realWordLead", \.realWordLead),
            ("realWordLift", \.realWordLift), ("realWordDrop", \.realWordDrop), ("commonCapitals", \.commonCapitals),
            ("pairWeight", \.pairWeight), ("pairShift", \.pairShift), ("tripleWeight", \.tripleWeight),
            ("spellWord", \.spellWord), ("recentShare", \.recentShare), ("recentSpan", \.recentSpan), ("unchecked", \.unchecked)
        ]
    }
}
