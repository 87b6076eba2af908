import Foundation
import Testing

extension EndToEnd {
    /// Qt 6.7 and later speak text-input-v3 (Debian 13 has 6.8): a focused Qt field brings the
    /// hidden panel up by itself, and what is typed arrives as input-method text, not as keys.
    /// Older Qt (Debian 12's 6.4) never activates the input method: HandleTests cover it there.
    @Suite struct QtTextInputTests {
        /// The Qt version the client reports (`qt 6.8.2`), as (major, minor).
        func qtVersion(_ qt: Child) throws -> (Int, Int) {
            let line = try #require(qt.lines.first { $0.hasPrefix("qt ") }, "the Qt client said: \(qt.lines)")
            let parts = line.dropFirst(3).split(separator: ".").compactMap { Int($0) }
            guard parts.count >= 2 else { throw HarnessError("no Qt version in '\(line)'") }
            return (parts[0], parts[1])
        }

        @Test(arguments: Compositor.Kind.allCases)
        func focusingAQtFieldBringsTheHiddenPanelUpAndTypesThroughTextInput(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            let panel = try PanelMap(config: Compositor.noSuggestions)
            // Qt 6.8 asks for auto_capitalization unless the field says otherwise: "ok" as typed.
            let qt = try c.qtEntry(["--no-auto-uppercase"])
            let version = try qtVersion(qt)
            guard version >= (6, 7) else { return }  // no text-input-v3 before Qt 6.7
            #expect(
                try waitUntil(10) { panelShown(try c.screenshot("qt-text-input-focused"), panel) },
                "Qt \(version) field focused: the panel stayed hidden (tapboard: \(tb.stderr))")
            try c.tap(panel.taps(["o", "k"]))
            #expect(qt.waitFor("text \"ok\""), "Qt saw: \(qt.lines) \(qt.stderr)")
            #expect(qt.lines.filter { $0.hasPrefix("commit ") } == ["commit \"o\"", "commit \"k\""], "Qt saw: \(qt.lines)")
            #expect(!qt.lines.contains { $0.hasPrefix("key ") }, "Qt got key events: \(qt.lines)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }
    }
}
