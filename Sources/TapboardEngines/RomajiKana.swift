/// Romaji typed letter by letter turned into hiragana (Hepburn and Kunrei spellings both:
/// shi/si, chi/ti, tsu/tu, fu/hu, ja/jya/zya), a doubled consonant っ (xtu, ltu: a small tsu
/// alone), "-" ー. ん as the common romaji rules write it: "n'" and n before a consonant
/// ("kanji" かんじ); "nn" before a consonant, a third n or at the end ("konn" こん); "nn" before
/// a vowel or y is ん and the n of the next syllable, as Hepburn spells it ("konnichiha"
/// こんにちは, "minna" みんな, "konnyaku" こんにゃく; "onnna", as input methods are often typed,
/// gives おんな too, and "kon'ya" こんや). A final "n" or "nn" waits, shown as typed, and is ん
/// once the input is converted or finished. Letters that make no kana yet wait as `pending`.
struct RomajiKana: Sendable, Equatable {
    /// The kana made so far.
    var kana = ""
    /// Letters waiting for the rest of their syllable ("k", "ky", "n").
    var pending = ""

    /// Adds one typed letter (or "-", "'"); false when it is not romaji.
    mutating func add(_ letter: Character) -> Bool {
        let c = Character(letter.lowercased())
        guard RomajiKana.inputs.contains(c) else { return false }
        pending.append(c)
        resolve()
        return true
    }

    /// Takes back the last letter waiting, else the last kana; false when there is none.
    mutating func removeLast() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
        } else if !kana.isEmpty {
            kana.removeLast()
        } else {
            return false
        }
        return true
    }

    /// The kana with a final "n" or "nn" as ん (letters still waiting otherwise left out).
    var settled: String { pending == "n" || pending == "nn" ? kana + "ん" : kana }

    /// Makes a final "n" or "nn" ん: the input is being converted or committed.
    mutating func settle() {
        if pending == "n" || pending == "nn" {
            kana += "ん"
            pending = ""
        }
    }

    /// What is shown: the kana and the letters waiting.
    var text: String { kana + pending }

    private mutating func resolve() {
        while !pending.isEmpty {
            if pending.hasPrefix("nn") {
                // "nn" waits for the next letter: a vowel or y makes the second n begin a syllable.
                guard pending.count > 2 else { return }
                kana += "ん"
                pending.removeFirst("aiueoy".contains(Array(pending)[2]) ? 1 : 2)
            } else if let syllable = RomajiKana.table[pending] {
                kana += syllable
                pending = ""
            } else if RomajiKana.prefixes.contains(pending) {
                return
            } else {
                let chars = Array(pending)
                let first = chars[0]
                if chars.count >= 2, first == chars[1] || (first == "t" && chars[1] == "c"), !"aiueon".contains(first) {
                    kana += "っ"
                } else if first == "n" {
                    kana += "ん"
                } else if first != "'" {
                    // No syllable starts so: the letter stays as typed.
                    kana.append(first)
                }
                pending.removeFirst()
            }
        }
    }

    private static let inputs = Set("abcdefghijklmnopqrstuvwxyz-'")

    /// Every romaji spelling and its kana.
    static let table: [String: String] = {
        var t: [String: String] = [:]
        // Rows of five: the spellings for a, i, u, e, o ("" for none).
        let rows: [(String, [String], String)] = [
            ("", ["a", "i", "u", "e", "o"], "あいうえお"),
            ("k", ["a", "i", "u", "e", "o"], "かきくけこ"), ("g", ["a", "i", "u", "e", "o"], "がぎぐげご"),
            ("s", ["a", "i", "u", "e", "o"], "さしすせそ"), ("z", ["a", "i", "u", "e", "o"], "ざじずぜぞ"),
            ("t", ["a", "i", "u", "e", "o"], "たちつてと"), ("d", ["a", "i", "u", "e", "o"], "だぢづでど"),
            ("n", ["a", "i", "u", "e", "o"], "なにぬねの"), ("h", ["a", "i", "u", "e", "o"], "はひふへほ"),
            ("b", ["a", "i", "u", "e", "o"], "ばびぶべぼ"), ("p", ["a", "i", "u", "e", "o"], "ぱぴぷぺぽ"),
            ("m", ["a", "i", "u", "e", "o"], "まみむめも"), ("r", ["a", "i", "u", "e", "o"], "らりるれろ"),
            ("y", ["a", "u", "o"], "やゆよ"), ("w", ["a", "o"], "わを"),
            ("c", ["a", "u", "o"], "かくこ"),
            ("x", ["a", "i", "u", "e", "o"], "ぁぃぅぇぉ"), ("l", ["a", "i", "u", "e", "o"], "ぁぃぅぇぉ"),
            ("xy", ["a", "u", "o"], "ゃゅょ"), ("ly", ["a", "u", "o"], "ゃゅょ")
        ]
        for (consonant, vowels, kana) in rows {
            for (vowel, k) in zip(vowels, kana) { t[consonant + vowel] = String(k) }
        }
        // Syllables with a small ya, yu, yo (kya, sha, ja, ...).
        let contracted: [(String, String)] = [
            ("ky", "き"), ("gy", "ぎ"), ("sy", "し"), ("sh", "し"), ("zy", "じ"), ("jy", "じ"), ("j", "じ"),
            ("ty", "ち"), ("cy", "ち"), ("ch", "ち"), ("dy", "ぢ"), ("ny", "に"), ("hy", "ひ"), ("by", "び"),
            ("py", "ぴ"), ("my", "み"), ("ry", "り")
        ]
        for (start, kana) in contracted {
            for (vowel, small) in [("a", "ゃ"), ("u", "ゅ"), ("o", "ょ")] { t[start + vowel] = kana + small }
            t[start + "e"] = kana + "ぇ"
        }
        let others: [String: String] = [
            "shi": "し", "chi": "ち", "tsu": "つ", "fu": "ふ", "ji": "じ", "jyi": "じぃ", "ci": "し", "ce": "せ",
            "fa": "ふぁ", "fi": "ふぃ", "fe": "ふぇ", "fo": "ふぉ", "va": "ゔぁ", "vi": "ゔぃ", "vu": "ゔ", "ve": "ゔぇ",
            "vo": "ゔぉ", "wi": "うぃ", "we": "うぇ", "ye": "いぇ", "thi": "てぃ", "dhi": "でぃ", "tsa": "つぁ",
            "n'": "ん", "xtu": "っ", "ltu": "っ", "xtsu": "っ", "ltsu": "っ", "xwa": "ゎ", "-": "ー"
        ]
        t.merge(others) { _, new in new }
        return t
    }()

    /// Every beginning of a spelling that is not yet a whole one ("k", "ky", "ts").
    private static let prefixes: Set<String> = {
        var p: Set<String> = []
        for key in table.keys {
            for n in 1..<key.count { p.insert(String(key.prefix(n))) }
        }
        return p
    }()
}
