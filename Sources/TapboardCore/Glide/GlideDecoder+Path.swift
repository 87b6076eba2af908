/// The geometry the decoder measures strokes with: a word's path through its keys' centres,
/// a stroke's points against it, and polylines resampled (all in key units).
extension GlideDecoder {
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
