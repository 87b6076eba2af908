/// Emoji found by name on the emoji keyboard's `search` layer: its letters go into a query,
/// not the field. Text stage: first, while the search layer shows.
struct EmojiSearchStage {
    /// Emoji names by language, loaded when first used; nil: none.
    let names: (any EmojiNameLibrary)?
    /// What the search layer has been given so far, and what it found.
    var query = EmojiQuery()

    /// A text effect while the search layer shows: letters and spaces extend the query,
    /// Backspace shortens it. Nil: not the search's (an emoji of the results, or a key: into
    /// the field as usual); true: the query changed; false: taken, nothing changed.
    mutating func take(_ effect: Effect) -> Bool? {
        switch effect {
        case .commitText(let t) where query.results.contains(t):
            return nil
        case .commitText(let t):
            // No space first, none twice.
            guard !(t == " " && (query.text.isEmpty || query.text.hasSuffix(" "))) else { return false }
            query.text += t.lowercased()
        case .doubleSpace:
            return false
        case .deleteBackward where !query.text.isEmpty:
            query.text.removeLast()
        case .deleteWordBackward where !query.text.isEmpty:
            query.text = ""
        default:
            return nil
        }
        return true
    }
}
