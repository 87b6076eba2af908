import TapboardCore

/// Japanese through Anthy (Debian libanthy1 and its dictionary, anthy-common): romaji typed
/// letter by letter becomes hiragana preedit (`RomajiKana`, tapboard's own table), and
/// Anthy converts it, splitting the kana into segments (文節) itself. The first candidate is
/// the whole input converted (私は学生です: each segment's best), then the alternatives of the
/// segment being chosen, the first not chosen yet (私は, わたしは, 渡しは); with one segment
/// ("にほんご") its candidates alone. The preedit is the kana, its cursor after the segment
/// being chosen. Space and the first candidate commit the whole input; an alternative commits
/// its segment, and the kana of the following segments stays as preedit, to be chosen in
/// turn. Return (`finishAsTyped`) commits the kana; punctuation and other keys commit
/// the best conversion of everything, then are typed as usual.
///
/// With `learning`, each choice is told to Anthy (`anthy_commit_segment`), which learns
/// once every segment of a conversion is chosen, in `DATA/anthy/.anthy` (see `AnthyRuntime`),
/// mode 0700, files not readable by others. Without it nothing is told or written.
///
/// Copies share one Anthy context: use one value per field.
public struct AnthyComposition: Composition {
    private let soname: String
    private let home: String
    private let learning: Bool
    private let log: @Sendable (String) -> Void
    private var state: EngineState<AnthyContext> = .unopened
    private var romaji = RomajiKana()

    /// A composition with Anthy's data in `dataDirectory/anthy` (tapboard's data directory:
    /// `$XDG_DATA_HOME/tapboard`), learning from the choices when `learning`, libanthy opened
    /// as `soname` on first use; `log` gets one line when it cannot be (then unavailable).
    public init(
        dataDirectory: String, learning: Bool = true, soname: String = "libanthy.so.1",
        log: @escaping @Sendable (String) -> Void
    ) {
        self.soname = soname
        self.home = dataDirectory + "/anthy"
        self.learning = learning
        self.log = log
    }

    /// Opens Anthy now when not tried yet; whether Japanese composition is available.
    public mutating func open() -> Bool {
        let (learning, log) = (learning, log)
        return state.open(
            input: "Japanese", log: log, start: { AnthyRuntime.start(soname: soname, home: home) },
            make: { runtime in
                if learning, let problem = FileSystem.makeDirectory(runtime.home + "/.anthy", mode: 0o700) {
                    log("Japanese input will not learn: \(problem)")
                }
                return AnthyContext(runtime: runtime)
            }, missing: "Anthy made no context (install \(AnthyRuntime.package))")
    }

    public var isOpen: Bool { !romaji.text.isEmpty }

    public var preedit: String { romaji.text }

    /// After the segment being chosen (its alternatives follow the sentence in the
    /// candidates) while more than one is left; at the end otherwise.
    public var preeditCursor: Int {
        guard let context = state.engine, let next = context.nextSegment(of: romaji.settled), next.left > 1 else {
            return romaji.text.count
        }
        return min(next.length, romaji.text.count)
    }

    public var candidates: [String] { choices.map(\.text) }

    /// The candidates and what each commits: with more than one segment left, the whole
    /// input converted first, then the alternatives of the segment being chosen.
    private var choices: [(text: String, choice: Choice)] {
        let kana = romaji.settled
        guard let context = state.engine, let next = context.nextSegment(of: kana) else { return [] }
        let alternatives = context.candidates(segment: next.index, count: next.candidates, kana: kana.prefix(next.length))
            .map { (text: $0.text, choice: Choice.segment($0.index)) }
        guard next.left > 1 else { return alternatives }
        let sentence = context.sentence()
        return [(sentence.text, .sentence(sentence.choices))] + alternatives
    }

    /// What a candidate commits: every segment left (Anthy's candidate of each), or the one
    /// being chosen.
    private enum Choice {
        case sentence([Int])
        case segment(Int)
    }

    public mutating func type(_ text: String) -> ComposeStep {
        guard open() else { return ComposeStep(taken: false) }
        if text.count == 1, let c = text.first, romaji.add(c) { return ComposeStep(taken: true) }
        guard isOpen else { return ComposeStep(taken: false) }
        if text == " " { return pick(0) }
        return ComposeStep(commit: finish(), taken: false)
    }

    public mutating func backspace() -> Bool { romaji.removeLast() }

    /// While a segment is being chosen (the input converts to more than one, or one was
    /// shortened), its end can move.
    public var resizableSegment: Bool {
        guard let context = state.engine, case let kana = romaji.settled, !kana.isEmpty,
            let next = context.nextSegment(of: kana)
        else { return false }
        return next.left > 1 || next.length < kana.count
    }

    /// The segment being chosen grows or shrinks by `delta` kana; the segments after it are
    /// split again. Letters still waiting (a lone n) settle first.
    public mutating func resizeSegment(by delta: Int) -> Bool {
        romaji.settle()
        guard let context = state.engine, context.nextSegment(of: romaji.settled) != nil else { return false }
        return context.resize(by: delta)
    }

    /// Candidate `index`: the whole input converted (the first, with more than one segment)
    /// commits every segment and leaves any letters still waiting; a segment's alternative
    /// commits that segment and leaves the rest to choose.
    public mutating func pick(_ index: Int) -> ComposeStep {
        romaji.settle()
        let list = choices
        guard let context = state.engine, list.indices.contains(index) else { return ComposeStep(taken: false) }
        switch list[index].choice {
        case .sentence(let segments):
            context.chooseAll(segments, learn: learning)
            romaji.kana = ""
        case .segment(let candidate):
            romaji.kana = context.choose(candidate, learn: learning)
        }
        return ComposeStep(commit: list[index].text, taken: true)
    }

    /// Commits the best conversion of the open input (and any letters still waiting).
    public mutating func finish() -> String {
        var text = ""
        while !romaji.settled.isEmpty, case let step = pick(0), step.taken { text += step.commit }
        text += romaji.text
        clear()
        return text
    }

    /// Commits the kana as typed (a final n as ん).
    public mutating func finishAsTyped() -> String {
        romaji.settle()
        let text = romaji.text
        clear()
        return text
    }

    public mutating func clear() {
        romaji = RomajiKana()
        state.engine?.reset()
    }
}
