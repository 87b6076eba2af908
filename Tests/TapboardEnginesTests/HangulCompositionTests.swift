import TapboardCore
import Testing

@testable import TapboardEngines

/// Korean 2-set through the real libhangul (Debian libhangul1).
@Suite struct HangulCompositionTests {
    @Test func jamoComposeSyllablesAndSpaceCommitsTheLastOne() {
        var korean = HangulComposition(log: { _ in })
        var committed = ""
        for jamo in ["ㅇ", "ㅏ", "ㄴ", "ㄴ", "ㅕ", "ㅇ"] {
            let step = korean.type(jamo)
            #expect(step.taken)
            committed += step.commit
        }
        #expect(committed == "안" && korean.preedit == "녕" && korean.isOpen)
        let space = korean.type(" ")
        #expect(space == ComposeStep(commit: "녕", taken: false))
        #expect(committed + space.commit == "안녕" && !korean.isOpen && korean.candidates.isEmpty)
    }

    @Test func backspaceTakesBackOneJamo() {
        var korean = HangulComposition(log: { _ in })
        for jamo in ["ㅇ", "ㅏ", "ㄴ"] { _ = korean.type(jamo) }
        #expect(korean.preedit == "안" && korean.preeditCursor == 1)
        let steppedBack = korean.backspace()
        #expect(steppedBack && korean.preedit == "아")
        #expect(korean.finish() == "아" && !korean.isOpen && !korean.backspace())
    }

    @Test func shiftedJamoAreTheDoubledConsonants() {
        var korean = HangulComposition(log: { _ in })
        for jamo in ["ㄲ", "ㅗ", "ㅊ"] { _ = korean.type(jamo) }
        #expect(korean.finishAsTyped() == "꽃")
    }

    @Test func aMissingLibrarySaysWhichPackageOnceAndTypesTheJamoAsTheyAre() {
        let lines = LogLines()
        var korean = HangulComposition(soname: "libhangul-missing.so.9", log: lines.log)
        let opened = korean.open()
        #expect(!opened)
        #expect(korean.type("ㅇ") == ComposeStep(taken: false))
        #expect(!korean.isOpen && korean.finish() == "")
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("install libhangul1") == true)
    }
}
