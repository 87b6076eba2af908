import Foundation
import Testing

extension EndToEnd {
    /// Typing into real applications' text fields: GTK 3, GTK 4, Firefox ESR and Chromium,
    /// on sway and on phoc. What the field holds afterwards is what the user sees.
    @Suite struct RealAppsTests {
        /// A compositor with tapboard's panel on screen and `client` focused.
        func session(
            _ kind: Compositor.Kind, _ client: RealClient, tapboardArgs: [String] = [],
            field: FieldSetup = FieldSetup()
        ) throws -> (Compositor, Child) {
            let c = try Compositor(kind)
            let first = tapboardArgs.firstIndex(of: "--layouts").map { String(tapboardArgs[$0 + 1].split(separator: ",")[0]) }
            // Before a field is focused the panel has no strip.
            let tb = try c.shownTapboard(tapboardArgs, shows: try PanelMap(layout: first, config: Compositor.noSuggestions))
            // The strip makes the panel taller, unless the settings turn it off.
            let focused = try PanelMap(layout: first, config: tapboardArgs.contains("--config") ? Compositor.noSuggestions : nil)
            let app = try c.focus(tb, shows: focused) { try c.realClient(client, field) }
            return (c, app)
        }

        /// Auto-capitalisation is for fields that ask for it: none of these do (the page
        /// says autocapitalize="off"; GTK entries ask for nothing by default).
        func expected(_ text: String, _ client: RealClient) -> String { text }

        /// h e l l o, backspace (takes the o back, in the preedit), space, o k, space: "hell ok ".
        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func typingWithABackspace(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app) = try session(kind, client)
            let panel = try PanelMap()
            try c.tap(panel.taps(["h", "e", "l", "l", "o", "backspace", "space", "o", "k", "space"]))
            let text = settledFieldText(app)
            _ = try c.screenshot("real-\(client)-hell-ok")
            #expect(text == expected("hell ok ", client), "\(client) field: \(app.lines)")
        }

        /// 63 letters and spaces at the harness's pace (a tap each 30 ms, faster than thumbs):
        /// every one arrives, in order. Firefox on sway 1.10 lost a letter when a second
        /// commit reached it before it had handled the first; tapboard now waits for the
        /// field to show each commit.
        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func fastTypingLosesNoLetter(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let settings = Compositor.noSuggestions
            let (c, app) = try session(kind, client, tapboardArgs: ["--config", try settingsFile(settings)])
            let sentence = "the quick brown fox jumps over the lazy dog then all the others"
            let panel = try PanelMap(config: settings)
            try c.tap(panel.taps(sentence.map { $0 == " " ? "space" : String($0) }))
            let text = settledFieldText(app)
            #expect(text == expected(sentence, client), "\(client) field: \(app.lines.suffix(4))")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func germanUmlautThenBackspace(_ client: RealClient, _ kind: Compositor.Kind) throws {
            // Letters straight in (no strip): this is about deleting committed text.
            let (c, app) = try session(
                kind, client,
                tapboardArgs: [
                    "--layouts", "de", "--config",
                    try settingsFile(Compositor.noSuggestions)
                ])
            let panel = try PanelMap(layout: "de", config: Compositor.noSuggestions)
            try c.tap(panel.taps(["a", "b", "ü"]))
            let typed = settledFieldText(app)
            #expect(typed == expected("abü", client), "\(client) field after a b ü: \(app.lines)")
            try c.tap(panel.taps(["backspace"]))
            let text = settledFieldText(app)
            _ = try c.screenshot("real-\(client)-de")
            #expect(text == expected("ab", client), "\(client) field: \(app.lines)")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func backspaceDeletesTheSelection(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app) = try session(kind, client, field: FieldSetup(text: "hello world", selectAll: true))
            _ = try c.screenshot("real-\(client)-selected")
            try c.tap(PanelMap().taps(["backspace"]))
            let text = settledFieldText(app, initial: "hello world")
            _ = try c.screenshot("real-\(client)-selection-deleted")
            #expect(text == "", "\(client) field: \(app.lines)")
        }

        /// Backspace after a conjunct takes its last code point (क्ष becomes क्), as phone
        /// keyboards do; an emoji with a skin tone goes whole.
        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func backspaceTakesOneCodePointButAWholeEmoji(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app) = try session(kind, client, field: FieldSetup(text: "ok👍🏽क्ष"))
            let panel = try PanelMap()
            try c.tap(panel.taps(["backspace"]))
            let once = settledFieldText(app, initial: "ok👍🏽क्ष")
            #expect(once == "ok👍🏽क्", "\(client) field: \(app.lines)")
            try c.tap(panel.taps(["backspace", "backspace"]))
            let thrice = settledFieldText(app)
            #expect(thrice == "ok👍🏽", "\(client) field: \(app.lines)")
            try c.tap(panel.taps(["backspace"]))
            #expect(settledFieldText(app) == "ok", "\(client) field: \(app.lines)")
        }
    }
}
