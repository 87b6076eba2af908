import Glibc
import TapboardWayland

/// Small file-system helpers over libc (no Foundation at start-up).
public enum Files {
    /// The whole file as UTF-8 text, or an error message naming the reason.
    public static func read(_ path: String) -> Result<String, FileError> {
        let bytes: [UInt8]
        switch readBytes(path) {
        case .success(let b): bytes = b
        case .failure(let e): return .failure(e)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(FileError(path: path, reason: "not valid UTF-8"))
        }
        return .success(text)
    }

    /// The whole file's bytes (16 MiB at most), or an error message naming the reason.
    static func readBytes(_ path: String) -> Result<[UInt8], FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileError(path: path, reason: errnoText())) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileError(path: path, reason: errnoText()))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > 16 << 20 { return .failure(FileError(path: path, reason: "file larger than 16 MiB")) }
        }
        return .success(bytes)
    }

    /// The directory holding the running executable.
    static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// `path` without its last `levels` components ("/" at most).
    static func parent(_ path: String, levels: Int = 1) -> String {
        var parts = path.split(separator: "/")
        parts.removeLast(min(levels, parts.count))
        return "/" + parts.joined(separator: "/")
    }

    public static func environment(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

public struct FileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    public var description: String { "\(path): \(reason)" }
}
