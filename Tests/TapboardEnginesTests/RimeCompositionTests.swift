import Synchronization
import TapboardCore
import Testing

@testable import TapboardEngines

/// Simplified-Chinese pinyin through the real librime (Debian librime1, rime-data-luna-pinyin).
@Suite(.serialized) struct RimeCompositionTests {
    func pinyin(_ letters: String) -> RimeComposition {
        var chinese = RimeComposition(dataDirectory: TestData.directory, followOn: TestData.chineseFollowOn, log: { _ in })
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
        var asked = RimeComposition(dataDirectory: TestData.directory, followOn: TestData.chineseFollowOn, log: { _ in })
        #expect(asked.awaitsOpening)
        asked.openEngine()
        #expect(!asked.awaitsOpening && !asked.isOpen)
        var typed = RimeComposition(dataDirectory: TestData.directory, followOn: TestData.chineseFollowOn, log: { _ in })
        #expect(typed.type("n") == ComposeStep(taken: true))
        #expect(!typed.awaitsOpening && typed.preedit == "n")
        var missing = RimeComposition(
            dataDirectory: TestData.directory, soname: "librime-missing.so.9", followOn: TestData.chineseFollowOn, log: { _ in })
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
        var chinese = RimeComposition(
            dataDirectory: TestData.directory, soname: "librime-missing.so.9", followOn: TestData.chineseFollowOn, log: lines.log)
        #expect(!chinese.open() && !chinese.open())
        #expect(chinese.type("n") == ComposeStep(taken: false) && chinese.candidates.isEmpty)
        #expect(lines.all.count == 1 && lines.all.first?.contains("install librime1") == true)
    }

    /// After 你 (simplified, as luna_pinyin_simp writes): the words RIME's vocabulary has
    /// beginning with it, heaviest first and simplified (们, not 們).
    @Test func theWordsThatFollowComeFromRimesVocabularySimplified() throws {
        var chinese = RimeComposition(dataDirectory: TestData.directory, followOn: TestData.chineseFollowOn, log: { _ in })
        let after = chinese.followOn(after: "你")
        #expect(after.first == "们" && after.contains("好") && !after.contains("們"), "\(after)")
        // Two characters first, then the last one alone.
        let later = chinese.followOn(after: "我们")
        #expect(later.contains("的") && later.count > 10)
    }

    /// The words and their order are those the vocabulary gave when it was read and ranked
    /// at run time (ChineseFollowOn.index of essay.txt through OpenCC's t2s, before the
    /// prebuilt file): the heaviest 24 after the last two characters, then after the last one.
    @Test func theWordsThatFollowAreThoseRankedFromTheVocabulary() throws {
        let words = try #require(TestData.chineseFollowOn().map(ChineseFollowOn.init))
        let known: [String: String] = [
            "你": "们 的 好 是 要 说 就 在 也 会 有 不 看 还 能 不是 想 家 妈 说的 以为 对 个 来",
            "我们": "俩 的 自己 一起 不 之间 也 今天 党 公司 可以 在 学校 家 将 就 应该 把 是 是朋友 有 村 班 生活",
            "中国": "人 队 特色 经济 政府 市场 人民 企业 移动 大陆 股市 足球 银行 电信 文化 联通 古代 石油 第一 国际 社会 传统 电影 内地 "
                + "家 内 际 外 务院 产 庆 内外 民党 有 家队 王 民 企 际化 有企业 际市场 家级 美 民经济 资委 债 防",
            "好": "像 的 了 好 多 久 吧 看 友 处 玩 不好 吗 吃 啊 事 听 奇 人 似 朋友 点 东西 想",
            "的": "人 话 事 确 新 是 心 一种 基础上 钱 博客 脸 手 第 歌 书 爱 路 好 大 老 吗 一员 家"
        ]
        for (committed, expected) in known {
            #expect(words.words(after: committed) == expected.split(separator: " ").map(String.init), "after \(committed)")
        }
        #expect(words.words(after: "").isEmpty && words.words(after: "x").isEmpty)
    }

    @Test func withoutTheFollowOnFileThereAreNone() {
        var chinese = RimeComposition(dataDirectory: TestData.directory, followOn: { nil }, log: { _ in })
        #expect(chinese.followOn(after: "你").isEmpty)
    }
}
