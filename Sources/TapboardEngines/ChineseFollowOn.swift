import Foundation
import Synchronization

/// The words that usually follow a Chinese commit (联想), from RIME's own vocabulary: the
/// words of rime-essay (`essay.txt`, LGPL-3, traditional characters with their weights)
/// that begin with the text just put in, heaviest first, less that beginning (你 → 们, 的,
/// 好). The vocabulary is turned into simplified characters once, with OpenCC's `t2s`
/// (libopencc1.1, Apache-2.0, which librime1 itself depends on), as `luna_pinyin_simp`
/// writes. Read on the first commit that asks, then kept.
final class ChineseFollowOn: @unchecked Sendable {
    /// `opencc_t opencc_open(const char *configFileName)` ((opencc_t)-1 on failure)
    typealias Open = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    /// `char *opencc_convert_utf8(opencc_t, const char *input, size_t length)`
    typealias Convert = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> UnsafeMutablePointer<CChar>?
    /// `void opencc_convert_utf8_free(char *)`
    typealias Free = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    /// `int opencc_close(opencc_t)`
    typealias Close = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    static let essay = "/usr/share/rime-data/essay.txt"
    static let openccSoname = "libopencc.so.1.1"
    /// Continuations kept for each beginning.
    static let kept = 24

    /// For each beginning (one or two characters), what follows it in the vocabulary's words,
    /// heaviest first.
    private let next: [String: [String]]

    /// The vocabulary read from `essay` and simplified; nil, with the reason through `log`,
    /// when either is missing.
    init?(essay: String = ChineseFollowOn.essay, log: (String) -> Void) {
        guard let data = FileManager.default.contents(atPath: essay), let text = String(data: data, encoding: .utf8) else {
            log("Chinese follow-on words are unavailable: \(essay) is missing (install rime-essay)")
            return nil
        }
        guard let simplified = Self.simplify(text) else {
            log("Chinese follow-on words are unavailable: OpenCC's t2s cannot be opened (install libopencc1.1)")
            return nil
        }
        next = Self.index(simplified)
    }

    /// The words that usually follow `committed`: after its last two characters first, then
    /// after its last one, no word twice.
    func words(after committed: String) -> [String] {
        var out: [String] = []
        for n in [2, 1] where committed.count >= n {
            for w in next[String(committed.suffix(n))] ?? [] where !out.contains(w) { out.append(w) }
        }
        return out
    }

    /// `essay`'s lines (word, tab, weight) as beginnings and their continuations, the
    /// heaviest `kept` of each; one word written the same once simplified weighs as both.
    static func index(_ essay: String) -> [String: [String]] {
        var weights: [String: [String: Int]] = [:]
        for line in essay.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let weight = Int(fields[1]) else { continue }
            let word = fields[0]
            for n in [1, 2] where word.count > n {
                let head = String(word.prefix(n))
                weights[head, default: [:]][String(word.dropFirst(n)), default: 0] += weight
            }
        }
        return weights.mapValues { rest in
            rest.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(kept).map(\.key)
        }
    }

    /// `text` in simplified characters through OpenCC's t2s; nil when OpenCC cannot be had.
    static func simplify(_ text: String) -> String? {
        guard case .success(let library) = SharedLibrary.open(openccSoname, package: "libopencc1.1"),
            let open = library.function("opencc_open", as: Open.self),
            let convert = library.function("opencc_convert_utf8", as: Convert.self),
            let free = library.function("opencc_convert_utf8_free", as: Free.self),
            let close = library.function("opencc_close", as: Close.self),
            let od = open("t2s.json"), Int(bitPattern: od) != -1
        else { return nil }
        defer { _ = close(od) }
        let converted = text.withCString { convert(od, $0, strlen($0)) }
        guard let converted else { return nil }
        defer { free(converted) }
        return String(cString: converted)
    }
}

/// The follow-on vocabulary read on a thread of its own (seconds of work), started once
/// the Chinese keyboard's engine opens: until it is read, no words follow.
final class ChineseFollowOnLoader: Sendable {
    private enum State {
        case unstarted, loading
        case ready(ChineseFollowOn?)
    }
    private let state = Mutex<State>(.unstarted)
    private let log: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) { self.log = log }

    /// Starts reading the vocabulary, once.
    func start() {
        let go = state.withLock { s in
            guard case .unstarted = s else { return false }
            s = .loading
            return true
        }
        guard go else { return }
        let log = log
        Thread.detachNewThread { [self] in
            let vocabulary = ChineseFollowOn(log: log)
            state.withLock { $0 = .ready(vocabulary) }
        }
    }

    /// The words that usually follow `committed`; none while the vocabulary is being read.
    func words(after committed: String) -> [String] {
        start()
        return state.withLock { s in
            if case .ready(let v?) = s { return v.words(after: committed) }
            return []
        }
    }

    /// Waits until the vocabulary is read (tests); whether it is available.
    func waitUntilRead() -> Bool {
        start()
        while true {
            let done: Bool? = state.withLock { s in
                if case .ready(let v) = s { return v != nil }
                return nil
            }
            if let done { return done }
            usleep(10_000)
        }
    }
}
