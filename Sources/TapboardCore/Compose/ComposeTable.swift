/// Dead keys and compose sequences as data: a sequence of key texts gives one text.
///
/// A *starter* is the text of a dead key (´ as a combining acute, U+0301) or of a compose
/// key (⎄); it opens a sequence. Sequences are written as the starter followed by the
/// texts of the keys that follow ("\u{301}e" → "é", "⎄o\"" → "ö").
public struct ComposeTable: Sendable, Equatable {
    /// Starter → what it types on its own (an interrupted sequence, a dead key then space).
    public var starters: [String: String]
    /// Whole sequence → its text.
    public var sequences: [String: String]
    /// Every proper prefix of a sequence, lower case.
    let prefixes: Set<String>

    public init(starters: [String: String], sequences: [String: String]) {
        self.starters = starters
        self.sequences = sequences
        var p: Set<String> = []
        // By scalars: a dead key's combining mark may join the next key's text in one Character.
        for s in sequences.keys {
            let scalars = Array(s.lowercased().unicodeScalars)
            for n in 1..<max(scalars.count, 1) { p.insert(String(String.UnicodeScalarView(scalars[..<n]))) }
        }
        prefixes = p
    }

    /// The text of a whole sequence; a sequence typed with capitals that the table has
    /// in lower case gives the capital ("´E" → "É").
    public func lookup(_ sequence: String) -> String? {
        if let s = sequences[sequence] { return s }
        let lower = sequence.lowercased()
        guard lower != sequence, let s = sequences[lower] else { return nil }
        return s.uppercased()
    }

    /// Whether more keys can still complete `sequence`.
    public func continues(_ sequence: String) -> Bool { prefixes.contains(sequence.lowercased()) }
}

/// The open sequence of a `ComposeTable`.
public struct ComposeSequence: MultiStageInput {
    public let table: ComposeTable
    /// Key texts of the open sequence, the starter first.
    public private(set) var keys: [String] = []

    public init(table: ComposeTable) { self.table = table }

    public var isOpen: Bool { !keys.isEmpty }

    /// Starters show as their own text (´), the other keys as typed.
    public var preedit: String { keys.map { table.starters[$0] ?? $0 }.joined() }

    public mutating func type(_ text: String) -> ComposeStep {
        guard isOpen else {
            guard table.starters[text] != nil else { return ComposeStep(taken: false) }
            keys = [text]
            return ComposeStep(taken: true)
        }
        let sequence = keys.joined() + text
        if let done = table.lookup(sequence) {
            keys = []
            return ComposeStep(commit: done, taken: true)
        }
        if table.continues(sequence) {
            keys.append(text)
            return ComposeStep(taken: true)
        }
        // Not a sequence: what was typed goes in as it shows; a starter opens anew.
        let shown = preedit
        keys = []
        if table.starters[text] != nil {
            keys = [text]
            return ComposeStep(commit: shown, taken: true)
        }
        return ComposeStep(commit: shown, taken: false)
    }

    public mutating func backspace() -> Bool {
        guard isOpen else { return false }
        keys.removeLast()
        return true
    }

    public mutating func finish() -> String {
        defer { keys = [] }
        return preedit
    }

    public mutating func clear() { keys = [] }
}
