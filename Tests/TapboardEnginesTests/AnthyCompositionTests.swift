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
        ("ja", "じゃ"), ("fuji", "ふじ"), ("hu", "ふ"), ("ti", "ち"), ("kon'ya", "こんや"), ("konnya", "こんにゃ"),
        ("matcha", "まっちゃ"), ("xtu", "っ"), ("ltu", "っ"), ("ra-men", "らーめん"), ("si", "し"),
        ("konnichiha", "こんにちは"), ("kanji", "かんじ"), ("minna", "みんな"), ("onnna", "おんな"),
        ("konnnichiha", "こんにちは"), ("sannin", "さんにん"), ("konnyaku", "こんにゃく"), ("honnda", "ほんだ"),
        ("konn", "こん"), ("kon", "こん"), ("n'", "ん"), ("nn", "ん"), ("kinn'en", "きんえん"), ("shinbun", "しんぶん")
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

    @Test func aFinalNStaysAsTypedUntilTheInputIsFinished() {
        var japanese = romaji("kon", learning: false)
        #expect(japanese.preedit == "こn")
        #expect(japanese.type("n") == ComposeStep(taken: true) && japanese.preedit == "こnn")
        #expect(japanese.type("i") == ComposeStep(taken: true) && japanese.preedit == "こんに")
        #expect(japanese.backspace() && japanese.preedit == "こん")
    }

    @Test func theWholeSentenceComesFirstThenTheSegmentsAlternatives() throws {
        var japanese = romaji("watashihagakuseidesu", learning: false)
        let candidates = japanese.candidates
        #expect(candidates.first == "私は学生です", "\(candidates)")
        #expect(candidates.dropFirst().contains("私は") && candidates.dropFirst().contains("わたしは"), "\(candidates)")
        // The cursor marks the segment being chosen: after わたしは.
        #expect(japanese.preedit == "わたしはがくせいです" && japanese.preeditCursor == 4)
        #expect(japanese.type(" ") == ComposeStep(commit: "私は学生です", taken: true))
        #expect(!japanese.isOpen && japanese.candidates.isEmpty)
    }

    @Test func aSegmentsAlternativeCommitsItAndTheRestStays() throws {
        var japanese = romaji("watashihagakuseidesu", learning: false)
        let index = try #require(japanese.candidates.firstIndex(of: "わたしは"))
        #expect(index > 0)
        #expect(japanese.pick(index) == ComposeStep(commit: "わたしは", taken: true))
        #expect(japanese.preedit == "がくせいです" && japanese.preeditCursor == 6)
        #expect(japanese.candidates.first == "学生です", "\(japanese.candidates)")
        #expect(japanese.finish() == "学生です" && !japanese.isOpen)
    }

    @Test func theFirstCandidateOfALongerInputCommitsAllOfItAndLettersWaitingStay() {
        var japanese = romaji("kyouhaiitenkidesuk", learning: true)
        #expect(japanese.preedit.hasSuffix("k"))
        let first = japanese.candidates.first ?? "?"
        #expect(first.hasPrefix("今日は") && first.hasSuffix("天気です"), "\(japanese.candidates)")
        #expect(japanese.pick(0) == ComposeStep(commit: first, taken: true))
        #expect(japanese.preedit == "k" && japanese.isOpen)
    }

    @Test(arguments: [
        ("konnichiha", "今日は"), ("desu", "です"), ("masu", "ます"), ("pen", "ペン"), ("kamera", "カメラ"),
        ("konpyu-ta-", "コンピューター")
    ])
    func commonWordsComeFirstAndLoanwordsStayInKatakana(typed: String, word: String) {
        let japanese = romaji(typed, learning: false)
        #expect(japanese.candidates.first == word, "\(japanese.candidates)")
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

    /// ここではきものをぬぐ: Anthy splits ここでは|きものを (着物を); the first segment made one
    /// kana shorter gives ここで|はきものを (履物を), and the segments are then picked one by one.
    @Test func aSegmentMadeShorterSplitsTheRestAgain() throws {
        var japanese = romaji("kokodehakimonowonugu", learning: false)
        #expect(japanese.resizableSegment && japanese.candidates.first == "ここでは着物を脱ぐ")
        #expect(japanese.preeditCursor == 4)
        let shorter = japanese.resizeSegment(by: -1)
        #expect(shorter && japanese.candidates.first == "ここで履物を脱ぐ" && japanese.preeditCursor == 3)
        // The segment's own alternatives follow the sentence: picking one steps to the next segment.
        let koko = try #require(japanese.candidates.dropFirst().firstIndex(of: "ここで"))
        let picked = japanese.pick(koko)
        #expect(picked == ComposeStep(commit: "ここで", taken: true))
        #expect(japanese.preedit == "はきものをぬぐ" && japanese.candidates.first == "履物を脱ぐ")
        // Longer again, then back: the length follows.
        let longer = japanese.resizeSegment(by: 1)
        #expect(longer && japanese.preeditCursor == 6)
        let back = japanese.resizeSegment(by: -1)
        #expect(back && japanese.preeditCursor == 5)
        let text = japanese.finish()
        #expect(text == "履物を脱ぐ")
    }

    @Test func oneSegmentLeftCanStillBeMadeShorter() {
        var japanese = romaji("nihongo", learning: false)
        #expect(!japanese.resizableSegment)
        let shorter = japanese.resizeSegment(by: -1)
        #expect(shorter && japanese.resizableSegment)
        #expect(japanese.preeditCursor < 4)
    }
}
