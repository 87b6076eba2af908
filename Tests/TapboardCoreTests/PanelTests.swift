import TestSupport
import Testing

@testable import TapboardCore

/// Panels as layout files: the fields that make one, and how the keyboard reads them.
@Suite struct PanelParserTests {
    func parse(_ text: String, file: String = "/home/u/layouts/p.json") throws -> Layout {
        try LayoutParser.parse(text, file: file, defaultName: "p")
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try LayoutParser.parse(text, file: "/home/u/layouts/p.json", defaultName: "p")
            return []
        } catch {
            return error.description.split(separator: "\n").map(String.init)
        }
    }

    /// A one-layer layout with these rows (JSON), and `extra` top-level fields.
    func panel(_ rows: String, layer extra: String = "") -> String {
        "{\"panel\": true, \"layers\": [{\"name\": \"a\"\(extra), \"rows\": \(rows)}]}"
    }

    @Test func keptCaseIgnoresShift() throws {
        let layout = try parse(panel(#"[[{"text": "a", "case": "keep"}, "b", {"text": "c", "case": "auto"}]]"#))
        let keys = layout.layers[0].rows[0]
        #expect(layout.isPanel)
        #expect(keys[0].keepsCase && keys[0].text(shifted: true) == "a")
        #expect(!keys[1].keepsCase && keys[1].text(shifted: true) == "B")
        #expect(!keys[2].keepsCase && keys[2].text(shifted: true) == "C")
        #expect(
            errors(panel(#"[[{"text": "a", "case": "upper"}]]"#))
                == [#"/home/u/layouts/p.json:1:74: unknown "case" "upper" (valid: auto, keep)"#])
        #expect(errors(panel(#"[[{"action": "space", "case": "keep"}]]"#)).first?.hasSuffix(#""case" is for text keys"#) == true)
    }

    @Test func multiLineTextIsOneKey() throws {
        let layout = try parse(panel(#"[[{"text": "Kind regards,\nSam", "label": "Signature", "case": "keep"}]]"#))
        let key = layout.layers[0].rows[0][0]
        #expect(key.action == .text("Kind regards,\nSam") && key.label == "Signature")
    }

    @Test func imagesAreFoundBesideTheFileAndShowNoLabelUnlessGiven() throws {
        let layout = try parse(
            panel(#"[[{"text": "x", "image": "pics/sun.svg"}, {"text": "y", "image": "moon.png", "label": "Moon"}]]"#))
        let keys = layout.layers[0].rows[0]
        #expect(keys[0].image == "/home/u/layouts/pics/sun.svg" && keys[0].label == "")
        #expect(keys[1].image == "/home/u/layouts/moon.png" && keys[1].label == "Moon")
        #expect(
            layout.references == [
                LayoutReference(
                    kind: .image, name: "pics/sun.svg", path: "/home/u/layouts/pics/sun.svg",
                    position: SourcePosition(line: 1, column: 75)),
                LayoutReference(
                    kind: .image, name: "moon.png", path: "/home/u/layouts/moon.png",
                    position: SourcePosition(line: 1, column: 115))
            ])
        // A bare file name: the folder is the current one.
        let bare = try LayoutParser.parse(panel(#"[[{"text": "x", "image": "sun.svg"}]]"#), file: "p.json", defaultName: "p")
        #expect(bare.layers[0].rows[0][0].image == "./sun.svg")
    }

    @Test func imagesMustBePNGOrSVGBesideTheFile() {
        for name in ["/etc/sun.svg", "../sun.svg", "a/../../sun.svg", ""] {
            #expect(
                errors(panel(#"[[{"text": "x", "image": "\#(name)"}]]"#)).first?
                    .hasSuffix(#""image" names a file beside the layout file, such as "apple.svg""#) == true, "\(name)")
        }
        #expect(
            errors(panel(#"[[{"text": "x", "image": "sun.gif"}]]"#)).first?
                .hasSuffix(#"image "sun.gif" must be a .png or .svg file"#) == true)
    }

    @Test func rowHeightsAreRelative() throws {
        let layout = try parse(panel(#"[["a", "b"], ["c"], ["d"]]"#, layer: #", "rowHeights": [2, 1, 1]"#))
        #expect(layout.layers[0].rowHeights == [2, 1, 1])
        let g = PanelGeometry(layer: layout.layers[0], width: 400, height: 400)
        let heights = g.keys.map(\.cell.height)
        #expect(heights == [200, 200, 100, 100])
        #expect(g.keys.map(\.cell.y) == [0, 0, 200, 300])
        // The panel is as tall as four equal rows would be.
        let equal = try parse(panel(#"[["a"], ["b"], ["c"], ["d"]]"#))
        #expect(
            PanelGeometry.forOutput(width: 720, height: 1280, layout: layout, layer: layout.layers[0]).height
                == PanelGeometry.forOutput(width: 720, height: 1280, layout: equal, layer: equal.layers[0]).height)
        #expect(
            errors(panel(#"[["a"], ["b"]]"#, layer: #", "rowHeights": [1]"#)).first?
                .hasSuffix(#""rowHeights" must be an array of 2 numbers, one per row"#) == true)
        #expect(
            errors(panel(#"[["a"], ["b"]]"#, layer: #", "rowHeights": [1, 0]"#)).first?
                .hasSuffix("a row height must be a number above 0 and at most 20") == true)
    }

    @Test func thenSaysWhatFollowsATap() throws {
        let layout = try parse(
            panel(#"[[{"text": "a", "then": "back"}, {"text": "b", "then": "hide"}, {"text": "c", "then": "stay"}, "d"]]"#))
        #expect(layout.layers[0].rows[0].map(\.then) == [.back, .hide, .stay, .stay])
        let problems = errors(panel(#"[[{"text": "a", "then": "close"}]]"#))
        #expect(problems == [#"/home/u/layouts/p.json:1:74: unknown "then" "close" (valid: stay, back, hide)"#])
    }

    @Test func openNamesALayoutAndBackReturns() throws {
        let layout = try parse(panel(#"[[{"action": "open", "layout": "picker"}, {"action": "back", "label": "Done"}]]"#))
        let keys = layout.layers[0].rows[0]
        #expect(keys[0].action == .open("picker") && keys[0].label == "picker")
        #expect(keys[1].action == .back && keys[1].label == "Done")
        #expect(
            layout.references == [
                LayoutReference(
                    kind: .layout, name: "picker", path: "",
                    position: SourcePosition(line: 1, column: 81))
            ])
        #expect(errors(panel(#"[[{"action": "open"}]]"#)).first?.hasSuffix(#"a "open" key needs "layout""#) == true)
        #expect(
            errors(#"{"panel": 1, "layers": [{"name": "a", "rows": [["a"]]}]}"#).first?
                .hasSuffix(#""panel" is true or false"#) == true)
    }

    @Test func shippedPanels() throws {
        let picker = try loadShipped("picker.json")
        #expect(picker.isPanel)
        let items = picker.layers[0].rows.flatMap { $0 }.filter { $0.image != nil }
        #expect(items.count == 6)
        #expect(items.allSatisfy { !$0.label.isEmpty && $0.keepsCase && $0.then == .back })
        #expect(picker.layers[0].rows.flatMap { $0 }.contains { $0.action == .back && $0.label == "Done" })
        let snippets = try loadShipped("snippets.json")
        #expect(snippets.isPanel)
        let texts = snippets.layers[0].rows.flatMap { $0 }.compactMap { $0.text(shifted: false) }
        #expect(texts.contains { $0.split(separator: "\n").count >= 3 })
    }
}

/// Panels in the controller: opened by a key or from the globe's list, and left again.
@Suite struct PanelControllerTests {
    /// A small keyboard with a key that opens `target`.
    static func opener(_ target: String = "picker") throws -> Layout {
        try LayoutParser.parse(
            #"""
            {"name": "k", "layers": [{"name": "base", "rows": [
              ["a", "b", {"action": "open", "layout": "\#(target)", "label": "Pick"}],
              [{"action": "next-keyboard"}, {"action": "space", "width": 2}]]}]}
            """#, file: "k.json", defaultName: "k")
    }

    func driven(_ names: [String], extra: [Layout] = []) throws -> Driven {
        var d = try Driven(names, extra: extra)
        d.focus()
        return d
    }

    /// Long-presses the globe key and slides to `name` in its list.
    static func pick(_ name: String, _ d: inout Driven) throws {
        let g = try #require(d.c.geometry)
        let globe = try #require(g.keys.first { $0.key.action == .nextKeyboard })
        d.time += 200
        let down = d.c.press(.pointer, at: globe.frame.center, time: d.time)
        let timer = try #require(down.compactMap { if case .schedule(.key(let t), _) = $0 { t } else { nil } }.first)
        let opened = d.c.timerFired(.key(timer), time: d.time + 400)
        let popup = try #require(opened.compactMap { if case .showPopup(let p) = $0 { p } else { nil } }.first)
        let item = try #require(popup.values.firstIndex(of: name))
        _ = d.c.move(.pointer, to: popup.itemFrames[item].center)
        d.sent += d.c.release(.pointer, time: d.time + 500)
    }

    @Test func openKeyOpensThePanelAndAPickedItemGoesBack() throws {
        var d = try driven(["k"], extra: [try Self.opener()])
        d.tap("Pick")
        #expect(d.c.keyboard.layout.name == "picker")
        let out = d.tap("Star")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "⭐"))])
        #expect(d.c.keyboard.layout.name == "k")
        // Done goes back too, and types nothing.
        d.tap("Pick")
        #expect(d.textOut(d.tap("Done")).isEmpty)
        #expect(d.c.keyboard.layout.name == "k")
    }

    @Test func aPanelWithADoneOfItsOwnGetsNoSecondFromTheToolbar() throws {
        var d = try driven(["k"], extra: [try Self.opener()])
        func dones() -> [KeyAction] { d.c.geometry?.keys.filter { $0.key.label == "Done" }.map(\.key.action) ?? [] }
        #expect(dones() == [.toolbar(.done)], "the keyboard has the toolbar's Done")
        d.tap("Pick")
        #expect(d.c.keyboard.layout.name == "picker")
        #expect(dones() == [.back], "the picker shows its own Done only")
        #expect(d.c.geometry?.keys.contains { $0.key.action == .toolbar(.nextField) } == true, "the rest of the toolbar stays")
        d.tap("Done")
        #expect(d.c.keyboard.layout.name == "k")
        #expect(dones() == [.toolbar(.done)])
    }

    @Test func backGoesToTheKeyboardShownBefore() throws {
        var d = try driven(["us", "de", "picker"])
        d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.name == "de")
        try Self.pick("picker", &d)
        #expect(d.c.keyboard.layout.name == "picker")
        d.tap("Heart")
        #expect(d.c.keyboard.layout.name == "de")
    }

    @Test func globeListsPanelsButItsTapCyclesKeyboardsOnly() throws {
        var d = try driven(["picker", "us", "snippets", "de"])
        #expect(d.c.keyboard.layout.name == "us")
        #expect(d.c.keyboard.keyboards.map(\.name) == ["us", "de", "picker", "snippets"])
        d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.name == "de")
        d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.name == "us")
        // The globe on a panel leaves it for the keyboard.
        try Self.pick("snippets", &d)
        #expect(d.c.keyboard.layout.name == "snippets")
        d.tap("next-keyboard")
        #expect(!d.c.keyboard.layout.isPanel)
    }

    @Test func hideAfterATapHidesAndTheKeyboardComesBackNextTime() throws {
        let hider = try LayoutParser.parse(
            #"""
            {"name": "h", "panel": true, "layers": [{"name": "a", "rows": [
              [{"text": "ok", "then": "hide"}, {"text": "more", "then": "stay"}]]}]}
            """#, file: "h.json", defaultName: "h")
        var d = try driven(["k"], extra: [try Self.opener("h"), hider])
        d.tap("Pick")
        #expect(d.c.keyboard.layout.name == "h")
        #expect(d.textOut(d.tap("more")) == [.edit(TextEdit(insert: "more"))])
        #expect(d.c.keyboard.layout.name == "h" && d.c.visible)
        let out = d.tap("ok")
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "ok"))])
        #expect(out.contains(.hidePanel) && !d.c.visible)
        d.record(d.c.show())
        #expect(d.c.keyboard.layout.name == "k")
    }

    @Test func multiLineSnippetIsOneCommit() throws {
        var d = try driven(["us", "snippets"])
        try Self.pick("snippets", &d)
        let out = d.textOut(d.tap("Signature"))
        #expect(out.count == 1)
        guard case .edit(let edit) = out.first else {
            Issue.record("no edit: \(out)")
            return
        }
        #expect(edit.insert.split(separator: "\n").count == 3 && edit.deleteBefore == 0)
        #expect(d.c.keyboard.layout.name == "us")
    }

    @Test func openingAMissingLayoutSaysSoAndStays() throws {
        var d = try driven(["k"], extra: [try Self.opener("nowhere")])
        let out = d.tap("Pick")
        #expect(out.contains { if case .say = $0 { true } else { false } })
        #expect(d.c.keyboard.layout.name == "k")
    }
}
