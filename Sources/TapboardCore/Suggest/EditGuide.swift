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

    /// What a thread inside an edit's key reads: the edit's bytes put in
    /// (`middles[middleStart..<middleStart + middleCount]`), then the typed bytes from `resume`.
    private struct Shape {
        var middleStart: Int32
        var middleCount: Int32
        var resume: Int32
        /// How many bytes the edit's key has after its start.
        var length: Int32
        var cost: Double
    }

    private let typed: [UInt8]
    private let middles: [UInt8]
    /// All the edits given, and the guide's edits (by start, then by the first byte they put
    /// after it) as places in it.
    private let given: [TypingEdit]
    private let order: [Int32]
    /// Each of the guide's edits' shape.
    private let shapes: [Shape]
    /// The byte each edit's key goes on with after its start (-1: none).
    private let firsts: [Int16]
    /// Whether some key stepped began with each edit's key (after a walk: whether any key
    /// of the source does).
    private(set) var begun: [Bool]
    /// Whether some key stepped began with some edit's key.
    var anyBegun: Bool { begun.contains(true) }
    /// The edits beginning at each byte place of the typed key (`typed.count + 1` ranges).
    private let startingAt: [Range<Int>]
    /// The threads of each prefix stepped: those of depth d are
    /// `threads[depthStart[d]..<depthStart[d + 1]]` (the last depth's run to `threadEnd`).
    /// Past the depth stepped, the arrays keep what was there (written over, not removed).
    private var threads: [Thread] = []
    private var threadEnd = 0
    private var depthStart: [Int] = []
    /// The bytes stepped: the first `depth` of `pathBytes`.
    private var pathBytes: [UInt8] = []
    /// How many bytes are stepped.
    private(set) var depth = 0
    /// How many of the typed key's first bytes some key stepped began with.
    private(set) var typedReach = 0

    /// The guide to `edits` of `typed` that `keep` keeps.
    init(typed: [UInt8], edits list: TypingEdits, keep: (TypingEdit) -> Bool = { _ in true }) {
        self.typed = typed
        middles = list.middles
        given = list.all
        // By start (counted into place), then by first byte within a start (inserted in
        // place, after those of the same byte: the letters come in alphabetical order already).
        var kept: [Int32] = []
        kept.reserveCapacity(list.all.count)
        var bounds = [Int](repeating: 0, count: typed.count + 2)
        for (i, e) in list.all.enumerated() where keep(e) {
            kept.append(Int32(i))
            bounds[e.start + 1] += 1
        }
        for p in 1..<bounds.count { bounds[p] += bounds[p - 1] }
        let total = bounds[typed.count + 1]
        var placed = [Int32](repeating: 0, count: total)
        var placedFirsts = [Int16](repeating: 0, count: total)
        var next = bounds
        for i in kept {
            let e = list.all[Int(i)]
            let first: Int16
            if !e.middle.isEmpty {
                first = Int16(list.middles[e.middle.lowerBound])
            } else {
                first = e.resume < typed.count ? Int16(typed[e.resume]) : -1
            }
            var j = next[e.start]
            next[e.start] += 1
            while j > bounds[e.start], placedFirsts[j - 1] > first {
                placed[j] = placed[j - 1]
                placedFirsts[j] = placedFirsts[j - 1]
                j -= 1
            }
            placed[j] = i
            placedFirsts[j] = first
        }
        order = placed
        firsts = placedFirsts
        shapes = placed.map { i in
            let e = list.all[Int(i)]
            return Shape(
                middleStart: Int32(e.middle.lowerBound), middleCount: Int32(e.middle.count), resume: Int32(e.resume),
                length: Int32(e.middle.count + typed.count - e.resume), cost: e.cost)
        }
        begun = Array(repeating: false, count: total)
        startingAt = (0...typed.count).map { bounds[$0]..<bounds[$0 + 1] }
        threads.reserveCapacity(256)
        depthStart.reserveCapacity(64)
        pathBytes.reserveCapacity(64)
        depthStart.append(0)
        threads.append(Thread(edit: -1, at: 0))
        threadEnd = 1
        markEmptyEditsBegun(at: 0)
    }

    /// Calls `body` with each edit no key stepped began with.
    func forEachNotBegun(_ body: (TypingEdit) -> Void) {
        for (e, wasBegun) in zip(order, begun) where !wasBegun { body(given[Int(e)]) }
    }

    /// The edits starting at `place` whose key ends there (the last byte left out) are begun
    /// by any key the typed bytes before `place` begin.
    private mutating func markEmptyEditsBegun(at place: Int) {
        for e in startingAt[place] {
            guard shapes[e].length == 0 else { break }
            begun[e] = true
        }
    }

    /// The byte a thread's key goes on with (-1 past its end).
    private func expected(_ t: Thread) -> Int {
        let at = Int(t.at)
        guard t.edit >= 0 else { return at < typed.count ? Int(typed[at]) : -1 }
        let e = shapes[Int(t.edit)]
        if at < Int(e.middleCount) { return Int(middles[Int(e.middleStart) + at]) }
        let k = Int(e.resume) + at - Int(e.middleCount)
        return k < typed.count ? Int(typed[k]) : -1
    }

    /// Back to the first `depth` bytes stepped.
    mutating func truncate(to depth: Int) {
        guard depth < self.depth else { return }
        threadEnd = depthStart[depth + 1]
        self.depth = depth
    }

    /// Adds `t` to the threads of the depth being stepped.
    private mutating func push(_ t: Thread) {
        if threadEnd < threads.count { threads[threadEnd] = t } else { threads.append(t) }
        threadEnd += 1
    }

    /// Steps by `b`: false, and no step, when no key going on with it is one edit away.
    mutating func step(_ b: UInt8) -> Bool {
        let from = depthStart[depth]
        let to = threadEnd
        let byte = Int(b)
        for k in from..<to {
            let t = threads[k]
            if expected(t) == byte {
                push(Thread(edit: t.edit, at: t.at + 1))
                if t.edit < 0 {
                    typedReach = max(typedReach, Int(t.at) + 1)
                    markEmptyEditsBegun(at: Int(t.at) + 1)
                } else if t.at + 1 == shapes[Int(t.edit)].length {
                    begun[Int(t.edit)] = true
                }
            }
            if t.edit < 0 {
                // Edits starting here whose key goes on with `b` (sorted by that byte).
                let starting = startingAt[Int(t.at)]
                var e = firstEdit(of: starting, notBelow: byte)
                while e < starting.upperBound, Int(firsts[e]) == byte {
                    push(Thread(edit: Int32(e), at: 1))
                    if shapes[e].length == 1 { begun[e] = true }
                    e += 1
                }
            }
        }
        guard threadEnd > to else { return false }
        if depth + 1 < depthStart.count { depthStart[depth + 1] = to } else { depthStart.append(to) }
        if depth < pathBytes.count { pathBytes[depth] = b } else { pathBytes.append(b) }
        depth += 1
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
        for k in depthStart[depth]..<threadEnd {
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
        for k in depthStart[depth]..<threadEnd {
            let t = threads[k]
            if t.edit < 0 {
                // Edits that end where they start (the last byte left out): first in their start's.
                for e in startingAt[Int(t.at)] {
                    if firsts[e] >= 0 { break }
                    best = min(best ?? .infinity, shapes[e].cost)
                }
            } else if expected(t) < 0 {
                best = min(best ?? .infinity, shapes[Int(t.edit)].cost)
            }
        }
        return best
    }

    /// Steps the bytes of `key` past those it shares with the bytes stepped (back to the
    /// shared ones first): whether every byte stepped. When not, the bytes stepped are the
    /// longest prefix of `key` some edit's key begins with.
    mutating func follow(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var shared = 0
        let most = min(depth, key.count)
        while shared < most, pathBytes[shared] == key[shared] { shared += 1 }
        return follow(key, sharing: shared)
    }

    /// The same, knowing that `key` and the bytes stepped share their first `shared` bytes
    /// and no more.
    mutating func follow(_ key: UnsafeBufferPointer<UInt8>, sharing shared: Int) -> Bool {
        truncate(to: shared)
        while depth < key.count {
            if !step(key[depth]) { return false }
        }
        return true
    }

    /// The least cost of an edit whose key is `key`; nil when none is.
    mutating func cost(of key: [UInt8]) -> Double? {
        key.withUnsafeBufferPointer { follow($0) } ? cost : nil
    }
}
