/// Keyboards as loaded from the library, by name; loaded once, never changed. The
/// clipboard panel is made from the history each time it is asked for, not kept.
struct LoadedKeyboards {
    let library: any LayoutLibrary
    /// Keyboards loaded so far, by name (with the number row where the settings add it).
    private(set) var loaded: [String: Layout]
    /// The settings add a number row to each keyboard.
    let numberRow: Bool

    init(_ layouts: [Layout], library: any LayoutLibrary, numberRow: Bool) {
        self.library = library
        self.numberRow = numberRow
        loaded = Dictionary(layouts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Keyboard `name`, loaded on first use; `clipboard`: the history's items, for its panel.
    mutating func load(_ name: String, clipboard: [String]) -> Result<Layout, LayoutLoadError> {
        if name == ClipboardPanel.name { return .success(ClipboardPanel.layout(clipboard)) }
        if let l = loaded[name] { return .success(l) }
        let result = library.load(name).map { numberRow ? $0.addingNumberRow() : $0 }
        if case .success(let l) = result { loaded[name] = l }
        return result
    }

    /// Whether the library has keyboard `name`.
    func isAvailable(_ name: String) -> Bool { library.isAvailable(name) }
}
