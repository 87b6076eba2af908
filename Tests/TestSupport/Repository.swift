import Glibc

/// The repository's folders, found from this file's place in it.
public enum Repository {
    /// The repository's top folder (where Package.swift is).
    public static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TestSupport/Repository.swift
        return parts.joined(separator: "/")
    }()
    /// The shipped keyboards.
    public static let layouts = root + "/layouts"
    /// The shipped word lists, pairs and emoji names.
    public static let dictionaries = root + "/dictionaries"

    /// The names of the files in `directory` whose names end with `suffix`, sorted.
    public static func files(in directory: String, ending suffix: String) -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        return names.sorted()
    }
}

/// A file's bytes; nil when it cannot be read.
public func readBytes(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&buf, 1, buf.count, f), n > 0 { bytes += buf[..<n] }
    return bytes
}

/// A file's text (UTF-8); nil when it cannot be read.
public func readText(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// A file a test needs is missing or unreadable.
public struct MissingFile: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "cannot read \(path)" }
}

/// A file's text, or an error naming it.
public func requireText(_ path: String) throws -> String {
    guard let text = readText(path) else { throw MissingFile(path: path) }
    return text
}

/// A file's bytes, or an error naming it.
public func requireBytes(_ path: String) throws -> [UInt8] {
    guard let bytes = readBytes(path) else { throw MissingFile(path: path) }
    return bytes
}
