import Testing

@testable import TapboardCore

/// The panel's output unplugged (the compositor closes the layer surface) and another
/// one, or the same plugged back, taking it. End to end this cannot run here: sway 1.7's
/// headless outputs refuse to be disabled.
@Suite struct OutputLossTests {
    @Test func anOutputUnpluggedWhileAKeyIsHeldEndsItAndTheNextPanelTypes() throws {
        var d = try Driven()
        d.focus()
        let e = try #require(d.c.geometry?.keys.first { $0.key.label == "e" })
        let pressed = d.c.press(.touch(1), at: e.frame.center, time: 2000)
        let timer = try #require(pressed.compactMap { if case .schedule(let t, _) = $0 { t } else { nil } }.first)
        let out = d.c.panelClosed()
        // The held key ends untyped, its long-press timer goes, a new panel is asked for.
        #expect(d.textOut(out).isEmpty)
        #expect(out.contains(.cancel(timer)) && out.contains(.hidePanel))
        let height = try #require(out.compactMap { if case .showPanel(let h) = $0 { h } else { nil } }.first)
        #expect(d.c.keyboard.activePresses.isEmpty && d.c.geometry == nil)
        #expect(d.textOut(d.c.release(.touch(1), time: 2100)).isEmpty)
        // The compositor puts it on the output that is left, of another size.
        d.record(d.c.outputChanged(width: 1280, height: 720))
        d.record(d.c.panelConfigured(width: 1280, height: height))
        #expect(d.c.geometry?.width == 1280)
        #expect(d.textOut(d.tap("q")) == [.edit(TextEdit(insert: "q"))])
    }
}
