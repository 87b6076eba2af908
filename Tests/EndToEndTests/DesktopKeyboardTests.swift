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
            let tb = try c.tapboard([], config: Compositor.noSuggestions)
            let shown = try PanelMap(output: Self.output, config: Compositor.noSuggestions)
            guard try waitUntil(5, { panelShown(try c.screenshot("desktop-start"), shown) }) else {
                throw HarnessError("the panel did not appear: \(tb.stderr)")
            }
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
            // Raw mode: Ctrl+A and Ctrl+C arrive as the bytes 01 and 03 (no signal).
            let foot = try c.start(
                "/usr/bin/foot",
                ["sh", "-c", "stty raw -echo; head -c 3 | od -An -tx1 | tr -d ' \\n' > '\(out).part'; mv '\(out).part' '\(out)'"])
            usleep(1_500_000)  // the window maps and the shell starts
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
            let entry = try c.gtkEntry(["--purpose", "terminal", "--text", "hello"])
            usleep(500_000)
            let panel = try desktopPanel()
            guard try waitUntil(5, { panelShown(try c.screenshot("desktop-gtk"), panel) }) else {
                throw HarnessError("the GTK entry did not get the desktop keyboard")
            }
            // Ctrl+A selects all: the next letter replaces the text.
            try c.tap(panel.taps(["Ctrl", "a"]))
            usleep(300_000)
            try c.tap(panel.taps(["x"]))
            #expect(waitUntil(5) { fieldText(entry) == "x" }, "entry: \(entry.lines)")
            try c.tap(panel.taps(["y", "z"]))
            #expect(waitUntil(5) { fieldText(entry) == "xyz" }, "entry: \(entry.lines)")
            // Ctrl+A, Ctrl+C: the text is on the clipboard.
            try c.tap(panel.taps(["Ctrl", "a"]))
            usleep(300_000)
            try c.tap(panel.taps(["Ctrl", "c"]))
            var pasted = ""
            let copied = waitUntil(5) {
                // (With its newline: the child's output is read line by line.)
                let p = try? c.start("/usr/bin/wl-paste")
                p?.process.waitUntilExit()
                usleep(100_000)
                pasted = p?.lines.joined(separator: "\n") ?? ""
                return pasted == "xyz"
            }
            #expect(copied, "wl-paste gave \(pasted.debugDescription)")
        }
    }
}
