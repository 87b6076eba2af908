import TestSupport
import Testing

@testable import TapboardCore

/// The shipped names: English whatever language is asked, or (`languages`) each
/// language's own file.
final class ShippedEmojiNames: EmojiNameLibrary {
    var asked: [String] = []
    let byLanguage: Bool
    init(languages: Bool = false) { byLanguage = languages }
    func emojiNames(for language: String) -> EmojiNames? {
        asked.append(language)
        let file = byLanguage ? EmojiNames.fileLanguage(for: language) : "en"
        let path = Repository.dictionaries + "/\(file)-emoji.tsv"
        return readText(String(path)).map { EmojiNames(text: $0) }
    }
}

/// The emoji keyboard's search layer and the strip's emoji, through the controller.
@Suite struct EmojiSearchTests {
    func driven(_ settings: Settings = Settings(), names: ShippedEmojiNames, language: String = "us") throws -> Driven {
        try Driven([language, "emoji"], settings: settings, suggestions: FakeSuggestions(), emojiNames: names)
    }

    func topRow(_ d: Driven) -> [String] {
        d.c.keyboard.layer.rows[0].filter { $0.action != .spacer }.map(\.label)
    }

    @Test func lettersOnTheSearchLayerFindEmojiAndTheEmojiGoesIn() throws {
        let names = ShippedEmojiNames()
        var d = try driven(names: names)
        d.focus("")
        #expect(names.asked.isEmpty)  // nothing read before it is needed
        d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.name == "emoji")
        d.tap("🔍")
        #expect(d.c.keyboard.layerName == "search")
        #expect(topRow(d) == ["🔍 type a name"])
        var out: [Command] = []
        for k in ["p", "i", "z", "z", "a"] { out += d.tap(k) }
        #expect(d.textOut(out).isEmpty)  // the letters never reach the field
        #expect(names.asked.first == "en-US")  // the language keyboard's language
        #expect(topRow(d).first == "🔍 pizza")
        #expect(topRow(d).dropFirst().first == "🍕")
        // The row keeps its width: the emoji stand left-aligned after the search.
        #expect(d.c.keyboard.layer.rows[0].reduce(0) { $0 + $1.width } == 10)
        // Backspace shortens the query, not the field's text.
        #expect(d.textOut(d.tap("backspace")).isEmpty)
        #expect(topRow(d).first == "🔍 pizz")
        d.tap("a")
        let typed = d.textOut(d.tap("🍕"))
        #expect(typed == [.edit(TextEdit(insert: "🍕"))])
    }

    @Test func theSearchIsInTheLanguageKeyboardsLanguageThenEnglish() throws {
        let names = ShippedEmojiNames(languages: true)
        var d = try driven(names: names, language: "de")
        d.focus("")
        d.tap("next-keyboard")
        d.tap("🔍")
        for k in ["h", "e", "r", "z"] { d.tap(k) }
        #expect(names.asked.first == "de-DE")
        #expect(topRow(d).contains("❤\u{FE0F}"))  // rotes Herz
        for _ in 0..<4 { d.tap("backspace") }
        for k in ["p", "i", "z", "z", "a"] { d.tap(k) }
        #expect(topRow(d).dropFirst().first == "🍕")
        // A name German lacks: the English names.
        for _ in 0..<5 { d.tap("backspace") }
        for k in ["h", "e", "a", "r", "t"] { d.tap(k) }
        #expect(topRow(d).contains("❤\u{FE0F}"))
        #expect(names.asked.contains("en"))
    }

    @Test func aNameNothingHasSaysSo() throws {
        var d = try driven(names: ShippedEmojiNames())
        d.focus("")
        d.tap("next-keyboard")
        d.tap("🔍")
        for k in ["q", "z", "x", "q"] { d.tap(k) }
        #expect(topRow(d) == ["no emoji for “qzxq”"])
        // Back to the emoji and in again: a new query.
        d.tap("😀")
        d.tap("🔍")
        #expect(topRow(d) == ["🔍 type a name"])
    }

    @Test func turningTheOutputKeepsTheSearchItsQueryAndItsResults() throws {
        var d = try driven(names: ShippedEmojiNames())
        d.focus("")
        d.tap("next-keyboard")
        d.tap("🔍")
        for k in ["p", "i", "z"] { d.tap(k) }
        let found = topRow(d)
        #expect(found.first == "🔍 piz" && found.contains("🍕"))
        let portrait = try #require(d.c.geometry)
        d.record(d.c.outputChanged(width: 1280, height: 720))
        d.host.configure(height: d.c.wantedHeight)
        #expect(d.c.keyboard.layerName == "search")
        #expect(topRow(d) == found)
        // Laid out again for the new size, the results where the row puts them.
        let landscape = try #require(d.c.geometry)
        #expect(landscape.width == 1280 && landscape.width != portrait.width)
        #expect(landscape.keys.contains { $0.key.label == "🍕" })
        // The query goes on where it was.
        d.tap("z")
        #expect(topRow(d).first == "🔍 pizz")
    }

    @Test func theStripOffersAnEmojiForTheWordWhenOn() throws {
        var on = Settings()
        on.emojiSuggestions = true
        var d = try driven(on, names: ShippedEmojiNames())
        d.focus("")
        for k in ["p", "i", "z", "z", "a"] { d.tap(k) }
        #expect(d.c.strip.slots[2] == .emoji("🍕"))
        let out = d.textOut(d.tapSlot(2))
        #expect(out.contains(.edit(TextEdit(insert: " 🍕 "))) || d.c.text.known?.text == "pizza 🍕 ", "\(out)")
    }

    @Test func theStripHasNoEmojiWhenOffAndReadsNoNames() throws {
        let names = ShippedEmojiNames()
        var d = try driven(names: names)
        d.focus("")
        for k in ["p", "i", "z", "z", "a", "space"] { d.tap(k) }
        #expect(!d.c.strip.slots.contains(.emoji("🍕")))
        #expect(names.asked.isEmpty)
    }
}
