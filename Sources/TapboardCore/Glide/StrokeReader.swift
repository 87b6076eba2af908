/// Reads glide strokes as words: what the controller asks of a keyboard's language when a
/// finger draws across the letters.
public protocol StrokeReader {
    /// The words a stroke `trace` across `keys` may be after `context`, best first; empty
    /// when none fits. `learned` are the user's words in this language.
    func glide(_ trace: GlideTrace, keys: GlideKeys, context: String, learned: LearnedWords) -> [String]
    /// Makes ready what reading strokes across `keys` needs (a stroke has begun).
    func prepareStrokes(keys: GlideKeys)
}

extension StrokeReader {
    public func prepareStrokes(keys: GlideKeys) {}
}

/// The suggester's language model reads strokes: the user's learned words and pairs on top
/// of the dictionary, the text before as context.
extension Suggester: StrokeReader {
    public func glide(_ trace: GlideTrace, keys: GlideKeys, context: String, learned: LearnedWords) -> [String] {
        var s = self
        s.learnedWords = learned.words
        s.bigrams = learned.pairs
        return glideDecoder(for: keys).decode(
            trace.points, times: trace.times, model: s.languageModel(after: context, recent: true))
    }

    public func prepareStrokes(keys: GlideKeys) { _ = glideDecoder(for: keys) }
}
