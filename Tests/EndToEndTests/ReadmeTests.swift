import Foundation
import TestSupport
import Testing

/// What the README and the user guide (docs/) show a newcomer is what the program prints, and
/// what they link to is there.
@Suite(.tags(.commandLine)) struct ReadmeTests {
    /// The pages: the README, HACKING.md, the user guide and the READMEs beside the data.
    static let pages =
        ["README.md", "HACKING.md", "layouts/README.md", "dictionaries/README.md"]
        + Repository.files(in: Repository.root + "/docs", ending: ".md").map { "docs/" + $0 }

    /// Runs the tapboard under test; its standard output and standard error.
    private func tapboard(_ args: [String]) throws -> (String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = args
        p.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (printed, said)
    }

    /// The guide's sample of `tapboard geometry --output 720x1280`: every line of it but
    /// the elision (`, ...]}`) is a line of the real output.
    @Test func theGeometrySampleIsWhatGeometryPrints() throws {
        let page = try requireText(Repository.root + "/docs/using.md")
        guard let intro = page.range(of: "`geometry` prints"),
            let open = page.range(of: "```json\n", range: intro.upperBound..<page.endIndex),
            let close = page.range(of: "\n```", range: open.upperBound..<page.endIndex)
        else {
            Issue.record("docs/using.md: no ```json sample after \"`geometry` prints\"")
            return
        }
        let sample = page[open.upperBound..<close.lowerBound].split(separator: "\n").map {
            $0.hasSuffix(" ...]}") ? String($0.dropLast(6)) : String($0)
        }
        let printed = try tapboard(["geometry", "--output", "720x1280"]).0
        let lines = Set(printed.split(separator: "\n").map(String.init))
        #expect(sample.count >= 2)
        for line in sample { #expect(lines.contains(line), "docs/using.md's geometry sample: \(line)") }
    }

    /// The settings page's example names every setting the program knows, in its order, and
    /// the program takes each line without a word.
    @Test func theSettingsExampleIsValidAndComplete() throws {
        let page = try requireText(Repository.root + "/docs/settings.md")
        guard let open = page.range(of: "```\n"),
            let close = page.range(of: "\n```", range: open.upperBound..<page.endIndex)
        else {
            Issue.record("docs/settings.md: no ``` example")
            return
        }
        let example = String(page[open.upperBound..<close.lowerBound])
        let keys = example.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let file = NSTemporaryDirectory() + "tapboard-settings-example-\(getpid()).conf"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try (example + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let said = try tapboard(["geometry", "--output", "720x1280", "--config", file]).1
        #expect(said.isEmpty, "docs/settings.md's example: \(said)")

        // The program's list of settings, from its answer to an unknown one.
        let wrong = NSTemporaryDirectory() + "tapboard-settings-wrong-\(getpid()).conf"
        defer { try? FileManager.default.removeItem(atPath: wrong) }
        try "nonsense = 1\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let answer = try tapboard(["geometry", "--output", "720x1280", "--config", wrong]).1
        let valid = try #require(answer.range(of: "(valid: ")).upperBound
        let list = answer[valid...].prefix { $0 != ")" }.components(separatedBy: ", ")
        #expect(list.count > 5)
        #expect(keys == list, "docs/settings.md's example against the program's settings")
    }

    /// CI runs "the README's test command" (.ci/run): the README shows that very command.
    @Test func theReadmeShowsTheCommandCIRuns() throws {
        let ci = try requireText(Repository.root + "/.ci/run")
        let command = try #require(ci.split(separator: "\n").last { $0.hasPrefix("make ") })
        let readme = try requireText(Repository.root + "/README.md")
        #expect(
            readme.split(separator: "\n").contains { $0 == command || $0.hasPrefix(command + " ") },
            "README.md lacks CI's command \(command)")
    }

    /// The README stays short (issue 53): the rest is the user guide's.
    @Test func theReadmeIsShort() throws {
        let readme = try requireText(Repository.root + "/README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 200)
    }

    /// Every relative link and picture on the pages names a file of the repository, and every
    /// `#anchor` a heading of its page (GitHub's anchors: lower case, spaces to hyphens,
    /// punctuation dropped).
    @Test(arguments: pages) func linksAndPicturesArrive(page: String) throws {
        let text = try requireText(Repository.root + "/" + page)
        let dir = (page as NSString).deletingLastPathComponent
        for target in Self.links(in: text) {
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file =
                parts[0].isEmpty
                ? page : ((dir as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
            let path = Repository.root + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "\(page): \(target): no \(file)")
            if parts.count == 2, file.hasSuffix(".md"), let linked = readText(path) {
                #expect(Self.anchors(in: linked).contains(String(parts[1])), "\(page): \(target): no such heading")
            }
        }
    }

    /// The targets of `[text](target)` and `![text](target)` outside code blocks.
    static func links(in text: String) -> [String] {
        var inCode = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
                continue
            }
            if inCode { continue }
            var rest = Substring(line)
            while let r = rest.range(of: "](") {
                let after = rest[r.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                found.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return found
    }

    /// The anchors GitHub gives a page's headings.
    static func anchors(in text: String) -> Set<String> {
        var inCode = false
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            found.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return found
    }
}
