import Foundation
import Testing

extension EndToEnd {
    /// Start-up and shutdown against other programs on the seat.
    @Suite struct SessionTests {
        @Test(arguments: Compositor.Kind.allCases)
        func secondInputMethodSaysSoAndKeepsTyping(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let first = try c.tapboard(["--hidden"])
            // Up: on the bus, and so the seat's input method.
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "first tapboard said: \(first.stderr)")
            // Another input method on the seat: a tapboard that cannot see the first one's lock
            // (its own runtime directory), as another keyboard program would not.
            let elsewhere = c.runDir + "/elsewhere"
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            let second = try c.start(Paths.tapboard, ["--hidden"], env: ["XDG_RUNTIME_DIR": elsewhere])
            #expect(
                waitUntil(5) { second.stderr.contains("another input method holds this seat") },
                "second tapboard said: \(second.stderr)")
            #expect(second.process.isRunning && first.process.isRunning)
            #expect(!first.stderr.contains("another input method"))
            // Focus cannot bring the second one's panel: it shows at once, and types as keys.
            let probe = try c.probe(["--hints", "lowercase"])
            #expect(probe.waitFor("focus in"))
            // The first one's panel shows for the focused field (it holds the bus): out of the way.
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<true>,)" }, "first tapboard said: \(first.stderr)")
            first.signal(SIGUSR1)
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "first tapboard said: \(first.stderr)")
            // The second one types through keys: no strip on its panel, the only one on screen.
            #expect(try waitUntil(5) { panelShown(try c.screenshot("second-alone")) })
            try c.tap(PanelMap(config: Compositor.noSuggestions).taps(["o", "k"]))
            #expect(probe.waitFor("text \"ok\""), "probe saw: \(probe.lines)")
            #expect(probe.lines.filter { $0.hasPrefix("key ") } == ["key o", "key k"])
            second.signal(SIGUSR1)
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("second-hidden")) })
            second.signal(SIGUSR2)
            #expect(try waitUntil(5) { panelShown(try c.screenshot("second-shown")) })
        }

        @Test(arguments: Compositor.Kind.allCases)
        func compositorGoingAwayEndsTapboardWithOneLine(_ kind: Compositor.Kind) throws {
            var c: Compositor? = try Compositor(kind)
            let tb = try c!.shownTapboard()
            c!.stopCompositorOnly()
            #expect(waitUntil(5) { !tb.process.isRunning })
            #expect(tb.process.terminationStatus == 1)
            #expect(tb.stderr == "tapboard: lost the connection to the compositor\n")
            c = nil
        }
    }
}
