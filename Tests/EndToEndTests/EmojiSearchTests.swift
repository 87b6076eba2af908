import Foundation
import Testing

extension EndToEnd {
    /// The emoji keyboard's search layer: letters typed there find emoji by name, and the
    /// emoji tapped goes into a GTK 4 field; the letters never do.
    @Suite struct EmojiSearchTests {
        @Test(arguments: Compositor.Kind.allCases)
        func pizzaFoundByNameGoesIntoGTK(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let config = Compositor.noSuggestions
            let us = try PanelMap(layout: "us", config: config)
            let tb = try c.shownTapboard(["--layouts", "us,emoji"], config: config, shows: us, name: "emoji-search-start")
            let entry = try c.focus(tb, shows: us) { try c.realClient(.gtk4) }
            try c.tap([us.tap("next-keyboard")])
            let emoji = try PanelMap(layout: "emoji", config: config)
            guard try waitUntil(5, { panelShown(try c.screenshot("emoji-search-emoji"), emoji) }) else {
                throw HarnessError("the emoji keyboard did not show: \(tb.stderr)")
            }
            try c.tap([emoji.tap("🔍")])
            let search = try PanelMap(layout: "emoji", layer: "search", config: config)
            guard try waitUntil(5, { panelShown(try c.screenshot("emoji-search-layer"), search) }) else {
                throw HarnessError("the search layer did not show: \(tb.stderr)")
            }
            try c.tap(search.taps(["p", "i", "z", "z", "a"]))
            // The top row shows the search and what it found, as `tapboard geometry` places them.
            let found = try PanelMap(layout: "emoji", layer: "search", config: config, context: "pizza")
            #expect(found.keys.first?.label == "🔍 pizza")
            #expect(
                try waitUntil(5) { panelShown(try c.screenshot("emoji-search-pizza"), found) },
                "the panel does not show the results")
            try c.tap([found.tap("🍕")])
            #expect(waitUntil(5) { fieldText(entry) == "🍕" }, "entry: \(entry.lines) tapboard: \(tb.stderr)")
            #expect(settledFieldText(entry) == "🍕")
            #expect(!entry.lines.contains { $0.contains("p") && $0.hasPrefix("text ") }, "\(entry.lines)")
        }

        /// `emoji-suggestions = on`: "pizza" typed in GTK 4, the strip's right slot offers 🍕,
        /// and tapping it puts the emoji after the word.
        @Test(arguments: Compositor.Kind.allCases)
        func theStripsEmojiGoesAfterTheWord(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let config = ["emoji-suggestions = on"]
            let tb = try c.shownTapboard(config: config, name: "emoji-strip-start")
            // The strip makes the panel taller.
            let panel = try PanelMap(config: config)
            let entry = try c.focus(tb, shows: panel) { try c.realClient(.gtk4) }
            try c.tap(panel.taps(["p", "i", "z", "z", "a"]))
            #expect(waitUntil(5) { fieldText(entry) == "pizza" }, "entry: \(entry.lines)")
            // (The strip holds the word's emoji once the word has gone out: the tap finds it.)
            _ = try c.screenshot("emoji-strip-pizza")
            try c.tap([panel.slot(2)])
            #expect(settledFieldText(entry) == "pizza 🍕 ", "entry: \(entry.lines) tapboard: \(tb.stderr)")
        }
    }
}
