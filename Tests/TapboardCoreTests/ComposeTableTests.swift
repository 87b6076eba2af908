import TestSupport
import Testing

@testable import TapboardCore

/// Dead keys and the compose key of the shipped `us-intl` keyboard, key by key.
@Suite struct ComposeTableTests {
    func table() throws -> ComposeTable {
        let layout = try loadShipped("us-intl.json")
        guard case .table(let t) = try #require(layout.compose) else {
            Issue.record("us-intl has no compose table")
            return ComposeTable(starters: [:], sequences: [:])
        }
        return t
    }

    /// Types key texts; returns what was committed and the preedit after each key.
    func type(_ keys: [String], _ t: ComposeTable) -> (committed: String, preedits: [String], open: Bool) {
        var s = ComposeSequence(table: t)
        var committed = ""
        var preedits: [String] = []
        for k in keys {
            let step = s.type(k)
            committed += step.commit
            if !step.taken { committed += k }
            preedits.append(s.preedit)
        }
        return (committed, preedits, s.isOpen)
    }

    static let acute = "\u{301}", grave = "\u{300}", circumflex = "\u{302}", diaeresis = "\u{308}", tilde = "\u{303}"

    @Test func deadAcuteThenEGivesEAcuteWithTheAccentAsPreeditMidway() throws {
        let r = type([Self.acute, "e"], try table())
        #expect(r.committed == "é" && r.preedits == ["´", ""] && !r.open)
    }

    @Test func everyDeadKeyComposesItsVowels() throws {
        let t = try table()
        let cases: [(String, String, String)] = [
            (Self.acute, "a", "á"), (Self.grave, "e", "è"), (Self.circumflex, "o", "ô"),
            (Self.diaeresis, "u", "ü"), (Self.tilde, "n", "ñ"), (Self.acute, "c", "ć")
        ]
        for (dead, letter, want) in cases { #expect(type([dead, letter], t).committed == want) }
    }

    @Test func capitalsComposeToCapitals() throws {
        #expect(type([Self.acute, "E"], try table()).committed == "É")
        #expect(type(["⎄", "O", "\""], try table()).committed == "Ö")
    }

    @Test func deadKeyThenSpaceOrItselfTypesTheAccent() throws {
        #expect(type([Self.diaeresis, " "], try table()).committed == "¨")
        #expect(type([Self.acute, Self.acute], try table()).committed == "´")
    }

    @Test func aKeyThatComposesNothingTypesTheAccentAndItself() throws {
        let r = type([Self.acute, "x"], try table())
        #expect(r.committed == "´x" && !r.open)
    }

    @Test func anotherDeadKeyCommitsTheFirstAndOpensItsOwn() throws {
        let r = type([Self.acute, Self.grave, "a"], try table())
        #expect(r.committed == "´à" && r.preedits == ["´", "`", ""])
    }

    @Test func composeKeySequencesInEitherOrder() throws {
        let t = try table()
        #expect(type(["⎄", "o", "\""], t).committed == "ö")
        #expect(type(["⎄", "\"", "o"], t).committed == "ö")
        #expect(type(["⎄", "s", "s"], t).committed == "ß")
        #expect(type(["⎄", "=", "e"], t).committed == "€")
        #expect(type(["⎄", "-", "-", "."], t).committed == "–")
    }

    @Test func composeShowsTheKeysTypedSoFarAsPreedit() throws {
        let r = type(["⎄", "o"], try table())
        #expect(r.preedits == ["", "o"] && r.open && r.committed == "")
    }

    @Test func backspaceStepsBackAndFinishCommitsWhatShows() throws {
        var s = ComposeSequence(table: try table())
        _ = s.type("⎄")
        _ = s.type("o")
        let stepped = s.backspace()
        #expect(stepped && s.preedit == "" && s.isOpen)
        _ = s.type("o")
        let finished = s.finish()
        #expect(finished == "o" && !s.isOpen)
        let again = s.backspace()
        #expect(!again)
    }

    @Test func plainKeysPassThroughUntouched() throws {
        var s = ComposeSequence(table: try table())
        let letter = s.type("e")
        let accent = s.type("´")  // the spacing accent is no dead key
        #expect(letter == ComposeStep(taken: false) && accent == ComposeStep(taken: false))
    }

    @Test func everyComposedCharacterIsListedForTheKeymapCapitalsToo() throws {
        let intl = try #require(try loadShipped("us-intl.json").compose).outputs
        #expect(["é", "É", "ö", "Ö", "ß", "€", "´"].allSatisfy(intl.contains))
        let vi = try #require(try loadShipped("vi.json").compose).outputs
        #expect(["ệ", "Ệ", "đ", "Đ", "ư", "ờ"].allSatisfy(vi.contains))
    }

    @Test func tableChecksRejectSequencesWithoutADeadKey() {
        let json = """
            {"name": "x", "compose": {"dead": {"\\u0301": "´"}, "sequences": {"ae": "æ", "\\u0301e": ""}},
             "layers": [{"name": "base", "rows": [["a"]]}]}
            """
        #expect(throws: LayoutError.self) { try LayoutParser.parse(json, file: "x.json", defaultName: "x") }
        do {
            _ = try LayoutParser.parse(json, file: "x.json", defaultName: "x")
        } catch {
            #expect(
                error.problems.map(\.message) == [
                    "sequence \"ae\" does not start with a dead key of \"dead\"",
                    "sequence \"\u{301}e\" gives no text"
                ])
        }
    }
}
