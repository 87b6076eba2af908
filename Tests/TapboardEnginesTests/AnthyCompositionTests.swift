import TapboardCore
import Testing

@testable import TapboardEngines

/// Japanese through tapboard's romaji table and the real Anthy (Debian libanthy1, anthy-common).
@Suite(.serialized) struct AnthyCompositionTests {
    func romaji(_ letters: String, learning: Bool = true) -> AnthyComposition {
        var japanese = AnthyComposition(dataDirectory: TestData.directory, learning: learning, log: { _ in })
        for letter in letters { #expect(japanese.type(String(letter)) == ComposeStep(taken: true)) }
        return japanese
    }

    @Test func nihongoOffersTheWordAndPickingItCommitsIt() throws {
        var japanese = romaji("nihongo")
        #expect(japanese.preedit == "にほんご" && japanese.preeditCursor == 4)
        let index = try #require(japanese.candidates.firstIndex(of: "日本語"))
        #expect(japanese.pick(index) == ComposeStep(commit: "日本語", taken: true))
        #expect(!japanese.isOpen && japanese.candidates.isEmpty)
    }

    @Test(arguments: [
        ("kyouha", "きょうは"), ("kitte", "きって"), ("shinbun", "しんぶん"), ("tsuchi", "つち"), ("jya", "じゃ"),
        ("ja", "じゃ"), ("fuji", "ふじ"), ("hu", "ふ"), ("ti", "ち"), ("kon'ya", "こんや"), ("konnya", "こんや"),
        ("matcha", "まっちゃ"), ("xtu", "っ"), ("ltu", "っ"), ("ra-men", "らーめん"), ("si", "し")
    ])
    func romajiBecomesKana(typed: String, kana: String) {
        var japanese = romaji(typed, learning: false)
        #expect(japanese.finishAsTyped() == kana)
    }

    @Test func theKanaShowsTheLettersWaiting() {
        var japanese = romaji("kyouhak", learning: false)
        #expect(japanese.preedit == "きょうはk")
        #expect(japanese.backspace() && japanese.preedit == "きょうは")
        #expect(japanese.backspace() && japanese.preedit == "きょう")
    }

    @Test func spacePicksTheFirstSegmentAndTheRestStays() {
        var japanese = romaji("watashihagakusei", learning: false)
        let first = japanese.candidates.first ?? "?"
        let step = japanese.type(" ")
        #expect(step == ComposeStep(commit: first, taken: true))
        #expect(japanese.isOpen && "わたしはがくせい".hasSuffix(japanese.preedit))
        let rest = japanese.finish()
        #expect(!rest.isEmpty && !japanese.isOpen)
    }

    @Test func learningWritesOnlyTheOwnersFiles() throws {
        var japanese = romaji("nihongo")
        _ = japanese.pick(0)
        let home = TestData.directory + "/anthy"
        #expect(TestData.mode(home) == 0o700 && TestData.mode(home + "/.anthy") == 0o700)
        for entry in TestData.tree(home) { #expect(entry.mode & 0o077 == 0, "\(entry.path)") }
    }

    @Test func aMissingLibrarySaysWhichPackageOnce() {
        let lines = LogLines()
        var japanese = AnthyComposition(dataDirectory: TestData.directory, soname: "libanthy-missing.so.9", log: lines.log)
        #expect(!japanese.open() && !japanese.open())
        #expect(japanese.type("n") == ComposeStep(taken: false))
        #expect(lines.all.count == 1 && lines.all.first?.contains("install libanthy1") == true)
    }
}
