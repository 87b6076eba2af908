import TapboardCore
import TapboardEngines
import TapboardWayland

/// The engines keyboards name (layouts' `"compose": {"engine": ...}`), each opened with
/// dlopen on its first key; their user data under tapboard's data directory.
public struct EngineOpener: CompositionOpener {
    /// tapboard's data directory (`$XDG_DATA_HOME/tapboard`).
    let dataDirectory: String
    /// Whether engines may learn (the `learn` setting). Anthy learns nothing without it;
    /// librime has no such switch (its user dictionary is wiped by `tapboard forget`).
    let learning: Bool
    /// Where the words that follow a Chinese commit are found (`zh-follow-on.tbd`).
    let dictionaries: DictionaryStore

    public init(dataDirectory: String, learning: Bool, dictionaries: DictionaryStore) {
        self.dataDirectory = dataDirectory
        self.learning = learning
        self.dictionaries = dictionaries
    }

    public func composition(for engine: CompositionEngine) -> any Composition {
        let log: @Sendable (String) -> Void = { printError("tapboard: \($0)") }
        switch engine {
        case .hangul: return HangulComposition(log: log)
        case .rime(let schema):
            // Opened after the frame that shows its keyboard (`App.openEngineSoon`): the first
            // time, RIME compiles its data (seconds on a slow machine).
            let dictionaries = dictionaries
            return RimeComposition(
                dataDirectory: dataDirectory, schema: schema,
                followOn: { @Sendable in
                    switch dictionaries.loadChineseFollowOn() {
                    case .success(let m): return m.lexicon
                    case .failure(let e):
                        log("Chinese follow-on words are unavailable: \(e.message)")
                        return nil
                    }
                }, log: log)
        case .anthy: return AnthyComposition(dataDirectory: dataDirectory, learning: learning, log: log)
        }
    }

    /// The engines' folders of user data under `dataDirectory`.
    static let userDataFolders = ["rime", "anthy"]
}
