import Foundation
import Testing

/// The last size a `gtk-entry.py --report-size` window reported.
func windowSize(_ client: Child) -> (width: Int, height: Int)? {
    guard let line = client.lines.last(where: { $0.hasPrefix("size ") }) else { return nil }
    let parts = line.split(separator: " ").compactMap { Int($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
}

extension EndToEnd {
    /// `exclusive-zone`: by default the panel takes room of its own and the compositor
    /// shrinks the window above it; off, the panel lies over the window, which keeps its size.
    @Suite struct OverlayTests {
        /// The window's height without the panel and with it, and the panel's height. The
        /// panel shows as the field is focused (the window only becomes active once
        /// tapboard's virtual keyboard gives the seat a keyboard); SIGUSR1 then hides it.
        /// `shrinks`: whether the window is to make room for the panel (it is resized when
        /// the panel comes and goes: wait for that); if not, it keeps its size for a while.
        func windowHeights(
            _ kind: Compositor.Kind, config: [String], args: [String] = [], shrinks: Bool
        ) throws -> (Int, Int, Int) {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"] + args, config: config)
            let app = try c.gtkEntry(["--report-size"])
            let map = try PanelMap(config: config)
            guard try waitUntil(5, { panelShown(try c.screenshot("overlay-shown"), map) }) else {
                throw HarnessError("the panel did not appear: \(tb.stderr)")
            }
            let sizes = { Set(app.lines.filter { $0.hasPrefix("size ") }) }
            settle(shrinks) { sizes().count >= 2 }  // the size it mapped with, and the smaller one
            let with = try #require(windowSize(app), "\(app.lines)")
            tb.signal(SIGUSR1)
            guard try waitUntil(5, { !panelShown(try c.screenshot("overlay-hidden"), map) }) else {
                throw HarnessError("the panel did not hide: \(tb.stderr)")
            }
            settle(shrinks) { windowSize(app).map { $0 != with } ?? false }
            let without = try #require(windowSize(app), "\(app.lines)")
            #expect(with.width == without.width, "\(app.lines)")
            return (without.height, with.height, map.height)
        }

        /// Waits until the window is `resized`, if it is to be; else lets it keep its size
        /// for a second (the behaviour under test: no resize comes).
        func settle(_ resizes: Bool, _ resized: () -> Bool) {
            if resizes {
                _ = waitUntil(5, resized)
            } else {
                usleep(1_000_000)
            }
        }

        @Test(arguments: Compositor.Kind.allCases)
        func theWindowMakesRoomForThePanelByDefault(_ kind: Compositor.Kind) throws {
            let (before, after, panel) = try windowHeights(kind, config: Compositor.noSuggestions, shrinks: true)
            #expect(after <= before - panel, "window \(before) -> \(after), panel \(panel)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func withTheZoneOffTheWindowKeepsItsSize(_ kind: Compositor.Kind) throws {
            let (before, after, _) = try windowHeights(
                kind, config: Compositor.noSuggestions + ["exclusive-zone = off"], shrinks: false)
            #expect(after == before, "window \(before) -> \(after)")
        }

        @Test func theCommandLineTurnsTheZoneOff() throws {
            let (before, after, _) = try windowHeights(
                .sway, config: Compositor.noSuggestions, args: ["--exclusive-zone", "off"], shrinks: false)
            #expect(after == before, "window \(before) -> \(after)")
        }
    }
}

/// `--exclusive-zone` takes on or off; anything else stops tapboard with one line.
@Suite(.tags(.commandLine)) struct ExclusiveZoneOptionTests {
    @Test func aBadValueIsOneLineAndAFailure() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = ["--exclusive-zone", "sometimes"]
        p.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(p.terminationStatus != 0)
        #expect(lines.count == 1 && lines[0].contains("--exclusive-zone wants on or off"), "\(lines)")
    }
}
