/// The candidates panel: all of an engine's candidates over the keys, a page at a time,
/// opened from the key at the strip's right end (shown while there are more candidates
/// than slots). A tapped candidate goes in; the panel then shows what the engine offers
/// for the rest of the input, and closes when nothing is left.
extension Controller {
    /// The strip's key for the candidates panel: close while it is open, open while the
    /// engine has more candidates than the strip shows, else none.
    var candidatesKey: CandidatesMove? {
        if compositionStage.candidatePanel != nil { return .close }
        guard engine != nil, compositionStage.composition?.isOpen == true else { return nil }
        return compositionStage.engineCandidates.count > PanelGeometry.stripSlots ? .open : nil
    }

    mutating func moveCandidates(_ move: CandidatesMove) -> [Command] {
        switch move {
        case .open: return showCandidates(engine != nil ? compositionStage.composition?.candidates ?? [] : [], page: 0)
        case .close: return closeCandidates()
        case .rowNext, .rowFirst:
            let shown = geometry?.rowSlotCount ?? 0
            compositionStage.rowStart = move == .rowFirst || shown == 0 ? 0 : compositionStage.rowStart + shown
            return updateStrip()
        case .segmentShorter, .segmentLonger:
            guard engine != nil, var input = compositionStage.composition,
                input.resizeSegment(by: move == .segmentLonger ? 1 : -1)
            else { return [] }
            compositionStage.composition = input
            compositionStage.rowStart = 0
            return preeditSynced([]) + updateStrip()
        case .previous, .next:
            guard let shown = compositionStage.candidatePanel else { return [] }
            let page = shown.page + (move == .next ? 1 : -1)
            guard (0..<shown.panel.pages).contains(page) else { return [] }
            return showCandidates(shown.panel.candidates, page: page)
        }
    }

    /// After the composition changed: the open panel shows the new candidates from their
    /// first page, or closes when there are none.
    mutating func refreshCandidates() -> [Command] {
        guard compositionStage.candidatePanel != nil else { return [] }
        return showCandidates(engine != nil ? compositionStage.composition?.candidates ?? [] : [], page: 0)
    }

    /// Page `page` of `all` the engine's candidates in place of the keys (none: closed).
    mutating func showCandidates(_ all: [String], page: Int) -> [Command] {
        guard !all.isEmpty else { return closeCandidates() }
        let rows = max((keyboard.layout.layers.first?.rows.count ?? 4) - 1, 1)
        var panel = CandidatePanel(candidates: all, rows: rows)
        if let open = compositionStage.candidatePanel?.panel, open == panel { panel = open }
        let shown = min(max(page, 0), panel.pages - 1)
        compositionStage.candidatePanel = (panel, shown)
        return overlaid(.layer(panel.layer(page: shown)))
    }

    mutating func closeCandidates() -> [Command] {
        guard compositionStage.candidatePanel != nil else { return [] }
        compositionStage.candidatePanel = nil
        return overlaid(nil)
    }

    /// The panel goes without a word (the composition ended, the field went).
    mutating func dropCandidates() {
        guard compositionStage.candidatePanel != nil else { return }
        compositionStage.candidatePanel = nil
        keyboard.overlay = nil
        _ = keyboard.dropPresses()
        // No press is left to end.
        _ = layOutKeysAgain(layer: keyboard.layer.name)
    }

    /// `layer` shown over the keyboard's keys (nil: its own again); held keys end.
    private mutating func overlaid(_ overlay: KeyOverlay?) -> [Command] {
        keyboard.overlay = overlay
        var out = translate(keyboard.dropPresses())
        out += layOutKeysAgain(layer: keyboard.layer.name)
        out += barChanged()
        return out + [.redraw(nil)]
    }
}

/// The strip's candidate row: the engine's candidates from the row's first rank, measured
/// for the geometry to lay out as many as fit.
extension Controller {
    /// The row's candidates as a strip; `compositionStage.row` holds their widths.
    mutating func engineRow() -> Strip {
        let limit = CandidateRow.measured
        var start = compositionStage.rowStart
        let composing = compositionStage.composition?.isOpen ?? false
        // Nothing composed: the words that follow the last commit, if any.
        var fetched =
            composing
            ? compositionStage.composition?.candidates(upTo: start + limit + 1) ?? [] : compositionStage.followOn
        if start >= fetched.count, start > 0 {
            start = 0
            fetched = Array(fetched.prefix(limit + 1))
        }
        compositionStage.rowStart = start
        compositionStage.engineCandidates = fetched
        let shown = Array(fetched.dropFirst(start).prefix(limit))
        compositionStage.row =
            shown.isEmpty
            ? nil
            : CandidateRow(
                ems: shown.map(labelMeasure.ems), more: fetched.count > start + limit, start: start,
                resizable: compositionStage.composition?.resizableSegment ?? false)
        return shown.isEmpty ? .empty : Strip(row: shown)
    }
}
