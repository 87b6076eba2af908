import TapboardCore

final class Keep: Sendable {}

/// Dictionary files (`.tbd`): a file is refused or every query stays inside it and
/// agrees with the others.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexicon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let bytes = input.rest()
    let copied = try? Lexicon(bytes: bytes)
    // The app maps the file: read it in place too (ASan sees any read past the end).
    bytes.withUnsafeBytes { raw in
        let mapped = try? Lexicon(unsafeBytes: raw, owner: Keep())
        guard (copied == nil) == (mapped == nil) else { violated("the two readers disagree") }
        if let mapped { query(mapped, file: bytes) }
    }
    if let copied { query(copied, file: bytes) }
    return 0
}

func query(_ lexicon: Lexicon, file: [UInt8]) {
    var all: [(String, UInt8)] = []
    lexicon.entries(withKeyPrefix: "") { word, frequency in
        all.append((word, frequency))
        return true
    }
    guard all.count == lexicon.count else { violated("visited \(all.count) of \(lexicon.count)") }
    let seen = all.prefix(40)
    // Keys are not checked against words when a file is read: a hand-made file may file
    // a word under another key. Queries agree with each other in files as written.
    let canonical = Lexicon.build(all, language: lexicon.language) == file
    for (word, frequency) in seen {
        let f = lexicon.frequency(of: word)
        let key = Lexicon.key(of: word, language: lexicon.language)
        let looked = lexicon.lookup(key: key)
        var found = false
        lexicon.entries(withKeyPrefix: String(key.prefix(2))) { w, _ in
            if w == word { found = true }
            return !found
        }
        guard !canonical || (f == frequency && looked.contains(where: { $0.word == word }) && found) else {
            violated("queries disagree on \(word)")
        }
    }
    let suggester = Suggester(source: lexicon)
    for typed in seen.prefix(4).map(\.0) + ["teh", "x", ""] {
        _ = suggester.strip(for: typed, context: "the ", learned: LearnedWords(), autocorrect: true)
        _ = suggester.strip(for: String(typed.dropLast()) + "q", context: "", learned: LearnedWords(), autocorrect: true)
    }
}
