import Glibc
import TapboardCore
import TapboardSystem
import TapboardWayland

let glideUsage = """
    usage: tapboard glide --output WxH [--layout NAME] [--plain] [--learn] [--stats] [--channels]
           [--weight NAME=X] --batch

    Reads strokes from standard input, one JSON object a line:
      {"context": "text before the word", "points": [[x, y, t_ms], ...]}
    with x, y in the panel's logical pixels, as `tapboard geometry --output WxH` places the
    keys (the same layout and output). Answers each with a line, best first:
      {"candidates": ["best", "second", ...]}
    A line that is not such an object is answered with {"error": "..."}.

    --plain   the plain shape matcher: no language model, no context (the benchmark's floor)
    --learn   learn the text as it is written, as the live keyboard learns the words the user
              commits: where a line's context carries on from the line before's, its new
              words are learned before the stroke is read (in memory; nothing is stored)
    --stats   the time each decode took, on standard error at the end (median, p99, max)
    --channels  for fitting the decoder's weights (scripts/fit-glide): each answer also lists the
              measures of the best candidates and of the line's "word", if it gives one:
              {"stroke": [length, nearest], "words": [...],
               "priors": [class or null, ...], "channels": [[16 numbers], ...]}
    --weight NAME=X  a weight of the decoder or of the language model, for tuning
              (names: tapboard glide --weight x=1)
    """

/// `tapboard glide --batch`: the words strokes read as, for benchmarks and tests.
func glideCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard o.batch else {
        printError(
            "tapboard glide: " + tr("--batch is required (strokes are read from standard input; see tapboard glide --help)"))
        return 64
    }
    guard let output = requiredOutput(o, for: "glide") else { return 64 }
    let settings = loadSettings(o)
    guard let (layout, layer) = commandLayout(o, store: store, settings: settings) else { return 1 }
    guard let (engine, dictionaries) = commandSuggester(layout, store: store) else { return 1 }
    var suggester = engine
    let geometry = panelGeometry(o, output: output, layout: layout, layer: layer, store: store, settings: settings)
    guard let keys = GlideKeys(geometry: geometry) else {
        printError("tapboard glide: keyboard \"\(layout.name)\" layer \"\(layer.name)\" has no letter keys to stroke")
        return 1
    }
    suggester.spell = dictionaries.spellChecker(language: layout.language).0
    var decoder = suggester.glideDecoder(for: keys)
    // A decoder's weight, else the language model's (`tapboard suggest --cost` names).
    for (name, value) in o.weights where !decoder.weights.set(name, value) { suggester.costs.set(name, value) }
    var times: [Double] = []
    var writing = WrittenText()
    while let line = readLine(strippingNewline: true) {
        guard let stroke = GlideStroke(json: line) else {
            writeLine("{\"error\":\"not a stroke: want {\\\"context\\\": TEXT, \\\"points\\\": [[x, y, t], ...]}\"}")
            continue
        }
        if o.learnAsWritten {
            writing.read(stroke.context)
            suggester.learnedWords = writing.learned.words
            suggester.bigrams = writing.learned.pairs
        }
        if o.channels {
            let model = o.plain ? nil : suggester.languageModel(after: stroke.context, recent: true)
            writeLine(channelsLine(decoder, stroke, model: model))
            continue
        }
        let start = monotonicSeconds()
        let words: [String]
        if o.plain {
            words = decoder.decode(stroke.points, times: stroke.times)
        } else {
            let model = suggester.languageModel(after: stroke.context, recent: true)
            words = decoder.decode(stroke.points, times: stroke.times, model: model)
        }
        if o.stats { times.append(monotonicSeconds() - start) }
        writeLine("{\"candidates\":[" + words.map(GeometryJSON.quote).joined(separator: ",") + "]}")
    }
    if o.stats { printError("glide: \(times.count) strokes, \(timingSummary(times))") }
    return 0
}

/// The answer of `glide --channels` to `stroke`: the candidates that score best and the line's
/// word, with what each measures.
func channelsLine(_ decoder: GlideDecoder, _ stroke: GlideStroke, model: LanguageModel?) -> String {
    let found = decoder.measured(stroke.points, times: stroke.times, model: model)
    let w = decoder.weights
    let all = found.candidates
    let priors = all.map { c in model.flatMap { decoder.prior(of: c, in: found, model: $0) } }
    let scores = all.indices.map {
        w.shapeScore(all[$0].channels) + (priors[$0].map { w.priorScore($0, stroke: found.stroke) } ?? 0)
    }
    // The 40 best, and the line's word wherever it ranks.
    var kept = Array(all.indices.sorted { scores[$0] > scores[$1] }.prefix(40))
    let target = stroke.word?.lowercased()
    if let t = all.indices.first(where: { found.word(all[$0]).lowercased() == target }), !kept.contains(t) { kept.append(t) }
    func number(_ x: Double) -> String { x.isFinite ? "\(x)" : "0" }
    let words = kept.map { GeometryJSON.quote(found.word(all[$0])) }.joined(separator: ",")
    let keptPriors = kept.map { priors[$0].map(number) ?? "null" }.joined(separator: ",")
    let channels = kept.map { i in
        "[" + GlideChannels.Channel.allCases.map { number(all[i].channels[$0]) }.joined(separator: ",") + "]"
    }.joined(separator: ",")
    return "{\"stroke\":[\(number(found.stroke.length)),\(number(found.stroke.bestPlace))],\"words\":[\(words)],"
        + "\"priors\":[\(keptPriors)],\"channels\":[\(channels)]}"
}

/// One line of `tapboard glide --batch`.
struct GlideStroke {
    /// The word meant, where the line says (for `--channels`).
    var word: String?
    var context: String
    var points: [Point]
    /// When each point was drawn (milliseconds); nil when the line gave none (or not for every point).
    var times: [Double]?

    init?(json: String) {
        guard let value = try? JSONValue.parse(json), case .object(let fields) = value.kind else { return nil }
        var context = ""
        var points: [Point] = []
        var times: [Double] = []
        for (key, _, v) in fields {
            switch (key, v.kind) {
            case ("context", .string(let s)): context = s
            case ("word", .string(let s)): word = s
            case ("points", .array(let list)):
                for p in list {
                    guard case .array(let xyt) = p.kind, xyt.count >= 2, case .number(let x) = xyt[0].kind,
                        case .number(let y) = xyt[1].kind
                    else { return nil }
                    points.append(Point(x: x, y: y))
                    if xyt.count >= 3, case .number(let t) = xyt[2].kind { times.append(t) }
                }
            default: continue
            }
        }
        self.context = context
        self.points = points
        self.times = times.count == points.count ? times : nil
    }
}
