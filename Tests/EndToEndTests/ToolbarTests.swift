import Foundation
import TapboardRender
import Testing

/// Which of two fields has the focus: the last `focus first|second` line.
func focused(_ client: Child) -> String? {
    client.lines.last { $0.hasPrefix("focus ") }.map { String($0.dropFirst(6)) }
}

/// The second field's current text: the last `second "..."` line.
func secondFieldText(_ client: Child) -> String? {
    client.lines.last { $0.hasPrefix("second ") }.flatMap {
        try? JSONSerialization.jsonObject(with: Data($0.dropFirst(7).utf8), options: .fragmentsAllowed) as? String
    }
}

extension PanelMap {
    /// Whether a screenshot shows the key with this action drawn (a key cap, not the
    /// panel's background, just inside its left edge).
    func drawn(_ action: String, in png: String) -> Bool {
        guard let k = keys.first(where: { $0.action == action }), let image = Canvas(pngFile: png) else { return false }
        let top = image.pixelHeight - height
        return image.pixel(x: Int(k.x) + 4, y: top + Int(k.y + k.height / 2)) & 0xffffff != panelBackground
    }
}

extension EndToEnd {
    /// The form toolbar in real applications on sway and phoc: Previous and Next move
    /// between fields, Done hides the panel, Paste types the clipboard's text.
    @Suite struct ToolbarTests {
        func session(
            _ kind: Compositor.Kind, _ client: RealClient,
            field: FieldSetup = FieldSetup()
        ) throws -> (Compositor, Child, Child) {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard()
            // The toolbar makes the panel taller.
            let app = try c.focus(tb, shows: PanelMap(purpose: field.password ? "password" : nil)) {
                try c.realClient(client, field)
            }
            return (c, tb, app)
        }

        func nextAndPrevious(_ kind: Compositor.Kind, _ client: RealClient) throws {
            let (c, tb, app) = try session(kind, client, field: FieldSetup(second: true))
            let panel = try PanelMap()
            let toolbar = panel.topRowPixels(try c.screenshot("toolbar-\(client)"))
            try c.tap([panel.tap("next-field")])
            #expect(waitUntil(5) { focused(app) == "second" }, "\(client): \(app.lines)")
            try c.tap(panel.taps(["h", "i"]))
            // Chromium asks for auto_capitalization in the page's second field (a plain textarea).
            let typed = client == .chromium ? "Hi" : "hi"
            #expect(waitUntil(5) { secondFieldText(app) == typed }, "\(client): \(app.lines) tapboard: \(tb.stderr)")
            #expect(fieldText(app) == nil, "typed into the first field: \(app.lines)")
            // An empty field again: the toolbar is back in the strip's place.
            try c.tap(panel.taps(["backspace", "backspace"]))
            #expect(waitUntil(5) { secondFieldText(app) == "" })
            #expect(try waitUntil(5) { panel.topRowPixels(try c.screenshot("toolbar-back-\(client)")) == toolbar })
            try c.tap([panel.tap("previous-field")])
            #expect(waitUntil(5) { focused(app) == "first" }, "\(client): \(app.lines)")
            try c.tap(panel.taps(["o", "k"]))
            #expect(waitUntil(5) { fieldText(app) == "ok" }, "\(client): \(app.lines)")
            #expect(secondFieldText(app) == "")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func nextAndPreviousMoveBetweenGTKEntries(_ kind: Compositor.Kind) throws {
            try nextAndPrevious(kind, .gtk4)
        }

        @Test(arguments: [RealClient.firefox, .chromium], Compositor.Kind.allCases)
        func nextAndPreviousMoveBetweenPageFields(_ client: RealClient, _ kind: Compositor.Kind) throws {
            try nextAndPrevious(kind, client)
        }

        @Test(arguments: Compositor.Kind.allCases)
        func doneHidesThePanelUntilAFieldIsFocused(_ kind: Compositor.Kind) throws {
            let (c, tb, app) = try session(kind, .gtk4, field: FieldSetup(second: true))
            let panel = try PanelMap()
            #expect(try waitUntil(5) { panelShown(try c.screenshot("toolbar-shown"), panel) }, "tapboard: \(tb.stderr)")
            try c.tap([panel.tap("done")])
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("toolbar-done"), panel) })
            usleep(1_000_000)  // the field's later reports do not bring it back
            #expect(!panelShown(try c.screenshot("toolbar-still-hidden"), panel))
            // The window fills the output without the panel: its lower half is the second entry.
            try c.tap(["tap:\(c.width / 2),\(c.height * 3 / 4)"])
            #expect(
                try waitUntil(5) { panelShown(try c.screenshot("toolbar-refocused"), panel) },
                "\(app.lines) tapboard: \(tb.stderr)")
        }

        /// GTK reports the field (text_change_cause `other`, nothing else new) when a tap
        /// lands in the focused field.
        @Test(arguments: [RealClient.gtk4, .gtk3], Compositor.Kind.allCases)
        func tappingTheFocusedFieldAfterDoneShowsThePanel(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, tb, app) = try session(kind, client, field: FieldSetup(second: client == .gtk4))
            let panel = try PanelMap()
            #expect(try waitUntil(5) { panelShown(try c.screenshot("touch-shown-\(client)"), panel) }, "tapboard: \(tb.stderr)")
            try c.tap([panel.tap("done")])
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("touch-done-\(client)"), panel) })
            // The GTK 4 window's upper half is the focused entry; the GTK 3 entry is its
            // window's top row, below the header bar GTK 3 draws on phoc (none on sway).
            let y = client == .gtk4 ? c.height / 4 : kind == .phoc ? 55 : 15
            try c.tap(["tap:\(c.width / 2),\(y)"])
            #expect(
                try waitUntil(5) { panelShown(try c.screenshot("touch-again-\(client)"), panel) },
                "\(client): \(app.lines) tapboard: \(tb.stderr)")
        }

        func paste(_ kind: Compositor.Kind, _ client: RealClient, field: FieldSetup = FieldSetup()) throws {
            let (c, tb, app) = try session(kind, client, field: field)
            let panel = try PanelMap(purpose: field.password ? "password" : nil)
            #expect(
                !panel.drawn("paste", in: try c.screenshot("paste-empty-clipboard-\(client)")),
                "Paste shows with nothing on the clipboard")
            let words = "Grüße from the clipboard"
            try c.start("/usr/bin/wl-copy", ["--foreground", "--type", "text/plain;charset=utf-8", words])
            guard try waitUntil(5, { panel.drawn("paste", in: try c.screenshot("paste-shown-\(client)")) }) else {
                Issue.record("Paste did not show: tapboard: \(tb.stderr)")
                return
            }
            try c.tap([panel.tap("paste")])
            #expect(settledFieldText(app) == words, "\(client) field: \(app.lines)")
            // Never logged.
            #expect(!tb.stderr.contains("clipboard") && !tb.stderr.contains("Grüße"), "tapboard: \(tb.stderr)")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func pasteTypesTheClipboardsText(_ client: RealClient, _ kind: Compositor.Kind) throws {
            try paste(kind, client)
        }

        @Test(arguments: Compositor.Kind.allCases)
        func pasteWorksInAPasswordField(_ kind: Compositor.Kind) throws {
            try paste(kind, .gtk4, field: FieldSetup(password: true))
        }
    }
}
