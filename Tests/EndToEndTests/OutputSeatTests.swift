import Foundation
import TapboardRender
import Testing

extension Compositor {
    /// Runs swaymsg against this sway, as the user sway runs as; returns its output.
    @discardableResult
    func swaymsg(_ args: [String]) throws -> String {
        guard kind == .sway else { throw HarnessError("swaymsg needs sway") }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: runDir)) ?? []
        guard let sock = files.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else {
            throw HarnessError("no sway IPC socket in \(runDir): \(files)")
        }
        var command = ["/usr/bin/env", "SWAYSOCK=\(runDir)/\(sock)", "/usr/bin/swaymsg"] + args
        if geteuid() == 0 {
            command = ["/usr/bin/setpriv", "--reuid=tapboard-test", "--regid=tapboard-test", "--init-groups"] + command
        }
        let c = try Child(command[0], Array(command.dropFirst()), env: environment)
        c.process.waitUntilExit()
        guard c.process.terminationStatus == 0 else {
            throw HarnessError("swaymsg \(args.joined(separator: " ")) failed: \(c.lines) \(c.stderr)")
        }
        return c.lines.joined(separator: "\n")
    }

    /// A screenshot of one output.
    func screenshot(_ name: String, output: String) throws -> String {
        try FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        let path = Paths.artifacts + "/\(name)-\(output)-\(kind.rawValue).png"
        let g = try Child("/usr/bin/grim", ["-o", output, path], env: environment)
        g.process.waitUntilExit()
        guard g.process.terminationStatus == 0 else { throw HarnessError("grim failed: \(g.stderr)") }
        return path
    }
}

/// The panel's size in a screenshot, in image pixels: the run of panel background up
/// the left edge and along the bottom edge; nil if the panel is not there.
func panelExtent(_ png: String) -> (image: (Int, Int), width: Int, height: Int)? {
    guard let image = Canvas(pngFile: png) else { return nil }
    let w = image.pixelWidth
    let h = image.pixelHeight
    func bg(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) & 0xffffff == panelBackground }
    guard bg(0, h - 1) else { return nil }
    var top = h - 1
    while top > 0, bg(0, top - 1) { top -= 1 }
    var right = 0
    while right < w - 1, bg(right + 1, h - 1) { right += 1 }
    return ((w, h), right + 1, h - top)
}

extension EndToEnd {
    @Suite struct OutputSeatTests {
        /// Waits until the panel on `output` of `c` has this size in image pixels.
        func expectPanel(
            _ c: Compositor, output: String = "HEADLESS-1", width: Int, height: Int, _ label: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            var last: (image: (Int, Int), width: Int, height: Int)?
            let ok = try waitUntil(5) {
                last = panelExtent(try c.screenshot(label, output: output))
                return last.map { $0.width == width && $0.height == height } ?? false
            }
            #expect(
                ok, "\(label): panel \(String(describing: last)), wanted \(width)x\(height)",
                sourceLocation: sourceLocation)
        }

        func panelHeight(_ w: Int, _ h: Int) throws -> Int {
            try PanelMap(output: (w, h), config: Compositor.noSuggestions).height
        }

        /// Item 17: rotation and scale re-lay the panel for the output's new logical size,
        /// without a focus change.
        @Test func panelFollowsRotationAndScale() throws {
            let c = try Compositor(.sway)
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            try expectPanel(c, width: 720, height: try panelHeight(720, 1280), "start")
            try c.swaymsg(["output", "HEADLESS-1", "transform", "90"])
            try expectPanel(c, width: 1280, height: try panelHeight(1280, 720), "transform-90")
            try c.swaymsg(["output", "HEADLESS-1", "scale", "2"])
            // Logical 640x360; grim draws at scale 2.
            try expectPanel(c, width: 1280, height: 2 * (try panelHeight(640, 360)), "scale-2")
            try c.swaymsg(["output", "HEADLESS-1", "transform", "normal", "scale", "1"])
            try expectPanel(c, width: 720, height: try panelHeight(720, 1280), "back")
            #expect(tb.process.isRunning, "tapboard: \(tb.stderr)")
        }

        /// Item 17: the panel sizes itself for the output it is on (wl_surface.enter), not
        /// the first one, and follows that output's changes.
        @Test func panelSizesForTheOutputItIsOn() throws {
            let c = try Compositor(.sway)
            try c.swaymsg(["create_output"])
            try c.swaymsg(["output", "HEADLESS-2", "resolution", "800x600", "position", "720", "0"])
            try c.swaymsg(["focus", "output", "HEADLESS-2"])
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            try expectPanel(c, output: "HEADLESS-2", width: 800, height: try panelHeight(800, 600), "second")
            try c.swaymsg(["output", "HEADLESS-2", "transform", "270"])
            try expectPanel(c, output: "HEADLESS-2", width: 600, height: try panelHeight(600, 800), "second-270")
            #expect(panelExtent(try c.screenshot("second", output: "HEADLESS-1")) == nil)
            #expect(tb.stderr.isEmpty, "tapboard: \(tb.stderr)")
        }

        /// Item 17: --output pins the panel to another output than the compositor's choice.
        /// (Its removal cannot be tested here: sway 1.7's headless outputs refuse to be
        /// disabled, "Failed to commit output".)
        @Test func outputOptionPinsThePanel() throws {
            let c = try Compositor(.sway)
            try c.swaymsg(["create_output"])
            try c.swaymsg(["output", "HEADLESS-2", "resolution", "800x600", "position", "720", "0"])
            let tb = try c.tapboard(["--output", "HEADLESS-2"], config: Compositor.noSuggestions)
            try expectPanel(c, output: "HEADLESS-2", width: 800, height: try panelHeight(800, 600), "pinned")
            #expect(panelExtent(try c.screenshot("pinned", output: "HEADLESS-1")) == nil)
            // Rotating the pinned output re-lays the panel there.
            try c.swaymsg(["output", "HEADLESS-2", "transform", "90"])
            try expectPanel(c, output: "HEADLESS-2", width: 600, height: try panelHeight(600, 800), "pinned-90")
            #expect(tb.process.isRunning, "tapboard: \(tb.stderr)")
            #expect(tb.stderr.isEmpty, "tapboard: \(tb.stderr)")
        }

        /// Item 17: a missing pinned output is said in one line; the compositor picks.
        @Test func missingPinnedOutputIsSaidOnce() throws {
            let c = try Compositor(.sway)
            let tb = try c.tapboard(["--output", "NOPE-7"], config: Compositor.noSuggestions)
            try expectPanel(c, width: 720, height: try panelHeight(720, 1280), "unpinned")
            let lines = tb.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("NOPE-7"), "tapboard: \(tb.stderr)")
        }

        /// Items 11, 12: phoc announces its seat only with the first input device, and
        /// aborts if a layer surface comes first: the panel waits for the seat.
        @Test func seatArrivingLateShowsThePanelOnPhoc() throws {
            let c = try Compositor(.phoc, inputDevice: false)
            let tb = try c.tapboard(config: Compositor.noSuggestions)
            usleep(700_000)
            #expect(c.isRunning, "phoc died")
            #expect(tb.process.isRunning, "tapboard: \(tb.stderr)")
            #expect(!panelShown(try c.screenshot("no-seat")))
            try c.tap(["move:1,1"])
            #expect(try waitUntil(5) { panelShown(try c.screenshot("seat")) }, "tapboard: \(tb.stderr)")
            let p = try c.focus(tb, shows: plainPanel) { try c.focusedProbe(["--hints", "lowercase"]) }
            try c.tap(PanelMap(config: Compositor.noSuggestions).taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
            #expect(c.isRunning)
        }

        /// Item 11: a second seat is noted once; the first one keeps typing.
        @Test func secondSeatIsSaidOnceAndIgnored() throws {
            let c = try Compositor(.sway)
            let tb = try c.shownTapboard(config: Compositor.noSuggestions)
            let p = try c.focus(tb, shows: plainPanel) { try c.focusedProbe(["--hints", "lowercase"]) }
            try c.swaymsg(["seat", "seat1", "fallback", "false"])
            try c.swaymsg(["seat", "seat2", "fallback", "false"])
            #expect(waitUntil(3) { tb.stderr.contains("several seats") }, "tapboard: \(tb.stderr)")
            #expect(tb.stderr.components(separatedBy: "several seats").count == 2, "tapboard: \(tb.stderr)")
            try c.tap(PanelMap(config: Compositor.noSuggestions).taps(["o", "k"]))
            #expect(p.waitFor("text \"ok\""), "probe saw: \(p.lines)")
        }

        /// The probe's current text.
        func text(_ p: Child) -> String? {
            p.lines.last { $0.hasPrefix("text ") }
        }

        /// Waits until the probe has said nothing new for a second (at most ten); returns its
        /// text then, nil if it never went quiet.
        func settledText(_ p: Child) -> String? {
            wentQuiet(p, quiet: 1, seconds: 10) ? text(p) : nil
        }

        /// Item 16: a held backspace whose pointer leaves the panel (phoc: no implicit
        /// grab, the release goes elsewhere) stops repeating; the keyboard still types.
        @Test(arguments: Compositor.Kind.allCases)
        func pointerLeavingAHeldKeyEndsIt(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard(config: Compositor.noSuggestions)
            let initial = String(repeating: "x", count: 60)
            let p = try c.focus(tb, shows: plainPanel) { try c.focusedProbe(["--initial", initial]) }
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let bs = try panel.tap("backspace").dropFirst(4)  // "tap:X,Y" -> "X,Y"
            try c.tap(["down:\(bs)", "sleep:900", "move:360,200", "sleep:100", "up", "sleep:300"])
            let settled = try #require(settledText(p), "the text never stopped changing: endless repeat")
            #expect(settled.count > "text \"\"".count + 20, "deleted too much: \(settled)")
            #expect(settled.count < "text \"\"".count + 60, "deleted nothing: \(settled)")
            try c.tap(panel.taps(["a"]))
            #expect(waitUntil(3) { text(p)?.hasSuffix("a\"") == true }, "probe saw: \(p.lines.suffix(3))")
        }

        /// Items 11, 12: the pointer device goes while a key is held: the press ends.
        @Test(arguments: Compositor.Kind.allCases)
        func pointerDeviceGoingEndsAHeldKey(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind, inputDevice: false)  // the tap's device is the only one
            if kind == .phoc { try c.tap(["move:1,1"]) }  // a seat, for tapboard to start on
            let tb = try c.shownTapboard(config: Compositor.noSuggestions)
            let p = try c.focus(tb, shows: plainPanel) { try c.focusedProbe(["--initial", String(repeating: "x", count: 60)]) }
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let bs = try panel.tap("backspace").dropFirst(4)
            try c.tap(["down:\(bs)", "sleep:900"])  // exits with the button down
            let settled = try #require(settledText(p), "the text never stopped changing: endless repeat")
            #expect(settled.count > "text \"\"".count + 20, "deleted too much: \(settled)")
            try c.tap(panel.taps(["a"]))
            #expect(waitUntil(3) { text(p)?.hasSuffix("a\"") == true }, "probe saw: \(p.lines.suffix(3))")
            #expect(tb.process.isRunning)
        }

        /// Item 18: a character the US keymap lacks goes as a key event on a spare code.
        @Test(arguments: Compositor.Kind.allCases)
        func characterOutsideUSKeymapTypesAsKeyEvent(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let de = try PanelMap(layout: "de", config: Compositor.noSuggestions)
            _ = try c.shownTapboard(["--layouts", "de"], config: Compositor.noSuggestions, shows: de)
            // No text-input: nothing for tapboard to take, the keyboard focus is all.
            let p = try c.focusedProbe(["--no-text-input"])
            try c.tap(PanelMap(layout: "de", config: Compositor.noSuggestions).taps(["ü", "a", "ö"]))
            #expect(p.waitFor("text \"üaö\""), "probe saw: \(p.lines)")
        }
    }
}
