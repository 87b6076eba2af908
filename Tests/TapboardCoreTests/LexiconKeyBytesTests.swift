import Testing

@testable import TapboardCore

@Suite struct LexiconKeyBytesTests {
    /// The bytes made from a word's bytes are those of its key made as a string, ASCII or not.
    @Test func keyBytesAreTheKeysBytes() {
        var words = ["us", "US", "Us", "don't", "ÉTÉ", "Straße", "İstanbul", "Irmak", "ılık", "ΟΔΟΣ", "a\r\nB", "", "@[`{Z"]
        // Every ASCII string of one and two bytes (carriage returns and the bytes around the capitals among them).
        for a in 0..<128 {
            words.append(String(UnicodeScalar(UInt8(a))))
            for b in 0..<128 { words.append(String(UnicodeScalar(UInt8(a))) + String(UnicodeScalar(UInt8(b)))) }
        }
        for word in words {
            for turkish in [false, true] {
                let made = Lexicon.keyBytes(of: word, utf8: Array(word.utf8), turkish: turkish)
                #expect(made == Array(Lexicon.key(of: word, turkish: turkish).utf8), "\(Array(word.utf8)) turkish: \(turkish)")
            }
        }
    }
}
