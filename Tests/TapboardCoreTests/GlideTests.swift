import TestSupport
import Testing

@testable import TapboardCore

/// Points along straight lines through the centres of `word`'s keys in `g`, every `step`
/// pixels, as a finger drawing the word would leave; `offset` moves the first and last
/// points (a stroke that starts or ends between keys).
func strokePoints(_ word: String, in g: PanelGeometry, step: Double = 12, offset: Point = Point(x: 0, y: 0)) -> [Point] {
    let centres = word.compactMap { c in g.keys.first { $0.key.action == .text(String(c)) }?.frame.center }
    var points: [Point] = []
    for (a, b) in zip(centres, centres.dropFirst()) {
        let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let n = max(1, Int(d / step))
        for i in 0..<n {
            let t = Double(i) / Double(n)
            points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
    }
    if let last = centres.last { points.append(last) }
    guard points.count >= 2 else { return points }
    points[0].x += offset.x
    points[0].y += offset.y
    points[points.count - 1].x -= offset.x
    points[points.count - 1].y -= offset.y
    return points
}

/// The shipped English dictionary and pairs.
func shippedEnglish() throws -> Suggester {
    Suggester(source: try shippedDictionary("en"), pairs: try shippedDictionary("en-pairs"))
}

/// The shipped English words as strokes, by the keyboard letters they were made for.
private let englishStrokes = MadeOnce<GlideWords>()

/// The shipped English dictionary's glide decoder for `keys`, as its suggester makes it; the
/// words are made once per test process for these letters (most of a glide test's time).
func englishGlideDecoder(for keys: GlideKeys) throws -> GlideDecoder {
    let words = try englishStrokes.value(keys.letters) { try shippedEnglish().glideDecoder(for: keys).words }
    return GlideDecoder(keys: keys, words: words)
}

/// The decoder: key geometry from the layout, words from the dictionary, the language model.
@Suite struct GlideDecoderTests {
    let us: Layout
    let g: PanelGeometry
    let english: Suggester
    let keys: GlideKeys
    /// `english`'s decoder for `keys`.
    let decoder: GlideDecoder

    init() throws {
        us = try loadShipped("us.json")
        g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0], strip: true)
        english = try shippedEnglish()
        keys = try #require(GlideKeys(geometry: g))
        decoder = try englishGlideDecoder(for: keys)
    }

    func decode(_ word: String, context: String = "", offset: Point = Point(x: 0, y: 0)) -> [String] {
        let model = english.languageModel(after: context, recent: true)
        return decoder.decode(strokePoints(word, in: g, offset: offset), model: model)
    }

    @Test func strokesReadAsTheirWords() {
        for word in ["hello", "world", "keyboard", "question", "people", "because"] {
            #expect(decode(word).first == word, "\(word): \(decode(word))")
        }
    }

    @Test func repeatedLettersAndLongWordsWork() {
        // "ll", "ss", "ee": the finger stays on the key.
        for word in ["all", "will", "letter", "possible", "international", "understanding"] {
            #expect(decode(word).first == word, "\(word): \(decode(word))")
        }
    }

    @Test func strokesMayStartAndEndBetweenKeys() {
        // A third of a key off the centre, towards the neighbours.
        let off = Point(x: keys.pitchX * 0.4, y: keys.pitchY * 0.3)
        for word in ["hello", "world", "there"] {
            #expect(decode(word, offset: off).first == word, "\(word): \(decode(word, offset: off))")
        }
    }

    @Test func theWordsBeforePickBetweenLikePaths() {
        // o-u-r and o-r lie on one line of keys; "has" and "had" end on neighbours.
        #expect(decode("our", context: "I love").first == "our")
        #expect(decode("has", context: "she").first == "has")
        #expect(decode("had", context: "she").first == "had")
    }

    @Test func aNameOnTheScreenCanBeStroked() {
        // No list holds "Queequeg": without it in the text before, no stroke can give it.
        #expect(!decode("queequeg").map { $0.lowercased() }.contains("queequeg"))
        #expect(decode("queequeg", context: "Queequeg sat by the fire, and then ").first == "Queequeg")
    }

    @Test func aLearnedNameCanBeStroked() throws {
        var learned = english
        learned.learnedWords = ["Queequeg": 2]
        let model = learned.languageModel(after: "and then", recent: true)
        #expect(decoder.decode(strokePoints("queequeg", in: g), model: model).first == "Queequeg")
        // A word typed once and no list's is not learned yet (a typo left once)...
        learned.learnedWords = ["Queequeg": 1]
        let once = learned.languageModel(after: "and then", recent: true)
        #expect(decoder.decode(strokePoints("queequeg", in: g), model: once).first != "Queequeg")
        // ...but on the screen it is there to stroke all the same.
        let shown = learned.languageModel(after: "Queequeg sat by the fire, and then ", recent: true)
        #expect(decoder.decode(strokePoints("queequeg", in: g), model: shown).first == "Queequeg")
    }

    @Test func aWordOnTheScreenOutranksTheFormThatStrokesAlike() {
        // "cynics" and "cynic's" cross the same keys; the text before holds one of them.
        #expect(decode("cynics", context: "The Cynic's This, The Cynic's That, and The ").first?.lowercased() == "cynic's")
        #expect(decode("cynics", context: "They were all cynics, and they were ").first == "cynics")
    }

    @Test func theShortlistKeepsTheCommonerOfWordsThatStrokeAlike() {
        // "of", "off" and "oof" cross the same keys: with room for one word, the model's
        // decoder measures the commonest.
        var narrow = decoder
        narrow.weights.shortlist = 1
        let found = narrow.measured(strokePoints("of", in: g), times: nil, model: english.languageModel(after: "one"))
        #expect(found.candidates.map(found.word) == ["of"])
    }

    @Test func thePlainMatcherReadsShapesWithoutTheModel() {
        let plain = decoder.decode(strokePoints("keyboard", in: g))
        #expect(plain.first == "keyboard")
    }

    @Test func aStrokeFarFromEveryKeyReadsAsNothing() {
        // Two key rows above the letters: no word starts or ends there.
        let y = Double(g.barHeight) - 2 * keys.pitchY
        let points = [Point(x: 10, y: y), Point(x: Double(g.width) / 2, y: y), Point(x: Double(g.width) - 10, y: y)]
        #expect(decoder.decode(points).isEmpty)
        #expect(decoder.decode([]).isEmpty)
    }

    @Test func aStrokeThatStaysOnItsKeyReadsAsItsLetter() {
        let i = g.keys.first { $0.key.action == .text("i") }!.frame.center
        let points = [i, Point(x: i.x + 8, y: i.y + 5), Point(x: i.x + 14, y: i.y - 3)]
        #expect(decoder.decode(points) == ["i"])
        let model = english.languageModel(after: "and then ", recent: true)
        #expect(decoder.decode(points, model: model) == ["i"])
    }

    @Test func keysWithoutLettersCannotBeStroked() throws {
        let numbers = try loadShipped("digits.json")
        let ng = PanelGeometry.forOutput(width: 720, height: 1280, layout: numbers, layer: numbers.layers[0])
        #expect(GlideKeys(geometry: ng) == nil)
    }

    @Test func theStrokeMustFollowAPathsSegmentsInOrder() {
        // q-t-g and g-t-q lie on the same two lines; the stroke runs along q-t, then t-g.
        // (Distances only: the stroke's heading is another test's.)
        var decoder = decoder
        decoder.weights.direction = 0
        let stroke = GlideDecoder.resample(strokePoints("qtg", in: g).map(keys.units), count: GlideDecoder.samples)
        func cost(_ word: String) -> Double {
            var seq: [UInt8] = []
            _ = keys.keys(of: word, into: &seq)
            return decoder.orderedDistance2(stroke, toPathOf: 0..<seq.count, seq)
        }
        #expect(cost("qtg") < 1e-9)
        // Backwards, the points on q-t come first but q-t is the last segment: t-g is missed.
        #expect(cost("gtq") > 1)
    }

    @Test func aStrokeAlongAPathTheWrongWayPaysForItsHeading() {
        var decoder = decoder
        var seq: [UInt8] = []
        _ = keys.keys(of: "qp", into: &seq)
        func cost(_ drawn: String) -> Double {
            let stroke = GlideDecoder.resample(strokePoints(drawn, in: g).map(keys.units), count: GlideDecoder.samples)
            return decoder.orderedDistance2(stroke, toPathOf: 0..<seq.count, seq)
        }
        // Along the top row from q to p: on the path and heading its way.
        #expect(cost("qp") < 1e-9)
        // From p to q: on the path all the same, but heading against it at every point.
        #expect(cost("pq") > 10)
        decoder.weights.direction = 0
        #expect(cost("pq") < 1e-9)
    }

    @Test func aStrokesEndsBetweenKeysCountForTheNearerKey() {
        // Short strokes whose ends lie 0.3 key off their keys, towards a neighbour's: the shape
        // alone (no model) reads the nearer keys, by more than without the ends' own channels.
        var decoder = decoder
        let shift = 0.3 * 72
        for (word, rival, offset) in [("in", "on", Point(x: shift, y: 0)), ("so", "do", Point(x: shift, y: 0))] {
            let points = strokePoints(word, in: g, offset: offset)
            func lead() -> Double {
                let ranked = decoder.ranked(points, model: nil)
                let score = { (w: String) in ranked.first { $0.word == w }?.score ?? -.infinity }
                return score(word) - score(rival)
            }
            decoder.weights = GlideDecoder.Weights()
            #expect(decoder.decode(points).first == word, "\(word): \(decoder.decode(points))")
            let held = lead()
            for name in [
                "startAlong2", "startAlong", "startAcross2", "endAlong2", "endAlong", "endAcross2", "startTail", "endTail"
            ] {
                let known = decoder.weights.set("shape." + name, 0)
                #expect(known, "shape.\(name)")
            }
            #expect(held > lead(), "\(word) over \(rival)")
        }
    }

    @Test func decodingIsQuick() {
        let model = english.languageModel(after: "it was the")
        let stroke = strokePoints("international", in: g)
        var clock = ContinuousClock().measure { _ = decoder.decode(stroke, model: model) }
        for _ in 0..<5 {
            clock = min(clock, ContinuousClock().measure { _ = decoder.decode(stroke, model: model) })
        }
        // Debug builds are several times slower than release: a loose bound that still catches a scan gone quadratic.
        #expect(clock < .milliseconds(250))
    }
}

/// Strokes against the other gestures of a held key.
@Suite struct StrokeDetectionTests {
    let us: Layout
    init() throws { us = try loadShipped("us.json") }

    func geometry(_ s: KeyboardState) -> PanelGeometry {
        PanelGeometry.forOutput(width: 720, height: 1280, layout: s.layout, layer: s.layer)
    }

    func key(_ label: String, _ g: PanelGeometry) -> PlacedKey {
        g.keys.first { $0.key.label == label || $0.key.action.name == label }!
    }

    /// The us keyboard with glide on.
    func glidingKeyboard() -> KeyboardState {
        var s = KeyboardState(layout: us)
        s.glides = true
        return s
    }

    func stroke(_ effects: [Effect]) -> [Point]? {
        for e in effects { if case .stroke(let trace) = e { return trace.points } }
        return nil
    }

    @Test func aSlideAcrossLettersIsAStrokeAndTypesNothingItself() {
        var s = glidingKeyboard()
        let g = geometry(s)
        var effects = s.press(.pointer, at: key("h", g).frame.center, time: 0, in: g)
        for p in strokePoints("hello", in: g).dropFirst() { effects += s.move(.pointer, to: p, in: g) }
        #expect(!s.trail.isEmpty)
        #expect(s.highlighted.isEmpty)
        effects += s.release(.pointer, time: 300, in: g)
        #expect(s.trail.isEmpty)
        #expect(stroke(effects)?.count ?? 0 > 10)
        #expect(!effects.contains { if case .commitText = $0 { true } else { false } })
    }

    @Test func aStrokeThatBarelyLeavesItsKeyTypesTheKey() {
        var s = glidingKeyboard()
        let g = geometry(s)
        let i = key("i", g)
        var effects = s.press(.pointer, at: i.frame.center, time: 0, in: g)
        // Just past the key's edge: a stroke begins, shorter than half a key.
        effects += s.move(.pointer, to: Point(x: i.frame.center.x + i.cell.width / 2 + 2, y: i.frame.center.y), in: g)
        #expect(!s.trail.isEmpty)
        effects += s.release(.pointer, time: 200, in: g)
        #expect(stroke(effects) == nil)
        #expect(effects.contains { if case .commitText("i") = $0 { true } else { false } })
        #expect(s.trail.isEmpty)
    }

    @Test func aStrokeKeepsWhenEachPointWasDrawnFromThePress() throws {
        var s = glidingKeyboard()
        let g = geometry(s)
        let points = strokePoints("hello", in: g)
        func drawn(start: UInt64, timeless: Int? = nil) throws -> GlideTrace {
            var effects = s.press(.pointer, at: points[0], time: start, in: g)
            for (i, p) in points.enumerated().dropFirst() {
                let t = i == timeless ? nil : (start + UInt64(8 * i)) & 0xFFFF_FFFF
                effects += s.move(.pointer, to: p, time: t, in: g)
            }
            effects += s.release(.pointer, time: start + 600, in: g)
            var trace: GlideTrace?
            for e in effects { if case .stroke(let t) = e { trace = t } }
            return try #require(trace)
        }
        // Event times wrap at 32 bits: a press just before the wrap. The points still on the
        // pressed key are not kept (the stroke starts as the finger leaves it); each kept
        // point has its own time from the press.
        let trace = try drawn(start: 0xFFFF_FFF0)
        let times = try #require(trace.times)
        #expect(times.count == trace.points.count && times.first == 0)
        var from = 1
        for (k, p) in trace.points.enumerated().dropFirst() {
            let i = try #require(points[from...].firstIndex(of: p))
            #expect(times[k] == Double(8 * i))
            from = i + 1
        }
        // One move without a time (the pointer coming back in): the times are dropped, not guessed.
        let timeless = try drawn(start: 0, timeless: points.count - 1)
        #expect(timeless.points == trace.points)
        #expect(timeless.times == nil)
    }

    @Test func withGlideOffASlideCancelsTheKey() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        var effects = s.press(.pointer, at: key("h", g).frame.center, time: 0, in: g)
        for p in strokePoints("hello", in: g).dropFirst() { effects += s.move(.pointer, to: p, in: g) }
        effects += s.release(.pointer, time: 300, in: g)
        #expect(stroke(effects) == nil && s.trail.isEmpty)
        #expect(!effects.contains { if case .commitText = $0 { true } else { false } })
    }

    @Test func aLongPressThenASlidePicksAnAlternateNotAStroke() {
        var s = glidingKeyboard()
        let g = geometry(s)
        let e = key("e", g)
        _ = s.press(.pointer, at: e.frame.center, time: 0, in: g)
        _ = s.timerFired(.longPress(press: 1), time: 400, in: g)
        let popup = try! #require(s.popup)
        var effects = s.move(.pointer, to: popup.itemFrames.last!.center, in: g)
        effects += s.release(.pointer, time: 900, in: g)
        #expect(stroke(effects) == nil)
        #expect(effects.contains { if case .commitText = $0 { true } else { false } })
    }

    @Test func theSpaceBarStillMovesTheCursor() {
        var s = glidingKeyboard()
        let g = geometry(s)
        let space = key("space", g)
        var effects = s.press(.pointer, at: space.frame.center, time: 0, in: g)
        effects += s.move(.pointer, to: Point(x: space.frame.center.x + 200, y: space.frame.center.y), in: g)
        effects += s.release(.pointer, time: 300, in: g)
        #expect(stroke(effects) == nil)
        #expect(effects.contains(.key("Right", [])))
    }

    @Test func slidesFromKeysThatAreNoLettersAreNoStrokes() {
        var s = glidingKeyboard()
        let g = geometry(s)
        for label in ["backspace", "return", "shift"] {
            let k = key(label, g)
            var effects = s.press(.pointer, at: k.frame.center, time: 0, in: g)
            for p in strokePoints("lkj", in: g) { effects += s.move(.pointer, to: p, in: g) }
            effects += s.release(.pointer, time: 300, in: g)
            #expect(stroke(effects) == nil, "\(label)")
            #expect(s.trail.isEmpty)
        }
    }

    @Test func aStrokeIgnoresItsLongPressTimer() {
        var s = glidingKeyboard()
        let g = geometry(s)
        _ = s.press(.pointer, at: key("e", g).frame.center, time: 0, in: g)
        _ = s.move(.pointer, to: key("r", g).frame.center, in: g)
        #expect(s.timerFired(.longPress(press: 1), time: 400, in: g).isEmpty)
        #expect(s.popup == nil)
        #expect(stroke(s.release(.pointer, time: 500, in: g)) != nil)
    }
}

/// A provider that reads every stroke as the same three words.
struct StrokeProvider: SuggestionProvider, StrokeReader, SuggestionLibrary {
    var words = ["hello", "hells", "help"]
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip { .empty }
    func glide(_ trace: GlideTrace, keys: GlideKeys, context: String, learned: LearnedWords) -> [String] { words }
    func provider(for layout: Layout) -> (any SuggestionProvider)? { self }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// A provider that keeps the learned words each stroke was read with.
final class LearnedWordsSeen: SuggestionProvider, StrokeReader, SuggestionLibrary, @unchecked Sendable {
    var seen: [LearnedWords] = []
    func strip(for word: String, context: String, learned: LearnedWords, autocorrect: Bool) -> Strip { .empty }
    func glide(_ trace: GlideTrace, keys: GlideKeys, context: String, learned: LearnedWords) -> [String] {
        seen.append(learned)
        return ["hello"]
    }
    func provider(for layout: Layout) -> (any SuggestionProvider)? { self }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// Stroked words in the field: spacing, the strip's alternatives, backspace, secret fields.
@Suite struct GlideControllerTests {
    func driven(_ settings: Settings = Settings(), words: [String] = ["hello", "hells", "help"]) throws -> Driven {
        try Driven(["us"], settings: settings, suggestions: StrokeProvider(words: words))
    }

    /// Draws `word` across the panel and returns what was sent.
    func stroke(_ d: inout Driven, _ word: String = "hello") -> [Command] {
        guard let g = d.c.geometry else { return [] }
        let points = strokePoints(word, in: g)
        d.time += 500
        let t = d.time
        var out = d.host.call { $0.press(.pointer, at: points[0], time: t) }
        for p in points.dropFirst() { out += d.host.call { $0.move(.pointer, to: p) } }
        out += d.host.call { $0.release(.pointer, time: t + 300) }
        out += d.host.call { $0.settle() }
        d.checked()
        return d.textOut(out)
    }

    @Test func aStrokedWordGoesInSpacedFromTheTextBefore() throws {
        var d = try driven()
        d.focus("", hints: .autoCapitalization)
        #expect(stroke(&d) == [.edit(TextEdit(insert: "Hello"))])  // a sentence's start: capitalised
        #expect(stroke(&d) == [.edit(TextEdit(insert: " hello"))])
        // Punctuation goes right after a stroked word.
        #expect(d.textOut(d.tap(",")) == [.edit(TextEdit(insert: ","))])
    }

    @Test func theStripOffersTheNextBestAndAPickReplacesTheWord() throws {
        var d = try driven()
        d.focus("Say")
        _ = stroke(&d)
        #expect(d.c.strip.slots == [.word("hells"), .word("hello"), .word("help")])
        let picked = d.textOut(d.host.call { $0.translate([.pickSuggestion(2)]) })
        #expect(picked == Array(repeating: .key("BackSpace", []), count: 5) + [.typeKeys("help")])
        #expect(d.c.text.bestGuess?.text == "Say help")
        // Backspace now takes the picked word back whole.
        #expect(d.textOut(d.tap("backspace")) == Array(repeating: .key("BackSpace", []), count: 4))
        #expect(d.c.text.bestGuess?.text == "Say ")
    }

    @Test func backspaceRightAfterAStrokeDeletesTheWord() throws {
        var d = try driven()
        d.focus("Say")
        _ = stroke(&d)
        #expect(d.textOut(d.tap("backspace")) == Array(repeating: .key("BackSpace", []), count: 5))
        // The next backspace is an ordinary one.
        #expect(d.textOut(d.tap("backspace")).count == 1)
    }

    @Test func aLetterTappedAfterAStrokeStartsANewWord() throws {
        var d = try driven()
        d.focus("Say")
        _ = stroke(&d)
        #expect(d.textOut(d.tap("a")) == [.edit(TextEdit(insert: " a"))])
    }

    @Test func aStrokeThatReadsAsNothingSaysSoAndTypesNothing() throws {
        var d = try driven(words: [])
        d.focus("Say")
        #expect(stroke(&d).isEmpty)
        #expect(d.c.strip.slots[1] == .note("no word"))
    }

    @Test func aStrokeReadsTheWordsUsedInTheFieldSoFar() throws {
        let provider = LearnedWordsSeen()
        var d = try Driven(["us"], suggestions: provider)
        d.focus("")
        for key in ["z", "o", "r", "k", "space"] { _ = d.tap(key) }
        _ = stroke(&d)
        // Not learned for good until the field is left, but a stroke in it already reads it.
        #expect(provider.seen.last?.words["zork"] == 1)
    }

    @Test func strokesTypeNothingInSecretFieldsNorWithGlideOff() throws {
        var d = try driven()
        d.focus("", purpose: .password)
        #expect(stroke(&d).isEmpty)
        var settings = Settings()
        settings.glide = false
        var off = try driven(settings)
        off.focus("")
        #expect(stroke(&off).isEmpty)
    }
}
