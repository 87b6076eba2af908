import TestSupport
import Testing

@testable import TapboardCore

/// A stroke through the centres of `stops`' keys in `g`, a point every 8 ms: with
/// `slowing`, each movement from one stop to the next speeds up and slows down (minimum
/// jerk, as a finger moves), so the finger all but stops on every stop; without, it keeps one
/// pace throughout. Each movement takes 120 ms.
func timedStroke(_ stops: String, in g: PanelGeometry, slowing: Bool) -> (points: [Point], times: [Double]) {
    let centres = stops.compactMap { c in g.keys.first { $0.key.action == .text(String(c)) }?.frame.center }
    var points: [Point] = []
    var times: [Double] = []
    let movement = 120.0
    for (n, (a, b)) in zip(centres, centres.dropFirst()).enumerated() {
        for step in 0..<15 {
            let u = Double(step) / 15
            let s = slowing ? u * u * u * (10 - 15 * u + 6 * u * u) : u
            points.append(Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s))
            times.append((Double(n) + u) * movement)
        }
    }
    if let last = centres.last {
        points.append(last)
        times.append(Double(centres.count - 1) * movement)
    }
    return (points, times)
}

/// The speed channel: where a stroke slows down, a word should have a letter.
@Suite struct GlidePausesTests {
    let g: PanelGeometry
    let keys: GlideKeys
    let english: Suggester
    /// `english`'s decoder for `keys`.
    let decoder: GlideDecoder

    init() throws {
        let us = try loadShipped("us.json")
        g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0], strip: true)
        keys = try #require(GlideKeys(geometry: g))
        english = try shippedEnglish()
        decoder = try englishGlideDecoder(for: keys)
    }

    func pauses(_ stroke: (points: [Point], times: [Double])) -> GlidePauses {
        GlidePauses(points: stroke.points.map(keys.units), times: stroke.times)
    }

    @Test func anEvenPaceHasNoPauses() {
        // Straight on along the top row, through letters and past them.
        #expect(pauses(timedStroke("our", in: g, slowing: false)).places.isEmpty)
        #expect(pauses(timedStroke("tip", in: g, slowing: false)).places.isEmpty)
    }

    @Test func aTurnBackCountsAsAPauseEvenAtAnEvenPace() throws {
        // The speed is measured along the chord over 40 ms: a turn shortens it, and a finger
        // turns on a letter (w-o-r turns back on the o).
        let places = pauses(timedStroke("wor", in: g, slowing: false)).places
        let o = keys.units(try #require(g.keys.first { $0.key.action == .text("o") }?.frame.center))
        #expect(places.count == 1)
        #expect(d2(try #require(places.first), o) < 0.1)
    }

    @Test func aFingerSlowingOnALetterItRunsThroughMarksIt() throws {
        // o, u, r lie on one row: the shape of "our" is the shape of "or"; only the pace differs.
        let places = pauses(timedStroke("our", in: g, slowing: true)).places
        #expect(places.count == 1)
        let u = keys.units(try #require(g.keys.first { $0.key.action == .text("u") }?.frame.center))
        #expect(d2(try #require(places.first), u) < 0.1)
    }

    @Test func theStartAndEndAreNoPauses() {
        // The finger is slow as it lands and lifts: that is no pause between letters.
        #expect(pauses(timedStroke("or", in: g, slowing: true)).places.isEmpty)
    }

    @Test func aPauseFarFromAWordsKeysCostsTheWord() throws {
        let p = pauses(timedStroke("our", in: g, slowing: true))
        let words = decoder.words
        func cost(_ word: String) throws -> Double {
            var scratch: [UInt8] = []
            _ = keys.keys(of: word, into: &scratch)
            let i = try #require((0..<words.count).first { Array(words.keySequence[words.keys(of: $0)]) == scratch })
            return p.cost(keys.unitCentres, seq: words.keySequence, words.keys(of: i), spread: 0.5, cap: 3, weight: 1)
        }
        #expect(try cost("our") < 0.05)
        // u is two keys from o: the pause costs "or" its cap.
        #expect(try cost("or") > 2.9)
    }

    @Test func thePacePicksBetweenWordsOfOneShape() {
        let slowed = timedStroke("our", in: g, slowing: true)
        let even = timedStroke("our", in: g, slowing: false)
        let model = english.languageModel(after: "")
        func best(_ points: [Point], _ times: [Double]?) -> String? {
            decoder.decode(points, times: times, model: model).first
        }
        // Without times (or drawn at one pace) the shape alone cannot tell: the commoner wins.
        #expect(best(slowed.points, nil) == "or")
        #expect(best(even.points, even.times) == "or")
        #expect(best(slowed.points, slowed.times) == "our")
    }
}
