extension Suggester {
    /// Up to three words likely to come next after `context`, before a letter is typed,
    /// best first: the user's own pairs, then the language's; capitalised at the start
    /// of a sentence. None in an empty field (the strip is left to the form toolbar).
    public func nextWords(context: String) -> [String] {
        guard context.contains(where: { !$0.isWhitespace }) else { return [] }
        let ctx = Context(context)
        var scores: [String: Double] = [:]  // lower-cased word → score
        if let pairs, let key = ctx.pairKey {
            let prefix = key + " "
            let skip = prefix.count
            pairs.entries(withKeyPrefix: prefix) { entry, after in
                scores[String(entry.dropFirst(skip))] = Double(after)
                return true
            }
        }
        if let previous = ctx.previous, let mine = bigrams[previous] {
            // Above anything shipped: what this user writes after the word.
            for (word, n) in mine where n > 0 { scores[word.lowercased()] = 1000 + Double(n) }
        }
        let best = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var out: [String] = []
        for (word, _) in best where out.count < 3 {
            let written = source.lookup(key: word).max { $0.frequency < $1.frequency }?.word ?? word
            let shown = ctx.sentenceStart ? CaseShape.capitalized.apply(written) : written
            if !out.contains(shown) { out.append(shown) }
        }
        return out
    }
}
