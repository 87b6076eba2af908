import TapboardCore

/// Japanese through Anthy (Debian libanthy1 and its dictionary, anthy-common): romaji typed
/// letter by letter becomes hiragana preedit (`RomajiKana`, tapboard's own table), and
/// Anthy converts it. The candidates are those of Anthy's first segment of the kana not yet
/// chosen: Anthy splits the kana into segments (文節) itself, and when it sees one segment
/// ("にほんご") its candidates are for the whole string. Picking one commits it, and the
/// kana of the following segments stays as preedit, to be picked in turn; space picks the
/// best. Return (`finishAsTyped`) commits the kana; punctuation and other keys commit the
/// best conversion of everything, then are typed as usual.
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

    public var candidates: [String] {
        guard let context = state.engine, let next = context.nextSegment(of: romaji.settled) else { return [] }
        return (0..<next.candidates).map { context.candidate(segment: next.index, $0) }
    }

    public mutating func type(_ text: String) -> ComposeStep {
        guard open() else { return ComposeStep(taken: false) }
        if text.count == 1, let c = text.first, romaji.add(c) { return ComposeStep(taken: true) }
        guard isOpen else { return ComposeStep(taken: false) }
        if text == " " { return pick(0) }
        return ComposeStep(commit: finish(), taken: false)
    }

    public mutating func backspace() -> Bool { romaji.removeLast() }

    public mutating func pick(_ index: Int) -> ComposeStep {
        romaji.settle()
        guard let context = state.engine, let next = context.nextSegment(of: romaji.kana), index >= 0,
            index < next.candidates
        else { return ComposeStep(taken: false) }
        let text = context.candidate(segment: next.index, index)
        romaji.kana = context.choose(index, learn: learning)
        return ComposeStep(commit: text, taken: true)
    }

    /// Commits the best conversion of the open input, segment by segment.
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
