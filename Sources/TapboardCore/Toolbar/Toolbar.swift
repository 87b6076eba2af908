/// When the form toolbar (‹ Previous, Next ›, Paste, Done) shows in a focused field.
public enum ToolbarMode: String, Sendable, Equatable, CaseIterable {
    /// In the strip's place while the strip has nothing to show (an empty field, after a
    /// space with nothing predicted), and as a row of its own in fields without
    /// suggestions (password, PIN, digits, terminal, or suggestions off).
    case auto
    /// A row of its own above the strip in every focused field, suggestions or not.
    case always
    /// Never: the panel as without a toolbar.
    case off
}

extension ToolbarButton {
    /// What the button shows.
    public var label: String {
        switch self {
        case .previousField: tr("‹ Previous")
        case .nextField: tr("Next ›")
        case .paste: tr("Paste")
        case .done: tr("Done")
        }
    }
}

/// What the band above the keys holds: the strip's slots, the toolbar's buttons, both
/// (toolbar on top), or nothing.
public struct PanelBar: Sendable, Equatable {
    /// The suggestion strip's slots.
    public var slots: Bool
    /// The toolbar's buttons shown (in `ToolbarButton` order); empty: no toolbar.
    public var toolbar: [ToolbarButton]
    /// A key at the strip's right end that opens (or closes) the candidates panel; nil: none.
    public var candidates: CandidatesMove?
    /// An engine's candidates in a row in place of the strip's three slots; nil: the slots.
    public var row: CandidateRow?

    public init(
        slots: Bool = false, toolbar: [ToolbarButton] = [], candidates: CandidatesMove? = nil, row: CandidateRow? = nil
    ) {
        self.slots = slots
        self.toolbar = toolbar
        self.candidates = candidates
        self.row = row
    }

    public static let none = PanelBar()
    /// Rows of strip height above the keys.
    public var rows: Int { (slots ? 1 : 0) + (toolbar.isEmpty ? 0 : 1) }

    /// The band for a focused field: `slots` whether the strip shows in it, `stripEmpty`
    /// whether the strip has nothing to show now, `paste` whether Paste can work, `ownDone`
    /// whether the keys shown have a Done of their own (a panel's `back` key: then the
    /// toolbar shows none, rather than a second Done that does something else).
    public static func forField(
        mode: ToolbarMode, slots: Bool, stripEmpty: Bool, paste: Bool,
        ownDone: Bool = false
    ) -> PanelBar {
        let buttons = ToolbarButton.allCases.filter { ($0 != .paste || paste) && ($0 != .done || !ownDone) }
        switch mode {
        case .off: return PanelBar(slots: slots)
        case .always: return PanelBar(slots: slots, toolbar: buttons)
        case .auto: return slots && !stripEmpty ? PanelBar(slots: true) : PanelBar(toolbar: buttons)
        }
    }
}
