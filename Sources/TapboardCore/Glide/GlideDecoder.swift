// The C maths library, for log.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stroke across the letter keys as a word.
///
/// Candidates are the words whose first and last keys lie near the stroke's ends and whose
/// ideal path (straight lines through their keys' centres) is about as long as the stroke;
/// the nearest of them, point for point, are measured in full (`GlideChannels`): where the
/// stroke lands and lifts against the first and last keys, how near the letters between lie
/// to it in order, how far the stroke strays from the path (its points' distance to the
/// path's segments taken in order, and its heading against theirs), its length, and where it
/// slowed down (`GlidePauses`, when the points' times are known). A word's score is those
/// measures weighed (`Weights.shape`, fitted on people's strokes), plus the language model's
/// score of the word after the text before it (`Weights.prior`: counting less on long strokes,
/// whose shape says more, and more on strokes that even the nearest word fits badly). The
/// words are the dictionary's and the spell checker's (`GlideWords`), and those the model knows
/// that no list holds: learned words, and words of the text before (a name on the screen).
/// Without a model the decoder is the plain shape matcher (the same measures, no context).
/// A stroke shorter than `shortestStroke` is a tap: it reads as the letter of its key.
public struct GlideDecoder: Sendable {
    public let keys: GlideKeys
    public let words: GlideWords
    public var weights = Weights()

    public init(keys: GlideKeys, words: GlideWords) {
        self.keys = keys
        self.words = words
    }

    /// Strokes shorter than this many keys are a tap whose finger wobbled off its key: the
    /// keyboard types the key pressed (`Keyboard.release`), not a word.
    public static let shortestStroke = 0.6

    /// Points a stroke is resampled to, equally spaced along it.
    static let samples = 40
    /// Points the stroke and each word's path are compared at for the shortlist.
    static let coarseSamples = 16

    /// The length of the stroke through `points` in units of `keys`' pitch.
    public static func length(of points: [Point], keys: GlideKeys) -> Double {
        length(points.map(keys.units))
    }

    /// The words the stroke through `points` (panel pixels, in order) may be, best first, at
    /// most `limit`; `times`: when each point was drawn (milliseconds, one per point), nil when
    /// unknown; `model` scores each word in the context, and adds the words it knows that no
    /// list holds (learned, or on the screen); nil for the plain matcher. Empty when nothing fits.
    public func decode(
        _ points: [Point], times: [Double]? = nil, limit: Int = 5, model: LanguageModel? = nil
    ) -> [String] {
        ranked(points, times: times, model: model).prefix(limit).map(\.word)
    }

    /// Every candidate with its score (natural log), best first.
    public func ranked(
        _ points: [Point], times: [Double]? = nil, model: LanguageModel?
    ) -> [(word: String, score: Double)] {
        let w = weights
        if points.count >= 1, let key = keyOfShortStroke(points) {
            return [(String(keys.letters[keys.letters.index(keys.letters.startIndex, offsetBy: key)]), 0)]
        }
        let found = measured(points, times: times, model: model)
        let shapes = found.candidates.map { w.shapeScore($0.channels) }
        guard let bestShape = shapes.max() else { return [] }
        var scored: [(word: String, score: Double)] = []
        for (c, shape) in zip(found.candidates, shapes) {
            let word = found.sets[c.set].form(Int(c.index))
            guard model != nil else {
                scored.append((word, shape))
                continue
            }
            guard shape >= bestShape - w.window, let prior = c.prior else { continue }
            scored.append((word, shape + w.priorScore(prior, stroke: found.stroke)))
        }
        // On a tie (the same word's forms from the spell checker's list: "imitators", "imitator's"),
        // the plainer form first.
        scored.sort {
            if $0.score != $1.score { return $0.score > $1.score }
            let a = $0.word.contains("'")
            return a != $1.word.contains("'") ? !a : $0.word < $1.word
        }
        return scored
    }

    /// The key a stroke shorter than `shortestStroke` stays about (the nearest to its middle
    /// point): it types that key's letter, as a tap would; nil for a longer stroke.
    func keyOfShortStroke(_ points: [Point]) -> Int? {
        let unit = points.map(keys.units)
        guard GlideDecoder.length(unit) < GlideDecoder.shortestStroke else { return nil }
        let middle = unit[unit.count / 2]
        return keys.unitCentres.indices.min { d2(keys.unitCentres[$0], middle) < d2(keys.unitCentres[$1], middle) }
    }

    /// What the stroke says of a word that may be it: its channels and, with a model, the
    /// model's score of it (frequency classes; nil when the model rules it out).
    public struct Candidate: Sendable {
        /// The word set (`Measured.sets`) and the word's index in it.
        public var set: Int
        public var index: Int32
        public var channels: GlideChannels
        public var prior: Double?
    }

    /// A stroke's candidates, the word sets they index, and what the stroke itself measures.
    public struct Measured: Sendable {
        public var candidates: [Candidate] = []
        public var sets: [GlideWords] = []
        public var stroke = StrokeFacts(length: 0, bestPlace: 0)

        /// Candidate `c`'s word as written.
        public func word(_ c: Candidate) -> String { sets[c.set].form(Int(c.index)) }
    }

    /// The candidates of the stroke through `points` (panel pixels): every word whose ends,
    /// length and bounding box fit, the best of them by their path's distance from the stroke
    /// point for point (`shortlist`), each with what it measures.
    public func measured(_ points: [Point], times: [Double]?, model: LanguageModel?) -> Measured {
        guard points.count >= 2 else { return Measured() }
        // Everything from here on is in key units.
        let unitPoints = points.map(keys.units)
        let w = weights
        let pauses = times.map { GlidePauses(points: unitPoints, times: $0, depth: w.pauseDepth) } ?? GlidePauses()
        let stroke = GlideDecoder.resample(unitPoints, count: GlideDecoder.samples)
        let coarse = GlideDecoder.resample(unitPoints, count: GlideDecoder.coarseSamples)
        let strokeLength = GlideDecoder.length(unitPoints)
        let r2 = w.endRadius * w.endRadius
        let centres = keys.unitCentres
        let starts = centres.indices.filter { d2(centres[$0], stroke[0]) <= r2 }
        let ends = centres.indices.filter { d2(centres[$0], stroke[stroke.count - 1]) <= r2 }
        var sets = [words]
        if let model, let extra = unlistedWords(model) { sets.append(extra) }
        var near: [(set: Int, index: Int32, place: Double, path: Double)] = []
        var template = [Point](repeating: Point(x: 0, y: 0), count: coarse.count)
        let box = Box(stroke)
        let endCost = w.bothEnds * w.bothEnds
        for (n, set) in sets.enumerated() {
            for s in starts {
                let ds = d2(centres[s], stroke[0])
                for e in ends where ds + d2(centres[e], stroke[stroke.count - 1]) <= endCost {
                    for i in set.group(first: s, last: e) {
                        let range = set.keys(of: Int(i))
                        guard box.near(Box(centres, seq: set.keySequence, range), by: w.boxSlack) else { continue }
                        let path = pathLength(range, set.keySequence)
                        guard strokeLength <= path * w.lengthRatio + w.lengthSlack,
                            path <= strokeLength * w.lengthRatio + w.lengthSlack
                        else { continue }
                        resamplePath(range, set.keySequence, length: path, into: &template)
                        if w.cornerCut > 0 { cutCorners(&template, by: w.cornerCut) }
                        var sum = 0.0
                        for j in 0..<coarse.count { sum += d2(coarse[j], template[j]) }
                        near.append((n, i, sum / Double(coarse.count), path))
                    }
                }
            }
        }
        if near.count > w.shortlist {
            near.sort { $0.place < $1.place }
            near.removeLast(near.count - w.shortlist)
        }
        var out = Measured(sets: sets, stroke: StrokeFacts(length: strokeLength, bestPlace: near.map(\.place).min() ?? 0))
        out.candidates.reserveCapacity(near.count)
        var wordKeys: [Point] = []
        let segments = (stroke.count - 1) / 2
        // Seconds: 0 on the log scale is a stroke of one second, about the median of people's.
        let duration = times.flatMap { t in t.last.map { max(0.1, ($0 - t[0]) / 1000) } }
        for (n, i, place, path) in near {
            let set = sets[n]
            let range = set.keys(of: Int(i))
            wordKeys.removeAll(keepingCapacity: true)
            for k in range { wordKeys.append(centres[Int(set.keySequence[k])]) }
            var c = GlideChannels()
            c.ends(start: stroke[0], end: stroke[stroke.count - 1], keys: wordKeys)
            c[.inner] = inner(stroke, wordKeys)
            c[.innerMax] = farthest(stroke, wordKeys)
            c[.path] = segments > 0 ? orderedDistance2(stroke, toPathOf: range, set.keySequence) / Double(segments) : 0
            c[.place] = place
            c[.pause] = pauses.cost(centres, seq: set.keySequence, range, spread: w.pauseSpread, cap: w.pauseCap, weight: 1)
            c.length(off: (strokeLength - path) / (w.lengthSpread + w.lengthShare * path))
            // The keys count with the stroke's duration (fitted together): without times, neither.
            c[.keys] = duration == nil ? 0 : Double(range.count)
            c[.spellList] = n == 0 && Int(i) >= set.firstKnown ? 1 : 0
            c[.doubles] = Double(set.letterCount(Int(i)) - range.count)
            c[.keysByTime] = duration.map { Double(range.count) * log($0) } ?? 0
            var prior: Double?
            if let model {
                // Words of the lists by their class; the others as the model knows them.
                let word = set.form(Int(i))
                prior =
                    n == 0 ? model.score(word, frequency: words.frequencies[Int(i)]) - model.rejected(word) : model.unlisted(word)
            }
            out.candidates.append(Candidate(set: n, index: i, channels: c, prior: prior))
        }
        return out
    }

    /// The words `model` knows that no list holds, as strokes over these keys; nil when none.
    func unlistedWords(_ model: LanguageModel) -> GlideWords? {
        let list = model.unlistedWords()
        guard !list.isEmpty else { return nil }
        let made = GlideWords(source: WordListSource(language: "", words: list.map { ($0, 0) }), keys: keys, limit: list.count)
        return made.count > 0 ? made : nil
    }

    /// The least sum of squared distances from each key between the first and the last of
    /// `wordKeys` to a point of the stroke, the points taken in order (0 for a word of two keys).
    func inner(_ stroke: [Point], _ wordKeys: [Point]) -> Double {
        guard wordKeys.count > 2 else { return 0 }
        let n = stroke.count
        var previous = [Double](repeating: 0, count: n)
        var current = previous
        for k in 1..<(wordKeys.count - 1) {
            let c = wordKeys[k]
            var running = Double.infinity
            for j in 0..<n {
                running = min(running, previous[j])
                current[j] = running + d2(c, stroke[j])
            }
            swap(&previous, &current)
        }
        return previous.min() ?? 0
    }

    /// The squared distance from the stroke of the key between the first and the last of
    /// `wordKeys` that lies farthest from it (each key to the stroke's nearest point).
    func farthest(_ stroke: [Point], _ wordKeys: [Point]) -> Double {
        guard wordKeys.count > 2 else { return 0 }
        var worst = 0.0
        for k in 1..<(wordKeys.count - 1) {
            var nearest = Double.infinity
            for p in stroke { nearest = min(nearest, d2(wordKeys[k], p)) }
            worst = max(worst, nearest)
        }
        return worst
    }

    /// The least cost of the stroke's odd points (those `fit` measures) against the segments of
    /// the path through the keys `range` of `seq`, each point on a segment no earlier than the
    /// one before's (the first point on any, the last on the last one reached: a stroke that
    /// visits the path's segments out of order pays for it). A point's cost on a segment is its
    /// squared distance to it plus `direction` × (1 − the cosine of the angle between the
    /// stroke's heading there and the segment's): a stroke that crosses the path, or runs
    /// along a neighbouring line at a slant, pays for it too.
    func orderedDistance2(_ stroke: [Point], toPathOf range: Range<Int>, _ seq: [UInt8]) -> Double {
        let centres = keys.unitCentres
        let segments = range.count - 1
        guard segments > 0 else { return 0 }
        // Each segment's start and its direction (a unit vector).
        var starts: [Point] = []
        var headings: [Point] = []
        for k in range.dropLast() {
            let a = centres[Int(seq[k])]
            let b = centres[Int(seq[k + 1])]
            let l = d2(a, b).squareRoot()
            starts.append(a)
            headings.append(l > 0 ? Point(x: (b.x - a.x) / l, y: (b.y - a.y) / l) : Point(x: 0, y: 0))
        }
        starts.append(centres[Int(seq[range.upperBound - 1])])
        let turn = weights.direction
        // best[s]: the least cost of the points so far, the last of them on segment s.
        var best = [Double](repeating: 0, count: segments)
        for j in stride(from: 1, to: stroke.count - 1, by: 2) {
            let p = stroke[j]
            // The stroke's heading at p (nothing when it stands still).
            let chord = d2(stroke[j - 1], stroke[j + 1]).squareRoot()
            let tx = chord > 0 ? (stroke[j + 1].x - stroke[j - 1].x) / chord : 0
            let ty = chord > 0 ? (stroke[j + 1].y - stroke[j - 1].y) / chord : 0
            let still = chord > 0 ? 0.0 : 1.0
            var running = Double.infinity
            for s in 0..<segments {
                running = min(running, best[s])
                let cosine = tx * headings[s].x + ty * headings[s].y + still
                best[s] = running + segmentDistance2(p, starts[s], starts[s + 1]) + turn * (1 - cosine)
            }
        }
        return best.min() ?? 0
    }

    /// The squared distance from `p` to the segment from `a` to `b`.
    @inline(__always) func segmentDistance2(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let l2 = dx * dx + dy * dy
        let t = l2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
        return d2(Point(x: a.x + t * dx, y: a.y + t * dy), p)
    }

    /// The length of the path through the keys `range` of `seq` (key units).
    func pathLength(_ range: Range<Int>, _ seq: [UInt8]) -> Double {
        let centres = keys.unitCentres
        var total = 0.0
        for k in range.lowerBound..<(range.upperBound - 1) {
            total += d2(centres[Int(seq[k])], centres[Int(seq[k + 1])]).squareRoot()
        }
        return total
    }

    /// The path through the keys `range` of `seq` (`length` long, key units) at `into.count` places
    /// equally spaced along it.
    func resamplePath(_ range: Range<Int>, _ seq: [UInt8], length: Double, into out: inout [Point]) {
        let n = out.count
        let centres = keys.unitCentres
        var k = range.lowerBound
        var a = centres[Int(seq[k])]
        var b = centres[Int(seq[k + 1])]
        var segment = d2(a, b).squareRoot()
        var done = 0.0  // the path's length before segment k
        for s in 0..<n {
            let at = length * Double(s) / Double(n - 1)
            while at > done + segment, k + 2 < range.upperBound {
                done += segment
                k += 1
                a = b
                b = centres[Int(seq[k + 1])]
                segment = d2(a, b).squareRoot()
            }
            let t = segment > 0 ? min(1, max(0, (at - done) / segment)) : 0
            out[s] = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    /// `points` with each inner point drawn towards its neighbours' midpoint by `share`.
    func cutCorners(_ points: inout [Point], by share: Double) {
        var before = points[0]
        for j in 1..<(points.count - 1) {
            let here = points[j]
            let mid = Point(x: (before.x + points[j + 1].x) / 2, y: (before.y + points[j + 1].y) / 2)
            points[j] = Point(x: here.x + (mid.x - here.x) * share, y: here.y + (mid.y - here.y) * share)
            before = here
        }
    }

    /// The length of the polyline through `points`.
    static func length(_ points: [Point]) -> Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += d2(points[i - 1], points[i]).squareRoot() }
        return total
    }

    /// `points` at `count` places equally spaced along the polyline through them.
    static func resample(_ points: [Point], count n: Int) -> [Point] {
        var cumulative = [0.0]
        for i in points.indices.dropFirst() { cumulative.append(cumulative[i - 1] + d2(points[i - 1], points[i]).squareRoot()) }
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else { return Array(repeating: points[0], count: n) }
        return interpolate(points, along: cumulative, count: n) { total * Double($0) / Double(n - 1) }
    }

    /// The polyline through `points` at `count` positions, `position(s)` for s = 0, 1, ...
    /// (ascending), each in the measure `along` gives its points (ascending too: distance
    /// travelled, time). A position between two points lies between them in proportion.
    static func interpolate(
        _ points: [Point], along: [Double], count n: Int, at position: (Int) -> Double
    ) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(n)
        var seg = 1
        for s in 0..<n {
            let at = position(s)
            while seg < points.count - 1, along[seg] < at { seg += 1 }
            let span = along[seg] - along[seg - 1]
            let t = span > 0 ? min(1, max(0, (at - along[seg - 1]) / span)) : 1
            let a = points[seg - 1]
            let b = points[seg]
            out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return out
    }
}

/// A bounding box, in key units.
struct Box {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    init(_ points: [Point]) {
        for p in points { add(p) }
    }

    /// The box of the key centres `range` of `seq`.
    init(_ centres: [Point], seq: [UInt8], _ range: Range<Int>) {
        for k in range { add(centres[Int(seq[k])]) }
    }

    mutating func add(_ p: Point) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// Whether every side of `other` is within `slack` of this box's.
    func near(_ other: Box, by slack: Double) -> Bool {
        abs(minX - other.minX) <= slack && abs(maxX - other.maxX) <= slack && abs(minY - other.minY) <= slack
            && abs(maxY - other.maxY) <= slack
    }
}

/// The squared distance between two points.
@inline(__always) func d2(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return dx * dx + dy * dy
}
