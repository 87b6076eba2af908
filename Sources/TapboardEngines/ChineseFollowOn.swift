import TapboardCore

/// The words that usually follow a Chinese commit (联想), from RIME's own vocabulary: the
/// words of rime-essay that begin with the text just put in, heaviest first, less that
/// beginning (你 → 们, 的, 好), in simplified characters as `luna_pinyin_simp` writes.
/// Read from `zh-follow-on.tbd` (made by `scripts/build-zh-follow-on`), memory-mapped: an
/// entry per beginning (one or two characters) and continuation, keyed "beginning
/// continuation", its class 255 less the continuation's rank.
public struct ChineseFollowOn: Sendable {
    /// The follow-on file's entries.
    let source: any WordSource & Sendable

    public init(_ source: any WordSource & Sendable) { self.source = source }

    /// The words that usually follow `committed`: after its last two characters first, then
    /// after its last one, no word twice.
    func words(after committed: String) -> [String] {
        var out: [String] = []
        for n in [2, 1] where committed.count >= n {
            for w in continuations(of: String(committed.suffix(n))) where !out.contains(w) { out.append(w) }
        }
        return out
    }

    /// What follows `beginning` in the vocabulary's words, heaviest first.
    func continuations(of beginning: String) -> [String] {
        let prefix = beginning + " "
        var found: [(word: String, rank: UInt8)] = []
        source.entries(withKeyPrefix: prefix) { entry, rank in
            found.append((String(decoding: entry.utf8.dropFirst(prefix.utf8.count), as: UTF8.self), rank))
            return true
        }
        return found.sorted { $0.rank > $1.rank }.map(\.word)
    }
}
