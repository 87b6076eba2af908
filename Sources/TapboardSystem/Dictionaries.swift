import Glibc
import TapboardCore
import TapboardEngines
import TapboardWayland

/// Finds and loads the dictionary of a language: `dictionaries/<lang>.tbd` beside each
/// layouts directory (the repository's `dictionaries/`, `PREFIX/share/tapboard/dictionaries`),
/// or in `$TAPBOARD_DICTIONARIES` first.
public struct DictionaryStore: Sendable {
    let directories: [String]

    public init(layouts: LayoutStore, environment: (String) -> String? = Files.environment) {
        var dirs: [String] = []
        if let override = environment("TAPBOARD_DICTIONARIES") { dirs.append(override) }
        for d in layouts.directories where d.hasSuffix("/layouts") {
            dirs.append(String(d.dropLast("/layouts".count)) + "/dictionaries")
        }
        directories = dirs.filter(FileSystem.isDirectory)
    }

    /// Names to try for a layout's language tag: "en-US" → "en-us", "en".
    static func names(for language: String) -> [String] {
        let tag = language.lowercased()
        guard !tag.isEmpty else { return [] }
        var names = [tag]
        if let primary = tag.split(separator: "-").first.map(String.init), primary != tag { names.append(primary) }
        return names
    }

    /// The next-word pairs for `language` (`<lang>-pairs.tbd`), memory-mapped; nil when
    /// the language has none or the file is unusable (suggestions then go without them).
    public func loadPairs(language: String) -> Mapped? {
        guard let path = path(language: language, suffix: "-pairs") else { return nil }
        return try? open(path, withEntryPoints: true).get()
    }

    /// The next words from two tokens back for `language` (`<lang>-triples.tbd`),
    /// memory-mapped; nil when the language has none (suggestions then go on pairs alone).
    public func loadTriples(language: String) -> Mapped? {
        guard let path = path(language: language, suffix: "-triples") else { return nil }
        return try? open(path).get()
    }

    /// The words that follow a Chinese commit (`zh-follow-on.tbd`, `ChineseFollowOn`),
    /// memory-mapped, or a one-line reason.
    public func loadChineseFollowOn() -> Result<Mapped, StoreError> {
        guard let path = path(language: "zh", suffix: "-follow-on") else {
            let looked =
                directories.isEmpty ? "no dictionaries directory found" : "looked in " + directories.joined(separator: ", ")
            return .failure(StoreError(message: "no zh-follow-on.tbd (\(looked))"))
        }
        return open(path)
    }

    /// The spell checker's words for `language` (`<lang>-known.tbd`), memory-mapped; nil
    /// when the language has none (its spell checker is then libhunspell, opened on first use).
    func loadKnown(language: String) -> Mapped? {
        guard let path = path(language: language, suffix: "-known") else { return nil }
        return try? open(path).get()
    }

    /// The language's spell checker: its shipped word file, else hunspell (opened when first
    /// asked); nil for the languages in `withoutSpellChecker`.
    public func spellChecker(language: String) -> ((any SpellChecker)?, Mapped?) {
        if let known = loadKnown(language: language) { return (WordSourceSpellChecker(known.words), known) }
        let names = DictionaryStore.names(for: language)
        if names.contains(where: DictionaryStore.withoutSpellChecker.contains) { return (nil, nil) }
        return (Hunspell(language: language, log: printError), nil)
    }

    /// Languages never corrected whose hunspell costs more than it gives: Korean's took
    /// 0.8 s and 52 MB resident on the first word the dictionary lacks.
    static let withoutSpellChecker: Set<String> = ["ko"]

    /// The dictionary for `language`, memory-mapped, or a one-line reason.
    public func load(language: String) -> Result<Mapped, StoreError> {
        guard let path = path(language: language) else {
            let names = DictionaryStore.names(for: language)
            guard !names.isEmpty else { return .failure(StoreError(message: "this keyboard has no language, so no dictionary")) }
            let looked =
                directories.isEmpty ? "no dictionaries directory found" : "looked in " + directories.joined(separator: ", ")
            return .failure(
                StoreError(
                    message: "no dictionary for \"\(language)\" (\(names.map { $0 + ".tbd" }.joined(separator: ", ")); \(looked))"
                ))
        }
        return open(path, withEntryPoints: true)
    }

    /// A dictionary and the file it is read from (whose pages can be let go).
    public struct Mapped {
        public var words: any WordSource { lexicon }
        /// The same, as what it is (to hand to another thread).
        public let lexicon: Lexicon
        let file: MappedFile
    }

    /// `withEntryPoints`: a file exact look-ups are frequent in (`Lexicon.init(unsafeBytes:owner:withEntryPoints:)`).
    private func open(_ path: String, withEntryPoints: Bool = false) -> Result<Mapped, StoreError> {
        let file: MappedFile
        switch MappedFile.open(path) {
        case .success(let f): file = f
        case .failure(let e): return .failure(StoreError(message: e.description))
        }
        do {
            let lexicon = try Lexicon(unsafeBytes: file.bytes, owner: file, withEntryPoints: withEntryPoints)
            file.dropResidentPages()  // validation read every page; queries read few
            return .success(Mapped(lexicon: lexicon, file: file))
        } catch {
            return .failure(StoreError(message: "\(path): \(error)"))
        }
    }

    /// The dictionary file for a language tag, if there is one.
    public func path(language: String, suffix: String = "") -> String? {
        for dir in directories {
            for name in DictionaryStore.names(for: language) where FileSystem.isFile(dir + "/" + name + suffix + ".tbd") {
                return dir + "/" + name + suffix + ".tbd"
            }
        }
        return nil
    }
}

/// A file mapped read-only into memory, unmapped when the last user lets go: the
/// dictionary's pages are shared with the page cache and load only as they are read.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// Lets the kernel take back the pages read so far (they come back from the page
    /// cache when read again): resident memory holds only what queries touch.
    func dropResidentPages() {
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    static func open(_ path: String) -> Result<MappedFile, FileError> {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileError(path: path, reason: Files.errnoText())) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(FileError(path: path, reason: Files.errnoText())) }
        let size = Int(st.st_size)
        guard size > 0, size < 64 << 20 else {
            return .failure(FileError(path: path, reason: "size \(size) bytes is not that of a dictionary"))
        }
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            return .failure(FileError(path: path, reason: Files.errnoText()))
        }
        return .success(MappedFile(UnsafeRawBufferPointer(start: p, count: size)))
    }
}

/// The live keyboard's suggestions: one engine per keyboard (its language's dictionary,
/// loaded on first use; its keys' neighbours), and the learned words on disk.
public final class SuggestionStore: SuggestionLibrary {
    let dictionaries: DictionaryStore
    /// Boxed once: a `Suggester` is large, and the controller asks for its provider several
    /// times a tap.
    private var providers: [String: (any SuggestionProvider)?] = [:]
    private var sources: [String: DictionaryStore.Mapped?] = [:]
    private var pairs: [String: DictionaryStore.Mapped?] = [:]
    private var triples: [String: DictionaryStore.Mapped?] = [:]
    /// Each language's spell checker (hunspell is opened when a typed word is not in the dictionary).
    private var spellCheckers: [String: any SpellChecker] = [:]
    private var known: [String: DictionaryStore.Mapped?] = [:]

    /// Dictionaries are opened only once this is set (the panel's first frame is out: the
    /// English ones take milliseconds a first frame should not wait for). Until then a
    /// keyboard whose words are not open yet has none, and `heldBack` says so.
    public var opens = false
    /// A keyboard asked for its words before `opens`.
    public private(set) var heldBack = false

    public init(dictionaries: DictionaryStore) { self.dictionaries = dictionaries }

    public func offersSuggestions(for layout: Layout) -> Bool {
        if let p = providers[layout.name] { return p != nil }
        return dictionaries.path(language: layout.language.lowercased()) != nil
    }

    /// Lets go of the dictionary pages read so far (the panel hid): each word typed reads a
    /// few pages of its own, so over a long day they would all stay resident.
    public func dropResidentPages() {
        for case let m? in Array(sources.values) + Array(pairs.values) + Array(triples.values) + Array(known.values) {
            m.file.dropResidentPages()
        }
    }

    public func provider(for layout: Layout) -> (any SuggestionProvider)? {
        if let p = providers[layout.name] { return p }
        guard opens else {
            heldBack = true
            return nil
        }
        let language = layout.language.lowercased()
        if sources[language] == nil {
            switch dictionaries.load(language: language) {
            case .success(let m): sources[language] = .some(m)
            case .failure: sources[language] = .some(nil)
            }
            pairs[language] = .some(dictionaries.loadPairs(language: language))
            triples[language] = .some(dictionaries.loadTriples(language: language))
        }
        if spellCheckers[language] == nil {
            let (checker, file) = dictionaries.spellChecker(language: language)
            spellCheckers[language] = checker
            known[language] = .some(file)
        }
        let p: (any SuggestionProvider)? = sources[language]!.map {
            var s = Suggester(
                source: $0.words, keys: KeyNeighbours.from(layout: layout), pairs: (pairs[language] ?? nil)?.words,
                triples: (triples[language] ?? nil)?.words)
            s.spell = spellCheckers[language]
            return s
        }
        providers[layout.name] = p
        return p
    }

    public func learnedWords(for language: String) -> LearnedWords { LearnedStore.load(language) }
}

/// Emoji names by language (`dictionaries/<lang>-emoji.tsv`), each file read when first
/// asked for: nothing is loaded until emoji search or the strip's emoji needs it.
public final class EmojiNameStore: EmojiNameLibrary {
    private let layouts: LayoutStore
    /// Where the files are, looked for on first use.
    private lazy var dictionaries = DictionaryStore(layouts: layouts)
    private var tables: [String: EmojiNames?] = [:]

    public init(layouts: LayoutStore) { self.layouts = layouts }

    public func emojiNames(for language: String) -> EmojiNames? {
        let key = language.lowercased()
        if let t = tables[key] { return t }
        var table: EmojiNames?
        search: for dir in dictionaries.directories {
            for name in DictionaryStore.names(for: key) {
                if case .success(let text) = Files.read(dir + "/" + name + "-emoji.tsv") {
                    table = EmojiNames(text: text)
                    break search
                }
            }
        }
        tables[key] = .some(table)
        return table
    }
}
