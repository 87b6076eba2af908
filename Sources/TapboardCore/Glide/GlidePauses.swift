/// A stroke as the finger drew it: its points (panel pixels, in order) and when each was
/// drawn (milliseconds from the press; nil when a point came without a time).
public struct GlideTrace: Sendable, Equatable {
    public var points: [Point]
    public var times: [Double]?

    public init(points: [Point], times: [Double]? = nil) {
        self.points = points
        self.times = times
    }

    /// The trace with `point` drawn `time` ms after the press (nil: unknown, and the
    /// trace's times are lost).
    mutating func append(_ point: Point, time: Double?) {
        points.append(point)
        if let time, times != nil { times?.append(time) } else { times = nil }
    }
}

/// Where a stroke slowed down: fingers slow at the letters they mean (most at corners, some
/// on a letter they run straight through) and speed up between them. A marked slow-down far
/// from every key of a word is evidence against the word ("our" slows on the u that "or"
/// lacks; "poets" on the o of "pets"). Only that direction is used: a letter passed at full
/// speed says little (people run through letters on a straight line), and a stroke without
/// times, or drawn at an even pace, has no pauses and costs no word anything.
public struct GlidePauses: Sendable {
    /// The places (key units) where the stroke slowed down, in order.
    public let places: [Point]

    /// Time steps the stroke is resampled to, milliseconds.
    static let step = 5.0
    /// Half the span the speed is measured over (milliseconds each side of a point).
    static let halfSpan = 20.0

    /// No pauses (a stroke without times).
    public init() { places = [] }

    /// The pauses of the stroke through `points` (key units) drawn at `times` (milliseconds,
    /// one per point, rising). A slow-down counts when its speed is at most `depth` times the
    /// faster stretches on both sides of it (the slower of their peaks).
    public init(points: [Point], times: [Double], depth: Double = 0.75) {
        places = GlidePauses.find(points, times, depth: depth)
    }

    static func find(_ points: [Point], _ times: [Double], depth: Double) -> [Point] {
        guard points.count >= 3, times.count == points.count, let first = times.first, let last = times.last,
            last - first > 4 * halfSpan
        else { return [] }
        // The stroke at even time steps, so that the speed is measured over a fixed span
        // whatever the touchscreen's rate.
        var at: [Double] = []
        var t = first
        while t <= last {
            at.append(t)
            t += step
        }
        let even = GlideDecoder.interpolate(points, along: times, count: at.count) { at[$0] }
        let k = Int((halfSpan / step).rounded())
        guard even.count > 2 * k + 2 else { return [] }
        // Speed at each step: the chord over ±halfSpan (a turn shortens it as a pause does).
        var speed = [Double](repeating: 0, count: even.count)
        for j in k..<(even.count - k) { speed[j] = d2(even[j - k], even[j + k]).squareRoot() }
        let inner = k..<(even.count - k)
        // Local minima, each with the highest speed reached on either side before the
        // speed drops below it again (or the stroke ends): a shallow dip beside a deeper
        // one, or noise on a slow stretch, has low peaks and does not count.
        var places: [Point] = []
        for j in inner.dropFirst().dropLast() where speed[j] < speed[j - 1] && speed[j] <= speed[j + 1] {
            var left = speed[j]
            var n = j - 1
            while n >= inner.lowerBound, speed[n] >= speed[j] {
                left = max(left, speed[n])
                n -= 1
            }
            var right = speed[j]
            n = j + 1
            while n < inner.upperBound, speed[n] >= speed[j] {
                right = max(right, speed[n])
                n += 1
            }
            if speed[j] <= depth * min(left, right) { places.append(even[j]) }
        }
        return places
    }

    /// The cost (natural log, ≥ 0) of the pauses for a word whose keys are `range` of `seq`:
    /// each pause's squared distance to the word's nearest key over twice `spread` squared,
    /// at most `cap`, times `weight`.
    func cost(_ centres: [Point], seq: [UInt8], _ range: Range<Int>, spread: Double, cap: Double, weight: Double) -> Double {
        guard !places.isEmpty, weight > 0 else { return 0 }
        var total = 0.0
        let scale = 1 / (2 * spread * spread)
        for p in places {
            var nearest = Double.infinity
            for k in range { nearest = min(nearest, d2(p, centres[Int(seq[k])])) }
            total += min(cap, nearest * scale)
        }
        return total * weight
    }
}
