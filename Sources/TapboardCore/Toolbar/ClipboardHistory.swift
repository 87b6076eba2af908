/// The last text items copied, newest first, for the clipboard panel. Kept in memory
/// only: nothing here is written anywhere or printed. Its rules: nothing while off,
/// nothing copied while the focused field is secret, nothing a password manager marks
/// secret, a repeated item moves to the front, at most `capacity` items.
public struct ClipboardHistory: Sendable, Equatable {
    /// Items kept at most; the oldest goes first.
    public static let capacity = 20
    /// The MIME type password managers (KeePassXC, KDE's) add to a secret they copy.
    public static let passwordManagerHint = "x-kde-passwordManagerHint"

    /// Off (`clipboard-history = off`): nothing is kept.
    public let enabled: Bool
    /// The items, newest first.
    public private(set) var items: [String] = []

    public init(enabled: Bool = true) { self.enabled = enabled }

    /// Whether a new selection offering these MIME types is to be read for the history at
    /// all (reading costs a pipe; a secret is never read).
    public func wants(types: [String], fieldIsSecret: Bool) -> Bool {
        enabled && !fieldIsSecret && !types.contains(Self.passwordManagerHint)
    }

    /// The selection's text, read: kept under the rules. True if the items changed.
    @discardableResult
    public mutating func copied(_ text: String, types: [String], fieldIsSecret: Bool) -> Bool {
        guard wants(types: types, fieldIsSecret: fieldIsSecret), !text.isEmpty else { return false }
        guard items.first != text else { return false }
        items.removeAll { $0 == text }
        items.insert(text, at: 0)
        if items.count > Self.capacity { items.removeLast(items.count - Self.capacity) }
        return true
    }

    /// Forgets every item.
    public mutating func clear() { items = [] }

    /// An item as its key shows it: one line (line breaks and runs of blanks become one
    /// space), at most `limit` characters with an ellipsis where it was cut. The panel
    /// draws every item at one size and cuts what does not fit at its middle, so that both
    /// ends show ("https://exa…ery=string").
    public static func summary(_ text: String, limit: Int = 100) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.joined(separator: " ")
        guard line.count > limit else { return line }
        return String(line.prefix(limit - 1)) + "…"
    }
}

/// The clipboard panel: the history's items as keys, most recent first, two to a row,
/// in pages of `perPage`; a bottom row with the next page, Clear and Done.
public enum ClipboardPanel {
    /// The panel's layout name (a space: no layout file can have it).
    public static let name = "clipboard history"
    static let rowsPerPage = 3
    static let perRow = 2
    static var perPage: Int { rowsPerPage * perRow }

    /// The panel for `items` (newest first); at least one page, even when empty. Its
    /// places are those of the shipped `snippets` panel: items where its snippets are,
    /// Clear over its globe and backspace keys, Done over its Done.
    public static func layout(_ items: [String]) -> Layout {
        let pages = max((items.count + perPage - 1) / perPage, 1)
        var layers: [Layer] = []
        for page in 0..<pages {
            let first = page * perPage
            // Every page the same grid (empty places are spacers): the keys stay put from
            // page to page, and the panel is as tall as a four-row keyboard.
            var rows: [[Key]] = (0..<rowsPerPage).map { row in
                (0..<perRow).map { column in
                    let i = first + row * perRow + column
                    guard items.indices.contains(i) else { return Key(label: "", action: .spacer, width: 2) }
                    var key = Key(label: ClipboardHistory.summary(items[i]), action: .clipboard(.paste(i)), width: 2)
                    key.keepsCase = true
                    return key
                }
            }
            var bottom: [Key] = []
            if pages > 1 {
                bottom.append(Key(label: "\(page + 1)/\(pages) ›", action: .layer(layerName(page: (page + 1) % pages))))
            }
            bottom.append(Key(label: tr("Clear"), action: .clipboard(.clear), width: pages > 1 ? 1 : 2))
            bottom.append(Key(label: tr("Done"), action: .back, width: 2))
            rows.append(bottom)
            layers.append(Layer(name: layerName(page: page), rows: rows))
        }
        var layout = Layout(name: name, displayName: tr("Clipboard"), layers: layers)
        layout.isPanel = true
        return layout
    }

    static func layerName(page: Int) -> String { "page \(page + 1)" }
}
