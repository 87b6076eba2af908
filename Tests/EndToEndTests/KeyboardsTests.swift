import Foundation
import TapboardCore
import Testing

extension EndToEnd {
    /// Keyboards chosen by the field's purpose and by the globe key, on real compositors.
    @Suite struct KeyboardsTests {
        func start(_ kind: Compositor.Kind, _ tapboardArgs: [String], probe probeArgs: [String]) throws -> (Compositor, Child) {
            let c = try Compositor(kind)
            let tb = try c.tapboard(tapboardArgs, config: Compositor.noSuggestions)
            // The panel shows the first keyboard of --layouts.
            let first = tapboardArgs.firstIndex(of: "--layouts").map { tapboardArgs[$0 + 1].split(separator: ",")[0] }
            let shown = try PanelMap(layout: first.map(String.init), config: Compositor.noSuggestions)
            guard try waitUntil(5, { panelShown(try c.screenshot("start"), shown) }) else {
                throw HarnessError("the panel did not appear: \(tb.stderr)")
            }
            let p = try c.probe(probeArgs)
            guard p.waitFor("ready"), p.waitFor("focus in") else { throw HarnessError("no focus: \(p.lines)") }
            usleep(500_000)  // activate + done, and the panel's new size if the keyboard changed
            return (c, p)
        }

        @Test(arguments: Compositor.Kind.allCases)
        func digitsFieldShowsTheDigitsKeyboard(_ kind: Compositor.Kind) throws {
            let (c, p) = try start(kind, [], probe: ["--purpose", "digits"])
            let digits = try PanelMap(purpose: "digits", config: Compositor.noSuggestions)
            #expect(digits.keys.contains { $0.label == "1" } && !digits.keys.contains { $0.label == "q" })
            try c.tap(digits.taps(["1", "2", "3"]))
            #expect(p.waitFor("text \"123\""), "probe saw: \(p.lines)")
            _ = try c.screenshot("digits")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func globeSwitchesToTheNextKeyboard(_ kind: Compositor.Kind) throws {
            let (c, p) = try start(kind, ["--layouts", "us,de"], probe: [])
            try c.tap([PanelMap(layout: "us", config: Compositor.noSuggestions).tap("next-keyboard")])
            usleep(300_000)
            try c.tap(PanelMap(layout: "de", config: Compositor.noSuggestions).taps(["ü", "z"]))
            #expect(p.waitFor("text \"üz\""), "probe saw: \(p.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func globeLongPressListsKeyboardsAndSlidingPicksOne(_ kind: Compositor.Kind) throws {
            let (c, p) = try start(kind, ["--layouts", "us,de,emoji"], probe: ["--hints", "lowercase"])
            let us = try PanelMap(layout: "us", config: Compositor.noSuggestions)
            let globe = try #require(us.keys.first { $0.action == "next-keyboard" })
            let frame = Rect(x: globe.x, y: globe.y, width: globe.width, height: globe.height)
            // Where the list opens, as the keyboard lays it out (panel coordinates).
            let list = Popup.keyboards(
                [("us", ""), ("de", ""), ("emoji", "")], current: "us",
                above: PlacedKey(key: Key.text(""), row: 0, frame: frame, cell: frame),
                panelWidth: us.width)
            let top = Double(us.outputHeight - us.height)
            let de = list.itemFrames[1].center
            try c.tap([
                "down:\(Int(frame.center.x)),\(Int(top + frame.center.y))", "sleep:700",
                "move:\(Int(de.x)),\(Int(top + de.y))", "sleep:100", "up"
            ])
            usleep(300_000)
            try c.tap(PanelMap(layout: "de", config: Compositor.noSuggestions).taps(["ü", "z"]))
            #expect(p.waitFor("text \"üz\""), "probe saw: \(p.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func keysOnlyClientGetsACharacterTheKeymapLacked(_ kind: Compositor.Kind) throws {
            let (c, p) = try start(kind, ["--layouts", "de,us"], probe: ["--no-text-input"])
            try c.tap(PanelMap(layout: "de", config: Compositor.noSuggestions).taps(["ü", "ä"]))
            #expect(p.waitFor("text \"üä\""), "probe saw: \(p.lines)")
            #expect(p.lines.contains("key udiaeresis") && p.lines.contains("key adiaeresis"))
        }
    }
}
