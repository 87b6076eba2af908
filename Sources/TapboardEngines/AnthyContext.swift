import TapboardCore

/// One Anthy conversion context (`anthy_context_t`), in UTF-8, released with the object.
final class AnthyContext: @unchecked Sendable {
    private let runtime: AnthyRuntime
    private let handle: OpaquePointer
    /// The conversion being chosen from: the kana not chosen yet, the segment its
    /// candidates are of, and how many segments there are.
    private var current: (remaining: String, segment: Int, segments: Int)?

    /// A context, or nil when Anthy makes none.
    init?(runtime: AnthyRuntime) {
        guard let handle = runtime.create() else { return nil }
        _ = runtime.setEncoding(handle, AnthyRuntime.utf8)
        self.runtime = runtime
        self.handle = handle
    }

    deinit {
        runtime.release(handle)
        FileSystem.restrictToOwner(runtime.home)
    }

    /// The segment of the conversion of `kana` to choose from next: the one after those
    /// chosen when `kana` is what they left, else the first of a fresh conversion. Its
    /// index, how many candidates it has, how many characters of `kana` it covers, and how
    /// many segments are left to choose (it and those after it).
    func nextSegment(of kana: String) -> (index: Int, candidates: Int, length: Int, left: Int)? {
        if current?.remaining != kana {
            let segments = convert(kana)
            current = segments > 0 ? (kana, 0, segments) : nil
        }
        guard let c = current else { return nil }
        let stat = segment(c.segment)
        return stat.candidates > 0 ? (c.segment, stat.candidates, stat.length, c.segments - c.segment) : nil
    }

    /// The candidates of segment `index`, best first: Anthy's order, but for a common
    /// function word typed in kana (です, ます) whose first candidate Anthy writes in katakana
    /// (デス): then the kana as typed comes first. Each with its index for Anthy.
    func candidates(segment index: Int, count: Int, kana: Substring) -> [(text: String, index: Int)] {
        var list = (0..<count).map { (text: candidate(segment: index, $0), index: $0) }
        if let first = list.first, first.text.unicodeScalars.contains(where: { (0x30A1...0x30FA).contains($0.value) }),
            AnthyContext.functionWords.contains(String(kana)),
            let typed = list.firstIndex(where: { $0.text == kana })
        {
            list.insert(list.remove(at: typed), at: 0)
        }
        return list
    }

    /// The best conversion of the segments left: each one's first candidate (as `candidates`
    /// orders them), with the index of each for Anthy.
    func sentence() -> (text: String, choices: [Int]) {
        guard let c = current else { return ("", []) }
        var text = ""
        var choices: [Int] = []
        var kana = Substring(c.remaining)
        for s in c.segment..<c.segments {
            let stat = segment(s)
            let best = candidates(segment: s, count: stat.candidates, kana: kana.prefix(stat.length)).first
            text += best?.text ?? String(kana.prefix(stat.length))
            choices.append(best?.index ?? 0)
            kana = kana.dropFirst(stat.length)
        }
        return (text, choices)
    }

    /// Marks the next segment chosen (`candidate` of it, told to Anthy when `learn`); the kana left.
    func choose(_ candidate: Int, learn: Bool) -> String {
        guard let c = current else { return "" }
        if learn { commit(segment: c.segment, candidate) }
        let left = String(c.remaining.dropFirst(segment(c.segment).length))
        current = c.segment + 1 < c.segments ? (left, c.segment + 1, c.segments) : nil
        return left
    }

    /// Marks every segment left chosen, with `choices` (from `sentence`), told to Anthy when `learn`.
    func chooseAll(_ choices: [Int], learn: Bool) {
        guard let c = current else { return }
        if learn {
            for (offset, choice) in choices.enumerated() where c.segment + offset < c.segments {
                commit(segment: c.segment + offset, choice)
            }
        }
        current = nil
    }

    /// Common function words (particles, the copula and polite endings) that Anthy may write
    /// in katakana (デス, マス) when they stand alone: written in kana, they come first as typed.
    static let functionWords: Set<String> = [
        "です", "ます", "でした", "ました", "ません", "でしょう", "ですか", "ますか", "ですね", "ますね", "ですよ",
        "ますよ", "だ", "だよ", "だね", "よ", "ね", "か", "な", "の", "は", "が", "を", "に", "で", "と", "も", "へ",
        "や", "から", "まで", "けど", "ので", "のに", "より", "ても", "でも", "しか", "だけ", "など", "って", "よね"
    ]

    /// Makes the segment being chosen `delta` characters longer (shorter when negative):
    /// Anthy splits what follows it again. Whether its length changed (it cannot take the
    /// whole remaining input, nor be emptied).
    func resize(by delta: Int) -> Bool {
        guard let c = current else { return false }
        let before = segment(c.segment).length
        runtime.resizeSegment(handle, Int32(c.segment), Int32(delta))
        var segments: Int32 = 0
        guard runtime.getStat(handle, &segments) == 0 else { return false }
        current = (c.remaining, c.segment, Int(segments))
        return segment(c.segment).length != before
    }

    /// Forgets the conversion.
    func reset() { current = nil }

    /// Converts `kana` afresh; the number of segments Anthy splits it into.
    private func convert(_ kana: String) -> Int {
        guard runtime.setString(handle, kana) == 0 else { return 0 }
        var segments: Int32 = 0
        guard runtime.getStat(handle, &segments) == 0 else { return 0 }
        return Int(segments)
    }

    /// Segment `index` of the conversion: how many candidates it has and how many
    /// characters (of the kana) it covers.
    private func segment(_ index: Int) -> (candidates: Int, length: Int) {
        var stat: (Int32, Int32) = (0, 0)
        let ok = withUnsafeMutablePointer(to: &stat) {
            $0.withMemoryRebound(to: Int32.self, capacity: 2) { runtime.getSegmentStat(handle, Int32(index), $0) }
        }
        return ok == 0 ? (Int(stat.0), Int(stat.1)) : (0, 0)
    }

    /// Candidate `candidate` of segment `segment` ("" when there is none).
    func candidate(segment: Int, _ candidate: Int) -> String {
        let length = runtime.getSegment(handle, Int32(segment), Int32(candidate), nil, 0)
        guard length >= 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard runtime.getSegment(handle, Int32(segment), Int32(candidate), &buffer, Int32(buffer.count)) >= 0 else {
            return ""
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Tells Anthy the user chose `candidate` for `segment`: once every segment is, Anthy
    /// learns the choices (written under its HOME).
    private func commit(segment: Int, _ candidate: Int) {
        _ = runtime.commitSegment(handle, Int32(segment), Int32(candidate))
        FileSystem.restrictToOwner(runtime.home)
    }
}
