/// Glide typing: a stroke across the letters types a word, with the spacing phone keyboards
/// use (a space before it, none after, so punctuation goes right after it); the strip offers
/// the next best words in its place; backspace right after takes it back whole.
extension Controller {
    /// Strokes are read in fields where the strip would show (prose, not secret, the
    /// keyboard's language has a dictionary), while the `glide` setting is on; not through an
    /// engine (Korean's words are syllables, its keys jamo).
    var glides: Bool {
        settings.glide && textInputField != nil && allows.contains(.suggestions) && hasSuggestions && engine == nil
    }

    var strokeReader: (any StrokeReader)? {
        language.isEmpty ? nil : wordStage.suggestions?.strokeReader(for: keyboard.layout)
    }

    /// A stroke began: the words are made ready as strokes while the finger moves, if they
    /// are not yet (the first stroke on a keyboard), not when it lifts.
    func prepareStrokes() {
        guard glides, let g = geometry, let keys = GlideKeys(geometry: g) else { return }
        strokeReader?.prepareStrokes(keys: keys)
    }

    /// A stroke ended: the word it reads as goes in.
    mutating func stroke(_ trace: GlideTrace) -> [Command] {
        guard glides, let g = geometry, let keys = GlideKeys(geometry: g), let p = strokeReader else { return [] }
        var out = finishTyping()
        let before = text.bestGuess?.beforeCursor.map { Self.last(Suggester.contextLength, of: $0) } ?? ""
        let words = p.glide(trace, keys: keys, context: before, learned: learnedWithFieldWords())
        let shape = strokeShape
        let shaped = words.map { shape.apply($0) }
        guard let best = shaped.first else {
            return out + showInStrip(Strip(slots: [.empty, .note(tr("no word")), .empty]))
        }
        out += fieldStage.commit((Self.needsSpace(before: before) ? " " : "") + best)
        wordStage.word.stroked(best)
        learn(best)
        return out + showInStrip(Strip(ranked: shaped))
    }

    /// The learned words with the words used in this field so far (learned for good only
    /// when the field is left): a name typed once in a message can be stroked in it again.
    mutating func learnedWithFieldWords() -> LearnedWords {
        var l = learnedWords()
        for w in wordStage.word.fieldWords where w.language == language { l.learn(w.word, after: w.previous, kept: w.kept) }
        return l
    }

    /// The case a stroked word takes: capitalised where shift is on (auto-capitalisation at
    /// a sentence's start, or the user's), all capitals under caps lock.
    var strokeShape: CaseShape {
        switch keyboard.shift {
        case .off: .lower
        case .once: .capitalized
        case .locked: .upper
        }
    }

    /// A stroked word is spaced from the text before it, save at the start of a line or
    /// after an opening bracket or quote.
    static func needsSpace(before text: String) -> Bool {
        guard let last = text.last else { return false }
        return !last.isWhitespace && !Context.opening.contains(last)
    }

    /// Backspace right after a stroked word: the word goes whole.
    mutating func unstroke(_ stroked: String) -> [Command] {
        wordStage.word.settled()
        wordStage.shown.markStale()
        return fieldStage.retype(deleting: stroked.count, typing: "")
    }

    /// A word from the strip in place of the stroked one.
    mutating func replaceStroked(_ stroked: String, with chosen: String) -> [Command] {
        guard chosen != stroked else { return [] }
        learn(chosen, kept: true)
        let out = fieldStage.replace(stroked, with: chosen)
        wordStage.word.stroked(chosen)
        return out
    }
}
