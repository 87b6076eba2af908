import TapboardCore
import TapboardSystem
import TestSupport
import Testing

/// The engines as the live panel opens them, with the shipped data files.
@Suite struct EngineOpenerTests {
    /// The repository's keyboards and, beside them, its dictionaries.
    let dictionaries = DictionaryStore(
        layouts: LayoutStore(environment: { $0 == "TAPBOARD_LAYOUTS" ? Repository.layouts : nil }),
        environment: { _ in nil })

    /// The Chinese composition's follow-on words come from the shipped `zh-follow-on.tbd`,
    /// memory-mapped on the first commit that asks (RIME need not be open for them).
    @Test func chineseFollowOnWordsComeFromTheShippedFile() throws {
        #expect(dictionaries.path(language: "zh", suffix: "-follow-on") == Repository.dictionaries + "/zh-follow-on.tbd")
        let opener = EngineOpener(dataDirectory: "/nonexistent", learning: false, dictionaries: dictionaries)
        var chinese = opener.composition(for: .rime(schema: "luna_pinyin_simp"))
        #expect(Array(chinese.followOn(after: "你").prefix(3)) == ["们", "的", "好"])
        #expect(chinese.followOn(after: "中国").first == "人")
    }
}
