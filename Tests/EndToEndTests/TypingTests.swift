import Foundation
import Testing

/// The live keyboard against real headless compositors: taps go through a virtual
/// pointer, and the test-only clients report what they received. One compositor at a
/// time: the suites inside run serially.
@Suite(.serialized, .tags(.compositor)) enum EndToEnd {}

extension EndToEnd {
    @Suite struct TypingTests {
        let panel: PanelMap
        init() throws { panel = try PanelMap(config: Compositor.noSuggestions) }

        /// A compositor with tapboard running and its panel on screen.
        func session(_ kind: Compositor.Kind) throws -> (Compositor, Child) {
            let c = try Compositor(kind)
            return (c, try c.shownTapboard(config: Compositor.noSuggestions))
        }

        /// Starts the probe and waits until tapboard has its field (the panel shows for it).
        func focusedProbe(_ c: Compositor, _ tb: Child, _ args: [String] = []) throws -> Child {
            try c.focus(tb, shows: panel) { try c.focusedProbe(args) }
        }

        @Test(arguments: Compositor.Kind.allCases)
        func tappingTypesHello(_ kind: Compositor.Kind) throws {
            let (c, tb) = try session(kind)
            // Lower-case hint: no auto-capitalisation at the start of the field.
            let p = try focusedProbe(c, tb, ["--hints", "lowercase"])
            try c.tap(panel.taps(["h", "e", "l", "l", "o"]))
            #expect(p.waitFor("text \"hello\""), "probe saw: \(p.lines)")
            // Through text-input, one commit_string per key.
            #expect(
                p.lines.filter { $0.hasPrefix("commit ") } == [
                    "commit \"h\"", "commit \"e\"", "commit \"l\"", "commit \"l\"", "commit \"o\""
                ])
            #expect(!p.lines.contains { $0.hasPrefix("key ") })
            _ = try c.screenshot("typed-hello")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func shiftCapitalisesOneLetter(_ kind: Compositor.Kind) throws {
            let (c, tb) = try session(kind)
            let p = try focusedProbe(c, tb, ["--hints", "lowercase"])
            try c.tap(panel.taps(["shift", "h", "i"]))
            #expect(p.waitFor("text \"Hi\""), "probe saw: \(p.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func backspaceIsAKeyEvenWithSurroundingText(_ kind: Compositor.Kind) throws {
            // GTK4 counts delete lengths in characters, GTK3 in bytes and GTK3 hides its
            // selection: a key is right in all of them.
            let (c, tb) = try session(kind)
            let p = try focusedProbe(c, tb, ["--initial", "café"])
            try c.tap(panel.taps(["backspace", "backspace"]))
            #expect(p.waitFor("text \"ca\""), "probe saw: \(p.lines)")
            #expect(p.lines.filter { $0 == "key BackSpace" }.count == 2)
            #expect(!p.lines.contains { $0.hasPrefix("delete ") })
        }

        @Test(arguments: Compositor.Kind.allCases)
        func backspaceWithoutSurroundingTextSendsAKey(_ kind: Compositor.Kind) throws {
            let (c, tb) = try session(kind)
            let p = try focusedProbe(c, tb, ["--no-surrounding", "--initial", "abc"])
            try c.tap(panel.taps(["backspace"]))
            #expect(p.waitFor("text \"ab\""), "probe saw: \(p.lines)")
            #expect(p.lines.contains("key BackSpace"))
            #expect(!p.lines.contains { $0.hasPrefix("delete ") })
        }

        @Test(arguments: Compositor.Kind.allCases)
        func panelFollowsTextFieldFocus(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            // Up and drawing: the handle shows in the panel's place.
            #expect(try waitUntil(5) { try c.handleDrawn("hidden-handle") }, "tapboard said: \(tb.stderr)")
            #expect(!panelShown(try c.screenshot("hidden-at-start")))
            let p = try c.probe()
            #expect(p.waitFor("focus in"))
            #expect(try waitUntil(5) { panelShown(try c.screenshot("focused")) }, "panel did not appear on focus")
            p.signal(SIGUSR1)  // the probe disables text-input: the field loses focus
            #expect(p.waitFor("disabled"))
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("unfocused")) }, "panel did not hide")
            p.signal(SIGUSR2)
            #expect(p.waitFor("enabled"))
            #expect(try waitUntil(5) { panelShown(try c.screenshot("refocused")) }, "panel did not come back")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func clientWithoutTextInputGetsKeyEvents(_ kind: Compositor.Kind) throws {
            let (c, _) = try session(kind)
            // No text-input: nothing for tapboard to take, the keyboard focus is all.
            let p = try c.focusedProbe(["--no-text-input"])
            try c.tap(panel.taps(["h", "e", "l", "l", "o"]))
            #expect(p.waitFor("text \"hello\""), "probe saw: \(p.lines)")
            #expect(p.lines.filter { $0.hasPrefix("key ") } == ["key h", "key e", "key l", "key l", "key o"])
        }

        @Test(arguments: Compositor.Kind.allCases)
        func signalsHideAndShowThePanel(_ kind: Compositor.Kind) throws {
            let (c, tb) = try session(kind)
            let p = try focusedProbe(c, tb, ["--hints", "lowercase"])
            // A tap first: its key bubble is a subsurface, which phoc 0.24 must survive losing.
            try c.tap(panel.taps(["q"]))
            tb.signal(SIGUSR1)
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("sigusr1")) })
            tb.signal(SIGUSR2)
            #expect(try waitUntil(5) { panelShown(try c.screenshot("sigusr2")) })
            try c.tap(panel.taps(["w"]))
            #expect(p.waitFor("text \"qw\""), "probe saw: \(p.lines)")
            tb.signal(SIGRTMIN)
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("sigrtmin")) })
            tb.signal(SIGTERM)
            #expect(waitUntil(5) { !tb.process.isRunning })
            #expect(tb.process.terminationStatus == 0)
        }

        @Test(arguments: Compositor.Kind.allCases)
        func footReceivesTextAndEnter(_ kind: Compositor.Kind) throws {
            let (c, tb) = try session(kind)
            let out = c.runDir + "/foot-line"
            // A line typed before the shell reads is kept by the terminal until it does.
            let terminal = try PanelMap(purpose: "terminal", config: Compositor.noSuggestions)
            let foot = try c.focus(tb, shows: terminal, name: "foot") {
                // Written aside and renamed: the file appears with the whole line in it.
                let script = "IFS= read -r line; printf '%s' \"$line\" > '\(out).part' && mv '\(out).part' '\(out)'"
                return try c.start("/usr/bin/foot", ["sh", "-c", script])
            }
            try c.tap(panel.taps(["h", "i", "return"]))
            #expect(waitUntil(5) { FileManager.default.fileExists(atPath: out) }, "foot: \(foot.stderr.suffix(500))")
            let line = try? String(contentsOfFile: out, encoding: .utf8)
            #expect(line == "hi", "the line foot's shell read: \(String(describing: line))")
        }
    }

}
