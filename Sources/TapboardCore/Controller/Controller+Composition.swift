/// Dead keys, compose compositions, Telex and the engines (pinyin, kana to kanji, hangul): an
/// open composition shows in the field as preedit and is committed when it completes, a key
/// that is not part of it comes, the keyboard changes or the panel hides. Text a plain
/// composition commits goes the usual way (the word tracker and the strip see it as typed
/// letters); an engine's goes in one piece, and its candidates fill the strip. The preedit
/// never reaches the word tracker.
///
/// When focus leaves the field the composition is forgotten: the field is gone before the
/// input method hears of it, and each client keeps (Firefox, Chromium) or drops (GTK) a
/// preedit by its own rules. Committing it into the next field would be worse.
extension Controller {
    /// Text effects for the open composition; nil: not for it (typed as usual).
    mutating func multiStage(_ effect: Effect) -> [Command]? {
        guard var input = compositionStage.composition, usesComposition else { return nil }
        var effect = effect
        // Anything typed drops the words offered after the last commit.
        if !compositionStage.followOn.isEmpty {
            compositionStage.followOn = []
            compositionStage.rowStart = 0
            wordStage.shown.markStale()
        }
        // Space is the engine's: it picks, and no full stop comes of two.
        if engine != nil, case .doubleSpace = effect { effect = .commitText(" ") }
        var out: [Command]
        switch effect {
        case .commitText(let t):
            let step = input.type(t)
            if engine != nil, step.taken, !input.isOpen { compositionStage.followOn = input.followOn(after: step.commit) }
            compositionStage.composition = input
            out = commitComposed(step.commit)
            if !step.taken { out += passText(effect, from: .word) }
        case .deleteBackward:
            guard input.backspace() else { return nil }
            compositionStage.composition = input
            out = []
        case .deleteWordBackward:
            guard input.isOpen else { return nil }
            input.clear()
            compositionStage.composition = input
            out = []
        case .enter where engine != nil:
            // Return puts the letters in as typed, and does nothing more.
            guard input.isOpen else { return nil }
            let typed = input.finishAsTyped()
            input.clear()
            compositionStage.composition = input
            out = commitComposed(typed)
        case .enter, .key, .doubleSpace:
            guard input.isOpen else { return nil }
            out = finishComposition() + passText(effect, from: .word)
        default:
            return nil
        }
        if engine != nil {
            compositionStage.rowStart = 0
            wordStage.shown.markStale()
        }
        return preeditSynced(out) + refreshCandidates()
    }

    /// Candidate `index` of the engine's (a strip slot, the candidates panel) goes in; the
    /// rest of the input stays open.
    mutating func pickCandidate(_ index: Int) -> [Command] {
        guard engine != nil, var input = compositionStage.composition else { return [] }
        if !input.isOpen, compositionStage.followOn.indices.contains(index) {
            return pickFollowOn(compositionStage.followOn[index], &input)
        }
        guard input.candidates(upTo: index + 1).count > index else { return [] }
        let step = input.pick(index)
        compositionStage.followOn = input.isOpen ? [] : input.followOn(after: step.commit)
        compositionStage.composition = input
        compositionStage.rowStart = 0
        let out = commitComposed(step.commit)
        wordStage.shown.markStale()
        return preeditSynced(out) + refreshCandidates()
    }

    /// A word offered after the last commit goes in; the words that follow it come next.
    private mutating func pickFollowOn(_ word: String, _ input: inout any Composition) -> [Command] {
        compositionStage.followOn = input.followOn(after: word)
        compositionStage.composition = input
        compositionStage.rowStart = 0
        wordStage.shown.markStale()
        return commitComposed(word)
    }

    /// The shown keyboard's engine is still to be opened: once its panel is on screen, so
    /// that the frame does not wait for it (RIME compiles its data the first time). Read by
    /// the app after every frame: inlinable, so that reading it does not copy the controller.
    @inlinable public var engineAwaitsOpening: Bool { compositionStage.composition?.awaitsOpening ?? false }

    /// Opens the shown keyboard's engine ahead of its first key. Keys pressed while it opens
    /// wait in the socket and come after, in order.
    public mutating func openEngine() { compositionStage.composition?.openEngine() }

    /// The shown keyboard's engine, when its letters go through it in this field: only with
    /// text-input (the preedit), and an engine that keeps what the user writes only in fields
    /// that may be learned from (`FieldAllows.learning`: not password, PIN, terminal, secret
    /// text, email or URL).
    var engine: CompositionEngine? {
        guard case .engine(let e)? = keyboard.layout.compose, compositionStage.composition != nil, textInputField != nil else {
            return nil
        }
        if e.keepsUserData, !allows.contains(.learning) { return nil }
        return e
    }

    /// The shown keyboard's engine when its candidates fill the strip; nil: no engine, or
    /// one whose words the strip completes from the dictionary (`offersCandidates`).
    var candidateEngine: CompositionEngine? {
        guard let e = engine, e.offersCandidates else { return nil }
        return e
    }

    /// Keys go through the composition (a plain one always, an engine where `engine` says).
    var usesComposition: Bool {
        guard case .engine? = keyboard.layout.compose else { return true }
        return engine != nil
    }

    /// Commits what the open composition shows (the panel hides, another keyboard comes, a
    /// key such as Return or an arrow acts on the field). Without a field to commit into
    /// it is forgotten.
    mutating func finishComposition() -> [Command] {
        guard var input = compositionStage.composition, input.isOpen, usesComposition else { return [] }
        let reachable = field.active || !textInputUsable
        let text = reachable ? input.finish() : ""
        input.clear()
        compositionStage.composition = input
        let out = commitComposed(text)
        return preeditSynced(out) + refreshCandidates()
    }

    /// The field is gone or another has come: nothing open, nothing shown.
    mutating func forgetComposition() {
        compositionStage.forget()
        dropCandidates()
    }

    /// Final text from a composition, typed as if tapped: letter by letter while the strip
    /// tracks the word, else in one piece.
    mutating func commitComposed(_ text: String) -> [Command] {
        guard !text.isEmpty else { return [] }
        let pieces = showsStrip && candidateEngine == nil ? text.map(String.init) : [text]
        return pieces.flatMap { passText(.commitText($0), from: .word) }
    }

    /// `out` with the field's preedit brought in line with the open composition: cleared
    /// before key events, and set in the same commit as the last text-input edit where `out`
    /// ends with one (the protocol applies delete, text and preedit as one unit), else on its own.
    mutating func preeditSynced(_ out: [Command]) -> [Command] {
        var synced = clearingPreedit(before: out) + out
        let preedit = syncPreedit(after: out)
        if case .preedit(let p, let cursor)? = preedit.first, case .edit(var last)? = synced.last {
            last.preedit = p
            last.preeditCursor = cursor
            synced[synced.count - 1] = .edit(last)
            return synced
        }
        return synced + preedit
    }

    /// A preedit showing goes before key events (only a text-input commit replaces it).
    mutating func clearingPreedit(before out: [Command]) -> [Command] {
        guard !preedit.isEmpty, let first = out.first else { return [] }
        if case .edit = first { return [] }
        compositionStage.preedit = ""
        compositionStage.preeditCursor = nil
        return [.preedit("")]
    }

    /// The field's preedit brought in line with the open composition. Every text-input
    /// commit in `out` cleared what was shown.
    mutating func syncPreedit(after out: [Command]) -> [Command] {
        let wanted: (text: String, cursor: Int?) = textInputField == nil ? ("", nil) : compositionStage.wantedPreedit
        let cleared = out.contains { if case .edit = $0 { true } else { false } }
        let shown: (text: String, cursor: Int?) = cleared ? ("", nil) : (preedit, compositionStage.preeditCursor)
        compositionStage.preedit = wanted.text
        compositionStage.preeditCursor = wanted.cursor
        fieldStage.text.showed(preedit: wanted.text)
        return wanted == shown ? [] : [.preedit(wanted.text, cursor: wanted.cursor)]
    }
}
