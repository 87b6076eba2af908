/// Words the user typed and kept, and which word followed which, for one language.
/// Capped: past `limit` words (or pairs) the least used half goes.
public struct LearnedWords: Sendable, Equatable {
    /// Times each word was kept.
    public private(set) var words: [String: Int] = [:]
    /// Times `next` followed `previous`: previous → next → count.
    public private(set) var pairs: [String: [String: Int]] = [:]
    public static let limit = 5000
    /// Counts read from a file are capped here, so adding to them never overflows.
    static let maxCount = 1 << 30

    public init() {}

    public var isEmpty: Bool { words.isEmpty }

    /// The user used `word`, typed after `previous` (nil at the start of a sentence).
    /// `kept`: the user chose it (tapped it from the strip, or undid its correction): it
    /// counts two at once, so that a word no dictionary knows is in force from then on
    /// (the suggester heeds such a word from its second use: a typo left once is not learned).
    public mutating func learn(_ word: String, after previous: String?, kept: Bool = false) {
        guard Self.isLearnable(word) else { return }
        words[word, default: 0] += 1
        if kept, words[word]! < 2 { words[word] = 2 }
        if let previous = previous?.lowercased(), Self.isLearnable(previous) {
            pairs[previous, default: [:]][word, default: 0] += 1
        }
        if words.count > Self.limit { words = Self.halve(words) }
        if pairs.count > Self.limit { pairs = pairs.filter { $0.value.values.reduce(0, +) > 1 } }
    }

    /// Words the user typed after `previous`, most frequent first.
    public func next(after previous: String) -> [String] {
        (pairs[previous.lowercased()] ?? [:]).sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    static func isLearnable(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.count <= 40 && !word.contains { $0.isWhitespace || $0.isNewline }
    }

    static func halve(_ counts: [String: Int]) -> [String: Int] {
        let kept = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit / 2)
        return Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }

    /// The file's text: `w<TAB>word<TAB>count` and `p<TAB>previous<TAB>next<TAB>count` lines,
    /// sorted, so that the same words always give the same file.
    public func serialized() -> String {
        var lines = ["# tapboard learned words: w word count / p previous next count"]
        for (w, n) in words.sorted(by: { $0.key < $1.key }) { lines.append("w\t\(w)\t\(n)") }
        for (p, nexts) in pairs.sorted(by: { $0.key < $1.key }) {
            for (w, n) in nexts.sorted(by: { $0.key < $1.key }) { lines.append("p\t\(p)\t\(w)\t\(n)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `serialized()` text; lines that do not fit are skipped.
    public init(parsing text: String) {
        for line in text.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (f.first, f.count) {
            case ("w", 3):
                if let n = Int(f[2]), n > 0, Self.isLearnable(f[1]) { words[f[1]] = min(n, Self.maxCount) }
            case ("p", 4):
                if let n = Int(f[3]), n > 0, Self.isLearnable(f[1]), Self.isLearnable(f[2]) {
                    pairs[f[1], default: [:]][f[2]] = min(n, Self.maxCount)
                }
            default:
                continue
            }
        }
        if words.count > Self.limit { words = Self.halve(words) }
    }
}
