import TapboardCore

/// The config file: every problem is one line naming the file and line; a valid
/// result stays within the documented ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)
    let (s, warnings) = Settings.parse(text, file: "config")
    let lines = text.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
    for w in warnings {
        guard w.hasPrefix("config:"), w.hasSuffix("; ignored"), !w.contains("\n"),
            let n = Int(w.dropFirst(7).prefix { $0 != ":" }), n >= 1, n <= lines
        else {
            violated("badly formed warning: \(w)")
        }
    }
    guard (100...2000).contains(s.longPress), (100...3000).contains(s.repeatDelay), (1...100).contains(s.repeatRate),
        (50...95).contains(s.oneHandedWidth), (40...100).contains(s.floatingWidth),
        s.layouts.map({ !$0.isEmpty && !$0.contains("") }) ?? true
    else {
        violated("settings out of range: \(s)")
    }
    // The same file with Windows line ends reads the same.
    if !text.contains("\r") {
        let crlf = String(decoding: text.utf8.flatMap { $0 == 10 ? [13, 10] : [$0] }, as: UTF8.self)
        let (t, w) = Settings.parse(crlf, file: "config")
        guard t == s, w == warnings else { violated("CR LF line ends read differently: \(w) / \(warnings)") }
    }
    _ = localeKeyboardCandidates(text)
    return 0
}
