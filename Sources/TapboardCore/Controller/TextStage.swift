/// The stages a text effect (a letter, backspace, Return, a key) passes through, in this
/// order: the first that takes it returns the commands, one that passes leaves it to the
/// next. Each owns its state (the controller's `…Stage` properties). A feature that reads
/// typing is one more case here and one more stage, not a link in a chain of calls.
enum TextStage: CaseIterable {
    /// The emoji keyboard's search layer: letters go into the query (`emojiSearch`).
    case emojiSearch
    /// The shown keyboard's composition: dead keys, Telex, an engine's input, shown as
    /// preedit (`multiStage`).
    case composition
    /// The word being typed while the strip shows: suggestions, autocorrection and its
    /// undo, learning (`typeInWord`).
    case word
    /// The field: text through text-input or as keys (`submit`). It takes everything.
    case field
}

extension Controller {
    /// `effect` through the text stages from `first` on (a stage that produces text of its
    /// own, as a composition does, hands it to the stages after it).
    mutating func passText(_ effect: Effect, from first: TextStage = .emojiSearch) -> [Command] {
        for stage in TextStage.allCases.drop(while: { $0 != first }) {
            // What the stage makes of the effect; nil: it passes (a stage with nothing to
            // do here, no search layer or no composition, is not asked).
            let out: [Command]? =
                switch stage {
                case .emojiSearch: searchingEmoji ? emojiSearch(effect) : nil
                case .composition: compositionStage.composition != nil ? multiStage(effect) : nil
                case .word: showsStrip ? typeInWord(effect) : nil
                case .field: fieldStage.submit(effect)
                }
            if let out { return out }
        }
        return []
    }
}
