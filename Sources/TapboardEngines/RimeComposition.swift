import TapboardCore

/// Chinese through librime (Debian librime1), simplified-Chinese pinyin by default (the
/// `luna_pinyin_simp` schema of rime-data-luna-pinyin). Letters go to the engine as keys;
/// the preedit is RIME's composition ("ni hao", with any part already chosen converted:
/// "你好shi jie"); the candidates are all of RIME's for the open input. Space picks the
/// best; punctuation and other keys commit the best conversion, then are typed as usual.
/// Picking a candidate that covers part of the input leaves the rest to choose: RIME
/// commits the whole phrase once every part is chosen.
///
/// RIME is set up once per process, with its user data (what it learns: user dictionaries,
/// its compiled schema) in `DATA/rime`, mode 0700, files not readable by others. RIME has
/// no session that learns nothing (its user dictionary is written on every commit), so
/// there is no `learning` switch: a field that must not be learned from (a password)
/// should not be given this composition at all.
///
/// Copies share one RIME session: use one value per field.
public struct RimeComposition: Composition {
    private let soname: String
    private let schema: String
    private let userDirectory: String
    private let log: @Sendable (String) -> Void
    private var state: EngineState<RimeSession> = .unopened
    /// Opens the words that follow a commit (`ChineseFollowOn`), asked once, on the first
    /// commit; nil: there are none (it said why).
    private let openFollowOn: @Sendable () -> (any WordSource & Sendable)?
    /// The words that follow a commit; nil: not opened yet.
    private var followOnWords: ChineseFollowOn??

    /// A composition for `schema`, RIME's user data in `dataDirectory/rime` (tapboard's data
    /// directory: `$XDG_DATA_HOME/tapboard`), librime opened as `soname` on first use; `log`
    /// gets one line when it cannot be (the composition is then unavailable). `followOn` opens
    /// the words that follow a commit (`zh-follow-on.tbd`), when first asked for.
    public init(
        dataDirectory: String, schema: String = "luna_pinyin_simp", soname: String = "librime.so.1",
        followOn: @escaping @Sendable () -> (any WordSource & Sendable)?, log: @escaping @Sendable (String) -> Void
    ) {
        self.soname = soname
        self.schema = schema
        self.userDirectory = dataDirectory + "/rime"
        self.log = log
        openFollowOn = followOn
    }

    /// Opens RIME now when not tried yet (deploying it the first time: a fraction of a
    /// second); whether Chinese composition is available.
    public mutating func open() -> Bool {
        let (soname, userDirectory, schema) = (soname, userDirectory, schema)
        return state.open(
            input: "Chinese", log: log,
            start: { RimeRuntime.start(soname: soname, userDirectory: userDirectory, schema: schema) },
            make: { RimeSession(runtime: $0, schema: schema) },
            missing: "RIME has no schema \(schema) (install rime-data-luna-pinyin)")
    }

    /// RIME is not opened yet (`open` not tried).
    public var awaitsOpening: Bool {
        guard case .unopened = state else { return false }
        return true
    }

    public mutating func openEngine() { _ = open() }

    public var isOpen: Bool { !(state.engine?.composition().text.isEmpty ?? true) }

    public var preedit: String { state.engine?.composition().text ?? "" }

    public var preeditCursor: Int {
        guard let c = state.engine?.composition() else { return 0 }
        return RimeComposition.characters(c.text, bytes: c.cursor)
    }

    public var candidates: [String] { isOpen ? state.engine?.candidates() ?? [] : [] }

    /// The first `limit` candidates only: RIME makes the rest when asked (hundreds for "shi").
    public func candidates(upTo limit: Int) -> [String] {
        isOpen ? state.engine?.candidates(limit: limit) ?? [] : []
    }

    public mutating func type(_ text: String) -> ComposeStep {
        guard open(), let session = state.engine else { return ComposeStep(taken: false) }
        let composing = isOpen
        if let key = text.unicodeScalars.first, text.unicodeScalars.count == 1,
            ("a"..."z").contains(key) || (composing && key == "'")
        {
            guard session.process(Int32(key.value)) else { return ComposeStep(taken: false) }
            return ComposeStep(commit: session.takeCommit(), taken: true)
        }
        guard composing else { return ComposeStep(taken: false) }
        if text == " " { return pick(0) }
        return ComposeStep(commit: finish(), taken: false)
    }

    public mutating func backspace() -> Bool {
        guard isOpen, let session = state.engine else { return false }
        return session.backspace()
    }

    public mutating func pick(_ index: Int) -> ComposeStep {
        guard isOpen, let session = state.engine, session.select(index) else { return ComposeStep(taken: false) }
        return ComposeStep(commit: session.takeCommit(), taken: true)
    }

    /// Commits the best conversion of the open input (what space after space would give).
    public mutating func finish() -> String {
        guard isOpen, let session = state.engine else { return "" }
        session.commitComposition()
        return session.takeCommit()
    }

    /// The parts already chosen as chosen, the rest as the letters typed ("你好shijie").
    public mutating func finishAsTyped() -> String {
        guard let session = state.engine else { return "" }
        let c = session.composition()
        guard !c.text.isEmpty else { return "" }
        let chosen = String(decoding: c.text.utf8.prefix(c.selectionStart), as: UTF8.self)
        // The part not chosen is the last letters typed, shown segmented ("shi jie") and with
        // ü for v or u: one shown letter for each typed one.
        let shown = c.text.utf8.dropFirst(c.selectionStart)
        let letters = String(decoding: shown, as: UTF8.self).filter { ($0.isLetter && $0.isASCII) || $0 == "ü" }.count
        let raw = session.input.filter { $0 != "'" }
        session.clearComposition()
        return chosen + String(raw.suffix(letters))
    }

    public mutating func clear() { state.engine?.clearComposition() }

    /// The words that usually follow `committed` in RIME's vocabulary (`ChineseFollowOn`).
    public mutating func followOn(after committed: String) -> [String] {
        if followOnWords == nil { followOnWords = .some(openFollowOn().map(ChineseFollowOn.init)) }
        return followOnWords??.words(after: committed) ?? []
    }

    /// How many Characters the first `bytes` bytes of UTF-8 of `text` are.
    static func characters(_ text: String, bytes: Int) -> Int {
        String(decoding: text.utf8.prefix(max(0, bytes)), as: UTF8.self).count
    }
}
