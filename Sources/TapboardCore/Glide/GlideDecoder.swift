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
        if let key = keyOfShortStroke(points) {
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
            guard shape >= bestShape - w.window, let model, let prior = prior(of: c, in: found, model: model) else { continue }
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
        guard !points.isEmpty else { return nil }
        let unit = points.map(keys.units)
        guard GlideDecoder.length(unit) < GlideDecoder.shortestStroke else { return nil }
        let middle = unit[unit.count / 2]
        return keys.unitCentres.indices.min { d2(keys.unitCentres[$0], middle) < d2(keys.unitCentres[$1], middle) }
    }

    /// What the stroke says of a word that may be it: its channels.
    public struct Candidate: Sendable {
        /// The word set (`Measured.sets`) and the word's index in it.
        public var set: Int
        public var index: Int32
        public var channels: GlideChannels
    }

    /// `model`'s score of candidate `c` (frequency classes): a listed word by its class, the
    /// others as the model knows them; nil when the model rules it out.
    public func prior(of c: Candidate, in found: Measured, model: LanguageModel) -> Double? {
        let word = found.word(c)
        guard c.set == 0 else { return model.unlisted(word) }
        return model.score(word, frequency: words.frequencies[Int(c.index)]) - model.rejected(word)
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
        var near: [(set: Int, index: Int32, place: Double, path: Double, rank: Double)] = []
        var template = [Point](repeating: Point(x: 0, y: 0), count: coarse.count)
        let box = Box(stroke)
        let endCost = w.bothEnds * w.bothEnds
        let favour = model == nil ? 0 : w.shortlistPrior
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
                        let place = sum / Double(coarse.count)
                        // Common words first among those about as near (with a model: the plain
                        // matcher knows shapes only).
                        let rank = place - favour * (n == 0 ? Double(set.frequencies[Int(i)]) : w.unlistedClass)
                        near.append((n, i, place, path, rank))
                    }
                }
            }
        }
        if near.count > w.shortlist {
            near.sort { $0.rank < $1.rank }
            near.removeLast(near.count - w.shortlist)
        }
        var out = Measured(sets: sets, stroke: StrokeFacts(length: strokeLength, bestPlace: near.map(\.place).min() ?? 0))
        out.candidates.reserveCapacity(near.count)
        var wordKeys: [Point] = []
        let segments = (stroke.count - 1) / 2
        // Seconds: 0 on the log scale is a stroke of one second, about the median of people's.
        let duration = times.flatMap { t in t.last.map { max(0.1, ($0 - t[0]) / 1000) } }
        for (n, i, place, path, _) in near {
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
            out.candidates.append(Candidate(set: n, index: i, channels: c))
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
}
