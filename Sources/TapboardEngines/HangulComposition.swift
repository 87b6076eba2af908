import TapboardCore

/// Korean through libhangul's 2-set (dubeolsik) keyboard: the keys type jamo (ㅂ ㅈ ㄷ ...),
/// each goes to libhangul as the QWERTY key it sits on, and the syllable being composed is
/// the preedit; a syllable is committed when the next jamo cannot join it. A space,
/// punctuation or any other key commits the syllable and is then typed as usual. There are
/// no candidates. libhangul is opened on first use; without it the jamo are typed as they are.
///
/// Copies share one libhangul context: use one value per field.
public struct HangulComposition: Composition {
    private let soname: String
    private let log: @Sendable (String) -> Void
    private var state: EngineState<HangulContext> = .unopened

    /// A composition opening `soname` (libhangul's) on first use; `log` gets one line when
    /// the library cannot be opened (the composition is then unavailable).
    public init(soname: String = "libhangul.so.1", log: @escaping @Sendable (String) -> Void) {
        self.soname = soname
        self.log = log
    }

    /// Opens libhangul now when not tried yet; whether Korean composition is available.
    public mutating func open() -> Bool {
        if case .unopened = state {
            switch HangulContext.make(soname: soname, keyboard: "2") {
            case .success(let context): state = .open(context)
            case .failure(let error):
                log(error.message(input: "Korean"))
                state = .unavailable
            }
        }
        return state.engine != nil
    }

    public var isOpen: Bool { !preedit.isEmpty }

    public var preedit: String { state.engine?.preedit ?? "" }

    public var candidates: [String] { [] }

    public mutating func type(_ text: String) -> ComposeStep {
        guard open(), let context = state.engine else { return ComposeStep(taken: false) }
        guard let key = DubeolsikKeys.key(for: text) else {
            return ComposeStep(commit: context.flush(), taken: false)
        }
        guard context.process(key) else {
            return ComposeStep(commit: context.flush(), taken: false)
        }
        return ComposeStep(commit: context.commit, taken: true)
    }

    public mutating func backspace() -> Bool {
        guard let context = state.engine, !context.preedit.isEmpty else { return false }
        return context.backspace()
    }

    public mutating func finish() -> String { state.engine?.flush() ?? "" }

    public mutating func finishAsTyped() -> String { finish() }

    public mutating func pick(_ index: Int) -> ComposeStep { ComposeStep(taken: false) }

    public mutating func clear() { state.engine?.reset() }
}
