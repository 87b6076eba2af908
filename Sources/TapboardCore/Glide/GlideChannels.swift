// The C maths library, for log.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a stroke shows of one word, each measure on its own scale (key units), before the
/// decoder weighs them (`GlideDecoder.Weights.shape`): a word's score is the weighted sum.
/// The weights are fitted on people's strokes (`scripts/fit-glide`), so the measures are
/// the ones their strokes told apart: where a finger lands and lifts relative to the first
/// and last keys (along the path's first and last segments, and across them: people lift
/// past the last key more than short of it), how near the letters between lie to the stroke,
/// how far the stroke strays from the path, its length against the path's, and its pauses.
public struct GlideChannels: Sendable {
    /// The measures, in the order of `Channel`.
    public var values = SIMD32<Double>()

    /// Each measure's name, for the fit and its report.
    public static let names = Channel.allCases.map { "\($0)" }

    /// The spread (key units) that the ends' tail measures (`startTail`, `endTail`) are taken
    /// at: log(1 + d² / tail²) grows as a squared distance near the key and slowly far from
    /// it, as people's ends do (most within a third of a key, one in ten past one key).
    static let tail = 0.5

    /// The offsets of the stroke's first and last points from the word's first and last keys:
    /// along the path's first (and last) segment, positive onward, and across it.
    mutating func ends(start: Point, end: Point, keys: [Point]) {
        let (sa, sc) = GlideChannels.offset(start, from: keys[0], heading: keys[0], keys[1])
        let (ea, ec) = GlideChannels.offset(end, from: keys[keys.count - 1], heading: keys[keys.count - 2], keys[keys.count - 1])
        self[.startAlong2] = sa * sa
        self[.startAlong] = sa
        self[.startAcross2] = sc * sc
        self[.endAlong2] = ea * ea
        self[.endAlong] = ea
        self[.endAcross2] = ec * ec
        let t2 = GlideChannels.tail * GlideChannels.tail
        self[.startTail] = log(1 + (sa * sa + sc * sc) / t2)
        self[.endTail] = log(1 + (ea * ea + ec * ec) / t2)
    }

    /// `p`'s offset from `key` along the line from `a` to `b` and across it.
    static func offset(_ p: Point, from key: Point, heading a: Point, _ b: Point) -> (along: Double, across: Double) {
        let dx = p.x - key.x
        let dy = p.y - key.y
        let l = d2(a, b).squareRoot()
        guard l > 0 else { return (0, (dx * dx + dy * dy).squareRoot()) }
        let ux = (b.x - a.x) / l
        let uy = (b.y - a.y) / l
        return (dx * ux + dy * uy, -dx * uy + dy * ux)
    }

    /// One measure, by its place in `values` (and in `Weights.shape`: the order is the
    /// fitted weights' order; add new channels at the end).
    public enum Channel: Int, CaseIterable, Sendable {
        case startAlong2, startAlong, startAcross2, endAlong2, endAlong, endAcross2
        case inner, path, place, pause, length2, length, keys, spellList, startTail, endTail
        case innerMax, doubles, keysByTime
    }

    /// The measure `c`. `inner`: the letters between the first and the last, each to its
    /// nearest point of the stroke in order, squared distances summed; `path`: the stroke's
    /// points' mean cost against the path's segments in order; `place`: the mean squared
    /// distance point for point; `pause`: the pauses far from every key; `keys`: the word's
    /// keys, when the stroke's times are known (0 without: fitted with `keysByTime`, it says
    /// how many keys a stroke of one second crosses); `spellList`: 1 for a word only the spell
    /// checker's list holds (not the dictionary of words people write); `innerMax`: the
    /// squared distance of the inner key farthest from the stroke; `doubles`: letters the word
    /// repeats on one key ("good": 1); `keysByTime`: the word's keys times the log of the
    /// stroke's duration in seconds (0 at one second, about people's median, and without
    /// times): longer words take longer to draw.
    public subscript(_ c: Channel) -> Double {
        get { values[c.rawValue] }
        set { values[c.rawValue] = newValue }
    }

    /// The stroke's length less the path's, over the spread expected of it.
    mutating func length(off: Double) {
        self[.length2] = off * off
        self[.length] = off
    }
}
