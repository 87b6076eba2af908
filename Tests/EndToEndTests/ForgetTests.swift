import Foundation
import Testing

/// `tapboard forget` deletes everything tapboard stores: learned words, the engines' user
/// data and where the floating panel was dragged.
@Suite(.tags(.commandLine)) struct ForgetTests {
    /// Runs `tapboard forget` with `home` as HOME and the XDG directories under it; its
    /// status and standard output.
    func forget(home: String) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = ["forget"]
        p.environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home,
            "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state"
        ]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, printed)
    }

    @Test func forgetDeletesLearnedWordsEngineDataAndTheFloatingPlaces() throws {
        let home = NSTemporaryDirectory() + "tapboard-forget-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let files = FileManager.default
        try files.createDirectory(atPath: home + "/data/tapboard/rime/build", withIntermediateDirectories: true)
        try files.createDirectory(atPath: home + "/state/tapboard", withIntermediateDirectories: true)
        try "w\tbob\t1\n".write(toFile: home + "/data/tapboard/learned-en.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: home + "/data/tapboard/rime/build/luna.bin", atomically: true, encoding: .utf8)
        let places = home + "/state/tapboard/floating-places"
        try "HDMI-A-1 portrait 0.5 0.5\n".write(toFile: places, atomically: true, encoding: .utf8)

        let (status, printed) = try forget(home: home)
        #expect(status == 0)
        #expect(!files.fileExists(atPath: home + "/data/tapboard/learned-en.txt"))
        #expect(!files.fileExists(atPath: home + "/data/tapboard/rime"))
        #expect(!files.fileExists(atPath: places))
        #expect(printed.contains("deleted 2 files") && printed.contains(places), "\(printed)")

        // Nothing left: it succeeds and names no places file.
        let (again, printedAgain) = try forget(home: home)
        #expect(again == 0)
        #expect(printedAgain.contains("deleted 0 files") && !printedAgain.contains(places), "\(printedAgain)")
    }
}
