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
        return keyboards.loaded[name]?.language
            ?? (keyboards.library.isAvailable(name) ? (try? keyboards.library.load(name).get())?.language : nil)
            ?? "en"
    }

    /// The names table for the keyboard's language, English where CLDR has none of it.
    mutating func emojiNames() -> EmojiNames? {
        guard let lib = emojiSearchStage.names else { return nil }
        return lib.emojiNames(for: emojiLanguage) ?? lib.emojiNames(for: "en")
    }

    /// A text effect on the search layer: letters and spaces extend the query, Backspace
    /// shortens it, an emoji of the results is typed into the field. Nil: not searching,
    /// or an effect the field should get as usual.
    mutating func emojiSearch(_ effect: Effect) -> [Command]? {
        guard searchingEmoji, let changed = emojiSearchStage.take(effect) else { return nil }
        return changed ? showEmojiResults() : []
    }

    /// The search layer's top row for the query: the query, then what it finds (or that
    /// it finds nothing).
    mutating func showEmojiResults() -> [Command] {
        let query = emojiSearchStage.query.text.trimmingSpaces
        let places = EmojiNames.places(in: keyboard.layout)
        let names = query.isEmpty ? nil : emojiNames()
        emojiSearchStage.query.results = names?.search(query, limit: Self.emojiResultCount, preferred: places) ?? []
        if emojiSearchStage.query.results.isEmpty, !query.isEmpty, EmojiNames.fileLanguage(for: emojiLanguage) != "en",
            let english = emojiSearchStage.names?.emojiNames(for: "en")
        {
            // English names too (the search row's letters are Latin; other scripts' names cannot be typed there).
            emojiSearchStage.query.results = english.search(query, limit: Self.emojiResultCount, preferred: places)
        }
        guard keyboard.layout.layer(named: Self.emojiSearchLayer)?.rows.isEmpty == false else { return [] }
        let row = Self.emojiResultRow(query: query, results: emojiSearchStage.query.results, names: emojiSearchStage.names != nil)
        let overlay = KeyOverlay.topRow(row, ofLayer: Self.emojiSearchLayer)
        guard overlay != keyboard.overlay else { return [] }
        keyboard.overlay = overlay
        return layOutKeysAgain(layer: keyboard.layerName) + [.redraw(nil)]
    }

    /// The search layer `layer` of `layout` showing `query` and the emoji `names` finds
    /// for it, as the live panel shows them (for `tapboard preview` and `geometry`).
    public static func emojiSearch(_ layer: Layer, of layout: Layout, query: String, names: EmojiNames?) -> Layer {
        let q = query.lowercased().trimmingSpaces
        let results = q.isEmpty ? [] : names?.search(q, limit: emojiResultCount, preferred: EmojiNames.places(in: layout)) ?? []
        let row = emojiResultRow(query: q, results: results, names: names != nil)
        return KeyOverlay.topRow(row, ofLayer: layer.name).applied(to: layer)
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
        let typed = wordStage.word.letters
        wordStage.shown.markStale()
        guard !typed.isEmpty else { return fieldStage.commit(emoji + " ") + autoShift() }
        wordStage.word.picked(typed, keep: true)
        learn(typed, kept: true)
        return fieldStage.replace(typed, with: typed + " " + emoji + " ") + autoShift()
    }
}
