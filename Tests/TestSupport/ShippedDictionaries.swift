import TapboardCore

/// The shipped dictionaries loaded so far, by name.
private let loadedDictionaries = MadeOnce<Lexicon>()

/// A shipped dictionary by name ("en", "en-pairs", "en-known"), loaded and checked as the
/// app loads it; loaded once per test process.
public func shippedDictionary(_ name: String) throws -> Lexicon {
    try loadedDictionaries.value(name) {
        // The app makes entry points for the dictionaries and the pairs (`DictionaryStore`).
        try Lexicon(
            bytes: try requireBytes(Repository.dictionaries + "/\(name).tbd"),
            withEntryPoints: !name.contains("-") || name.hasSuffix("-pairs"))
    }
}
