/// Whether the focused field shows the input method its text. A field can be secret
/// without saying so: Firefox's password fields have content type normal and report
/// their text masked ("●●●"). Nothing from a secret field reaches the strip, the key
/// bubble or the learned words.
enum FieldPrivacy: Equatable {
    /// The field has reported none of its text yet. `commits`: non-empty commits into it
    /// (edits, and text typed as keys) since focus came or Return sent its form.
    case unproven(commits: Int)
    /// The field reported some of its text, unmasked, at least once.
    case showedText(commits: Int)
    /// The field reported masked text after tapboard typed into it: secret until focus moves.
    case hidesText

    /// A field just focused: nothing known.
    init() { self = .unproven(commits: 0) }

    var hidesText: Bool { self == .hidesText }

    /// The field showed some of its text and never looked secret: words typed in it may be learned.
    var showedText: Bool {
        if case .showedText = self { true } else { false }
    }

    /// Text went into the field (not an empty edit).
    mutating func committed() {
        switch self {
        case .unproven(let n): self = .unproven(commits: n + 1)
        case .showedText(let n): self = .showedText(commits: n + 1)
        case .hidesText: break
        }
    }

    /// Return sent a single-line field's form: the app may empty the field, so an empty
    /// or masked-looking report proves nothing until tapboard types into it again.
    mutating func formSent() {
        switch self {
        case .unproven: self = .unproven(commits: 0)
        case .showedText: self = .showedText(commits: 0)
        case .hidesText: break
        }
    }

    /// The field reported `text` (nil: no surrounding text). Returns true when this
    /// report proves it secret: masked text after a commit. An empty report proves
    /// nothing (browsers in some sessions report every field empty).
    mutating func reported(_ text: String?) -> Bool {
        guard let text, !text.isEmpty else { return false }
        switch self {
        case .hidesText:
            return false
        case .unproven(let n), .showedText(let n):
            if !Self.looksMasked(text) {
                self = .showedText(commits: n)
                return false
            }
            guard n >= 1 else { return false }
            self = .hidesText
            return true
        }
    }

    /// Text a password field shows instead of what was typed.
    static func looksMasked(_ text: String) -> Bool {
        // An ASCII first byte other than "*" begins none of them (asked of every report).
        if let byte = text.utf8.first, byte < 0x80, byte != UInt8(ascii: "*") { return false }
        guard let first = text.first, "●•*·∙⏺".contains(first) else { return false }
        return text.allSatisfy { $0 == first }
    }
}
