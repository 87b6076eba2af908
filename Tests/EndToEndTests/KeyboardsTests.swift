import Foundation
import TapboardCore
import Testing

extension EndToEnd {
    /// Keyboards chosen by the field's purpose and by the globe key, on real compositors.
    @Suite struct KeyboardsTests {
        func start(_ kind: Compositor.Kind, _ tapboardArgs: [String], probe probeArgs: [String]) throws -> (Compositor, Child) {
            let c = try Compositor(kind)
            // The panel shows the first keyboard of --layouts.
            let first = tapboardArgs.firstIndex(of: "--layouts").map { String(tapboardArgs[$0 + 1].split(separator: ",")[0]) }
            let shown = try PanelMap(layout: first, config: Compositor.noSuggestions)
            let tb = try c.shownTapboard(tapboardArgs, config: Compositor.noSuggestions, shows: shown)
            // A field without text-input has no input method to activate: its keyboard focus is all.
            guard !probeArgs.contains("--no-text-input") else { return (c, try c.focusedProbe(probeArgs)) }
            // Activate + done, and the panel's new size if the keyboard changed.
            let purpose = probeArgs.firstIndex(of: "--purpose").map { probeArgs[$0 + 1] }
            let field = try PanelMap(layout: purpose == nil ? first : nil, purpose: purpose, config: Compositor.noSuggestions)
            return (c, try c.focus(tb, shows: field) { try c.focusedProbe(probeArgs) })
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
            let de = try PanelMap(layout: "de", config: Compositor.noSuggestions)
            #expect(try waitUntil(5) { panelShown(try c.screenshot("globe-de"), de) }, "the globe key did not switch to de")
            try c.tap(de.taps(["ü", "z"]))
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
            let picked = try PanelMap(layout: "de", config: Compositor.noSuggestions)
            #expect(try waitUntil(5) { panelShown(try c.screenshot("globe-list-de"), picked) }, "the list did not switch to de")
            try c.tap(picked.taps(["ü", "z"]))
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
