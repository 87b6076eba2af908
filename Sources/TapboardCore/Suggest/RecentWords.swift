/// The words of the text before the cursor, counted: a word already on the screen is likelier
/// to come again (a name, the subject of the text) than its frequency says.
struct RecentWords {
    /// Each word, lower-cased with plain apostrophes, and how often the text holds it.
    private(set) var counts: [String: Int] = [:]
    /// Words in the text.
    private(set) var total = 0

    init(_ text: String) {
        for token in text.split(whereSeparator: { !Self.isWordCharacter($0) }) {
            let word = Self.key(token.drop { $0 == "'" || $0 == "\u{2019}" })
            guard !word.isEmpty else { continue }
            counts[word, default: 0] += 1
            total += 1
        }
    }

    /// How often the text holds `word` (any case), nil when never.
    func count(of word: String) -> Int? { counts[Self.key(word[...])] }

    /// The text's words, each once, as first written (plain apostrophes, none at either end).
    /// The first is left out when the text is a window (`Suggester.contextLength` long) that
    /// begins with a letter: the window may have cut it.
    static func words(in text: String) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        let tokens = text.split(whereSeparator: { !isWordCharacter($0) })
        let cut = text.first.map(isWordCharacter) == true && text.count >= Suggester.contextLength
        for token in tokens.dropFirst(cut ? 1 : 0) {
            var form = Search.plainApostrophes(String(token))
            while form.first == "'" { form.removeFirst() }
            while form.last == "'" { form.removeLast() }
            guard !form.isEmpty, seen.insert(form.lowercased()).inserted else { continue }
            out.append(form)
        }
        return out
    }

    /// Letters and apostrophes: hyphens join words the keys type apart.
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c == "'" || c == "\u{2019}"
    }

    static func key(_ token: Substring) -> String {
        var k = Search.plainApostrophes(token.lowercased())
        while k.last == "'" { k.removeLast() }
        return k
    }
}
