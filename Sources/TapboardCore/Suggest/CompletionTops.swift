/// The most frequent dictionary words under each prefix typed, found by one scan of the
/// prefix's entries and kept: the strip asks again for the same short prefixes at every
/// word, and a one-letter prefix has tens of thousands of entries.
final class CompletionTops {
    /// Words kept per prefix: the strip shows three, and some are passed over (the typed
    /// word itself, the same word in another case).
    static let kept = 16
    /// Prefixes with fewer entries are scanned each time (cheaper than keeping them).
    static let worthKeeping = 200
    /// Prefixes kept at most; past that, each new one takes the place of the one used longest ago.
    static let capacity = 300

    private var tops = RecentlyUsed<String, [(word: String, frequency: UInt8)]>(capacity: capacity)

    /// The `kept` most frequent entries whose key starts with `prefix` (lower-cased), most
    /// frequent first, then in word order.
    func top(of source: any WordSource, prefix: String) -> [(word: String, frequency: UInt8)] {
        if let known = tops.value(for: prefix) { return known }
        var best: [(word: String, frequency: UInt8)] = []
        best.reserveCapacity(Self.kept + 1)
        let counted = source.frequentEntries(withKeyPrefix: prefix) { f, spelled in
            // A full list takes no rarer word, whatever it is.
            if best.count == Self.kept, let last = best.last, f < last.frequency { return last.frequency }
            let word = spelled()
            if best.count == Self.kept, let last = best.last, !Self.before((word, f), last) { return last.frequency }
            let at = best.firstIndex { Self.before((word, f), $0) } ?? best.count
            best.insert((word, f), at: at)
            if best.count > Self.kept { best.removeLast() }
            return best.count == Self.kept ? best[best.count - 1].frequency : 0
        }
        if counted >= Self.worthKeeping { tops.insert(best, for: prefix) }
        return best
    }

    private static func before(_ a: (word: String, frequency: UInt8), _ b: (word: String, frequency: UInt8)) -> Bool {
        a.frequency != b.frequency ? a.frequency > b.frequency : a.word < b.word
    }
}
