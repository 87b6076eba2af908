extension Suggester {
    /// Up to three words likely to come next after `context`, before a letter is typed,
    /// best first: the user's own pairs, then the language's (with its triples, where they
    /// know the two tokens before); capitalised at the start of a sentence. None in an empty
    /// field (the strip is left to the form toolbar).
    public func nextWords(context: String) -> [String] {
        guard context.contains(where: { !$0.isWhitespace }) else { return [] }
        let ctx = Context(context)
        // Lower-cased words with their scores: the user's (above anything shipped: what this
        // user writes after the word), then the language's pairs after the token.
        func rank(whole: Bool) -> NextWordRanking {
            var ranking = NextWordRanking(prefix: (ctx.pairKey ?? "") + " ", whole: whole)
            if let previous = ctx.previous, let mine = bigrams[previous] {
                for (word, n) in mine where n > 0 { ranking.addMine(word.lowercased(), count: n) }
            }
            if let pairs = pairs as? Lexicon, let key = ctx.pairKey {
                let prefix = key + " "
                // Blocks of entries that could never rank are passed over where they would all
                // be plain to the ranking (their words begin with the prefix as written).
                if !whole, Lexicon.key(of: prefix, language: pairs.language) == prefix {
                    pairs.wordBytes(
                        withKeyPrefix: prefix, bestOf: ranking.wanted, passingOver: { ranking.leaveOut() },
                        { entry, after in
                            ranking.add(entry: entry, class: after)
                            return true
                        })
                } else {
                    pairs.wordBytes(withKeyPrefix: prefix) { entry, after in
                        ranking.add(entry: entry, class: after)
                        return true
                    }
                }
            } else if let pairs, let key = ctx.pairKey {
                pairs.entries(withKeyPrefix: key + " ") { entry, after in
                    ranking.add(entry: entry, class: after)
                    return true
                }
            }
            return ranking
        }
        var ranking = rank(whole: false)
        if ranking.needsRereading { ranking = rank(whole: true) }
        // The words best first; where the ranking kept too few, the rest from all of them.
        func visit(_ body: (String) -> Bool) {
            guard let visited = ranking.visit(body) else { return }
            var whole = rank(whole: true)
            _ = whole.visit(skipping: visited, body)
        }
        let model = languageModel(after: ctx)
        var out: [String] = []
        func show(_ word: String) -> Bool {
            let written = source.lookup(key: word).max { $0.frequency < $1.frequency }?.word ?? word
            let shown = ctx.sentenceStart ? CaseShape.capitalized.apply(written) : written
            if !out.contains(shown) { out.append(shown) }
            return out.count < 3
        }
        guard let triplePrefix = model.triplePrefix, let triples else {
            visit(show)
            return out
        }
        // With triples: the pairs' best few and the triples' words, ranked by their mixture.
        var words: [String] = []
        visit { word in
            words.append(word)
            return words.count < NextWordRanking.picked
        }
        triples.entries(withKeyPrefix: triplePrefix) { entry, _ in
            let word = String(entry.dropFirst(triplePrefix.count))
            if !words.contains(word) { words.append(word) }
            return true
        }
        var mine: [String: Int] = [:]
        for (word, n) in ctx.previous.flatMap({ bigrams[$0] }) ?? [:] { mine[word.lowercased(), default: 0] += n }
        let scored = words.map { word -> (word: String, score: Double) in
            if let n = mine[word], n > 0 { return (word, 1000 + Double(n)) }
            // The pairs' class on the scale of the model's mixture (`pairShift`).
            let pair = model.pairClass(of: word).map { Double($0) + costs.pairShift } ?? 0
            return (word, model.backedOff(model.tripleClass(of: word), pair))
        }
        for (word, _) in scored.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }) where !show(word) {
            break
        }
        return out
    }
}
