import Glibc
import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// The built-in themes, theme files and the choice by the desktop's colour scheme.
@Suite struct ThemeTests {
    /// WCAG 2 contrast ratio of two opaque colours, 1...21.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        func luminance(_ c: Color) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055).pow(2.4) }
            return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Every label against what it is drawn on: keys, special keys, a shift that is on,
    /// a held key, the return key, the space bar's name, popups.
    static func labelPairs(_ t: Theme) -> [(String, Color, Color)] {
        [
            ("label on key", t.label, t.key), ("label on special key", t.label, t.specialKey),
            ("on key", t.background, t.label), ("held key", t.pressedLabel, t.pressedKey),
            ("return key", t.accentLabel, t.accentKey), ("space bar name", t.secondaryLabel, t.key),
            ("popup", t.label, t.popup), ("selected popup item", t.accentLabel, t.accentKey),
            ("strip word", t.label, t.background), ("other strip words", t.secondaryLabel, t.background)
        ]
    }

    @Test func highContrastLabelsReachSevenToOne() {
        for (what, ink, ground) in Self.labelPairs(.highContrast) {
            #expect(Self.contrast(ink, ground) >= 7, "\(what): \(Self.contrast(ink, ground))")
        }
        #expect(Theme.highContrast.borderWidth >= 2)
    }

    /// Letters reach WCAG AA (4.5:1); the return key's arrow, the selected popup item and
    /// a held key (a moment under the finger) reach AA for large text and graphics (3:1):
    /// dark keeps the colours tapboard always had, whose return key is 4.25:1.
    @Test func lightAndDarkLabelsReachWCAGAA() {
        let large: Set = ["held key", "return key", "selected popup item"]
        for theme in [Theme.light, Theme.dark] {
            for (what, ink, ground) in Self.labelPairs(theme) {
                let needed = large.contains(what) ? 3.0 : 4.5
                #expect(Self.contrast(ink, ground) >= needed, "\(what): \(Self.contrast(ink, ground))")
            }
        }
    }

    @Test func contrastOfBlackOnWhiteIsTwentyOne() {
        #expect(abs(Self.contrast(Color(0x000000), Color(0xffffff)) - 21) < 0.001)
    }

    @Test func colorSchemeValuesMapToThemes() {
        #expect(Theme.forColorScheme(1) == .dark)
        #expect(Theme.forColorScheme(2) == .light)
        #expect(Theme.forColorScheme(0) == .dark)
        #expect(Theme.forColorScheme(nil) == .dark)
        #expect(Theme.forColorScheme(7) == .dark)
    }

    @Test func builtInNames() {
        #expect(Theme.named("light") == .light)
        #expect(Theme.named("dark") == .dark)
        #expect(Theme.named("high-contrast") == .highContrast)
        #expect(Theme.named("auto") == nil)
        #expect(Theme.light != Theme.dark && Theme.highContrast != Theme.dark)
    }

    @Test func aThemeFileSetsEverySetting() {
        let text = """
            # my theme
            background = #101010
            key = #20202080   # half transparent
            special-key = #303030
            pressed-key = #404040
            accent-key = #505050
            label = #606060
            secondary-label = #707070
            accent-label = #808080
            pressed-label = #909090
            popup = #a0a0a0
            border = #b0b0b0
            border-width = 1.5
            radius = 0.25
            gap = 8
            font = "DejaVu Serif Bold"
            label-size = 0.5
            """
        let (t, warnings) = ThemeFile.parse(text, file: "my.theme")
        #expect(warnings.isEmpty)
        #expect(t.background == Color(0x101010))
        #expect(t.key == Color(0x202020, alpha: Double(0x80) / 255))
        #expect(t.specialKey == Color(0x303030) && t.pressedKey == Color(0x404040) && t.accentKey == Color(0x505050))
        #expect(t.label == Color(0x606060) && t.secondaryLabel == Color(0x707070) && t.accentLabel == Color(0x808080))
        #expect(t.pressedLabel == Color(0x909090) && t.popup == Color(0xa0a0a0) && t.border == Color(0xb0b0b0))
        #expect(t.borderWidth == 1.5 && t.cornerRadius == 0.25 && t.gap == 8 && t.labelSize == 0.5)
        #expect(t.fontFamily == "DejaVu Serif Bold")
    }

    @Test func badLinesAreNamedAndTheRestAppliesOnTopOfDark() {
        let text = "label = #ff0000\ncolour = #00ff00\nkey = red\nradius = 2\nnonsense\nkey = #12345\ngap = -1\nfont =\n"
        let (t, warnings) = ThemeFile.parse(text, file: "/t/bad.theme")
        #expect(warnings.count == 7)
        for (w, line) in zip(warnings, [2, 3, 4, 5, 6, 7, 8]) {
            #expect(w.hasPrefix("/t/bad.theme:\(line): "), "\(w)")
            #expect(w.hasSuffix("; ignored"))
        }
        #expect(warnings[0].contains("unknown setting \"colour\""))
        #expect(warnings[1].contains("#rrggbb"))
        var expected = Theme.dark
        expected.label = Color(0xff0000)
        #expect(t == expected)
    }

    @Test func anEmptyFontIsReported() {
        let (_, warnings) = ThemeFile.parse("font =\nfont = \"\"", file: "f")
        #expect(
            warnings == [
                "f:1: \"font\" wants a font such as Sans or \"Cantarell Bold\"; ignored",
                "f:2: \"font\" wants a font such as Sans or \"Cantarell Bold\"; ignored"
            ])
    }

    @Test func aBaseAppliesFirstWhereverItIsWritten() {
        let (t, warnings) = ThemeFile.parse("accent-key = #00ff00\r\nbase = light\r\n", file: "f")
        #expect(warnings.isEmpty)
        var expected = Theme.light
        expected.accentKey = Color(0x00ff00)
        #expect(t == expected)
        let (_, bad) = ThemeFile.parse("base = solarized", file: "f")
        #expect(bad.count == 1 && bad[0].hasPrefix("f:1: \"base\" wants one of light, dark, high-contrast"))
    }

    /// Random files made of pieces of theme lines: each problem is one well-formed line,
    /// every value stays in its documented range, and CR LF line ends read the same.
    @Test func randomFilesGiveWellFormedWarningsAndSaneThemes() {
        let pieces =
            ThemeFile.keys + [
                "=", " = ", "#", " # c", "\n", "\n", "\r\n", "#ffffff", "#12345678", "#1234", "0", "0.5",
                "-1", "99", "1e308", "nan", "Sans Bold", "\"", "light", "high-contrast", "é", "\t", ""
            ]
        var seed: UInt64 = 0x5eed
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<3000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            let (t, warnings) = ThemeFile.parse(text, file: "f")
            let lines = text.unicodeScalars.filter { $0 == "\n" }.count + 1
            for w in warnings {
                let n = Int(w.dropFirst(2).prefix { $0 != ":" }) ?? 0
                #expect(w.hasPrefix("f:") && w.hasSuffix("; ignored") && !w.contains("\n") && (1...lines).contains(n), "\(w)")
            }
            #expect((0...8).contains(t.borderWidth) && (0...0.5).contains(t.cornerRadius) && (0.2...0.8).contains(t.labelSize))
            #expect(t.gap.map { (0...24).contains($0) } ?? true)
            #expect(!t.fontFamily.isEmpty)
            if !text.contains("\r") {
                let (u, w) = ThemeFile.parse(text.replacingLineEnds(), file: "f")
                #expect(u == t && w == warnings, "\(text.debugDescription)")
            }
        }
    }

    @Test func colours() {
        #expect(ThemeFile.color("#ffffff") == Color(0xffffff))
        #expect(ThemeFile.color("#00000000") == Color(0, alpha: 0))
        for bad in ["ffffff", "#fff", "#gggggg", "#+fffff", "#ffffff0", ""] {
            #expect(ThemeFile.color(bad) == nil, "\(bad)")
        }
    }

    @Test(arguments: Theme.builtIn.map(\.name)) func theShippedThemeFilesAreTheBuiltIns(name: String) throws {
        let (t, warnings) = ThemeFile.parse(try requireText(Repository.root + "/data/themes/\(name).theme"), file: name)
        #expect(warnings.isEmpty)
        #expect(t == Theme.named(name))
    }

    /// The user guide's full example (docs/themes.md) uses every setting, and each line is valid.
    @Test func theGuideExampleIsValidAndComplete() throws {
        let page = try requireText(Repository.root + "/docs/themes.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(lines.firstIndex(of: "Every setting, in a full example:"))
        let body = lines[(heading + 3)...].prefix { $0 != "```" }
        let example = body.joined(separator: "\n")
        let (t, warnings) = ThemeFile.parse(example, file: "docs/themes.md")
        #expect(warnings.isEmpty, "\(warnings)")
        let keys = example.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(keys == ThemeFile.keys)
        #expect(t.gap == 8 && t.fontFamily == "Cantarell Bold" && t.popup == Color(0x575a66, alpha: Double(0xcc) / 255))
    }

    @Test func theThemeSetting() {
        for value in ["auto", "light", "dark", "high-contrast", "~/themes/mine.theme", "/usr/share/tapboard/themes/light.theme"] {
            let (s, warnings) = Settings.parse("theme = \(value)", file: "config")
            #expect(warnings.isEmpty && s.theme == value)
        }
        #expect(Settings().theme == "auto")
        let (s, warnings) = Settings.parse("theme = solarized", file: "config")
        #expect(s.theme == "auto")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("config:1: \"theme\" wants auto, light, dark, high-contrast"))
    }
}

extension String {
    /// The same text with CR LF line ends.
    fileprivate func replacingLineEnds() -> String {
        String(decoding: utf8.flatMap { $0 == 10 ? [13, 10] : [$0] }, as: UTF8.self)
    }
}

extension Double {
    fileprivate func pow(_ e: Double) -> Double { Glibc.pow(self, e) }
}
