import Foundation
import TapboardRender
import Testing

extension Compositor {
    /// The Qt 6 test client (Clients/qt-entry.py, a QLineEdit on Wayland); waits for its focus.
    func qtEntry(_ args: [String] = []) throws -> Child {
        let c = try start("/usr/bin/python3", [Self.clients + "/qt-entry.py"] + args, env: ["QT_QPA_PLATFORM": "wayland"])
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the Qt entry did not start: \(c.stderr)") }
        return c
    }

    /// A tap on the middle of the handle: 60x14 logical pixels, centred on the bottom edge
    /// (the sizes docs/control.md gives).
    var handleTap: String { "tap:\(width / 2),\(height - 7)" }

    /// Whether a screenshot shows something at the handle's middle that differs from the
    /// desktop just beside it (the background is one colour).
    func handleDrawn(_ name: String) throws -> Bool {
        guard let image = Canvas(pngFile: try screenshot(name)) else { return false }
        return image.pixel(x: width / 2, y: height - 7) != image.pixel(x: width / 2 - 60, y: height - 7)
    }
}

extension EndToEnd {
    /// The handle: a tab at the bottom edge while the panel is hidden, for apps that never
    /// ask for the keyboard (Qt 6.4 speaks no text-input-v3).
    @Suite struct HandleTests {
        let panel: PanelMap
        init() throws { panel = try PanelMap(config: Compositor.noSuggestions) }

        @Test(arguments: Compositor.Kind.allCases)
        func tappingTheHandleBringsThePanelToTypeIntoQt(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            let qt = try c.qtEntry()
            // The handle appears once tapboard runs; the panel stays hidden meanwhile (Qt never
            // activates the input method).
            #expect(c.waitForTapboardLock(tb), "tapboard said: \(tb.stderr)")
            #expect(try waitUntil(5) { try c.handleDrawn("handle-drawn") })
            #expect(!panelShown(try c.screenshot("handle-hidden")))
            // The handle is drawn once: idle, tapboard is not woken at all.
            let before = try contextSwitches(tb)
            sleep(2)
            #expect(try contextSwitches(tb) == before, "tapboard woke while idle")
            try c.tap([c.handleTap])
            #expect(try waitUntil(5) { panelShown(try c.screenshot("handle-shown")) }, "tapboard said: \(tb.stderr)")
            try c.tap(panel.taps(["h", "i"]))
            #expect(qt.waitFor("text \"hi\""), "Qt saw: \(qt.lines) \(qt.stderr)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func swipingUpFromTheHandleShowsThePanelAndHidingBringsItBack(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            #expect(try waitUntil(5) { try c.handleDrawn("swipe-handle") }, "tapboard said: \(tb.stderr)")
            let x = c.width / 2
            try c.tap([
                "down:\(x),\(c.height - 7)", "sleep:30", "move:\(x),\(c.height - 100)", "sleep:30",
                "move:\(x),\(c.height - 300)", "sleep:30", "up"
            ])
            #expect(try waitUntil(5) { panelShown(try c.screenshot("swipe-shown")) }, "tapboard said: \(tb.stderr)")
            // The swipe typed nothing, and ends cleanly: the panel hides and the handle returns.
            tb.signal(SIGUSR1)
            #expect(try waitUntil(5) { try !panelShown(try c.screenshot("swipe-hidden")) && c.handleDrawn("swipe-handle-again") })
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func handleOffShowsNoHandle(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions + ["handle = off"])
            #expect(c.waitForTapboardLock(tb), "tapboard said: \(tb.stderr)")
            usleep(500_000)
            #expect(try !c.handleDrawn("handle-off-none"))
            try c.tap([c.handleTap])
            usleep(1_000_000)
            #expect(!panelShown(try c.screenshot("handle-off")))
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        /// Phosh shows and hides the keyboard over D-Bus: from its first SetVisible on, the
        /// handle (auto) stays away.
        @Test(arguments: Compositor.Kind.allCases)
        func handleGoesOnceTheDesktopDrivesThePanel(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "tapboard said: \(tb.stderr)")
            #expect(try waitUntil(5) { try c.handleDrawn("handle-before-bus") })
            #expect(try c.oskSetVisible(false) == "()")
            #expect(try waitUntil(5) { try !c.handleDrawn("handle-bus-gone") })
            try c.tap([c.handleTap])
            usleep(1_000_000)
            #expect(!panelShown(try c.screenshot("handle-bus-driven")))
            #expect(try c.oskVisible() == "(<false>,)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }
    }
}
