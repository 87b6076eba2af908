/// What the corner of a key shows so that users know a long press offers more.
public enum KeyHint: Sendable, Equatable {
    /// The first alternate, small.
    case text(String)
    /// A small dot: the first alternate is an emoji or longer than one character.
    case mark
}

extension Key {
    /// The hint for a text key with alternates; `shifted`: the key shows its shifted form
    /// (a letter's hint then shows in upper case too). Nil for keys with nothing to offer.
    public func hint(shifted: Bool) -> KeyHint? {
        guard case .text(let text) = action, icon == nil, image == nil,
            let first = alternates.first(where: { $0 != text })
        else { return nil }
        let emoji = first.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
        guard first.count == 1, !emoji else { return .mark }
        guard shifted, !keepsCase else { return .text(first) }
        let upper = first.uppercased()
        return .text(upper.count == 1 ? upper : first)
    }
}
