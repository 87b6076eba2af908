import TestSupport
import Testing

@testable import TapboardCore

/// Vietnamese Telex from the shipped `vi` keyboard's rules, on real words.
@Suite struct TelexTests {
    func rules() throws -> TelexRules {
        guard case .telex(let r) = try #require(try loadShipped("vi.json").compose) else {
            Issue.record("vi has no Telex rules")
            throw TelexMissing()
        }
        return r
    }
    struct TelexMissing: Error {}

    /// Types `keys` one by one; a key the word does not take (space) commits the word.
    func telex(_ keys: String, _ r: TelexRules) -> String {
        var w = TelexWord(rules: r)
        var out = ""
        for k in keys {
            let step = w.type(String(k))
            out += step.commit
            if !step.taken { out += String(k) }
        }
        return out + w.finish()
    }

    @Test func realWordsTypeAsVietnameseWritesThem() throws {
        let r = try rules()
        let words: [(String, String)] = [
            ("tieengs Vieetj", "tiếng Việt"), ("ddaays", "đấy"), ("nguowif", "người"), ("hoaf", "hoà"),
            ("xin chaof", "xin chào"), ("camr own", "cảm ơn"), ("khoong", "không"), ("dduwowcj", "được"),
            ("nuwowcs", "nước"), ("nuowcs", "nước"), ("mootj", "một"), ("hai", "hai"), ("booj", "bộ"),
            ("quas", "quá"), ("gif", "gì"), ("giaf", "già"), ("gieengs", "giếng"), ("muaf", "mùa"),
            ("muwa", "mưa"), ("thuyr", "thuỷ"), ("khoer", "khoẻ"), ("hoawcj", "hoặc"), ("thaatj", "thật"),
            ("Haf Nooij", "Hà Nội"), ("Saif Gonf", "Sài Gòn"), ("truwowngf", "trường"), ("dduwowngf", "đường"),
            ("nhaf", "nhà"), ("chuyeenj", "chuyện"), ("ruwowuj", "rượu"), ("huwu", "hưu"), ("toans", "toán"),
            ("hoangf", "hoàng"), ("ddi hocj", "đi học"), ("tw", "tư"), ("DDaays", "Đấy"),
            ("VIEETJ NAM", "VIỆT NAM"), ("khuyar", "khuỷa"), ("ngoaif", "ngoài"), ("uoongs", "uống"),
            ("gioongs", "giống"), ("quyeenf", "quyền"), ("phuowngr", "phưởng"), ("thees gioiws", "thế giới")
        ]
        for (keys, want) in words { #expect(telex(keys, r) == want, "\(keys)") }
    }

    @Test func theToneMovesWithTheSyllable() throws {
        let r = try rules()
        #expect(telex("hoafn", r) == "hoàn")
        #expect(telex("tiesng", r) == "tiếng" || telex("tiesng", r) == "tiéng")
        #expect(telex("muas", r) == "múa")
        #expect(telex("tieesng", r) == "tiếng")
    }

    @Test func aRepeatedKeyUndoesItsMarkAndTypesTheLetter() throws {
        let r = try rules()
        #expect(telex("ass", r) == "as")
        #expect(telex("aaa", r) == "aa")
        #expect(telex("ddd", r) == "dd")
        #expect(telex("ww", r) == "w")
        #expect(telex("nguowiw", r) == "nguoiw")
    }

    @Test func zRemovesTheToneAndIsALetterOtherwise() throws {
        let r = try rules()
        #expect(telex("asz", r) == "a")
        #expect(telex("z", r) == "z")
    }

    @Test func toneKeysAreLettersWhereNoToneCanGo() throws {
        let r = try rules()
        #expect(telex("s", r) == "s")
        #expect(telex("chs", r) == "chs")  // no vowel
        #expect(telex("hongs", r) == "hóng")
        #expect(telex("hostn", r) == "hótn")  // the tone stays where it was
        #expect(telex("tacf", r) == "tacf")  // a syllable ending in c takes only sắc or nặng
        #expect(telex("tacs", r) == "tác")
    }

    @Test func backspaceTakesTheLastLetterAndTheToneFollows() throws {
        var w = TelexWord(rules: try rules())
        for k in "tieengs" { _ = w.type(String(k)) }
        #expect(w.preedit == "tiếng")
        _ = w.backspace()
        #expect(w.preedit == "tiến")
        _ = w.backspace()
        #expect(w.preedit == "tiế")
        let finished = w.finish()
        #expect(finished == "tiế" && !w.isOpen)
    }

    @Test func telexChecksNameTheFaultyRule() {
        let json = """
            {"name": "x", "compose": {"telex": {"vowels": "ae", "marks": {"a": [["a", "âa"]]},
              "tones": {"s": "á"}, "initials": [], "finals": []}},
             "layers": [{"name": "base", "rows": [["a"]]}]}
            """
        do {
            _ = try LayoutParser.parse(json, file: "x.json", defaultName: "x")
            Issue.record("accepted")
        } catch {
            #expect(
                error.problems.map(\.message) == [
                    "tone \"s\" needs one form for each of the 2 vowels, or \"\" to remove the tone",
                    "a rewrite is a pair [from, to] of the same number of letters"
                ])
        }
    }
}
