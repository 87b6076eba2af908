import Foundation
import TestSupport
import Testing

/// What the README shows a newcomer is what the program prints.
@Suite(.tags(.commandLine)) struct ReadmeTests {
    /// The README's sample of `tapboard geometry --output 720x1280`: every line of it but
    /// the elision (`, ...]}`) is a line of the real output.
    @Test func theGeometrySampleIsWhatGeometryPrints() throws {
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        guard let intro = readme.range(of: "`geometry` prints"),
            let open = readme.range(of: "```json\n", range: intro.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex)
        else {
            Issue.record("README.md: no ```json sample after \"`geometry` prints\"")
            return
        }
        let sample = readme[open.upperBound..<close.lowerBound].split(separator: "\n").map {
            $0.hasSuffix(" ...]}") ? String($0.dropLast(6)) : String($0)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = ["geometry", "--output", "720x1280"]
        p.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let lines = Set(printed.split(separator: "\n").map(String.init))
        #expect(sample.count >= 2)
        for line in sample { #expect(lines.contains(line), "README.md's geometry sample: \(line)") }
    }
}
