import Foundation
import TestSupport
import Testing

/// `tapboard check` on panels: pictures and opened layouts are looked for, and each
/// problem names the file, line and column where the file names them.
@Suite(.tags(.commandLine)) struct CheckPanelTests {
    /// Runs `tapboard check` on `file`; its status and standard error.
    func check(_ file: String) throws -> (Int32, [String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = ["check", file]
        p.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func badPicturesAndUnknownLayoutsAreNamedWithTheirLines() throws {
        let dir = NSTemporaryDirectory() + "tapboard-check-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/pics", withIntermediateDirectories: true)
        try "not a picture".write(toFile: dir + "/pics/broken.png", atomically: true, encoding: .utf8)
        try "<svg".write(toFile: dir + "/pics/cut.svg", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Repository.root + "/layouts/picker/sun.svg", toPath: dir + "/pics/sun.svg")
        try FileManager.default.copyItem(atPath: Repository.root + "/layouts/picker/leaf.png", toPath: dir + "/pics/leaf.png")
        try "{\"name\": \"other\", \"layers\": [{\"name\": \"a\", \"rows\": [[\"x\"]]}]}"
            .write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        let panel = """
            {"name": "p", "panel": true, "layers": [{"name": "a", "rows": [
              [{"text": "1", "image": "pics/sun.svg"}, {"text": "2", "image": "pics/leaf.png", "label": "Leaf"}],
              [{"text": "3", "image": "pics/gone.svg"}, {"text": "4", "image": "pics/broken.png"}],
              [{"text": "5", "image": "pics/cut.svg"}, {"action": "open", "layout": "nowhere"},
               {"action": "open", "layout": "other"}, {"action": "open", "layout": "us"}]
            ]}]}
            """
        let file = dir + "/p.json"
        try panel.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, lines) = try check(file)
        #expect(status == 2)
        #expect(lines.count == 4, "\(lines)")
        #expect(
            lines.contains("\(file):3:27: no image \"pics/gone.svg\" beside the layout file (looked for \(dir)/pics/gone.svg)"),
            "\(lines)")
        #expect(lines.contains("\(file):3:68: image \"pics/broken.png\": not a PNG image, or a damaged one"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(file):4:27: image \"pics/cut.svg\": not a readable SVG image (") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(file):4:73: \"open\" names no layout \"nowhere\" (available: ") }, "\(lines)")

        // Fixed, it checks out.
        let fixed = panel.replacingOccurrences(of: "gone.svg", with: "sun.svg")
            .replacingOccurrences(of: "broken.png", with: "leaf.png").replacingOccurrences(of: "cut.svg", with: "sun.svg")
            .replacingOccurrences(of: "nowhere", with: "other")
        try fixed.write(toFile: file, atomically: true, encoding: .utf8)
        let (okStatus, okLines) = try check(file)
        #expect(okStatus == 0 && okLines.isEmpty, "\(okLines)")
    }
}
