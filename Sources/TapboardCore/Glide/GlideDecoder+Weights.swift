/// What the stroke itself measures, for the language model's weight: its length (key units)
/// and how far even the nearest word's path lies from it point for point (squared key units).
public struct StrokeFacts: Sendable {
    public var length: Double
    public var bestPlace: Double
}

extension GlideDecoder {
    /// The decoder's constants (distances in key units).
    public struct Weights: Sendable {
        /// Each channel's weight (`GlideChannels.names`, in order): a word's shape score is
        /// the sum of its channels times these (natural log). Fitted on people's strokes: the
        /// How We Swipe study's, the tuning half of its development participants
        /// (`scripts/fit-glide`; dictionaries/README.md names the data and its licence).
        public var shape = SIMD32<Double>(
            -6.031, -0.7531, -6.253, 0, 1.286, -1.575, -0.881, -16.36, -1.865, -0.7522,
            0, -0.6251, -0.5007, -0.3391, -0.3011, -2.312, -1.213, -0.2319, 0.2119, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0)
        /// The language model's weight: its classes (a tenth of ln 10 each) times `prior[0]`,
        /// plus `prior[1]` times the stroke's fade (1 up to `fadeFrom` keys, then falling as
        /// fadeFrom / length: a long stroke's shape says more than its words' classes), plus
        /// `prior[2]` times the nearest word's point-for-point distance (a sloppy stroke's
        /// shape says less). Fitted with `shape`.
        public var prior = SIMD4<Double>(0.2633, 0.5515, 1.077, 0)
        public var fadeFrom = 4.0
        /// How far a stroke's ends may lie from its first and last keys' centres.
        public var endRadius = 1.35
        /// How much of each point the path's neighbours take before it is compared point for
        /// point (0: the straight path; fingers round its corners).
        public var cornerCut = 0.5
        /// What a stroke's heading at right angles to the path's segment costs, in squared key
        /// units like a point's distance from it (`orderedDistance2`; 0: heading unused).
        public var direction = 1.0
        /// A stroke this many times as long as the path, or the path this many times as
        /// long as the stroke (plus `lengthSlack` keys), rules the word out.
        public var lengthRatio = 1.7
        public var lengthSlack = 1.2
        /// The spread of the stroke's length about the path's: `lengthSpread` keys plus
        /// `lengthShare` of the path (corners are cut, ends overshoot): the `length` channels'
        /// unit.
        public var lengthSpread = 0.6
        public var lengthShare = 0.15
        /// Words measured in full: the best by their point-for-point distance (less
        /// `shortlistPrior` a frequency class).
        public var shortlist = 160
        /// What a word's frequency class takes off its point-for-point distance when the
        /// shortlist is chosen (squared key units a class; 0: distance alone), and the class
        /// counted for words no list holds (learned words: about a word of middling frequency).
        public var shortlistPrior = 0.05
        public var unlistedClass = 30.0
        /// ...and both ends together (the root of the sum of their squares) no farther than this.
        public var bothEnds = 1.5
        /// A word whose keys' bounding box is off the stroke's by more than this on a side is
        /// ruled out.
        public var boxSlack = 1.3
        /// The spread of the places the stroke slowed down (`GlidePauses`) from the word's
        /// nearest key; a pause costs at most `pauseCap` (the `pause` channel).
        public var pauseSpread = 0.5
        public var pauseCap = 3.0
        /// A slow-down is a pause when its speed is at most this share of the peaks either side.
        public var pauseDepth = 0.75
        /// Words whose shape score is this much worse than the best (natural log) are not
        /// scored by the model.
        public var window = 14.0

        /// A word's shape score (natural log) from its channels.
        @inline(__always) public func shapeScore(_ c: GlideChannels) -> Double { (shape * c.values).sum() }

        /// What the model's score `prior` (frequency classes) adds to a word's score on `stroke`.
        @inline(__always) public func priorScore(_ prior: Double, stroke: StrokeFacts) -> Double {
            let fade = stroke.length > fadeFrom ? fadeFrom / stroke.length : 1
            return prior * 0.230_258_5 * (self.prior[0] + self.prior[1] * fade + self.prior[2] * stroke.bestPlace)
        }

        /// The weights' names, for `set`: the channels' as `shape.NAME`, the model's as
        /// `prior.0` to `prior.2`.
        public static var names: [String] {
            paths.map(\.0) + ["shortlist"] + GlideChannels.names.map { "shape." + $0 } + ["prior.0", "prior.1", "prior.2"]
        }

        static var paths: [(String, WritableKeyPath<Weights, Double>)] {
            [
                ("endRadius", \.endRadius), ("cornerCut", \.cornerCut), ("lengthRatio", \.lengthRatio),
                ("lengthSlack", \.lengthSlack), ("lengthSpread", \.lengthSpread), ("lengthShare", \.lengthShare),
                ("fadeFrom", \.fadeFrom), ("boxSlack", \.boxSlack), ("bothEnds", \.bothEnds), ("window", \.window),
                ("pauseSpread", \.pauseSpread), ("pauseCap", \.pauseCap), ("pauseDepth", \.pauseDepth),
                ("direction", \.direction), ("shortlistPrior", \.shortlistPrior), ("unlistedClass", \.unlistedClass)
            ]
        }

        /// Sets the weight named `name` (for tuning); false when there is none of that name.
        public mutating func set(_ name: String, _ value: Double) -> Bool {
            if name == "shortlist" {
                shortlist = Int(value)
                return true
            }
            if name.hasPrefix("shape."), let i = GlideChannels.names.firstIndex(of: String(name.dropFirst(6))) {
                shape[i] = value
                return true
            }
            if name.hasPrefix("prior."), let i = Int(name.dropFirst(6)), (0..<3).contains(i) {
                prior[i] = value
                return true
            }
            guard let path = Self.paths.first(where: { $0.0 == name })?.1 else { return false }
            self[keyPath: path] = value
            return true
        }
    }
}
