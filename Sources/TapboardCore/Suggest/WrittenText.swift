/// Text written in one place as it grows, learned as the live keyboard learns committed words.
public struct WrittenText {
    public private(set) var learned = LearnedWords()
    /// The text before the last stroke.
    private var last = ""

    public init() {}

    /// The text before the next stroke: what it adds to the last (its end carries on from the
    /// last's end, which may have dropped off its start) is learned, word by word; text that
    /// does not carry on from the last starts afresh, learning nothing.
    public mutating func read(_ text: String) {
        // A word the last text ended in may have gone on: it is read again whole.
        var last = Substring(self.last)
        while let c = last.last, Search.isWordCharacter(c) { last.removeLast() }
        defer { self.last = text }
        guard let added = Self.added(text, after: String(last)) else { return }
        // The word the last text ended with is complete now; pairs join it to the next.
        var previous = Self.words(in: String(last)).last
        let words = Self.words(in: String(added))
        // A word the text ends on may go on after the stroke: only words followed by a separator.
        let complete = text.last.map { !Search.isWordCharacter($0) } ?? false
        for w in complete ? words : words.dropLast() {
            learned.learn(w, after: previous)
            previous = w
        }
    }

    static func words(in text: String) -> [String] {
        text.split(whereSeparator: { !Search.isWordCharacter($0) }).map(String.init)
    }

    /// The part of `text` after its longest start that ends `last`, when that is at least 16
    /// characters (or all of `last`); nil when `text` does not carry on from `last`.
    static func added(_ text: String, after last: String) -> Substring? {
        let a = Array(last)
        let b = Array(text)
        let shortest = min(16, a.count)
        var k = min(a.count, b.count)
        while k >= max(shortest, 1) {
            if a[(a.count - k)...].elementsEqual(b[..<k]) { return text.dropFirst(k) }
            k -= 1
        }
        return nil
    }
}
