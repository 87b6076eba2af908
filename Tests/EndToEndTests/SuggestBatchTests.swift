import Foundation
import Testing

/// `tapboard suggest --batch`, the benchmarks' way in: lines of CONTEXT<TAB>WORD answered
/// one by one; with `--learn`, learning what the contexts add as they go on.
@Suite(.tags(.commandLine)) struct SuggestBatchTests {
    /// The candidates of each line, as `tapboard suggest --batch` with `extra` answers them.
    func candidates(_ lines: [String], _ extra: [String] = []) throws -> [[String]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = ["suggest", "--layout", "us", "--batch"] + extra
        // A home of its own: nothing the machine's user learned is read.
        let home = NSTemporaryDirectory() + "tapboard-suggest-batch-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        p.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "XDG_DATA_HOME": home + "/data"]
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let json = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            return try #require(json?["candidates"] as? [String], "not an answer: \(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func learningAsTheContextGoesOnOffersTheWordsTypedBefore() throws {
        let lines = [
            "I met Wolfgang \t", "I met Wolfgang and we met Wolfgang again and \t", "Then I met \t"
        ]
        let plain = try candidates(lines)
        let learning = try candidates(lines, ["--learn"])
        #expect(plain.count == 3 && learning.count == 3)
        // "met" was followed by "Wolfgang" twice: the next word after "met" now.
        #expect(!plain[2].contains("Wolfgang"), "without --learn: \(plain[2])")
        #expect(learning[2].first == "Wolfgang", "with --learn: \(learning[2])")
        // Until a context adds words, nothing is learned: the first answers are the same.
        #expect(learning[0] == plain[0])
    }
}
