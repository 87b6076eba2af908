/// Input that takes several keys to make its text (dead keys, a compose key, Telex):
/// while a sequence is open its text is shown as preedit; it is committed when done.
public protocol MultiStageInput: Sendable {
    /// A sequence is open (its text, possibly empty, is not in the field yet).
    var isOpen: Bool { get }
    /// What the field shows of the open sequence, as preedit.
    var preedit: String { get }
    /// A key's text: what to commit now, and whether the key was taken. A key that was
    /// not taken is typed as usual after `commit` (which ends any open sequence).
    mutating func type(_ text: String) -> ComposeStep
    /// Steps the open sequence back; false when nothing is open (backspace as usual).
    mutating func backspace() -> Bool
    /// Ends the open sequence: the text to commit for it (may be empty).
    mutating func finish() -> String
    /// Forgets the open sequence (the field it was shown in is gone).
    mutating func clear()
}

/// The outcome of one key in a multi-stage input.
public struct ComposeStep: Sendable, Equatable {
    /// Text that is final now (it replaces the preedit).
    public var commit: String
    /// The key belongs to the sequence; false: type it as usual after `commit`.
    public var taken: Bool

    public init(commit: String = "", taken: Bool) {
        self.commit = commit
        self.taken = taken
    }
}

/// How a keyboard's keys combine, as given by its layout file (`"compose"`).
public enum ComposeRules: Sendable, Equatable {
    /// Dead keys and compose sequences.
    case table(ComposeTable)
    /// Vietnamese Telex.
    case telex(TelexRules)
    /// A conversion engine of the system (Chinese, Japanese, Korean), opened when first used.
    case engine(CompositionEngine)

    /// A fresh input for these rules, nothing open; nil for an engine (the executable opens those).
    public func makeInput() -> (any Composition)? {
        switch self {
        case .table(let t): ComposeSequence(table: t)
        case .telex(let r): TelexWord(rules: r)
        case .engine: nil
        }
    }
}

/// An input method engine a keyboard's letters go through.
public enum CompositionEngine: Sendable, Hashable {
    /// libhangul: Korean jamo composed into syllables (2-set).
    case hangul
    /// librime with a schema (`luna_pinyin_simp`: pinyin to simplified Chinese).
    case rime(schema: String)
    /// Anthy: romaji to kana, kana to kanji.
    case anthy

    /// The names a layout's `"engine"` takes.
    public static let names = ["hangul", "rime", "anthy"]

    /// The engine keeps what the user writes (learned phrases): it is not used in secret fields.
    public var keepsUserData: Bool { self != .hangul }

    /// The engine offers candidates of its own for the strip. Hangul only composes syllables:
    /// the strip completes the word from the keyboard's dictionary, as for letters.
    public var offersCandidates: Bool { self != .hangul }
}

extension ComposeRules {
    /// Every character these rules can put in a field, capitals too (for a keymap that
    /// types them without text-input).
    public var outputs: [String] {
        var out: Set<String> = []
        switch self {
        case .table(let t):
            out.formUnion(t.sequences.values)
            out.formUnion(t.starters.values.filter { !$0.isEmpty })
        case .telex(let r):
            out.formUnion(r.vowels.map(String.init))
            for forms in r.tones.values { out.formUnion(forms.map(String.init)) }
            for rewrites in r.marks.values { for rw in rewrites { out.formUnion(rw.to.map(String.init)) } }
            out.formUnion(r.alone.values)
        case .engine:
            // Its text is any of thousands of characters: it needs text-input.
            break
        }
        for s in Array(out) where s.count == 1 {
            let upper = s.uppercased()
            if upper.count == 1 { out.insert(upper) }
        }
        return out.sorted()
    }
}
