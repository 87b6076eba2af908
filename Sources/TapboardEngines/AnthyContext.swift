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
    /// index, how many candidates it has and how many characters of `kana` it covers.
    func nextSegment(of kana: String) -> (index: Int, candidates: Int, length: Int)? {
        if current?.remaining != kana {
            let segments = convert(kana)
            current = segments > 0 ? (kana, 0, segments) : nil
        }
        guard let c = current else { return nil }
        let stat = segment(c.segment)
        return stat.candidates > 0 ? (c.segment, stat.candidates, stat.length) : nil
    }

    /// Marks the next segment chosen (`candidate` of it, told to Anthy when `learn`); the kana left.
    func choose(_ candidate: Int, learn: Bool) -> String {
        guard let c = current else { return "" }
        if learn { commit(segment: c.segment, candidate) }
        let left = String(c.remaining.dropFirst(segment(c.segment).length))
        current = c.segment + 1 < c.segments ? (left, c.segment + 1, c.segments) : nil
        return left
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
