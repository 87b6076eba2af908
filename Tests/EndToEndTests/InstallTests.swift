import Foundation
import TestSupport
import Testing

/// Runs a program to its end; its status, standard output and standard error.
private func runToEnd(_ exe: String, _ args: [String], env: [String: String] = [:]) throws -> (Int32, String, String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: exe)
    p.arguments = args
    p.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        .merging(env) { $1 }
    // Output to files, read once the program ends (no pipe to fill up).
    let base = NSTemporaryDirectory() + "tapboard-run-\(getpid())-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: base + ".out")
        try? FileManager.default.removeItem(atPath: base + ".err")
    }
    p.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    p.standardError = FileHandle(forWritingAtPath: base + ".err")
    p.standardInput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    return (
        p.terminationStatus, try String(contentsOfFile: base + ".out", encoding: .utf8),
        try String(contentsOfFile: base + ".err", encoding: .utf8)
    )
}

/// The names in a "(valid: a, b, c)" message.
private func validList(_ message: String) -> [String] {
    guard let r = message.range(of: "(valid: ") else { return [] }
    let rest = message[r.upperBound...]
    return rest[..<(rest.firstIndex(of: ")") ?? rest.endIndex)].components(separatedBy: ", ")
}

@Suite(.tags(.commandLine)) struct InstallTests {
    @Test func installedTreeRunsFindsItsDataAndUninstallsClean() throws {
        let tmp = NSTemporaryDirectory() + "tapboard-install-\(getpid())"
        let home = tmp + "-home"
        defer {
            try? FileManager.default.removeItem(atPath: tmp)
            try? FileManager.default.removeItem(atPath: home)
        }
        let make = ["-C", Repository.root, "--no-print-directory", "PREFIX=/usr", "DESTDIR=" + tmp]
        let install = try runToEnd("/usr/bin/make", make + ["install-files", "BIN=" + Paths.tapboard])
        try #require(install.0 == 0, "make install-files: \(install.2)")
        let bin = tmp + "/usr/bin/tapboard"

        // --version and the version command: "tapboard X.Y.Z", exit 0.
        let version = try runToEnd(bin, ["--version"])
        #expect(version.0 == 0)
        let line = version.1.trimmingCharacters(in: .newlines)
        #expect(line.range(of: #"^tapboard [0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "\(line)")
        #expect(try runToEnd(bin, ["version"]).1 == version.1)

        // Layouts and dictionaries come from $tmp/usr/share/tapboard, found beside the binary.
        let env = ["HOME": home, "XDG_DATA_DIRS": tmp + "/nowhere"]
        let layouts = try runToEnd(bin, ["layouts"], env: env)
        #expect(layouts.0 == 0)
        let rows = layouts.1.split(separator: "\n").map { $0.components(separatedBy: "\t") }
        let shipped = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/layouts")
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(rows.map { $0[0] } == shipped)
        for row in rows {
            #expect(row.last == tmp + "/usr/share/tapboard/layouts/\(row[0]).json")
        }
        // Panels' pictures are installed in their folders beside the layouts, and the installed panels check out.
        for panel in ["picker", "snippets"] {
            let pictures = (try? FileManager.default.contentsOfDirectory(atPath: Repository.root + "/layouts/" + panel)) ?? []
            for picture in pictures {
                #expect(
                    FileManager.default.fileExists(atPath: tmp + "/usr/share/tapboard/layouts/\(panel)/\(picture)"),
                    "\(panel)/\(picture) not installed")
            }
            let check = try runToEnd(bin, ["check", tmp + "/usr/share/tapboard/layouts/\(panel).json"], env: env)
            #expect(check.0 == 0, "\(check.2)")
        }
        let suggest = try runToEnd(bin, ["suggest", "--layout", "us", "hel"], env: env)
        #expect(suggest.0 == 0, "\(suggest.2)")
        #expect(suggest.1.hasPrefix("{\"candidates\":[\""), "\(suggest.1)")
        // Korean: the jamo composed, the installed list's completions of 안녕.
        let korean = try runToEnd(bin, ["suggest", "--layout", "ko", "ㅇㅏㄴㄴㅕㅇ"], env: env)
        #expect(korean.0 == 0 && korean.1.hasPrefix("{\"candidates\":[\"안녕"), "\(korean.1) \(korean.2)")

        // The example themes are installed, and preview draws with one.
        for name in ["light", "dark", "high-contrast"] {
            let theme = tmp + "/usr/share/tapboard/themes/\(name).theme"
            let png = tmp + "/\(name).png"
            let preview = try runToEnd(bin, ["preview", "--output", "720x1280", "--theme", theme, "-o", png], env: env)
            #expect(preview.0 == 0 && preview.2.isEmpty, "\(name): \(preview.2)")
            #expect(FileManager.default.fileExists(atPath: png))
            try? FileManager.default.removeItem(atPath: png)
        }

        // The man page renders without warnings and names the version, every command, option and setting.
        let manPath = tmp + "/usr/share/man/man1/tapboard.1"
        let man = try runToEnd("/usr/bin/man", ["--warnings", "-l", manPath], env: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(man.0 == 0 && man.2.isEmpty, "\(man.2)")
        #expect(man.1.contains("SETTINGS") && man.1.contains("tapboard - on-screen keyboard"))
        let source = try String(contentsOfFile: manPath, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        #expect(source.contains(line))
        let commands = validList(try runToEnd(bin, ["nonsense"]).2)
        let options = validList(try runToEnd(bin, ["--nonsense"]).2)
        let config = try settingsFile(["nonsense = 1"])
        let settings = validList(try runToEnd(bin, ["geometry", "--output", "720x1280", "--config", config], env: env).2)
        #expect(commands.count > 5 && options.count > 10 && settings.count > 5)
        for word in commands { #expect(source.contains(".B \(word)\n"), "man page lacks command \(word)") }
        for word in options { #expect(source.contains(word), "man page lacks option \(word)") }
        for word in settings { #expect(source.contains("\(word) \" ="), "man page lacks setting \(word)") }

        // The systemd user unit and the desktop entries run the installed binary.
        let unit = try String(contentsOfFile: tmp + "/usr/lib/systemd/user/tapboard.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/tapboard") && unit.contains("PartOf=graphical-session.target"))
        for entry in ["tapboard.desktop", "sm.puri.OSK0.desktop", "tapboard-kwin.desktop"] {
            let text = try String(contentsOfFile: tmp + "/usr/share/applications/" + entry, encoding: .utf8)
            #expect(text.hasPrefix("[Desktop Entry]\n") && text.contains("\nExec=/usr/bin/tapboard"), "\(entry)")
        }
        #expect(
            try String(contentsOfFile: tmp + "/usr/share/applications/sm.puri.OSK0.desktop", encoding: .utf8)
                .contains("\nNoDisplay=true\n"))
        // KWin lists the entries that say they are virtual keyboards.
        #expect(
            try String(contentsOfFile: tmp + "/usr/share/applications/tapboard-kwin.desktop", encoding: .utf8)
                .contains("\nX-KDE-Wayland-VirtualKeyboard=true\n"))

        // The translations are installed in share/locale, and the installed binary finds them there.
        for language in ShippedTranslations.languages {
            let mo = tmp + "/usr/share/locale/\(language)/LC_MESSAGES/tapboard.mo"
            #expect(FileManager.default.fileExists(atPath: mo), "\(language) not installed")
        }
        let german = try runToEnd(bin, ["preview"], env: env.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(german.2 == "tapboard preview: --output BxH ist nötig\n", "\(german.2)")

        // The guide is installed beside the README, so that the README's links to docs/ work there.
        let guide = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/docs")
        #expect(guide.contains("guide.md"))
        for page in ["README.md"] + guide.map({ "docs/" + $0 }) {
            #expect(FileManager.default.fileExists(atPath: tmp + "/usr/share/doc/tapboard/" + page), "\(page) not installed")
        }

        // Uninstall leaves no file, nor share/tapboard.
        let uninstall = try runToEnd("/usr/bin/make", make + ["uninstall"])
        try #require(uninstall.0 == 0, "make uninstall: \(uninstall.2)")
        let left =
            FileManager.default.enumerator(atPath: tmp)?.compactMap { $0 as? String }
            .filter { !Files.isDirectory(tmp + "/" + $0) } ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: tmp + "/usr/share/tapboard"))
    }
}

private enum Files {
    static func isDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }
}
