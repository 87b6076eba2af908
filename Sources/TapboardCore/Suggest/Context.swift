/// What the text before the word says: the one reading of it that the strip, next words,
/// glide's language model, learning and the emoji strip share. Sentence starts, punctuation
/// after the word before and words across a comma are decided here.
struct Context {
    /// The word (or number) before, as written, with the punctuation after it stepped over
    /// ("pizza. " → "pizza", "(hello) " → "hello"); nil when no word comes before.
    var lastWord: String?
    /// The previous word lower-cased, for pairs: `lastWord` when nothing but a comma,
    /// semicolon or colon follows it ("hello, " → "hello"); nil at a sentence start.
    var previous: String?
    /// The word starts a sentence (nothing before it, or . ! ? before it).
    var sentenceStart: Bool
    /// What the language's pairs are keyed by: the previous word, "<s>" or ",".
    var pairKey: String? { sentenceStart ? "<s>" : afterComma ? "," : previous }
    /// A comma, semicolon or colon comes right before the word.
    var afterComma = false
    /// The token before `previous`, lower-cased, for triples: the word before it when only
    /// spaces part them, "<s>" when `previous` starts a sentence; nil otherwise.
    var beforePrevious: String?
    /// What the language's triples are keyed by: the two tokens before the word ("see you",
    /// "<s> thank"); nil after a comma or without two tokens.
    var tripleKey: String? {
        guard !afterComma, let previous, let beforePrevious else { return nil }
        return beforePrevious + " " + previous
    }
    static let opening: Set<Character> = ["\"", "\u{201C}", "\u{2018}", "(", "["]
    /// What may follow a word before the space: sentence ends, commas, closing quotes and brackets.
    static let closing: Set<Character> = [".", ",", "!", "?", ";", ":", "\u{2026}", "\"", "\u{201D}", "\u{2019}", ")", "]"]
    /// The text before the word.
    let text: String

    /// The reading of `text`; an ASCII end of it is read from its bytes, unless `byCharacters`
    /// (tests compare the two).
    init(_ text: String, byCharacters: Bool = false) {
        self.text = text
        var bytes = text
        if !byCharacters, let ascii = bytes.withUTF8(Context.asciiReading) {
            (sentenceStart, afterComma) = (ascii.sentenceStart, ascii.afterComma)
            (lastWord, previous, beforePrevious) = (ascii.lastWord, ascii.previous, ascii.beforePrevious)
            return
        }
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        guard end > text.startIndex else {
            sentenceStart = true
            return
        }
        let last = text[text.index(before: end)]
        // An opening quote or bracket right before the word starts a sentence too ("He said, “It").
        sentenceStart = last == "." || last == "!" || last == "?" || last == "\u{2026}" || Context.opening.contains(last)
        afterComma = last == "," || last == ";" || last == ":"
        var wordEnd = end
        while wordEnd > text.startIndex, Context.closing.contains(text[text.index(before: wordEnd)]) {
            wordEnd = text.index(before: wordEnd)
        }
        var start = wordEnd
        while start > text.startIndex {
            let c = text[text.index(before: start)]
            // Digits too: learning pairs "at 5 pm" as 5 → pm.
            guard Search.isWordCharacter(c) || c.isNumber else { break }
            start = text.index(before: start)
        }
        if start < wordEnd { lastWord = String(text[start..<wordEnd]) }
        // Pairs only straight after the word, or across one comma.
        let adjacent = wordEnd == end || (afterComma && text.index(after: wordEnd) == end)
        if !sentenceStart, adjacent { previous = lastWord?.lowercased() }
        if previous != nil, !afterComma { beforePrevious = Context.token(before: text[..<start]) }
    }

    /// What `init` reads, from the bytes of a text whose end is ASCII.
    private struct Reading {
        var sentenceStart = false
        var afterComma = false
        var lastWord: String?
        var previous: String?
        var beforePrevious: String?
    }

    /// `init`'s reading from the text's bytes, each character one byte (CR LF, one character,
    /// reads as two spaces would); nil when a byte read, or the one before the first read, is
    /// not ASCII (it may join the character after it): then the characters decide.
    private static func asciiReading(_ b: UnsafeBufferPointer<UInt8>) -> Reading? {
        var lowest = b.count
        func at(_ i: Int) -> UInt8 {
            lowest = min(lowest, i)
            return b[i]
        }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        func isWordByte(_ c: UInt8) -> Bool { isLetter(c) || c == 0x27 || c == 0x2D }
        // . ! ? or an opening quote or bracket; `closing`'s ASCII characters.
        func startsSentence(_ c: UInt8) -> Bool { c == 0x2E || c == 0x21 || c == 0x3F || c == 0x22 || c == 0x28 || c == 0x5B }
        func isClosing(_ c: UInt8) -> Bool {
            switch c {
            case 0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A, 0x22, 0x29, 0x5D: true
            default: false
            }
        }
        func word(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self)
        }
        var r = Reading()
        var end = b.count
        while end > 0, isSpace(at(end - 1)) { end -= 1 }
        if end == 0 {
            r.sentenceStart = true
        } else {
            let last = at(end - 1)
            r.sentenceStart = startsSentence(last)
            r.afterComma = last == 0x2C || last == 0x3B || last == 0x3A
            var wordEnd = end
            while wordEnd > 0, isClosing(at(wordEnd - 1)) { wordEnd -= 1 }
            var start = wordEnd
            while start > 0, isWordByte(at(start - 1)) || (at(start - 1) >= 0x30 && at(start - 1) <= 0x39) { start -= 1 }
            if start < wordEnd { r.lastWord = word(start, wordEnd) }
            let adjacent = wordEnd == end || (r.afterComma && wordEnd + 1 == end)
            if !r.sentenceStart, adjacent { r.previous = r.lastWord?.lowercased() }
            if r.previous != nil, !r.afterComma {
                // `token(before:)` over the bytes before the word.
                var e = start
                while e > 0, isSpace(at(e - 1)) { e -= 1 }
                if e == 0 || startsSentence(at(e - 1)) {
                    r.beforePrevious = "<s>"
                } else {
                    var s = e
                    while s > 0, isWordByte(at(s - 1)) { s -= 1 }
                    r.beforePrevious = s < e ? word(s, e).lowercased() : nil
                }
            }
        }
        for i in max(lowest - 1, 0)..<b.count where b[i] >= 0x80 { return nil }
        return r
    }

    /// The token that ends `text` for triples: its last word lower-cased when only spaces
    /// follow it, "<s>" when nothing or a sentence end does; nil after other punctuation.
    static func token(before text: Substring) -> String? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        guard end > text.startIndex else { return "<s>" }
        let last = text[text.index(before: end)]
        if last == "." || last == "!" || last == "?" || last == "\u{2026}" || opening.contains(last) { return "<s>" }
        var start = end
        while start > text.startIndex, Search.isWordCharacter(text[text.index(before: start)]) {
            start = text.index(before: start)
        }
        return start < end ? text[start..<end].lowercased() : nil
    }

    /// Whether the text already holds `word` (lower-cased, plain apostrophes) as a whole
    /// word: a word the user typed and left there is one they mean.
    /// With `caseSensitive`, `word` is compared as typed: a word left in one case says
    /// nothing against another case of it ("I think" then "i").
    /// An ASCII text and word are read as bytes, unless `byCharacters` (tests compare the two).
    func holds(_ word: String, caseSensitive: Bool = false, byCharacters: Bool = false) -> Bool {
        if !byCharacters, let held = Context.asciiHolds(text, word, caseSensitive: caseSensitive) { return held }
        return text.split(whereSeparator: { !Search.isWordCharacter($0) }).contains {
            $0.count == word.count && Search.plainApostrophes(caseSensitive ? String($0) : $0.lowercased()) == word
        }
    }

    /// `holds` from the bytes when `text` and `word` are ASCII (each byte a character; the word
    /// characters are the letters, the apostrophe and the hyphen; no typographic apostrophe to
    /// make plain); nil otherwise.
    static func asciiHolds(_ text: String, _ word: String, caseSensitive: Bool) -> Bool? {
        var text = text
        var word = word
        return text.withUTF8 { t in
            word.withUTF8 { w -> Bool? in
                guard !w.contains(where: { $0 >= 0x80 }), !t.contains(where: { $0 >= 0x80 }) else { return nil }
                func isWordByte(_ b: UInt8) -> Bool {
                    (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "'")
                        || b == UInt8(ascii: "-")
                }
                var i = 0
                while i < t.count {
                    guard isWordByte(t[i]) else {
                        i += 1
                        continue
                    }
                    var end = i
                    while end < t.count, isWordByte(t[end]) { end += 1 }
                    if end - i == w.count {
                        var same = true
                        for k in 0..<w.count {
                            let b = t[i + k]
                            let folded = !caseSensitive && b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
                            if folded != w[k] {
                                same = false
                                break
                            }
                        }
                        if same { return true }
                    }
                    i = end
                }
                return false
            }
        }
    }
}
