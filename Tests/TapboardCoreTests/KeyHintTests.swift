import TestSupport
import Testing

@testable import TapboardCore

@Suite struct KeyHintTests {
    @Test func textKeysWithAlternatesHintTheFirst() {
        let e = Key(label: "e", action: .text("e"), alternates: ["è", "é"])
        #expect(e.hint(shifted: false) == .text("è"))
        #expect(e.hint(shifted: true) == .text("È"))
        // An alternate that repeats the key's own text is skipped.
        #expect(Key(label: "a", action: .text("a"), alternates: ["a", "ä"]).hint(shifted: false) == .text("ä"))
        let period = Key(label: ".", action: .text("."), alternates: ["?", "!"])
        #expect(period.hint(shifted: true) == .text("?"))
    }

    @Test func longOrEmojiAlternatesShowAMark() {
        #expect(Key(label: "👍", action: .text("👍"), alternates: ["👍🏻", "👍🏿"]).hint(shifted: false) == .mark)
        #expect(Key(label: "❤", action: .text("❤"), alternates: ["❤️"]).hint(shifted: false) == .mark)
        #expect(Key(label: ".", action: .text("."), alternates: [".com", ".org"]).hint(shifted: false) == .mark)
    }

    @Test func keysWithNothingMoreHaveNoHint() {
        #expect(Key.text("q").hint(shifted: false) == nil)
        #expect(Key(label: "a", action: .text("a"), alternates: ["a"]).hint(shifted: false) == nil)
        #expect(Key(label: "", action: .space, alternates: ["x"]).hint(shifted: false) == nil)
        #expect(Key(label: "", action: .text("x"), alternates: ["y"], icon: .shift).hint(shifted: false) == nil)
        var kept = Key(label: "ß", action: .text("ß"), alternates: ["ſ"])
        kept.keepsCase = true
        #expect(kept.hint(shifted: true) == .text("ſ"))
    }

    @Test func everyShippedAlternateKeyHasAHint() throws {
        for file in layoutFiles() {
            for key in try loadShipped(file).layers.flatMap({ $0.rows.joined() }) {
                guard case .text(let t) = key.action, key.icon == nil, key.image == nil else { continue }
                #expect((key.hint(shifted: false) != nil) == key.alternates.contains { $0 != t }, "\(file): \(key.label)")
            }
        }
    }
}
