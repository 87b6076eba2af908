import TestSupport
import Testing

@testable import TapboardCore

/// The panel's and the command line's strings in the user's language: which catalog the
/// environment asks for, the catalogs read, the strings the panel shows in German.
@Suite struct TranslationsTests {
    func names(_ environment: [String: String]) -> [String] {
        Translations.catalogNames(environment: { environment[$0] })
    }

    @Test func theEnvironmentNamesTheCatalogs() {
        #expect(names([:]).isEmpty)
        #expect(names(["LANGUAGE": "de"]) == ["de"])
        #expect(names(["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
        #expect(names(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"]) == ["ru_RU", "ru"])
        #expect(names(["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"]) == ["fr_FR", "fr"])
        #expect(names(["LANGUAGE": "fr:de", "LANG": "ru_RU.UTF-8"]) == ["fr", "de"])
        #expect(names(["LANG": "sr_RS.UTF-8@latin"]) == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
        // LC_ALL=C (scripts wanting stable output) wins over LANGUAGE, as in gettext.
        #expect(names(["LANGUAGE": "de", "LC_ALL": "C"]).isEmpty)
        #expect(names(["LANGUAGE": "de", "LANG": "C.UTF-8"]).isEmpty)
        #expect(names(["LANGUAGE": "de:C:fr", "LANG": "de_DE.UTF-8"]) == ["de"])
        // Portuguese and Chinese with no catalog of their own find the shipped ones.
        #expect(names(["LANG": "pt_PT.UTF-8"]) == ["pt_PT", "pt", "pt_BR"])
        #expect(names(["LANGUAGE": "zh"]) == ["zh", "zh_CN"])
        #expect(names(["LANG": "zh_TW.UTF-8"]) == ["zh_TW", "zh"])
    }

    @Test func valuesFillTheirPlaces() throws {
        let t = Translations(language: "xx", messages: ["%s of %s": "%2$s: %1$s", "a %s b": "%s, 100% %s"])
        Translations.bound(t) {
            #expect(tr("%s of %s", "1", "2") == "2: 1")
            #expect(tr("a %s b", "x") == "x, 100% ")
            #expect(tr("untranslated %s", "y") == "untranslated y")
        }
        #expect(tr("%s of %s", "1", "2") == "1 of 2")
    }

    /// A catalog in either byte order; anything else is none.
    @Test func compiledCatalogsAreRead() throws {
        func mo(_ pairs: [(String, String)], big: Bool = false) -> [UInt8] {
            var out: [UInt8] = []
            func word(_ v: Int) {
                let b = (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
                out += big ? b.reversed() : b
            }
            let n = pairs.count
            let strings = 28 + 16 * n
            var data: [UInt8] = []
            var originals: [(Int, Int)] = []
            var translations: [(Int, Int)] = []
            for (id, _) in pairs {
                originals.append((id.utf8.count, strings + data.count))
                data += Array(id.utf8) + [0]
            }
            for (_, text) in pairs {
                translations.append((text.utf8.count, strings + data.count))
                data += Array(text.utf8) + [0]
            }
            word(0x9504_12de)
            word(0)
            word(n)
            word(28)
            word(28 + 8 * n)
            word(0)
            word(0)
            for (l, o) in originals + translations {
                word(l)
                word(o)
            }
            return out + data
        }
        let pairs = [("", "Content-Type: text/plain; charset=UTF-8\n"), ("Done", "Fertig"), ("Paste", "Einfügen")]
        for big in [false, true] {
            let t = try #require(Translations(mo: mo(pairs, big: big), language: "de"))
            #expect(t["Done"] == "Fertig" && t["Paste"] == "Einfügen" && t["Clear"] == "Clear" && t.count == 2)
        }
        let good = mo(pairs)
        #expect(Translations(mo: Array(good.prefix(good.count - 5)), language: "de") == nil)
        #expect(Translations(mo: [0, 1, 2, 3] + good.dropFirst(4), language: "de") == nil)
        #expect(Translations(mo: [], language: "de") == nil)
    }

    @Test func everyShippedCatalogLoadsWhole() throws {
        let languages = ShippedTranslations.languages
        #expect(languages.count >= 10)
        for language in ["de", "fr", "es", "pt_BR", "ru", "zh_CN", "ja", "ko"] { #expect(languages.contains(language)) }
        let counts = languages.map { ShippedTranslations.translations($0).count }
        #expect(counts.allSatisfy { $0 > 0 && $0 == counts[0] }, "\(zip(languages, counts).map { "\($0) \($1)" })")
    }

    /// LANGUAGE=de: the toolbar, the globe key's list, the clipboard panel and the emoji
    /// search in German; English again outside.
    @Test func languageDePicksGerman() throws {
        let german = ShippedTranslations.translations(environment: ["LANGUAGE": "de", "LANG": "en_US.UTF-8"])
        #expect(german.language == "de")
        try Translations.bound(german) {
            #expect(ToolbarButton.allCases.map(\.label) == ["‹ Zurück", "Weiter ›", "Einfügen", "Fertig"])
            var s = Settings()
            _ = s.set("suggestions", "off")
            var d = try Driven(["us", "emoji"], settings: s)
            d.focus()
            #expect(d.c.keyboard.modeChoices.map(\.label) == ["Einhandmodus", "Schwebend"])
            let clipboard = ClipboardPanel.layout([])
            #expect(clipboard.displayName == "Zwischenablage")
            #expect(clipboard.layers[0].rows.last?.map(\.label) == ["Leeren", "Fertig"])
            #expect(Controller.emojiResultRow(query: "", results: [], names: true).first?.label == "🔍 Namen eingeben")
        }
        #expect(ToolbarButton.done.label == "Done")
        let english = ShippedTranslations.translations(environment: ["LANGUAGE": "de", "LC_ALL": "C"])
        #expect(english == .english)
    }

    /// The shipped panels' "Done" is the panel's word, and their names the panel's, in the user's language.
    @Test func aPanelsDoneFollowsTheLanguage() throws {
        let text = try #require(readText(Repository.layouts + "/snippets.json"))
        let russian = ShippedTranslations.translations("ru")
        let layout = try Translations.bound(russian) {
            try LayoutParser.parse(text, file: "snippets.json", defaultName: "snippets")
        }
        #expect(layout.layers[0].rows.last?.last?.label == "Готово")
        // A keyboard of no language is named in the user's; a language's keeps its own name.
        #expect(layout.displayName == "Шаблоны")
        let de = try #require(readText(Repository.layouts + "/de.json"))
        let german = try Translations.bound(russian) { try LayoutParser.parse(de, file: "de.json", defaultName: "de") }
        #expect(german.displayName == "Deutsch")
    }
}
