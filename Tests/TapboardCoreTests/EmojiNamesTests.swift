import TapboardCore
import TestSupport
import Testing

@Suite struct EmojiNamesTests {
    /// The shipped table of a language.
    func names(_ language: String) throws -> EmojiNames {
        let path = Repository.dictionaries + "/\(language)-emoji.tsv"
        return EmojiNames(text: try #require(readText(String(path))))
    }

    @Test func pizzaFindsPizzaFirst() throws {
        let en = try names("en")
        #expect(en.count > 1500)
        #expect(en.search("pizza").first == "🍕")
        #expect(en.search("piz").first == "🍕")
        #expect(en.search("PIZZA").first == "🍕")
    }

    @Test func heartFindsTheRedHeart() throws {
        let en = try names("en")
        // Among the first eight, as the search row shows them: the keyboard's own first.
        let places = EmojiNames.places(in: try loadShipped("emoji.json"))
        let found = en.search("heart", limit: 8, preferred: places)
        #expect(found.contains("❤\u{FE0F}"))
        #expect(found.first.flatMap { places[$0] } != nil)
        #expect(en.search("red heart").first == "❤\u{FE0F}")
    }

    @Test func unknownWordsFindNothing() throws {
        let en = try names("en")
        #expect(en.search("qzxv").isEmpty)
        #expect(en.search("").isEmpty)
        #expect(en.search("   ").isEmpty)
        #expect(en.emoji(forWord: "qzxv") == nil)
    }

    @Test func rankingPutsWholeNamesAndWordsFirstThenTheTablesOrder() {
        let table = EmojiNames(
            text: "🅰\tcat face\tpet\n🅱\tcatalog\tcat\n🅲\tcat\t\n🅳\tdog\tcatty\nbroken line\n")
        #expect(table.count == 4)
        // Whole name, whole name word, whole keyword, name prefix, keyword prefix.
        #expect(table.search("cat") == ["🅲", "🅰", "🅱", "🅳"])
        // Among equals, the preferred (the keyboard's own) first.
        let two = EmojiNames(text: "🅰\tcat face\t\n🅱\tcat tail\t\n")
        #expect(two.search("cat") == ["🅰", "🅱"])
        #expect(two.search("cat", preferred: ["🅱": 0]) == ["🅱", "🅰"])
        // Among equals, the shorter name first.
        let equals = EmojiNames(text: "🅰\tsmiling cat face\t\n🅱\tcat face\t\n")
        #expect(equals.search("cat") == ["🅱", "🅰"])
        #expect(table.search("cat", limit: 2) == ["🅲", "🅰"])
        #expect(table.search("ca fa") == ["🅰"])
        #expect(table.emoji(forWord: "cat") == "🅲")
        #expect(table.emoji(forWord: "pet") == "🅰")
    }

    @Test func otherLanguagesHaveTheirNames() throws {
        #expect(try names("de").search("herz").contains("❤\u{FE0F}"))
        #expect(try names("fr").search("pizza").first == "🍕")
        #expect(try names("es").search("pizza").first == "🍕")
        #expect(EmojiNames.fileLanguage(for: "de-CH") == "de")
    }

    @Test func theStripWordGivesItsEmoji() throws {
        let en = try names("en")
        #expect(en.emoji(forWord: "pizza") == "🍕")
        #expect(en.emoji(forWord: "Pizza") == "🍕")
        #expect(en.emoji(forWord: "heart") != nil)
    }

    @Test func settingIsOffByDefault() {
        #expect(Settings().emojiSuggestions == false)
        #expect(Settings.parse("emoji-suggestions = on", file: "cfg").0.emojiSuggestions)
        #expect(Settings.parse("emoji-suggestions = maybe", file: "cfg").1.count == 1)
    }
}
