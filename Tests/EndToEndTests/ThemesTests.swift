import Foundation
import TapboardRender
import TestSupport
import Testing

extension Compositor {
    /// A settings portal on the private session bus telling `color-scheme` (0 no preference,
    /// 1 prefer dark, 2 prefer light), then on each SIGUSR1 the next of `then`; waits until
    /// it owns its name.
    func fakePortal(colorScheme: Int, then: [Int] = []) throws -> Child {
        let busAddress = try #require(busAddress)
        let schemes = ([colorScheme] + then).map(String.init)
        let portal = try start(
            "/usr/bin/python3", [Repository.root + "/Tests/EndToEndTests/Clients/fake-portal.py"] + schemes,
            env: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
        guard portal.waitFor("ready", seconds: 10) else { throw HarnessError("the fake portal did not start: \(portal.stderr)") }
        return portal
    }
}

/// The colour of a screenshot's pixel at panel coordinates (x, y) of `map`, without alpha.
func panelPixel(_ png: String, _ map: PanelMap, x: Double, y: Double) -> UInt32? {
    guard let image = Canvas(pngFile: png) else { return nil }
    return image.pixel(x: Int(x), y: image.pixelHeight - map.height + Int(y)) & 0xffffff
}

extension EndToEnd {
    /// The panel on screen in the theme the settings name, or the desktop's colour scheme asks for.
    @Suite struct ThemesTests {
        /// Whether the screenshot shows `map`'s panel in `theme`'s colours: its own drawing of
        /// that panel (preview with the same settings), the background beside the first key and
        /// the first key's cap.
        func showsPanel(_ png: String, _ map: PanelMap, in theme: Theme) -> Bool {
            func hex(_ c: Color) -> UInt32 {
                UInt32((c.r * 255).rounded()) << 16 | UInt32((c.g * 255).rounded()) << 8 | UInt32((c.b * 255).rounded())
            }
            guard let first = map.keys.first, panelShown(png, map) else { return false }
            return panelPixel(png, map, x: 1, y: first.y + first.height / 2) == hex(theme.background)
                && panelPixel(png, map, x: first.x + 3, y: first.y + first.height / 2) == hex(theme.key)
        }

        @Test(arguments: Compositor.Kind.allCases)
        func themeLightInTheConfigShowsALightPanel(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let config = Compositor.noSuggestions + ["theme = light"]
            let tb = try c.tapboard(config: config)
            let map = try PanelMap(config: config)
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-light"), map, in: .light) }, "tapboard said: \(tb.stderr)")
            let png = try c.screenshot("theme-light")
            #expect(!showsPanel(png, map, in: .dark))
            // Light: the letter keys are white, the background light grey.
            #expect(panelPixel(png, map, x: map.keys[0].x + 3, y: map.keys[0].y + 10) == 0xffffff)
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        /// The file is named relative to the settings file, so it is looked for beside it.
        @Test func aThemeFileIsDrawnAndItsBadLineNamed() throws {
            let c = try Compositor(.sway)
            let name = "tapboard-test-\(getpid())-mine.theme"
            let file = NSTemporaryDirectory() + name
            try "base = high-contrast\nkey = #203040\nlabel = white\n".write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let config = Compositor.noSuggestions + ["theme = ./\(name)"]
            let tb = try c.tapboard(config: config)
            var expected = Theme.highContrast
            expected.key = Color(0x203040)
            let map = try PanelMap(config: config)
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-file"), map, in: expected) }, "tapboard said: \(tb.stderr)")
            #expect(
                tb.stderr == "tapboard: \(file):3: \"label\" wants a colour as #rrggbb or #rrggbbaa, not \"white\"; ignored\n")
        }

        @Test(arguments: [(2, "light"), (1, "dark"), (0, "dark")])
        func autoFollowsTheDesktopsColourScheme(_ scheme: Int, _ name: String) throws {
            let c = try Compositor(.sway)
            let portal = try c.fakePortal(colorScheme: scheme)
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            let theme = try #require(Theme.named(name))
            let map = try PanelMap(config: Compositor.noSuggestions + ["theme = \(name)"])
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-auto-\(scheme)"), map, in: theme) },
                "tapboard said: \(tb.stderr)")
            #expect(portal.lines.contains("read org.freedesktop.appearance color-scheme"), "portal: \(portal.lines)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func autoFollowsAChangeWhileRunning(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let portal = try c.fakePortal(colorScheme: 1, then: [2, 0])
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            let dark = try PanelMap(config: Compositor.noSuggestions + ["theme = dark"])
            let light = try PanelMap(config: Compositor.noSuggestions + ["theme = light"])
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-live-dark"), dark, in: .dark) },
                "tapboard said: \(tb.stderr)")
            portal.signal(SIGUSR1)
            #expect(portal.waitFor("changed 2"), "portal: \(portal.lines) \(portal.stderr)")
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-live-light"), light, in: .light) },
                "tapboard said: \(tb.stderr)")
            // Typing still works in the new theme, and "no preference" is dark again.
            let probe = try c.probe()
            #expect(probe.waitFor("focus in"))
            try c.tap(light.taps(["o", "k"]))
            #expect(probe.waitFor("text \"ok\""), "probe saw: \(probe.lines)")
            portal.signal(SIGUSR1)
            #expect(portal.waitFor("changed 0"), "portal: \(portal.lines) \(portal.stderr)")
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-live-dark-again"), dark, in: .dark) },
                "tapboard said: \(tb.stderr)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test func autoWithoutAPortalIsDarkAndQuiet() throws {
            let c = try Compositor(.sway)
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            let map = try PanelMap(config: Compositor.noSuggestions + ["theme = dark"])
            #expect(
                try waitUntil(5) { showsPanel(try c.screenshot("theme-auto-none"), map, in: .dark) },
                "tapboard said: \(tb.stderr)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }
    }
}
