/// The shown keyboard's composition (dead keys, compose, Telex, an engine's), what the
/// field shows of it as preedit, and the engine's candidates. Text stage: keys while a
/// sequence is open or the engine takes the letters.
@usableFromInline struct CompositionStage {
    /// Opens engines' compositions; nil: keyboards naming an engine type their keys as they are.
    let opener: (any CompositionOpener)?
    /// The shown keyboard's composition; nil: it has none.
    @usableFromInline var composition: (any Composition)?
    /// The engine's first candidates as the strip last read them: its row's and one more.
    var engineCandidates: [String] = []
    /// The rank of the first candidate in the strip's row (0 until ▸ pages on).
    var rowStart = 0
    /// The candidates the strip's row holds, measured; nil: the strip is not an engine's row.
    var row: CandidateRow?
    /// The words that usually follow the last commit, shown in the row while nothing is
    /// composed; anything typed drops them.
    var followOn: [String] = []
    /// The candidates panel and its page shown over the keys; nil: closed.
    var candidatePanel: (panel: CandidatePanel, page: Int)?
    /// What the field shows as preedit (an open sequence); empty: nothing.
    var preedit = ""
    /// Where the shown preedit's cursor is, in Characters; nil: at its end.
    var preeditCursor: Int?

    /// The open composition's preedit and its cursor as the engine puts it (nil: at the end).
    var wantedPreedit: (text: String, cursor: Int?) {
        guard let c = composition else { return ("", nil) }
        let text = c.preedit
        let cursor = c.preeditCursor
        return (text, cursor < text.count ? cursor : nil)
    }

    /// The composition for `layout`'s rules, engines' through `opener`; nil: it has none.
    static func composition(for layout: Layout, _ opener: (any CompositionOpener)?) -> (any Composition)? {
        switch layout.compose {
        case nil: nil
        case .engine(let e)?: opener?.composition(for: e)
        case let rules?: rules.makeInput()
        }
    }

    /// The keyboard shown now brings its own rules (and its own keys: no candidates panel).
    mutating func rulesChanged(for layout: Layout) {
        composition = Self.composition(for: layout, opener)
        preedit = ""
        preeditCursor = nil
        engineCandidates = []
        rowStart = 0
        row = nil
        followOn = []
        candidatePanel = nil
    }

    /// The field is gone or another has come: nothing open, nothing shown (the candidates
    /// panel is closed by the controller, which owns the keys).
    mutating func forget() {
        composition?.clear()
        preedit = ""
        preeditCursor = nil
        engineCandidates = []
        rowStart = 0
        row = nil
        followOn = []
    }
}
