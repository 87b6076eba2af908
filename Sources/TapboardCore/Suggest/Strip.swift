/// What the suggestion strip shows: three slots, the best in the middle.
public struct Strip: Sendable, Equatable {
    public enum Slot: Sendable, Equatable {
        case empty
        /// A word to put in place of the one being typed (or after the last, when none is).
        case word(String)
        /// The word as typed, shown in quotes: tapping it keeps it (space would correct it).
        case keep(String)

        public var text: String {
            switch self {
            case .empty: ""
            case .word(let w): w
            case .keep(let w): "“\(w)”"
            }
        }
    }

    /// Left, middle, right.
    public var slots: [Slot]
    /// What space or punctuation would turn the typed word into; nil: it stays.
    public var autocorrect: String?

    public init(slots: [Slot] = [.empty, .empty, .empty], autocorrect: String? = nil) {
        self.slots = slots + Array(repeating: .empty, count: max(0, PanelGeometry.stripSlots - slots.count))
        self.autocorrect = autocorrect
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
}
