import TapboardCore

/// The config file: every problem is one line naming the file and line; a valid
/// result stays within the documented ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)
    let (s, warnings) = Settings.parse(text, file: "config")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    for w in warnings {
        guard w.hasPrefix("config:"), w.hasSuffix("; ignored"), !w.contains("\n"),
              let n = Int(w.dropFirst(7).prefix { $0 != ":" }), n >= 1, n <= lines else {
            violated("badly formed warning: \(w)")
        }
    }
    guard (100...2000).contains(s.longPress), (100...3000).contains(s.repeatDelay), (1...100).contains(s.repeatRate),
          s.layouts.map({ !$0.isEmpty && !$0.contains("") }) ?? true else {
        violated("settings out of range: \(s)")
    }
    _ = localeKeyboardCandidates(text)
    return 0
}
