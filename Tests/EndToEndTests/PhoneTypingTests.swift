import Foundation
import TapboardRender
import Testing

extension EndToEnd {
    /// Phone-keyboard behaviour against a real GTK4 entry.
    @Suite struct PhoneTypingTests {
        let panel: PanelMap
        init() throws { panel = try PanelMap() }

        /// `typed`: the word before the cursor in the entry's text, the strip showing what
        /// it offers in the toolbar's place.
        func session(
            _ kind: Compositor.Kind, _ entryArgs: [String] = [], config: [String]? = nil, typed: String? = nil
        ) throws -> (Compositor, Child) {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard(config: config)
            // Activate, surrounding text, auto-capitalisation; the strip makes the panel taller.
            let entry = try c.focus(tb, shows: PanelMap(config: config, typed: typed)) { try c.gtkEntry(entryArgs) }
            return (c, entry)
        }

        func lastText(_ client: Child) -> String? {
            client.lines.last { $0.hasPrefix("text ") }.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.dropFirst(5).utf8), options: .fragmentsAllowed) as? String
            }
        }

        @Test(arguments: Compositor.Kind.allCases)
        func autoCapitalisationWhereTheFieldAsksAndDoubleSpace(_ kind: Compositor.Kind) throws {
            // GTK's "uppercase sentences" is text-input's auto_capitalization hint.
            let (c, entry) = try session(kind, ["--hints", "uppercase_sentences"])
            // The word being typed is preedit until a space ends it.
            try c.tap(panel.taps(["h", "e", "l", "l", "o", "space", "space", "w", "o", "r", "l", "d", "space"]))
            #expect(waitUntil(5) { lastText(entry) == "Hello. World " }, "entry: \(entry.lines)")
            _ = try c.screenshot("gtk-hello-world")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func noCapitalsWhereTheFieldDoesNotAsk(_ kind: Compositor.Kind) throws {
            let (c, entry) = try session(kind)
            // ("no": a common word autocorrect leaves alone; "yo" would become "you".)
            try c.tap(panel.taps(["h", "i", "space", "space", "n", "o", "space"]))
            #expect(waitUntil(5) { lastText(entry) == "hi. no " }, "entry: \(entry.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func heldSpaceTypesSpacesNotAFullStop(_ kind: Compositor.Kind) throws {
            let (c, entry) = try session(kind, ["--text", "ab"])
            let space = try panel.tap("space").dropFirst(4)
            try c.tap(["down:\(space)", "sleep:900", "up"])
            #expect(waitUntil(5) { (lastText(entry) ?? "").hasPrefix("ab  ") }, "entry: \(entry.lines)")
            let t = settledFieldText(entry, quiet: 0.3) ?? ""
            #expect(t.hasPrefix("ab") && t.dropFirst(2).allSatisfy { $0 == " " }, "entry: \(entry.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func longPressOnETypesEAcute(_ kind: Compositor.Kind) throws {
            let (c, entry) = try session(kind, ["--hints", "lowercase"], config: Compositor.noSuggestions)
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let e = try #require(panel.keys.first { $0.label == "e" })
            let top = Double(panel.outputHeight - panel.height)
            let cx = e.x + e.width / 2
            let cy = top + e.y + e.height / 2
            // The alternates row (è é ê ë ē) is centred over the key, one key wide each,
            // inside 4 px of padding; é is the second.
            let total = 5 * e.width + 8
            let x0 = min(max(cx - total / 2, 0), Double(720) - total)
            let eAcute = Int(x0 + 4 + 1.5 * e.width)
            try c.tap(["down:\(Int(cx)),\(Int(cy))", "sleep:700", "move:\(eAcute),\(Int(cy - e.height))", "sleep:100", "up"])
            #expect(waitUntil(5) { lastText(entry) == "é" }, "entry: \(entry.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func holdingBackspaceDeletesSeveralCharacters(_ kind: Compositor.Kind) throws {
            let (c, entry) = try session(kind, ["--text", "the quick brown fox"], typed: "fox")
            let bs = try panel.tap("backspace").dropFirst(4)  // "X,Y"
            try c.tap(["down:\(bs)", "sleep:1000", "up"])
            // 1 s held: a delay of 600 ms, then a repeat every 40 ms: about ten characters,
            // never the whole text, never words (those come after fifteen repeats).
            let full = "the quick brown fox"
            #expect(waitUntil(5) { (lastText(entry)?.count ?? full.count) <= full.count - 3 }, "entry: \(entry.lines)")
            let t = settledFieldText(entry, quiet: 0.3) ?? ""
            #expect(full.hasPrefix(t), "entry: \(entry.lines)")
            #expect((4...14).contains(full.count - t.count), "deleted \(full.count - t.count): \(entry.lines)")
        }
    }
}

extension EndToEnd {
    /// The key preview bubble, seen in screenshots.
    @Suite struct KeyPreviewTests {
        @Test(arguments: Compositor.Kind.allCases)
        func bubbleShowsAboveTheHeldKeyAndGoesAway(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            _ = try c.tapboard()
            guard try waitUntil(5, { panelShown(try c.screenshot("start")) }) else { throw HarnessError("no panel") }
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let q = try #require(panel.keys.first { $0.label == "q" })
            let top = panel.outputHeight - panel.height
            let x = Int(q.x + q.width / 2)
            let y = top + Int(q.y + q.height / 2)
            // Hold q for a while in the background and look above it.
            let tapper = try c.start(Paths.bin + "/tapboard-tap", ["--extent", "720x1280", "down:\(x),\(y)", "sleep:1500", "up"])
            let bubble: (String) -> Bool = { png in
                guard let image = Canvas(pngFile: png) else { return false }
                return image.pixel(x: x, y: top - 20) & 0xffffff == popupColour
            }
            #expect(try waitUntil(3) { bubble(try c.screenshot("bubble")) }, "no bubble above the held key")
            tapper.process.waitUntilExit()
            #expect(try waitUntil(3) { !bubble(try c.screenshot("bubble-gone")) }, "the bubble stayed")
        }
    }
}
