/// Emoji found by name: the emoji keyboard's `search` layer, whose letters go into a
/// query instead of the field, and whose top row shows the emoji the query finds; and
/// the strip's emoji for a word just typed (`emoji-suggestions = on`).
public protocol EmojiNameLibrary {
    /// The names table for a language tag (`de-CH` reads `de`), loaded on first use; nil:
    /// none for that language.
    func emojiNames(for language: String) -> EmojiNames?
}

/// What the search layer has been given so far.
struct EmojiQuery: Sendable, Equatable {
    var text = ""
    /// The emoji the top row shows, best first.
    var results: [String] = []
}

extension Controller {
    /// The name of the layer that searches emoji by name.
    public static let emojiSearchLayer = "search"
    /// Emoji shown in the search layer's top row beside the query.
    static let emojiResultCount = 8

    /// The search layer is shown.
    var searchingEmoji: Bool {
        keyboard.layerName == Self.emojiSearchLayer && keyboard.layout.layer(named: Self.emojiSearchLayer) != nil
    }

    /// The language emoji are searched in: the language keyboard the user last used.
    var emojiLanguage: String {
        let own = keyboard.layout.language
        if !own.isEmpty { return own }
        let name = selection.enabled[selection.languageIndex]
        return loaded[name]?.language ?? (library.isAvailable(name) ? (try? library.load(name).get())?.language : nil)
            ?? "en"
    }

    /// The names table for the keyboard's language, English where CLDR has none of it.
    mutating func emojiNames() -> EmojiNames? {
        guard let lib = emojiLibrary else { return nil }
        return lib.emojiNames(for: emojiLanguage) ?? lib.emojiNames(for: "en")
    }

    /// A text effect on the search layer: letters and spaces extend the query, Backspace
    /// shortens it, an emoji of the results is typed into the field. Nil: not searching,
    /// or an effect the field should get as usual.
    mutating func emojiSearch(_ effect: Effect) -> [Command]? {
        guard searchingEmoji else { return nil }
        switch effect {
        case .commitText(let t) where emojiQuery.results.contains(t):
            return nil  // a result: into the field
        case .commitText(let t):
            guard !(t == " " && (emojiQuery.text.isEmpty || emojiQuery.text.hasSuffix(" "))) else { return [] }
            emojiQuery.text += t.lowercased()
        case .doubleSpace:
            return []
        case .deleteBackward where !emojiQuery.text.isEmpty:
            emojiQuery.text.removeLast()
        case .deleteWordBackward where !emojiQuery.text.isEmpty:
            emojiQuery.text = ""
        default:
            return nil
        }
        return showEmojiResults()
    }

    /// The search layer's top row for the query: the query, then what it finds (or that
    /// it finds nothing).
    mutating func showEmojiResults() -> [Command] {
        let query = emojiQuery.text.trimmingSpaces
        let places = EmojiNames.places(in: keyboard.layout)
        let names = query.isEmpty ? nil : emojiNames()
        emojiQuery.results = names?.search(query, limit: Self.emojiResultCount, preferred: places) ?? []
        if emojiQuery.results.isEmpty, !query.isEmpty, EmojiNames.fileLanguage(for: emojiLanguage) != "en",
            let english = emojiLibrary?.emojiNames(for: "en")
        {
            // English names too (the search row's letters are Latin; other scripts' names cannot be typed there).
            emojiQuery.results = english.search(query, limit: Self.emojiResultCount, preferred: places)
        }
        var layout = keyboard.layout
        guard let i = layout.layers.firstIndex(where: { $0.name == Self.emojiSearchLayer }) else { return [] }
        let layer = Self.emojiSearch(
            layout.layers[i], query: query, results: emojiQuery.results, names: emojiLibrary != nil)
        guard layer != layout.layers[i] else { return [] }
        layout.layers[i] = layer
        keyboard.layout = layout
        return layOutKeysAgain(layer: keyboard.layerName) + [.redraw(nil)]
    }

    /// The keyboard shows `layout` already: the same layout, or it with what emoji search
    /// wrote in its search layer's top row (a keyboard chosen again, as when the output
    /// turns, keeps the search and its results).
    func isShown(_ layout: Layout) -> Bool {
        func apartFromResults(_ layout: Layout) -> Layout {
            var l = layout
            if let i = l.layers.firstIndex(where: { $0.name == Self.emojiSearchLayer }), !l.layers[i].rows.isEmpty {
                l.layers[i].rows[0] = []
            }
            return l
        }
        return layout == keyboard.layout || apartFromResults(layout) == apartFromResults(keyboard.layout)
    }

    /// The search layer `layer` of `layout` showing `query` and the emoji `names` finds
    /// for it, as the live panel shows them (for `tapboard preview` and `geometry`).
    public static func emojiSearch(_ layer: Layer, of layout: Layout, query: String, names: EmojiNames?) -> Layer {
        let q = query.lowercased().trimmingSpaces
        let results = q.isEmpty ? [] : names?.search(q, limit: emojiResultCount, preferred: EmojiNames.places(in: layout)) ?? []
        return emojiSearch(layer, query: q, results: results, names: names != nil)
    }

    static func emojiSearch(_ layer: Layer, query: String, results: [String], names: Bool) -> Layer {
        guard !layer.rows.isEmpty else { return layer }
        var l = layer
        l.rows[0] = emojiResultRow(query: query, results: results, names: names)
        return l
    }

    /// The top row: a key showing the query (it types nothing), then the emoji found.
    static func emojiResultRow(query: String, results: [String], names: Bool) -> [Key] {
        let units = Double(emojiResultCount + 2)
        let status: String
        if !names {
            status = tr("no emoji names installed")
        } else if query.isEmpty {
            status = "🔍 " + tr("type a name")
        } else if results.isEmpty {
            status = tr("no emoji for “%s”", query)
        } else {
            status = "🔍 " + query
        }
        guard !results.isEmpty else { return [Key(label: status, action: .layer(emojiSearchLayer), width: units)] }
        let row = [Key(label: status, action: .layer(emojiSearchLayer), width: 2)] + results.map { Key.text($0) }
        // Left-aligned, each emoji in the same place however many are found.
        let rest = units - 2 - Double(results.count)
        return rest > 0 ? row + [Key(label: "", action: .spacer, width: rest)] : row
    }

    /// The strip's emoji for the word before the cursor (`emoji-suggestions = on`): the
    /// strip with the emoji in its right slot where that is free; unchanged otherwise.
    mutating func withEmoji(_ strip: Strip, word: String) -> Strip {
        guard settings.emojiSuggestions, !word.isEmpty, let names = emojiNames(),
            let emoji = names.emoji(forWord: word)
        else { return strip }
        var s = strip
        let slot = PanelGeometry.stripSlots - 1
        if s.slots.contains(.word(emoji)) { return s }
        s.slots[slot] = .emoji(emoji)
        return s
    }
}

extension Controller {
    /// The word just before `text`'s end, if it ends in a word and a space (a word just
    /// typed); empty otherwise.
    static func lastWord(_ text: String) -> String {
        guard text.hasSuffix(" ") else { return "" }
        return Context(text).lastWord ?? ""
    }

    /// The strip's emoji tapped: it goes after the word (the word being typed is kept as
    /// typed), with a space between.
    mutating func pickEmoji(_ emoji: String) -> [Command] {
        let typed = word.letters
        shownStrip.markStale()
        guard !typed.isEmpty else { return commit(emoji + " ") + autoShift() }
        word.picked(typed, keep: true)
        learn(typed, kept: true)
        return replace(typed, with: typed + " " + emoji + " ") + autoShift()
    }
}
