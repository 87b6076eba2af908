import Glibc
import TapboardCore

/// Dead keys, compose sequences and Telex (the shipped us-intl and vi rules) under any
/// run of keys, backspaces, finishes and clears: a finished or cleared sequence is closed
/// and shows nothing; a closed one shows nothing; backspace on a closed one is refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompose(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    guard !ComposeFuzz.keyboards.isEmpty else { violated("no shipped keyboard with compose rules") }
    let (rules, keys) = ComposeFuzz.keyboards[Int(input.byte()) % ComposeFuzz.keyboards.count]
    // Dead keys and Telex only: the layouts fuzzed name no engine.
    guard var m = rules.makeInput() else { return 0 }
    while !input.isEmpty {
        let op = input.byte()
        switch op % 8 {
        case 0...4:
            let text =
                op & 0x80 == 0
                ? keys[Int(input.byte()) % keys.count]
                : String(decoding: input.take(max: 8), as: UTF8.self)
            _ = m.type(text)
        case 5:
            let open = m.isOpen
            if m.backspace() != open { violated("backspace taken \(!open) with a sequence open \(open)") }
        case 6:
            _ = m.finish()
            if m.isOpen || !m.preedit.isEmpty { violated("open after finish") }
        default:
            m.clear()
            if m.isOpen || !m.preedit.isEmpty { violated("open after clear") }
        }
        if !m.isOpen, !m.preedit.isEmpty { violated("a closed sequence shows \(m.preedit.unicodeScalars.count) scalars") }
    }
    _ = m.finish()
    return 0
}

enum ComposeFuzz {
    /// The shipped keyboards that combine keys, with the texts their keys type.
    static let keyboards: [(ComposeRules, [String])] = ["us-intl", "vi"].compactMap { name in
        guard let text = read("layouts/\(name).json"),
            let layout = try? LayoutParser.parse(text, file: name, defaultName: name),
            let rules = layout.compose
        else { return nil }
        var keys: [String] = []
        for layer in layout.layers {
            for row in layer.rows {
                for key in row {
                    for shifted in [false, true] { if let t = key.text(shifted: shifted) { keys.append(t) } }
                }
            }
        }
        return keys.isEmpty ? nil : (rules, keys)
    }

    static func read(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
