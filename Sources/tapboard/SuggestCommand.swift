import Glibc
import TapboardCore
import TapboardWayland

/// `tapboard suggest [--layout NAME] [--context TEXT] [--learned] [--batch] [--stats] WORD`:
/// the candidates and the autocorrection for a word, as JSON.
func suggestCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard o.batch || o.files.count == 1 else {
        printError("tapboard suggest: give one WORD, or --batch to read lines from standard input")
        return 64
    }
    guard let (layout, _) = commandLayout(o, store: store) else { return 1 }
    if case .engine(let e)? = layout.compose { return engineSuggest(e, o) }
    guard let (engine, dictionaries) = commandSuggester(layout, store: store, pairs: !o.noPairs)
    else { return 1 }
    var suggester = engine
    for (name, value) in o.costs { suggester.costs.set(name, value) }
    let spell = o.noSpell ? nil : dictionaries.spellChecker(language: layout.language)
    suggester.spell = spell?.0
    if o.learned {
        let learned = LearnedStore.load(String(layout.language.split(separator: "-").first ?? "").lowercased())
        suggester.learnedWords = learned.words
        suggester.bigrams = learned.pairs
    }
    guard o.batch else {
        print(SuggestJSON.encode(suggester.suggest(o.files[0], context: o.context ?? "")))
        return 0
    }
    var times: [Double] = []
    while let line = readLine(strippingNewline: true) {
        let context: String
        let word: String
        if let tab = line.lastIndex(of: "\t") {
            context = String(line[..<tab])
            word = String(line[line.index(after: tab)...])
        } else {
            context = o.context ?? ""
            word = line
        }
        let start = monotonicSeconds()
        let json = SuggestJSON.encode(suggester.suggest(word, context: context))
        if o.stats { times.append(monotonicSeconds() - start) }
        writeLine(json)
    }
    if o.stats, !times.isEmpty { printError("suggest: \(times.count) words, \(timingSummary(times))") }
    return 0
}

/// The engine's candidates for the keys typed (each character of INPUT, or of each line with
/// --batch): `{"candidates": [...], "preedit": "..."}`. Nothing is learned.
func engineSuggest(_ engine: CompositionEngine, _ o: Options) -> Int32 {
    let opener = EngineOpener(dataDirectory: LearnedStore.directory, learning: false)
    var failed = false
    func answer(_ input: String) -> String? {
        var composition = opener.composition(for: engine)
        for c in input where !composition.type(String(c)).taken {
            printError("tapboard suggest: the engine did not take \"\(c)\"")
            failed = true
            return nil
        }
        let list = composition.candidates.map(GeometryJSON.quote).joined(separator: ",")
        defer { composition.clear() }
        return "{\"candidates\":[\(list)],\"preedit\":\(GeometryJSON.quote(composition.preedit))}"
    }
    guard o.batch else {
        guard let json = answer(o.files[0]) else { return 1 }
        print(json)
        return 0
    }
    while let line = readLine(strippingNewline: true) {
        writeLine(answer(line) ?? "{\"candidates\":[],\"preedit\":\"\"}")
    }
    return failed ? 1 : 0
}

/// Writes a line to standard output at once (no buffering: batch answers go out in order).
func writeLine(_ line: String) {
    var text = line
    text.append("\n")
    text.utf8CString.withUnsafeBytes { raw in
        var p = raw.baseAddress!
        var left = raw.count - 1
        while left > 0 {
            let n = write(STDOUT_FILENO, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            p += n
            left -= n
        }
    }
}

/// "median X ms, p99 Y ms, max Z ms" of `times` (seconds).
func timingSummary(_ times: [Double]) -> String {
    guard !times.isEmpty else { return "no timings" }
    let sorted = times.sorted()
    func ms(_ q: Double) -> String {
        let v = sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000
        return String((v * 10000).rounded() / 10000)
    }
    return "median \(ms(0.5)) ms, p99 \(ms(0.99)) ms, max \(ms(1)) ms"
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `tapboard suggest` output: `{"candidates":[...],"autocorrect":"word"|null,"known":true|false}`.
enum SuggestJSON {
    static func encode(_ s: Suggestions) -> String {
        let list = s.candidates.map(GeometryJSON.quote).joined(separator: ",")
        return
            "{\"candidates\":[\(list)],\"autocorrect\":\(s.autocorrect.map(GeometryJSON.quote) ?? "null"),\"known\":\(s.known)}"
    }
}
