import Foundation
import Testing

extension EndToEnd {
    /// The desktop keyboard on a landscape output: chosen for terminal fields, its sticky
    /// Ctrl going out with the next key as a key event (Ctrl+A, Ctrl+C) in foot and GTK 4.
    @Suite struct DesktopKeyboardTests {
        static let output = (1280, 720)

        /// A landscape session with tapboard running and its panel shown.
        func session(_ kind: Compositor.Kind) throws -> Compositor {
            let c = try Compositor(kind, size: Self.output)
            let shown = try PanelMap(output: Self.output, config: Compositor.noSuggestions)
            _ = try c.shownTapboard(config: Compositor.noSuggestions, shows: shown, name: "desktop-start")
            return c
        }

        func desktopPanel() throws -> PanelMap {
            let map = try PanelMap(purpose: "terminal", output: Self.output, config: Compositor.noSuggestions)
            guard map.layout == "desktop" else { throw HarnessError("a wide terminal field got \(map.layout)") }
            return map
        }

        @Test(arguments: Compositor.Kind.allCases)
        func ctrlAAndCtrlCReachFoot(_ kind: Compositor.Kind) throws {
            let c = try session(kind)
            let out = c.runDir + "/foot-bytes"
            // Raw mode: Ctrl+A and Ctrl+C arrive as the bytes 01 and 03 (no signal); the
            // shell says when it is in it.
            let raw = c.runDir + "/foot-raw"
            let foot = try c.start(
                "/usr/bin/foot",
                [
                    "sh", "-c",
                    "stty raw -echo; : > '\(raw)'; head -c 3 | od -An -tx1 | tr -d ' \\n' > '\(out).part'; mv '\(out).part' '\(out)'"
                ])
            #expect(waitUntil(10) { FileManager.default.fileExists(atPath: raw) }, "foot: \(foot.stderr.suffix(500))")
            let panel = try desktopPanel()
            guard try waitUntil(5, { panelShown(try c.screenshot("desktop-foot"), panel) }) else {
                throw HarnessError("foot did not get the desktop keyboard: \(foot.stderr.suffix(500))")
            }
            try c.tap(panel.taps(["Ctrl", "a", "Ctrl", "c", "z"]))
            #expect(waitUntil(5) { FileManager.default.fileExists(atPath: out) }, "foot: \(foot.stderr.suffix(500))")
            #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "01037a")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func ctrlASelectsAllAndCtrlCCopiesInGTK(_ kind: Compositor.Kind) throws {
            let c = try session(kind)
            let entry = try c.gtkEntry(["--purpose", "terminal", "--text", "hello", "--report-selection"])
            let panel = try desktopPanel()
            guard try waitUntil(5, { panelShown(try c.screenshot("desktop-gtk"), panel) }) else {
                throw HarnessError("the GTK entry did not get the desktop keyboard")
            }
            // Ctrl+A selects all: the next letter replaces the text.
            try c.tap(panel.taps(["Ctrl", "a"]))
            #expect(waitUntil(5) { entry.lines.last { $0.hasPrefix("select ") } == "select 0 5" }, "entry: \(entry.lines)")
            try c.tap(panel.taps(["x"]))
            #expect(waitUntil(5) { fieldText(entry) == "x" }, "entry: \(entry.lines)")
            try c.tap(panel.taps(["y", "z"]))
            #expect(waitUntil(5) { fieldText(entry) == "xyz" }, "entry: \(entry.lines)")
            // Ctrl+A, Ctrl+C: the text is on the clipboard.
            try c.tap(panel.taps(["Ctrl", "a"]))
            #expect(waitUntil(5) { entry.lines.last { $0.hasPrefix("select ") } == "select 0 3" }, "entry: \(entry.lines)")
            try c.tap(panel.taps(["Ctrl", "c"]))
            var pasted = ""
            let copied = waitUntil(5) {
                // (With its newline: the child's output is read line by line.)
                let p = try? c.start("/usr/bin/wl-paste")
                p?.process.waitUntilExit()
                _ = waitUntil(1) { p?.lines.isEmpty == false }
                pasted = p?.lines.joined(separator: "\n") ?? ""
                return pasted == "xyz"
            }
            #expect(copied, "wl-paste gave \(pasted.debugDescription)")
        }
    }
}
