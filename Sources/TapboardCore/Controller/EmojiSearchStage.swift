/// Emoji found by name on the emoji keyboard's `search` layer: its letters go into a query,
/// not the field. Text stage: first, while the search layer shows.
struct EmojiSearchStage {
    /// Emoji names by language, loaded when first used; nil: none.
    let names: (any EmojiNameLibrary)?
    /// What the search layer has been given so far, and what it found.
    var query = EmojiQuery()
}
