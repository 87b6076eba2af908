import Glibc
import TapboardCore

/// Finds and loads the dictionary of a language: `dictionaries/<lang>.tbd` beside each
/// layouts directory (the repository's `dictionaries/`, `PREFIX/share/tapboard/dictionaries`),
/// or in `$TAPBOARD_DICTIONARIES` first.
struct DictionaryStore {
    let directories: [String]

    init(layouts: LayoutStore, environment: (String) -> String? = Files.environment) {
        var dirs: [String] = []
        if let override = environment("TAPBOARD_DICTIONARIES") { dirs.append(override) }
        for d in layouts.directories where d.hasSuffix("/layouts") {
            dirs.append(String(d.dropLast("/layouts".count)) + "/dictionaries")
        }
        directories = dirs.filter(Files.isDirectory)
    }

    /// Names to try for a layout's language tag: "en-US" → "en-us", "en".
    static func names(for language: String) -> [String] {
        let tag = language.lowercased()
        guard !tag.isEmpty else { return [] }
        var names = [tag]
        if let primary = tag.split(separator: "-").first.map(String.init), primary != tag { names.append(primary) }
        return names
    }

    /// The dictionary for `language`, or a one-line reason.
    func load(language: String) -> Result<any WordSource, StoreError> {
        let names = DictionaryStore.names(for: language)
        guard !names.isEmpty else { return .failure(StoreError(message: "this keyboard has no language, so no dictionary")) }
        for dir in directories {
            for name in names {
                let tbd = dir + "/" + name + ".tbd"
                if Files.isFile(tbd) { return TemporaryDictionaryReader.loadTBD(tbd, language: name) }
                // TEMPORARY (until Lexicon lands): a plain `word<TAB>class` list.
                let tsv = dir + "/" + name + ".tsv"
                if Files.isFile(tsv) { return TemporaryDictionaryReader.loadTSV(tsv, language: name) }
            }
        }
        let looked = directories.isEmpty ? "no dictionaries directory found" : "looked in " + directories.joined(separator: ", ")
        return .failure(StoreError(message: "no dictionary for \"\(language)\" (\(names.map { $0 + ".tbd" }.joined(separator: ", ")); \(looked))"))
    }
}

/// TEMPORARY: stands in for `Lexicon` until the dictionary reader lands on this branch.
/// Replace `loadTBD` with Lexicon and delete the rest.
enum TemporaryDictionaryReader {
    static func loadTBD(_ path: String, language: String) -> Result<any WordSource, StoreError> {
        .failure(StoreError(message: "\(path): this build cannot read .tbd dictionaries yet (Lexicon is not on this branch)"))
    }

    static func loadTSV(_ path: String, language: String) -> Result<any WordSource, StoreError> {
        switch Files.read(path) {
        case .success(let text): return .success(WordListSource(language: language, tabSeparated: text))
        case .failure(let e): return .failure(StoreError(message: e.description))
        }
    }
}
