extension Suggester {
    /// Up to three words likely to come next after `context`, before a letter is typed,
    /// best first: the user's own pairs, then the language's; capitalised at the start
    /// of a sentence. None in an empty field (the strip is left to the form toolbar).
    public func nextWords(context: String) -> [String] {
        guard context.contains(where: { !$0.isWhitespace }) else { return [] }
        let ctx = Context(context)
        // Lower-cased words with their scores: the language's pairs after the token, then
        // the user's.
        var ranking = NextWordRanking(prefix: (ctx.pairKey ?? "") + " ")
        if let pairs, let key = ctx.pairKey {
            pairs.entries(withKeyPrefix: key + " ") { entry, after in
                ranking.add(entry: entry, class: after)
                return true
            }
        }
        if let previous = ctx.previous, let mine = bigrams[previous] {
            // Above anything shipped: what this user writes after the word.
            for (word, n) in mine where n > 0 { ranking.addMine(word.lowercased(), count: n) }
        }
        var out: [String] = []
        ranking.visit { word in
            let written = source.lookup(key: word).max { $0.frequency < $1.frequency }?.word ?? word
            let shown = ctx.sentenceStart ? CaseShape.capitalized.apply(written) : written
            if !out.contains(shown) { out.append(shown) }
            return out.count < 3
        }
        return out
    }
}
