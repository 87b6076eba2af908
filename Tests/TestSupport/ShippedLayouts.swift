import TapboardCore

/// The file names of the shipped keyboards ("us.json", ...), sorted.
public func layoutFiles() -> [String] {
    Repository.files(in: Repository.layouts, ending: ".json")
}

/// The shipped keyboards parsed so far, by file name.
private let parsedLayouts = MadeOnce<Layout>()

/// A shipped keyboard by its file name ("us.json"), parsed as the app parses it (pictures
/// found beside the file); parsed once per test process, in English (a panel's "Done" is
/// translated as it is parsed: a test in another language parses its own).
public func loadShipped(_ file: String) throws -> Layout {
    try parsedLayouts.value(file) {
        let path = Repository.layouts + "/" + file
        return try Translations.bound(.english) {
            try LayoutParser.parse(requireText(path), file: path, defaultName: String(file.dropLast(5)))
        }
    }
}

/// Keyboards by name for a controller: the given ones first, then (unless `shipped` is
/// false) the repository's, as the live app's store gives them.
public struct KeyboardLibrary: LayoutLibrary, Sendable {
    public var extra: [String: Layout]
    public var shipped: Bool

    public init(_ layouts: [Layout] = [], shipped: Bool = true) {
        extra = Dictionary(layouts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.shipped = shipped
    }

    public func isAvailable(_ name: String) -> Bool {
        extra[name] != nil || (shipped && readText(Repository.layouts + "/\(name).json") != nil)
    }

    public func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        if let layout = extra[name] { return .success(layout) }
        guard isAvailable(name) else { return .failure(LayoutLoadError("unknown keyboard \"\(name)\"")) }
        do { return .success(try loadShipped("\(name).json")) } catch { return .failure(LayoutLoadError("\(error)")) }
    }
}
