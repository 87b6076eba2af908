import Glibc
import TapboardCore

/// A hostile text-input client and a restless user: input-method events in any order
/// (invalid UTF-8, offsets past the end or inside a character, 4000-byte texts,
/// unknown content types), presses from five fingers and the pointer, timers, output
/// and panel sizes. Every command must be one the Wayland side can carry out, and
/// once the fingers lift nothing may stay held.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputMethod(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    var host = Host(layouts: ["us", "emoji", "de", "ar"][Int(input.byte() % 4)])
    var steps = 0
    while !input.isEmpty, steps < 400 {
        steps += 1
        host.step(&input)
        host.draw()
    }
    host.finish()
    return 0
}

/// Shipped keyboards, parsed once (the fuzzer runs in the repository's root).
nonisolated(unsafe) var shipped: [String: Layout] = [:]

struct Shipped: LayoutLibrary {
    func isAvailable(_ name: String) -> Bool { shipped[name] != nil || readLayout(name) != nil }
    func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        if let l = shipped[name] ?? readLayout(name) {
            shipped[name] = l
            return .success(l)
        }
        return .failure(LayoutLoadError("unknown keyboard \(name)"))
    }
}

func readLayout(_ name: String) -> Layout? {
    guard name.allSatisfy({ $0.isLetter }), let f = fopen("layouts/\(name).json", "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&buf, 1, buf.count, f), n > 0 { bytes += buf[..<n] }
    return try? LayoutParser.parse(String(decoding: bytes, as: UTF8.self), file: name, defaultName: name)
}

/// A few words for the strip, and a learned-words store that forgets.
struct Words: SuggestionLibrary {
    static let source = WordListSource(
        language: "en",
        words: [
            ("hello", 60), ("help", 58), ("the", 77), ("because", 55),
            ("über", 40), ("don't", 50), ("café", 35)
        ])
    func provider(for layout: Layout) -> (any SuggestionProvider)? {
        Suggester(source: Words.source, keys: KeyNeighbours.from(layout: layout))
    }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}
