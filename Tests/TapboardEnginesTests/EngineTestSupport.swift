import Glibc
import Synchronization
import TapboardCore
import TestSupport

/// The lines an engine said (its `log`), collected from any thread.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var log: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// tapboard's data directory for the tests: one temporary directory for the whole run, as
/// RIME and Anthy take theirs once per process.
enum TestData {
    /// The shipped words that follow a Chinese commit (`dictionaries/zh-follow-on.tbd`).
    static let chineseFollowOn: @Sendable () -> (any WordSource & Sendable)? = {
        readBytes(Repository.dictionaries + "/zh-follow-on.tbd").flatMap { try? Lexicon(bytes: $0) }
    }

    static let directory: String = {
        var template = Array("/tmp/tapboard-engines-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }()

    /// The permission bits of `path` (nil when it is not there).
    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
    }

    /// Every file and directory under `path`, with its permission bits.
    static func tree(_ path: String) -> [(path: String, mode: mode_t, isDirectory: Bool)] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var found: [(String, mode_t, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var st = stat()
            guard lstat(child, &st) == 0 else { continue }
            let isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            found.append((child, st.st_mode & 0o7777, isDirectory))
            if isDirectory { found += tree(child) }
        }
        return found
    }
}
