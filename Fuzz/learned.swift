import TapboardCore

/// The learned-words file (`learned-LANG.txt`): read, used, written and read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLearned(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)
    var words = LearnedWords(parsing: text)
    guard words.words.count <= LearnedWords.limit else { violated("\(words.words.count) words kept") }
    let again = LearnedWords(parsing: words.serialized())
    guard again == words else { violated("the file does not read back as written") }
    let some = Array(words.words.keys.prefix(3)) + Array(words.pairs.keys.prefix(3))
    for w in some {
        words.learn(w, after: some.first)
        _ = words.next(after: w)
    }
    return 0
}
