/// The Korean 2-set (dubeolsik) keyboard as libhangul defines it: each jamo a key of a
/// QWERTY keyboard types, the doubled consonants and ㅒ ㅖ on the shifted keys.
enum DubeolsikKeys {
    /// The QWERTY key (ASCII) that types `jamo`, or nil when it is not a 2-set key.
    static func key(for jamo: String) -> UInt8? {
        guard jamo.unicodeScalars.count == 1, let scalar = jamo.unicodeScalars.first else { return nil }
        return keys[scalar]
    }

    private static let keys: [Unicode.Scalar: UInt8] = {
        let rows: [(jamo: String, qwerty: String)] = [
            ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "qwertyuiop"),
            ("ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "asdfghjkl"),
            ("ㅋㅌㅊㅍㅠㅜㅡ", "zxcvbnm"),
            ("ㅃㅉㄸㄲㅆㅒㅖ", "QWERTOP")
        ]
        var map: [Unicode.Scalar: UInt8] = [:]
        for row in rows {
            for (jamo, key) in zip(row.jamo.unicodeScalars, row.qwerty.utf8) { map[jamo] = key }
        }
        return map
    }()
}
