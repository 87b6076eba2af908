import Foundation
import TapboardCore
import Testing

extension EndToEnd {
    /// Panels on real compositors and in real applications: opened from the globe key's
    /// list, a picked item typed into the field, and the keyboard shown again.
    @Suite struct PanelsTests {
        static let layouts = ["us", "picker", "snippets"]
        static let signature = "Kind regards,\nSam Taylor\nsam@example.org"

        /// A compositor with tapboard (us, and the two shipped panels in its globe list) and `client` focused.
        func session(_ kind: Compositor.Kind, _ client: RealClient, field: FieldSetup = FieldSetup()) throws
            -> (Compositor, Child, PanelMap)
        {
            let c = try Compositor(kind)
            let us = try PanelMap(layout: "us", config: Compositor.noSuggestions)
            let layouts = ["--layouts", Self.layouts.joined(separator: ",")]
            let tb = try c.shownTapboard(layouts, config: Compositor.noSuggestions, shows: us, name: "panels-start")
            return (c, try c.focus(tb, shows: us) { try c.realClient(client, field) }, us)
        }

        /// Long-presses the globe key of `us` and slides to `name` in the list; waits until the panel shows it.
        func open(_ name: String, _ c: Compositor, from us: PanelMap) throws -> PanelMap {
            let globe = try #require(us.keys.first { $0.action == "next-keyboard" })
            let frame = Rect(x: globe.x, y: globe.y, width: globe.width, height: globe.height)
            let list = Popup.keyboards(
                Self.layouts.map { ($0, "") }, current: "us",
                above: PlacedKey(key: Key.text(""), row: 0, frame: frame, cell: frame),
                panelWidth: us.width)
            let top = Double(us.outputHeight - us.height)
            let item = list.itemFrames[try #require(Self.layouts.firstIndex(of: name))].center
            try c.tap([
                "down:\(Int(frame.center.x)),\(Int(top + frame.center.y))", "sleep:700",
                "move:\(Int(item.x)),\(Int(top + item.y))", "sleep:100", "up"
            ])
            let panel = try PanelMap(layout: name, config: Compositor.noSuggestions)
            guard try waitUntil(5, { panelShown(try c.screenshot("panels-\(name)"), panel) }) else {
                throw HarnessError("the \(name) panel did not appear")
            }
            return panel
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func pickerItemTypesItsTextAndTheKeyboardComesBack(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, us) = try session(kind, client)
            let picker = try open("picker", c, from: us)
            try c.tap(picker.taps(["Star"]))
            #expect(settledFieldText(app) == "⭐", "\(client) field: \(app.lines)")
            let back = try waitUntil(5) { panelShown(try c.screenshot("panels-back-\(client)"), us) }
            #expect(back, "the keyboard did not come back after the picked item")
            // The keyboard's keys type again.
            try c.tap(us.taps(["o", "k"]))
            #expect(settledFieldText(app) == "⭐ok", "\(client) field: \(app.lines)")
        }

        /// The signature's three lines arrive as they are, in one multi-line field.
        @Test(arguments: [RealClient.gtk4, .firefox, .chromium], Compositor.Kind.allCases)
        func multiLineSnippetArrivesWhole(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, us) = try session(kind, client, field: FieldSetup(multiline: true))
            let snippets = try open("snippets", c, from: us)
            try c.tap(snippets.taps(["Signature"]))
            #expect(settledFieldText(app) == Self.signature, "\(client) field: \(app.lines)")
            let back = try waitUntil(5) { panelShown(try c.screenshot("panels-snippet-back-\(client)"), us) }
            #expect(back, "the keyboard did not come back after the snippet")
        }
    }
}
