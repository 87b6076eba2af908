/// Reads a stroke across the letter keys as a word.
///
/// Candidates are the words whose first and last keys lie near the stroke's ends and whose
/// ideal path (straight lines through their keys' centres) is about as long as the stroke.
/// Each is scored by how well the stroke fits that path: every letter's key must lie near
/// the stroke, in order (the stroke's nearest points, taken in order, to the keys), and the
/// stroke must not wander where the path does not go (the stroke's points' distance to the
/// path). Those distances, in key units, are read as a Gaussian's; the language model's
/// score of the word after the text before it is added, a frequency class being a tenth of
/// a factor of 10. Without a model the decoder is the plain shape matcher.
public struct GlideDecoder: Sendable {
    public let keys: GlideKeys
    public let words: GlideWords
    public var weights = Weights()

    /// The decoder's constants (distances in key units).
    public struct Weights: Sendable {
        /// How far a stroke's ends may lie from its first and last keys' centres.
        public var endRadius = 1.35
        /// The spread of a letter's key from the stroke (a key's own width is 1).
        public var letterSpread = 0.42
        /// The spread of the stroke's points from the word's path.
        public var pathSpread = 0.42
        /// How many independent observations the stroke's points off the path count as.
        public var pathWeight = 10.0
        /// A stroke this many times as long as the path, or the path this many times as
        /// long as the stroke (plus `lengthSlack` keys), rules the word out.
        public var lengthRatio = 1.7
        public var lengthSlack = 1.2
        /// The spread of the stroke's length about the path's: `lengthSpread` keys plus
        /// `lengthShare` of the path (corners are cut, ends overshoot).
        public var lengthSpread = 0.6
        public var lengthShare = 0.15
        /// The spread of the stroke's points from the word's path point for point (both
        /// resampled: the i-th of the stroke against the i-th of the path).
        public var placeSpread = 0.5
        /// How many independent observations those point-for-point distances count as.
        public var placeWeight = 8.0
        /// Words scored in full: the best by their point-for-point distance.
        public var shortlist = 160
        /// The language model's weight (1: its classes as they are).
        public var model = 1.0
        /// Words whose fit is this much worse than the best (natural log) are not scored
        /// by the model.
        public var window = 14.0
    }

    public init(keys: GlideKeys, words: GlideWords) {
        self.keys = keys
        self.words = words
    }

    /// Points a stroke is resampled to, equally spaced along it.
    static let samples = 40
    /// Points the stroke and each word's path are compared at for the shortlist.
    static let coarseSamples = 16

    /// The length of the stroke through `points` in units of `keys`' pitch.
    public static func length(of points: [Point], keys: GlideKeys) -> Double {
        var total = 0.0
        for i in points.indices.dropFirst() { total += keys.distance2(points[i - 1], points[i]).squareRoot() }
        return total
    }

    /// The words the stroke through `points` (panel pixels, in order) may be, best first, at
    /// most `limit`; `model` scores a word (as written, with its dictionary class) in the
    /// context, nil for the plain matcher. Empty when nothing fits.
    public func decode(_ points: [Point], limit: Int = 5, model: ((String, UInt8) -> Double)? = nil) -> [String] {
        ranked(points, model: model).prefix(limit).map(\.word)
    }

    /// Every candidate with its score (natural log), best first.
    public func ranked(_ points: [Point], model: ((String, UInt8) -> Double)?) -> [(word: String, score: Double)] {
        guard points.count >= 2 else { return [] }
        let stroke = resample(points)
        let strokeLength = GlideDecoder.length(of: points, keys: keys)
        let w = weights
        let r2 = w.endRadius * w.endRadius
        let first = stroke[0]
        let last = stroke[stroke.count - 1]
        let starts = keys.centres.indices.filter { keys.distance2(keys.centres[$0], first) <= r2 }
        let ends = keys.centres.indices.filter { keys.distance2(keys.centres[$0], last) <= r2 }
        // First, every word whose ends and length fit, by its path's distance from the
        // stroke point for point; the best of them are scored in full.
        var near: [(index: Int32, place: Double, path: Double)] = []
        let coarse = resample(points, count: GlideDecoder.coarseSamples)
        var template = [Point](repeating: Point(x: 0, y: 0), count: coarse.count)
        for s in starts {
            for e in ends {
                for i in words.byEnds[s * words.keyCount + e] {
                    let range = Int(words.keyStart[Int(i)])..<Int(words.keyStart[Int(i) + 1])
                    let path = pathLength(range)
                    guard strokeLength <= path * w.lengthRatio + w.lengthSlack,
                        path <= strokeLength * w.lengthRatio + w.lengthSlack
                    else { continue }
                    resamplePath(range, length: path, into: &template)
                    var sum = 0.0
                    for j in 0..<coarse.count { sum += keys.distance2(coarse[j], template[j]) }
                    near.append((i, sum / Double(coarse.count), path))
                }
            }
        }
        if near.count > w.shortlist {
            near.sort { $0.place < $1.place }
            near.removeLast(near.count - w.shortlist)
        }
        var fits: [(index: Int32, fit: Double)] = []
        for (i, place, path) in near {
            let range = Int(words.keyStart[Int(i)])..<Int(words.keyStart[Int(i) + 1])
            let spread = w.lengthSpread + w.lengthShare * path
            let off = strokeLength - path
            let placeCost = place * w.placeWeight / (2 * w.placeSpread * w.placeSpread)
            fits.append((i, fit(stroke, range) - placeCost - off * off / (2 * spread * spread)))
        }
        guard let bestFit = fits.map(\.fit).max() else { return [] }
        var scored: [(word: String, score: Double)] = []
        for (i, f) in fits where model == nil || f >= bestFit - w.window {
            let word = words.forms[Int(i)]
            var score = f
            if let model {
                // Classes to natural log: a class is a tenth of ln 10.
                score += w.model * model(word, words.frequencies[Int(i)]) * 0.230_258_5
            }
            scored.append((word, score))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return scored
    }

    /// The log-likelihood of the stroke (resampled) along the keys `range` of `keySequence`.
    func fit(_ stroke: [Point], _ range: Range<Int>) -> Double {
        let w = weights
        let letterCost = align(stroke, range)
        // The stroke's points away from the path through the keys.
        var away = 0.0
        var n = 0
        for j in stride(from: 1, to: stroke.count - 1, by: 2) {
            away += distance2(stroke[j], toPathOf: range)
            n += 1
        }
        let pathCost = n > 0 ? away / Double(n) * w.pathWeight : 0
        return -letterCost / (2 * w.letterSpread * w.letterSpread) - pathCost / (2 * w.pathSpread * w.pathSpread)
    }

    /// The least sum of squared distances from each key in `range` to a point of the stroke,
    /// the points taken in order: the first key to the stroke's start, the last to its end.
    func align(_ stroke: [Point], _ range: Range<Int>) -> Double {
        let n = stroke.count
        let centres = keys.centres
        let seq = words.keySequence
        var previous = [Double](repeating: .infinity, count: n)
        previous[0] = keys.distance2(centres[Int(seq[range.lowerBound])], stroke[0])
        var current = previous
        for k in (range.lowerBound + 1)..<range.upperBound {
            let c = centres[Int(seq[k])]
            var running = Double.infinity
            let isLast = k == range.upperBound - 1
            for j in 0..<n {
                running = min(running, previous[j])
                current[j] = isLast && j < n - 1 ? .infinity : running + keys.distance2(c, stroke[j])
            }
            swap(&previous, &current)
        }
        return previous[n - 1]
    }

    /// The squared distance, in key units, from `p` to the path through the keys `range`.
    func distance2(_ p: Point, toPathOf range: Range<Int>) -> Double {
        let centres = keys.centres
        let seq = words.keySequence
        let px = p.x / keys.pitchX
        let py = p.y / keys.pitchY
        var best = Double.infinity
        for k in range.lowerBound..<(range.upperBound - 1) {
            let a = centres[Int(seq[k])]
            let b = centres[Int(seq[k + 1])]
            let ax = a.x / keys.pitchX
            let ay = a.y / keys.pitchY
            let dx = b.x / keys.pitchX - ax
            let dy = b.y / keys.pitchY - ay
            let l2 = dx * dx + dy * dy
            let t = l2 > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0
            let ex = ax + t * dx - px
            let ey = ay + t * dy - py
            best = min(best, ex * ex + ey * ey)
        }
        return best
    }

    /// The length in key units of the path through the keys `range`.
    func pathLength(_ range: Range<Int>) -> Double {
        var total = 0.0
        for k in range.lowerBound..<(range.upperBound - 1) {
            total += keys.distance2(keys.centres[Int(words.keySequence[k])], keys.centres[Int(words.keySequence[k + 1])])
                .squareRoot()
        }
        return total
    }

    /// The path through the keys `range` (`length` long, in key units) at `into.count`
    /// places equally spaced along it.
    func resamplePath(_ range: Range<Int>, length: Double, into out: inout [Point]) {
        let n = out.count
        let seq = words.keySequence
        let centres = keys.centres
        var k = range.lowerBound
        var a = centres[Int(seq[k])]
        var b = centres[Int(seq[k + 1])]
        var segment = keys.distance2(a, b).squareRoot()
        var done = 0.0  // key units of the path before segment k
        for s in 0..<n {
            let at = length * Double(s) / Double(n - 1)
            while at > done + segment, k + 2 < range.upperBound {
                done += segment
                k += 1
                a = b
                b = centres[Int(seq[k + 1])]
                segment = keys.distance2(a, b).squareRoot()
            }
            let t = segment > 0 ? min(1, max(0, (at - done) / segment)) : 0
            out[s] = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    /// `points` at `count` places equally spaced along the stroke.
    func resample(_ points: [Point], count n: Int = GlideDecoder.samples) -> [Point] {
        var cumulative = [0.0]
        for i in points.indices.dropFirst() {
            cumulative.append(cumulative[i - 1] + keys.distance2(points[i - 1], points[i]).squareRoot())
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else { return Array(repeating: points[0], count: n) }
        var out: [Point] = []
        out.reserveCapacity(n)
        var seg = 1
        for s in 0..<n {
            let at = total * Double(s) / Double(n - 1)
            while seg < points.count - 1, cumulative[seg] < at { seg += 1 }
            let span = cumulative[seg] - cumulative[seg - 1]
            let t = span > 0 ? min(1, max(0, (at - cumulative[seg - 1]) / span)) : 0
            let a = points[seg - 1]
            let b = points[seg]
            out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return out
    }
}
