import Glibc
import TapboardCore
import TapboardSystem
import TapboardWayland

/// `tapboard suggest [--layout NAME] [--context TEXT] [--learned] [--batch [--learn]] [--stats] WORD`:
/// the candidates and the autocorrection for a word, as JSON.
func suggestCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard o.batch || o.files.count == 1 else {
        printError("tapboard suggest: " + tr("give one WORD, or --batch to read lines from standard input"))
        return 64
    }
    guard let (layout, _) = commandLayout(o, store: store) else { return 1 }
    // Korean's engine composes syllables only: its words come from the dictionary.
    var composer: (any Composition)?
    if case .engine(let e)? = layout.compose {
        guard !e.offersCandidates else { return engineSuggest(e, o, store: store) }
        composer = EngineOpener(
            dataDirectory: LearnedStore.directory, learning: false, dictionaries: DictionaryStore(layouts: store)
        ).composition(for: e)
    }
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
        var memo = TypedWordMemo()
        print(SuggestJSON.encode(suggestions(suggester, o.files[0], o.context ?? "", &composer, &memo)))
        return 0
    }
    var times: [Double] = []
    // As the live strip does: a line that goes on from the last one's word (same context)
    // reuses what that one's search learnt.
    var memo = TypedWordMemo()
    // --learn: the words each context adds to the last are learned, as the live strip learns
    // what the user types (in memory; nothing is stored).
    var writing = WrittenText()
    var lastContext: String?
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
        if o.learnAsWritten, context != lastContext {
            lastContext = context
            writing.read(context)
            suggester.learnedWords = writing.learned.words
            suggester.bigrams = writing.learned.pairs
        }
        let start = monotonicSeconds()
        let json = SuggestJSON.encode(suggestions(suggester, word, context, &composer, &memo))
        if o.stats { times.append(monotonicSeconds() - start) }
        writeLine(json)
    }
    if o.stats, !times.isEmpty { printError("suggest: \(times.count) words, \(timingSummary(times))") }
    return 0
}

/// The engine's candidates for the keys typed (each character of INPUT, or of each line with
/// --batch): `{"candidates": [...], "preedit": "..."}`. Nothing is learned. With --stats: the
/// time from each key to the strip's candidates (the key typed, the first four read, as the
/// live panel does), the time to open the engine (RIME after the frame that shows its keyboard, the others on
/// the first key), the time to read all of them (the candidates panel) once per input, and
/// the memory the engine added.
func engineSuggest(_ engine: CompositionEngine, _ o: Options, store: LayoutStore) -> Int32 {
    let opener = EngineOpener(
        dataDirectory: LearnedStore.directory, learning: false, dictionaries: DictionaryStore(layouts: store))
    let before = residentKiB()
    var times: [Double] = []
    var allTimes: [Double] = []
    var failed = false
    // One composition for every input, as the live panel keeps one while its keyboard shows.
    let opening = monotonicSeconds()
    var composition = opener.composition(for: engine)
    composition.openEngine()
    let opened = monotonicSeconds() - opening
    func answer(_ input: String) -> String? {
        defer { composition.clear() }
        for c in input {
            let start = monotonicSeconds()
            guard composition.type(String(c)).taken else {
                printError("tapboard suggest: the engine did not take \"\(c)\"")
                failed = true
                return nil
            }
            _ = composition.candidates(upTo: PanelGeometry.stripSlots + 1)
            if o.stats { times.append(monotonicSeconds() - start) }
        }
        let start = monotonicSeconds()
        let list = composition.candidates
        if o.stats { allTimes.append(monotonicSeconds() - start) }
        let quoted = list.map(GeometryJSON.quote).joined(separator: ",")
        return "{\"candidates\":[\(quoted)],\"preedit\":\(GeometryJSON.quote(composition.preedit))}"
    }
    if o.batch {
        while let line = readLine(strippingNewline: true) {
            writeLine(answer(line) ?? "{\"candidates\":[],\"preedit\":\"\"}")
        }
    } else {
        guard let json = answer(o.files[0]) else { return 1 }
        print(json)
    }
    if o.stats, let first = times.first {
        // The first key opens the engine (and deploys RIME's data when the directory is new).
        let added = Double(residentKiB() - before) / 1024
        let rest = times.count > 1 ? timingSummary(Array(times.dropFirst())) : "no more keys"
        printError(
            "suggest: keyboard shown \((opened * 10000).rounded() / 10) ms (RIME opened); first key \((first * 10000).rounded() / 10) ms (Anthy, libhangul opened); \(times.count - 1) more keys, \(rest); all candidates of \(allTimes.count) inputs, \(timingSummary(allTimes)); engine added \((added * 10).rounded() / 10) MiB resident"
        )
    }
    return failed ? 1 : 0
}

/// What the strip offers for `typed`; with a `composer` (Korean), for its jamo composed,
/// completions only and never corrected.
func suggestions(
    _ suggester: Suggester, _ typed: String, _ context: String, _ composer: inout (any Composition)?,
    _ memo: inout TypedWordMemo
) -> Suggestions {
    guard var c = composer else { return suggester.suggest(typed, context: context, memo: &memo) }
    let word = composed(typed, &c)
    composer = c
    let s = suggester.suggest(word, context: context, memo: &memo)
    return Suggestions(typed: word, candidates: s.candidates.filter { $0.hasPrefix(word) }, autocorrect: nil, known: s.known)
}

/// `input` through `composition` (jamo become syllables; what it does not take stays as
/// it is), finished.
func composed(_ input: String, _ composition: inout any Composition) -> String {
    var out = ""
    for c in input {
        let step = composition.type(String(c))
        out += step.commit
        if !step.taken { out.append(c) }
    }
    out += composition.finish()
    composition.clear()
    return out
}

/// This process's resident memory (VmRSS), KiB; 0 when it cannot be read.
func residentKiB() -> Int {
    guard case .success(let status) = Files.read("/proc/self/status"),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
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
