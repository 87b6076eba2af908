/// What tapboard believes the focused field holds around the cursor.
///
/// Clients report their text late (Chromium and Firefox one edit behind) or never
/// (Chromium on phoc), and a `done` may carry several of our edits or none. So every
/// edit sent is applied here at once, and each prediction is kept until a report
/// shows the client has got that far: a report equal to an earlier prediction is
/// stale and changes nothing; one equal to none means the text changed some other
/// way (the user moved the cursor, the app edited it), and it is taken as it is.
public struct TextModel: Sendable, Equatable {
    /// The client's last report, then each prediction after it; empty while unknown.
    var history: [SurroundingText] = []
    /// What tapboard typed since the field was focused, for fields that report nothing;
    /// nil once a key moved the cursor somewhere unknown.
    public private(set) var typed: SurroundingText? = SurroundingText(text: "", cursor: 0, anchor: 0)
    /// The preedits shown in this field lately, this word's and the words' before, newest
    /// last: Firefox counts the preedit of its moment into its text, and its reports may
    /// come many steps late (a busy machine), after that word was committed.
    var preedits: [String] = []
    /// Most predictions, and most preedits, kept while the client is silent.
    static let depth = 32
    /// The newest key event sent whose effect no report has shown yet.
    var keyInFlight: KeyInFlight = .none

    /// A key tapboard sent and the field may not have applied yet.
    enum KeyInFlight: Sendable, Equatable {
        case none
        /// Its effect is prediction `history[i]`: a report matching it, or a later one, shows it.
        case predicted(Int)
        /// Its effect could not be foreseen: a report unlike this one (nil: any report) shows it.
        case unforeseen(before: SurroundingText?)
    }

    /// True while a key sent may still be on its way: under load, Firefox lets a text-input
    /// commit overtake a key sent before it, and GTK 4 applies text-input events as it
    /// reads them but keys later, so what follows a key must go as keys too.
    public var awaitsKey: Bool { keyInFlight != .none }

    public init() {}

    /// The text around the cursor as tapboard believes it; nil while unknown.
    public var known: SurroundingText? { history.last }

    /// Whether the client's reports have shown `expected`, a view tapboard predicted: false
    /// while it is still a prediction ahead of the last report. Once a report is unforeseen
    /// (or the field is left) nothing is ahead, and it is taken as shown.
    public func hasShown(_ expected: SurroundingText) -> Bool {
        (history.lastIndex { Self.same($0, expected) } ?? 0) == 0
    }

    /// The best view for auto-capitalisation: what is known, else what was typed in this field.
    public var bestGuess: SurroundingText? { known ?? typed }

    /// A new field: forget everything.
    public mutating func reset() {
        history = []
        preedits = []
        keyInFlight = .none
        typed = SurroundingText(text: "", cursor: 0, anchor: 0)
    }

    /// The field shows this preedit now.
    public mutating func showed(preedit: String) {
        guard !preedit.isEmpty, preedits.last != preedit else { return }
        preedits.append(preedit)
        if preedits.count > Self.depth { preedits.removeFirst(preedits.count - Self.depth) }
    }

    /// The client's report after a `done` (nil: it reported no text); `showing`: the preedit
    /// shown now. A report that matches a prediction only without one of the preedits shown
    /// lately is taken without it. True when the report is one tapboard foresaw (false: the
    /// text or cursor moved some other way).
    @discardableResult
    public mutating func clientReported(_ report: SurroundingText?, showing: String = "") -> Bool {
        guard let report, report.isValid else {
            history = []
            if case .predicted = keyInFlight { keyInFlight = .unforeseen(before: nil) }
            return false
        }
        var candidates = [report]
        for preedit in preedits.reversed() where !preedit.isEmpty && !report.hasSelection {
            if let before = report.beforeCursor, before.hasSuffix(preedit) {
                var stripped = report
                stripped.apply(TextEdit(deleteBefore: preedit.utf8.count))
                candidates.append(stripped)
            }
        }
        for candidate in candidates {
            if let i = history.lastIndex(where: { Self.same($0, candidate) }) {
                // The client got as far as prediction i; later predictions still stand.
                history.removeFirst(i)
                history[0] = candidate
                switch keyInFlight {
                case .predicted(let k): keyInFlight = i >= k ? .none : .predicted(k - i)
                case .unforeseen(let before): if before.map({ !Self.same($0, candidate) }) ?? true { keyInFlight = .none }
                case .none: break
                }
                return true
            }
        }
        // Something else happened: taken as it is, without the preedit showing now.
        var taken = report
        if !showing.isEmpty, !report.hasSelection, report.beforeCursor?.hasSuffix(showing) == true {
            taken.apply(TextEdit(deleteBefore: showing.utf8.count))
        }
        switch keyInFlight {
        case .predicted: keyInFlight = .unforeseen(before: taken)
        case .unforeseen(let before): if before.map({ !Self.same($0, taken) }) ?? true { keyInFlight = .none }
        case .none: break
        }
        history = [taken]
        return false
    }

    /// Two views of the text agree where it matters for decisions: before the cursor
    /// and in the selection.
    static func same(_ a: SurroundingText, _ b: SurroundingText) -> Bool {
        // The same bytes up to the selection's end: the same text (no strings made).
        let end = max(a.cursor, a.anchor)
        if a.isValid, b.isValid, min(a.cursor, a.anchor) == min(b.cursor, b.anchor), end == max(b.cursor, b.anchor),
            a.text.utf8.withContiguousStorageIfAvailable({ x in
                b.text.utf8.withContiguousStorageIfAvailable { y in x[..<end].elementsEqual(y[..<end]) }
            }) == true
        {
            return true
        }
        return a.beforeCursor == b.beforeCursor && a.selected == b.selected
    }

    mutating func predict(_ change: (inout SurroundingText) -> Void) {
        if var t = typed {
            change(&t)
            typed = t
        }
        guard var next = history.last else { return }
        change(&next)
        history.append(next)
        if history.count > Self.depth {
            let dropped = history.count - Self.depth
            history.removeFirst(dropped)
            if case .predicted(let k) = keyInFlight { keyInFlight = .predicted(max(k - dropped, 0)) }
        }
    }

    /// An edit sent through text-input.
    public mutating func sent(_ edit: TextEdit) { predict { $0.apply(edit) } }

    /// Text typed as key events.
    public mutating func sentKeys(_ text: String) {
        predict { $0.apply(TextEdit(insert: text)) }
        keySent()
    }

    /// A BackSpace key sent: the selection or one backspace unit goes.
    public mutating func sentBackspaceKey() {
        predict { $0.applyBackspaceKey() }
        keySent()
    }

    /// A key whose effect on the text is not known (arrows, Ctrl combinations): wait
    /// for the client's next report.
    public mutating func sentUnknownKey() {
        keyInFlight = .unforeseen(before: known)
        history = []
        typed = nil
    }

    private mutating func keySent() {
        keyInFlight = history.isEmpty ? .unforeseen(before: nil) : .predicted(history.count - 1)
    }
}
