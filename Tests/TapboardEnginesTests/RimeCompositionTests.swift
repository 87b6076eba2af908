import Synchronization
import TapboardCore
import Testing

@testable import TapboardEngines

/// Simplified-Chinese pinyin through the real librime (Debian librime1, rime-data-luna-pinyin).
@Suite(.serialized) struct RimeCompositionTests {
    func pinyin(_ letters: String) -> RimeComposition {
        var chinese = RimeComposition(dataDirectory: TestData.directory, log: { _ in })
        for letter in letters { #expect(chinese.type(String(letter)) == ComposeStep(taken: true)) }
        return chinese
    }

    @Test func nihaoOffersNiHaoAndPickingItCommitsIt() throws {
        var chinese = pinyin("nihao")
        #expect(chinese.preedit == "ni hao" && chinese.preeditCursor == 6)
        let candidates = chinese.candidates
        #expect(candidates.count > 10)
        let index = try #require(candidates.firstIndex(of: "你好"))
        #expect(chinese.pick(index) == ComposeStep(commit: "你好", taken: true))
        #expect(!chinese.isOpen && chinese.preedit == "" && chinese.candidates.isEmpty)
    }

    @Test func backspaceEditsThePinyin() {
        var chinese = pinyin("nihao")
        let steppedBack = chinese.backspace()
        #expect(steppedBack && chinese.preedit == "ni ha")
        #expect(chinese.finishAsTyped() == "niha" && !chinese.isOpen && !chinese.backspace())
    }

    @Test func pickingPartLeavesTheRestAsPreedit() throws {
        var chinese = pinyin("nihaoshijie")
        let index = try #require(chinese.candidates.firstIndex(of: "你好"))
        #expect(chinese.pick(index) == ComposeStep(commit: "", taken: true))
        #expect(chinese.preedit == "你好shi jie" && chinese.candidates.contains("世界"))
        #expect(chinese.finishAsTyped() == "你好shijie")
    }

    @Test func spacePicksTheBestAndPunctuationCommitsItThenIsTyped() {
        var chinese = pinyin("shijie")
        let best = chinese.candidates.first ?? "?"
        #expect(chinese.type(" ") == ComposeStep(commit: best, taken: true))
        #expect(chinese.type(" ") == ComposeStep(taken: false))
        chinese = pinyin("shijie")
        let comma = chinese.type(",")
        #expect(!comma.taken && !comma.commit.isEmpty && !chinese.isOpen)
    }

    @Test func rimeAwaitsOpeningUntilOpenedOrTyped() {
        var asked = RimeComposition(dataDirectory: TestData.directory, log: { _ in })
        #expect(asked.awaitsOpening)
        asked.openEngine()
        #expect(!asked.awaitsOpening && !asked.isOpen)
        var typed = RimeComposition(dataDirectory: TestData.directory, log: { _ in })
        #expect(typed.type("n") == ComposeStep(taken: true))
        #expect(!typed.awaitsOpening && typed.preedit == "n")
        var missing = RimeComposition(dataDirectory: TestData.directory, soname: "librime-missing.so.9", log: { _ in })
        missing.openEngine()
        #expect(!missing.awaitsOpening)
    }

    @Test func theUserDataIsTheOwnersOnly() throws {
        var chinese = pinyin("nihao")
        _ = chinese.pick(0)
        let directory = TestData.directory + "/rime"
        #expect(TestData.mode(directory) == 0o700)
        let tree = TestData.tree(directory)
        #expect(!tree.isEmpty)
        for entry in tree { #expect(entry.mode & 0o077 == 0, "\(entry.path)") }
    }

    @Test func aMissingLibrarySaysWhichPackageOnce() {
        let lines = LogLines()
        var chinese = RimeComposition(dataDirectory: TestData.directory, soname: "librime-missing.so.9", log: lines.log)
        #expect(!chinese.open() && !chinese.open())
        #expect(chinese.type("n") == ComposeStep(taken: false) && chinese.candidates.isEmpty)
        #expect(lines.all.count == 1 && lines.all.first?.contains("install librime1") == true)
    }

    /// After 你 (simplified, as luna_pinyin_simp writes): the words RIME's vocabulary has
    /// beginning with it, heaviest first and simplified (们, not 們).
    @Test func theWordsThatFollowComeFromRimesVocabularySimplified() throws {
        var chinese = RimeComposition(dataDirectory: TestData.directory, log: { _ in })
        let clock = ContinuousClock()
        var after: [String] = []
        let took = clock.measure { #expect(chinese.followOnWords.waitUntilRead()) }
        after = chinese.followOn(after: "你")
        #expect(after.first == "们" && after.contains("好") && !after.contains("們"), "\(after)")
        // Two characters first, then the last one alone.
        let later = chinese.followOn(after: "我们")
        #expect(later.contains("的") && later.count > 10)
        print("follow-on vocabulary read in \(took)")
    }

    @Test func withoutTheVocabularyThereAreNoneAndOneLineSaysWhy() {
        let lines = Mutex<[String]>([])
        #expect(ChineseFollowOn(essay: "/nonexistent/essay.txt", log: { l in lines.withLock { $0.append(l) } }) == nil)
        #expect(
            lines.withLock { $0 } == [
                "Chinese follow-on words are unavailable: /nonexistent/essay.txt is missing (install rime-essay)"
            ])
    }
}
