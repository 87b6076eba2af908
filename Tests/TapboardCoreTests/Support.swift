import Glibc
import TapboardCore
import Testing

/// The repository's layouts/ folder.
let layoutsDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/TapboardCoreTests/Support.swift
    return parts.joined(separator: "/") + "/layouts"
}()

func readBytes(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n == 0 { break }
        bytes += buf[..<n]
    }
    return bytes
}

func readText(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

func layoutFiles() -> [String] {
    guard let d = opendir(layoutsDirectory) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".json") { names.append(name) }
    }
    return names.sorted()
}

func loadShipped(_ file: String) throws -> Layout {
    let text = try #require(readText(layoutsDirectory + "/" + file))
    return try LayoutParser.parse(text, file: file, defaultName: String(file.dropLast(5)))
}
