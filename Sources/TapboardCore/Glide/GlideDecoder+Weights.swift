extension GlideDecoder {
    /// The decoder's constants (distances in key units).
    public struct Weights: Sendable {
        /// How far a stroke's ends may lie from its first and last keys' centres.
        public var endRadius = 1.35
        /// The spread of the first and last letters' keys from the stroke's ends (a key's own
        /// width is 1).
        public var letterSpread = 0.28
        /// The same for the letters between the first and the last: fingers cut corners.
        public var cornerSpread = 0.6
        /// How much of each point the path's neighbours take before it is compared point for
        /// point (0: the straight path; fingers round its corners).
        public var cornerCut = 0.5
        /// The spread of the stroke's points from the word's path.
        public var pathSpread = 0.42
        /// What a stroke's heading at right angles to the path's segment costs, in squared key
        /// units like a point's distance from it (`orderedDistance2`; 0: heading unused).
        public var direction = 1.0
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
        public var placeWeight = 4.0
        /// Words scored in full: the best by their point-for-point distance.
        public var shortlist = 160
        /// ...and both together (the root of the sum of their squares) no farther than this.
        public var bothEnds = 1.5
        /// A word whose keys' bounding box is off the stroke's by more than this on a side is
        /// ruled out.
        public var boxSlack = 1.3
        /// The spread of the places the stroke slowed down (`GlidePauses`) from the word's
        /// nearest key; a pause costs at most `pauseCap`, times `pauseWeight` (0: speed unused).
        public var pauseSpread = 0.5
        public var pauseCap = 3.0
        public var pauseWeight = 1.0
        /// A slow-down is a pause when its speed is at most this share of the peaks either side.
        public var pauseDepth = 0.75
        /// The language model's weight (1: its classes as they are).
        public var model = 1.0
        /// On strokes longer than `fadeFrom` keys the model's weight falls as (fadeFrom /
        /// length) to the power `fade`: a long stroke's shape says more than its words' classes.
        public var fade = 1.0
        public var fadeFrom = 4.0
        /// ...and rises with how far even the best word's path is from the stroke (a sloppy
        /// stroke's shape says less): times 1 + (the best fit's cost / `sloppiness`); 0: off.
        public var sloppiness = 10.0
        /// Words whose fit is this much worse than the best (natural log) are not scored
        /// by the model.
        public var window = 14.0

        /// The weights' names, for `set`.
        public static var names: [String] { paths.map(\.0) }

        static var paths: [(String, WritableKeyPath<Weights, Double>)] {
            [
                ("endRadius", \.endRadius), ("letterSpread", \.letterSpread), ("cornerSpread", \.cornerSpread),
                ("cornerCut", \.cornerCut),
                ("pathSpread", \.pathSpread),
                ("pathWeight", \.pathWeight), ("lengthRatio", \.lengthRatio), ("lengthSlack", \.lengthSlack),
                ("lengthSpread", \.lengthSpread), ("lengthShare", \.lengthShare), ("placeSpread", \.placeSpread),
                ("placeWeight", \.placeWeight), ("model", \.model), ("fade", \.fade), ("fadeFrom", \.fadeFrom),
                ("sloppiness", \.sloppiness), ("boxSlack", \.boxSlack), ("bothEnds", \.bothEnds),
                ("window", \.window),
                ("pauseSpread", \.pauseSpread), ("pauseCap", \.pauseCap), ("pauseWeight", \.pauseWeight),
                ("pauseDepth", \.pauseDepth), ("direction", \.direction)
            ]
        }

        /// Sets the weight named `name` (for tuning); false when there is none of that name.
        public mutating func set(_ name: String, _ value: Double) -> Bool {
            guard let path = Self.paths.first(where: { $0.0 == name })?.1 else { return false }
            self[keyPath: path] = value
            return true
        }
    }
}
