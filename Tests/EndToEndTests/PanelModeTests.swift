import Foundation
import TapboardCore
import Testing

extension EndToEnd {
    /// One-handed, split and floating panels on a real compositor: the live panel draws its
    /// keys where `tapboard geometry` says, and taps on them type.
    @Suite struct PanelModeTests {
        /// A compositor with an output of `size`, tapboard on it with `config`, the probe
        /// focused and the panel drawn as `map` says.
        func session(
            _ kind: Compositor.Kind, size: (Int, Int) = (720, 1280), config: [String]
        ) throws -> (Compositor, PanelMap, Child) {
            let c = try Compositor(kind, size: size)
            let map = try PanelMap(output: size, config: config)
            let tb = try c.shownTapboard(config: config, shows: map, name: "panel-mode-start")
            let p = try c.focus(tb, shows: map, name: "panel-mode") { try c.focusedProbe(["--hints", "lowercase"]) }
            return (c, map, p)
        }

        static let right = Compositor.noSuggestions + ["one-handed = right"]
        static let left = Compositor.noSuggestions + ["one-handed = left"]

        @Test(arguments: Compositor.Kind.allCases)
        func oneHandedKeysType(_ kind: Compositor.Kind) throws {
            let (c, map, p) = try session(kind, config: Self.right)
            // The letters lie in the right 80 % of the width, the buttons left of them.
            let q = try #require(map.keys.first { $0.label == "q" })
            #expect(q.x >= 720 * 0.2 - 1, "q at \(q.x)")
            #expect(map.keys.contains { $0.action == "one-handed-swap" && $0.x < q.x })
            try c.tap(map.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        /// Landscape (1280x720): one-handed wins over split; the keys at the left edge, the
        /// buttons' column beside them.
        @Test(arguments: Compositor.Kind.allCases)
        func oneHandedKeysTypeInLandscape(_ kind: Compositor.Kind) throws {
            let (c, map, p) = try session(kind, size: (1280, 720), config: Self.left)
            let q = try #require(map.keys.first { $0.label == "q" })
            let swap = try #require(map.keys.first { $0.action == "one-handed-swap" })
            #expect(q.x < 20 && swap.x > 800 && swap.x < 1000, "q at \(q.x), buttons at \(swap.x)")
            #expect(map.keys.filter { $0.action == "space" }.count == 1)
            try c.tap(map.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func theSideButtonsMoveTheKeysAndTypingFollows(_ kind: Compositor.Kind) throws {
            let (c, right, p) = try session(kind, config: Self.right)
            try c.tap(right.taps(["one-handed-swap"]))
            let left = try PanelMap(config: Self.left)
            guard try waitUntil(5, { panelShown(try c.screenshot("one-handed-left"), left) }) else {
                throw HarnessError("the keys did not move left")
            }
            try c.tap(left.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
            try c.tap(left.taps(["one-handed-off"]))
            let full = try #require(plainPanel)
            guard try waitUntil(5, { panelShown(try c.screenshot("one-handed-off"), full) }) else {
                throw HarnessError("the keys did not take the whole width again")
            }
            try c.tap(full.taps(["o"]))
            #expect(p.waitFor("text \"hio\""), "probe saw: \(p.lines)")
        }

        /// Holds the full-width panel's globe key until its list opens and slides to item
        /// `index`: One-handed, Floating, us, emoji.
        func pickFromGlobeList(_ c: Compositor, _ full: PanelMap, item index: Int) throws {
            let globe = try #require(full.keys.first { $0.action == "next-keyboard" })
            let frame = Rect(x: globe.x, y: globe.y, width: globe.width, height: globe.height)
            // Where the list opens, as the keyboard lays it out (panel coordinates).
            let list = Popup.keyboards(
                [("", "One-handed"), ("", "Floating"), ("us", ""), ("emoji", "")], current: "us",
                above: PlacedKey(key: Key.text(""), row: 0, frame: frame, cell: frame),
                panelWidth: full.width)
            let top = Double(full.outputHeight - full.height)
            let item = list.itemFrames[index].center
            try c.tap([
                "down:\(Int(frame.center.x)),\(Int(top + frame.center.y))", "sleep:900",
                "move:\(Int(item.x)),\(Int(top + item.y))", "sleep:100", "up"
            ])
        }

        /// A long press on the globe key lists "One-handed" above the keyboards.
        @Test(arguments: Compositor.Kind.allCases)
        func theGlobeListTurnsOneHandedOn(_ kind: Compositor.Kind) throws {
            let (c, full, p) = try session(kind, config: Compositor.noSuggestions)
            try pickFromGlobeList(c, full, item: 0)
            let right = try PanelMap(config: Self.right)
            guard try waitUntil(5, { panelShown(try c.screenshot("one-handed-picked"), right) }) else {
                throw HarnessError("the globe list did not make the keys one-handed")
            }
            try c.tap(right.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        /// "Floating" in the globe key's list floats the panel where `tapboard geometry` has it.
        @Test(arguments: Compositor.Kind.allCases)
        func theGlobeListFloatsThePanel(_ kind: Compositor.Kind) throws {
            let (c, full, p) = try session(kind, config: Compositor.noSuggestions)
            try pickFromGlobeList(c, full, item: 1)
            let floating = try PanelMap(config: Self.floating)
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-picked"), floating) }) else {
                throw HarnessError("the globe list did not float the panel")
            }
            try c.tap(floating.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        static let floating = Compositor.noSuggestions + ["floating = on"]

        /// The tapboard-tap steps that press `map`'s grip, drag it `by` logical pixels in
        /// moves of 4 px (the panel follows each, so the pointer stays on the grip: phoc
        /// gives a press that leaves the panel to what is under it) and let go.
        func dragSteps(_ map: PanelMap, by: (x: Int, y: Int)) throws -> [String] {
            let steps = max(abs(by.x), abs(by.y)) / 4
            let grip = try #require(map.keys.first { $0.action == "grip" })
            let x = map.origin.x + Int(grip.x + grip.width / 2)
            let y = map.origin.y + Int(grip.y + grip.height / 2)
            var out = ["down:\(x),\(y)", "sleep:100"]
            for i in 1...steps { out += ["move:\(x + by.x * i / steps),\(y + by.y * i / steps)", "sleep:15"] }
            return out + ["sleep:200", "up"]
        }

        /// A floating panel dragged by its grip goes where it was dragged, and its keys type
        /// there into a GTK window, which keeps its size throughout (no exclusive zone).
        @Test(arguments: Compositor.Kind.allCases)
        func aFloatingPanelDraggedAndThenTypedOn(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let map = try PanelMap(config: Self.floating)
            #expect(map.width < 720 && map.floats)
            let tb = try c.tapboard(["--hidden"], config: Self.floating)
            let app = try c.gtkEntry(["--report-size"])
            guard try waitUntil(5, { panelShown(try c.screenshot("floating"), map) }) else {
                throw HarnessError("the floating panel did not appear as `tapboard geometry` has it: \(tb.stderr)")
            }
            try c.tap(try dragSteps(map, by: (-100, -600)))
            let moved = map.moved(by: (-100, -600))
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-dragged"), moved) }) else {
                throw HarnessError("the panel did not go where it was dragged: \(tb.stderr)")
            }
            try c.tap(moved.taps(["h", "i"]))
            #expect(app.waitFor("text \"hi\""), "entry saw: \(app.lines)")
            // Dragged into the screen's top left corner, it stops at the edges.
            try c.tap(try dragSteps(moved, by: (-moved.origin.x - 100, -moved.origin.y - 10)))
            let corner = moved.moved(by: (-moved.origin.x, -moved.origin.y))
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-corner"), corner) }) else {
                throw HarnessError("the panel did not stop at the corner: \(tb.stderr)")
            }
            try c.tap(corner.taps(["o"]))
            #expect(app.waitFor("text \"hio\""), "entry saw: \(app.lines)")
            let sizes = Set(app.lines.filter { $0.hasPrefix("size ") })
            #expect(sizes.count == 1, "the window was resized: \(sizes)")
            // The place is kept (places only, mode 0600), and the next tapboard floats there.
            let file = c.runDir + "/.local/state/tapboard/floating-places"
            let kept = try String(contentsOfFile: file, encoding: .utf8)
            #expect(kept.hasPrefix("portrait 0 0 ") && kept.split(separator: "\n").count == 1, "\(kept)")
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            tb.stop()
            let again = try c.tapboard(config: Self.floating)
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-again"), corner) }) else {
                throw HarnessError("the next tapboard did not float where the panel was left: \(again.stderr)")
            }
        }

        /// Landscape (1280x720): the floating panel is 65 % of the height wide, centred at
        /// the bottom, and types.
        @Test(arguments: Compositor.Kind.allCases)
        func aFloatingPanelTypesInLandscape(_ kind: Compositor.Kind) throws {
            let (c, map, p) = try session(kind, size: (1280, 720), config: Self.floating)
            #expect(map.width == 468 && map.origin.x == (1280 - 468) / 2, "\(map.width) at \(map.origin)")
            try c.tap(map.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        /// Turned to landscape, the panel floats where it floats in landscape (first: centred
        /// at the bottom); turned back, where it was dragged in portrait.
        @Test func thePlaceIsRememberedPerOrientation() throws {
            let (c, map, p) = try session(.sway, config: Self.floating)
            try c.tap(try dragSteps(map, by: (0, -300)))
            let dragged = map.moved(by: (0, -300))
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-portrait"), dragged) }) else {
                throw HarnessError("the panel did not go where it was dragged")
            }
            try c.swaymsg(["output", "HEADLESS-1", "transform", "90"])
            let wide = try PanelMap(output: (1280, 720), config: Self.floating)
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-landscape"), wide) }) else {
                throw HarnessError("the panel did not float at landscape's place")
            }
            try c.swaymsg(["output", "HEADLESS-1", "transform", "normal"])
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-portrait-again"), dragged) }) else {
                throw HarnessError("the panel did not come back to its portrait place")
            }
            try c.tap(dragged.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        /// The grip band's ↔ docks the panel: full width at the bottom again, and typing follows.
        @Test(arguments: Compositor.Kind.allCases)
        func theGripBandsButtonDocksThePanel(_ kind: Compositor.Kind) throws {
            let (c, map, p) = try session(kind, config: Self.floating)
            try c.tap(map.taps(["one-handed-off"]))
            let full = try #require(plainPanel)
            guard try waitUntil(5, { panelShown(try c.screenshot("floating-docked"), full) }) else {
                throw HarnessError("the panel did not dock")
            }
            try c.tap(full.taps(["h", "i"]))
            #expect(p.waitFor("text \"hi\""), "probe saw: \(p.lines)")
        }

        /// A 1920x1080 output: the rows part in halves at the edges (split = auto).
        @Test(arguments: Compositor.Kind.allCases)
        func splitKeysTypeInLandscape(_ kind: Compositor.Kind) throws {
            let (c, map, p) = try session(kind, size: (1920, 1080), config: Compositor.noSuggestions)
            let q = try #require(map.keys.first { $0.label == "q" })
            let pKey = try #require(map.keys.first { $0.label == "p" })
            #expect(q.x < 20 && pKey.x + pKey.width > 1900, "q at \(q.x), p ends at \(pKey.x + pKey.width)")
            #expect(map.keys.filter { $0.action == "space" }.count == 2)
            // Letters from both halves, the space from the right one.
            try c.tap(map.taps(["t", "y", "p", "e", "d"]) + [try map.tapLast("space")] + map.taps(["h", "i"]))
            #expect(p.waitFor("text \"typed hi\""), "probe saw: \(p.lines)")
        }

        /// `split = off` keeps the centred keys of a wide output.
        @Test func splitOffKeepsTheKeysTogether() throws {
            let map = try PanelMap(output: (1920, 1080), config: Compositor.noSuggestions + ["split = off"])
            let q = try #require(map.keys.first { $0.label == "q" })
            #expect(q.x > 400)
            #expect(map.keys.filter { $0.action == "space" }.count == 1)
        }
    }
}

extension PanelMap {
    /// The tapboard-tap step for the last key of this action (a split panel's right space bar).
    func tapLast(_ action: String) throws -> String {
        guard let k = keys.last(where: { $0.action == action }) else { throw HarnessError("no key \(action)") }
        return "tap:\(Int(k.x + k.width / 2)),\(outputHeight - height + Int(k.y + k.height / 2))"
    }
}
