/// One typing error a search tries, on the typed key's UTF-8 bytes: the bytes before `start`
/// kept, the bytes `middle` of its list's `middles` put in, the bytes from `resume` on kept,
/// at `cost`. `spelled`: whether the spell checker's words are searched for it too.
struct TypingEdit: Equatable {
    var start: Int
    var middle: Range<Int>
    var resume: Int
    var cost: Double
    var spelled = true
    /// Where it is, for the memo (nil when it puts in more than 8 bytes).
    var spot: EditSpot?
}

/// The typing errors tried on one typed key; the bytes they put in, one after another, in
/// one array (a few hundred edits a letter, no array each).
struct TypingEdits {
    var middles: [UInt8] = []
    var all: [TypingEdit] = []

    mutating func add(_ start: Int, _ middle: some Sequence<UInt8>, _ resume: Int, cost: Double, spelled: Bool = true) {
        let from = middles.count
        middles.append(contentsOf: middle)
        let spot = EditSpot(start, middles[from...], resume)
        all.append(
            TypingEdit(start: start, middle: from..<middles.count, resume: resume, cost: cost, spelled: spelled, spot: spot))
    }

    /// The same for an edit putting in one byte (most do: a letter of the alphabet).
    mutating func add(_ start: Int, byte: UInt8, _ resume: Int, cost: Double, spelled: Bool = true) {
        middles.append(byte)
        let spot = EditSpot(start, byte: byte, resume)
        all.append(
            TypingEdit(
                start: start, middle: (middles.count - 1)..<middles.count, resume: resume, cost: cost, spelled: spelled,
                spot: spot))
    }

    func middle(of e: TypingEdit) -> ArraySlice<UInt8> { middles[e.middle] }

    /// The key `e` makes of `typed`.
    func key(of e: TypingEdit, typed: [UInt8]) -> [UInt8] {
        Array(typed[..<e.start]) + middle(of: e) + typed[e.resume...]
    }

    /// Where `e` is, for the memo (nil when it puts in more than 8 bytes).
    func spot(of e: TypingEdit) -> EditSpot? { e.spot }
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
    private let middles: [UInt8]
    /// The edits, by start, then by the first byte they put after it.
    let edits: [TypingEdit]
    /// The byte each edit's key goes on with after its start (-1: none).
    private let firsts: [Int16]
    /// How many bytes each edit's key has after its start.
    private let lengths: [Int32]
    /// Whether some key stepped began with each edit's key (after a walk: whether any key
    /// of the source does).
    private(set) var begun: [Bool]
    /// Whether some key stepped began with some edit's key.
    var anyBegun: Bool { begun.contains(true) }
    /// The edits beginning at each byte place of the typed key (`typed.count + 1` ranges).
    private let startingAt: [Range<Int>]
    /// The threads of each prefix stepped: those of depth d are
    /// `threads[depthStart[d]..<depthStart[d + 1]]` (the last depth's run to the end).
    private var threads: [Thread] = []
    private var depthStart: [Int] = []
    /// The bytes stepped.
    private(set) var path: [UInt8] = []
    /// How many of the typed key's first bytes some key stepped began with.
    private(set) var typedReach = 0

    /// The guide to `edits` of `typed` that `keep` keeps.
    init(typed: [UInt8], edits list: TypingEdits, keep: (TypingEdit) -> Bool = { _ in true }) {
        self.typed = typed
        middles = list.middles
        func first(_ e: TypingEdit) -> Int16 {
            if !e.middle.isEmpty { return Int16(list.middles[e.middle.lowerBound]) }
            return e.resume < typed.count ? Int16(typed[e.resume]) : -1
        }
        // By start (counted into place), then by first byte within a start (by insertion:
        // the letters come in alphabetical order already).
        let kept = list.all.map(keep)
        var bounds = [Int](repeating: 0, count: typed.count + 2)
        for (e, k) in zip(list.all, kept) where k { bounds[e.start + 1] += 1 }
        for p in 1..<bounds.count { bounds[p] += bounds[p - 1] }
        let total = bounds[typed.count + 1]
        var placed = [Int](repeating: 0, count: total)
        var next = bounds
        for (i, e) in list.all.enumerated() where kept[i] {
            placed[next[e.start]] = i
            next[e.start] += 1
        }
        let firstOf = list.all.map(first)
        for p in 0...typed.count where bounds[p + 1] - bounds[p] > 1 {
            for i in (bounds[p] + 1)..<bounds[p + 1] {
                let k = placed[i]
                var j = i
                while j > bounds[p], firstOf[placed[j - 1]] > firstOf[k] {
                    placed[j] = placed[j - 1]
                    j -= 1
                }
                placed[j] = k
            }
        }
        edits = placed.map { list.all[$0] }
        firsts = placed.map { firstOf[$0] }
        lengths = placed.map { Int32(list.all[$0].middle.count + typed.count - list.all[$0].resume) }
        begun = Array(repeating: false, count: total)
        startingAt = (0...typed.count).map { bounds[$0]..<bounds[$0 + 1] }
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

    /// The byte a thread's key goes on with (-1 past its end).
    private func expected(_ t: Thread) -> Int {
        let at = Int(t.at)
        guard t.edit >= 0 else { return at < typed.count ? Int(typed[at]) : -1 }
        let e = edits[Int(t.edit)]
        if at < e.middle.count { return Int(middles[e.middle.lowerBound + at]) }
        let k = e.resume + at - e.middle.count
        return k < typed.count ? Int(typed[k]) : -1
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
                    typedReach = max(typedReach, Int(t.at) + 1)
                    markEmptyEditsBegun(at: Int(t.at) + 1)
                } else if t.at + 1 == lengths[Int(t.edit)] {
                    begun[Int(t.edit)] = true
                }
            }
            if t.edit < 0 {
                // Edits starting here whose key goes on with `b` (sorted by that byte).
                let starting = startingAt[Int(t.at)]
                var e = firstEdit(of: starting, notBelow: byte)
                while e < starting.upperBound, Int(firsts[e]) == byte {
                    threads.append(Thread(edit: Int32(e), at: 1))
                    if lengths[e] == 1 { begun[e] = true }
                    e += 1
                }
            }
        }
        guard threads.count > to else { return false }
        depthStart.append(to)
        path.append(b)
        return true
    }

    /// The first of the edits `starting` (one start's, sorted by first byte) whose first byte is
    /// not below `byte`; `starting.upperBound` when none is.
    private func firstEdit(of starting: Range<Int>, notBelow byte: Int) -> Int {
        var lo = starting.lowerBound
        var hi = starting.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(firsts[mid]) < byte { lo = mid + 1 } else { hi = mid }
        }
        return lo
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
                let starting = startingAt[Int(t.at)]
                let e = firstEdit(of: starting, notBelow: above + 1)
                if e < starting.upperBound { best = min(best, Int(firsts[e])) }
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
                // Edits that end where they start (the last byte left out): first in their start's.
                for e in startingAt[Int(t.at)] {
                    if firsts[e] >= 0 { break }
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
