/// One typing error a search tries, on the typed key's UTF-8 bytes: the bytes before `start`
/// kept, `middle` put in, the bytes from `resume` on kept, at `cost`. `spelled`: whether the
/// spell checker's words are searched for it too.
struct TypingEdit: Equatable {
    var start: Int
    var middle: [UInt8]
    var resume: Int
    var cost: Double
    var spelled = true

    /// The key this edit makes of `typed`.
    func key(of typed: [UInt8]) -> [UInt8] {
        Array(typed[..<start]) + middle + typed[resume...]
    }
}

/// The keys one typing error away from a typed key, as an automaton over a key's bytes: a walk
/// over sorted keys steps it byte by byte, keeps its states per prefix (keys that share a
/// prefix share its steps), and asks it the next byte that can still lead to a key, to skip
/// the keys between.
///
/// Its states ("threads") are places in the bytes a key must go on with: on the typed key
/// itself (no edit yet: at each place its edits can begin) or inside one edit's key.
struct EditGuide {
    /// A place: in the typed key (`edit` < 0) or in edit `edit`'s key after its start, `at`
    /// bytes into what follows the kept bytes.
    private struct Thread {
        var edit: Int32
        var at: Int32
    }

    private let typed: [UInt8]
    /// The edits, by start, then by the first byte they put after it.
    let edits: [TypingEdit]
    /// How many bytes each edit's key has after its start.
    private let lengths: [Int32]
    /// Whether some key stepped began with each edit's key (after a walk: whether any key
    /// of the source does).
    private(set) var begun: [Bool]
    /// The edits beginning at each byte place of the typed key (`typed.count + 1` ranges).
    private let startingAt: [Range<Int>]
    /// The threads of each prefix stepped: those of depth d are
    /// `threads[depthStart[d]..<depthStart[d + 1]]` (the last depth's run to the end).
    private var threads: [Thread] = []
    private var depthStart: [Int] = []
    /// The bytes stepped.
    private(set) var path: [UInt8] = []

    init(typed: [UInt8], edits: [TypingEdit]) {
        self.typed = typed
        let sorted = edits.sorted {
            $0.start != $1.start ? $0.start < $1.start : EditGuide.first($0, typed) < EditGuide.first($1, typed)
        }
        self.edits = sorted
        lengths = sorted.map { Int32($0.middle.count + typed.count - $0.resume) }
        begun = Array(repeating: false, count: sorted.count)
        var ranges: [Range<Int>] = []
        var i = 0
        for place in 0...typed.count {
            let from = i
            while i < sorted.count, sorted[i].start == place { i += 1 }
            ranges.append(from..<i)
        }
        startingAt = ranges
        threads.reserveCapacity(256)
        depthStart.reserveCapacity(64)
        path.reserveCapacity(64)
        depthStart.append(0)
        threads.append(Thread(edit: -1, at: 0))
        markEmptyEditsBegun(at: 0)
    }

    /// The edits starting at `place` whose key ends there (the last byte left out) are begun
    /// by any key the typed bytes before `place` begin.
    private mutating func markEmptyEditsBegun(at place: Int) {
        for e in startingAt[place] {
            guard lengths[e] == 0 else { break }
            begun[e] = true
        }
    }

    /// How many bytes are stepped.
    var depth: Int { path.count }

    /// The byte an edit's key goes on with after its start, `at` bytes in (-1 past its end).
    private static func byte(_ e: TypingEdit, _ at: Int, _ typed: [UInt8]) -> Int {
        if at < e.middle.count { return Int(e.middle[at]) }
        let k = e.resume + at - e.middle.count
        return k < typed.count ? Int(typed[k]) : -1
    }

    private static func first(_ e: TypingEdit, _ typed: [UInt8]) -> Int { byte(e, 0, typed) }

    private func expected(_ t: Thread) -> Int {
        t.edit < 0
            ? (Int(t.at) < typed.count ? Int(typed[Int(t.at)]) : -1) : EditGuide.byte(edits[Int(t.edit)], Int(t.at), typed)
    }

    /// Back to the first `depth` bytes stepped.
    mutating func truncate(to depth: Int) {
        guard depth < path.count else { return }
        threads.removeSubrange(depthStart[depth + 1]...)
        depthStart.removeSubrange((depth + 1)...)
        path.removeSubrange(depth...)
    }

    /// Steps by `b`: false, and no step, when no key going on with it is one edit away.
    mutating func step(_ b: UInt8) -> Bool {
        let from = depthStart[path.count]
        let to = threads.count
        let byte = Int(b)
        for k in from..<to {
            let t = threads[k]
            if expected(t) == byte {
                threads.append(Thread(edit: t.edit, at: t.at + 1))
                if t.edit < 0 {
                    markEmptyEditsBegun(at: Int(t.at) + 1)
                } else if t.at + 1 == lengths[Int(t.edit)] {
                    begun[Int(t.edit)] = true
                }
            }
            if t.edit < 0 {
                // Edits starting here whose key goes on with `b` (sorted by that byte).
                for e in startingAt[Int(t.at)] {
                    let f = EditGuide.first(edits[e], typed)
                    if f > byte { break }
                    if f == byte {
                        threads.append(Thread(edit: Int32(e), at: 1))
                        if lengths[e] == 1 { begun[e] = true }
                    }
                }
            }
        }
        guard threads.count > to else { return false }
        depthStart.append(to)
        path.append(b)
        return true
    }

    /// The least byte above `b` (any byte when nil) that `step` would take now.
    func nextByte(after b: UInt8?) -> UInt8? {
        let above = b.map { Int($0) } ?? -1
        var best = Int.max
        for k in depthStart[path.count]..<threads.count {
            let t = threads[k]
            let x = expected(t)
            if x > above { best = min(best, x) }
            if t.edit < 0 {
                for e in startingAt[Int(t.at)] {
                    let f = EditGuide.first(edits[e], typed)
                    if f > above {
                        best = min(best, f)
                        break
                    }
                }
            }
        }
        return best == Int.max ? nil : UInt8(best)
    }

    /// The least cost of an edit whose key is exactly the bytes stepped; nil when none is.
    var cost: Double? {
        var best: Double?
        for k in depthStart[path.count]..<threads.count {
            let t = threads[k]
            if t.edit < 0 {
                // Edits that end where they start (the last byte left out).
                for e in startingAt[Int(t.at)] where EditGuide.first(edits[e], typed) < 0 {
                    best = min(best ?? .infinity, edits[e].cost)
                }
            } else if expected(t) < 0 {
                best = min(best ?? .infinity, edits[Int(t.edit)].cost)
            }
        }
        return best
    }

    /// Steps the bytes of `key` past those it shares with the bytes stepped (back to the
    /// shared ones first): whether every byte stepped. When not, the bytes stepped are the
    /// longest prefix of `key` some edit's key begins with.
    mutating func follow(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var shared = 0
        let most = min(path.count, key.count)
        while shared < most, path[shared] == key[shared] { shared += 1 }
        truncate(to: shared)
        while path.count < key.count {
            if !step(key[path.count]) { return false }
        }
        return true
    }

    /// The least cost of an edit whose key is `key`; nil when none is.
    mutating func cost(of key: [UInt8]) -> Double? {
        key.withUnsafeBufferPointer { follow($0) } ? cost : nil
    }
}
