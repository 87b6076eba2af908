import Foundation
import Testing

extension EndToEnd {
    /// The clipboard history on sway and phoc: text copied (wl-copy) is offered by a long
    /// press on Paste, and a tap on an item types it into Firefox.
    /// Nothing of it reaches tapboard's output or a file.
    @Suite struct ClipboardHistoryTests {
        static let config = ["suggestions = off"]

        @Test(arguments: Compositor.Kind.allCases)
        func copiedTextPastedFromTheHistoryIntoFirefox(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(config: Self.config)
            // No field yet: the keys alone, as `plainPanel` has them.
            guard try waitUntil(5, { panelShown(try c.screenshot("history-start"), plainPanel) }) else {
                throw HarnessError("the panel did not appear: \(tb.stderr)")
            }
            // Two copies through data-control (wl-copy): a GTK 4 app's own copy does not
            // become the selection in these headless sessions (it has no input serial the
            // compositor accepts), so the app's part is played by wl-copy.
            let first = "Grüße aus GTK 4, zum Einfügen"
            let second = "the newer copy"
            for text in [first, second] {
                try c.start("/usr/bin/wl-copy", ["--foreground", "--type", "text/plain;charset=utf-8", text])
                usleep(700_000)
            }
            let page = try c.realClient(.firefox)
            let panel = try PanelMap(config: Self.config)
            guard try waitUntil(10, { panel.drawn("paste", in: try c.screenshot("history-paste-\(kind)")) }) else {
                throw HarnessError("Paste did not show: tapboard: \(tb.stderr)")
            }
            // Hold Paste: the history's panel. Its items stand where the snippets panel's do.
            let paste = try panel.tap("paste").dropFirst("tap:".count)
            try c.tap(["down:\(paste)", "sleep:\(900)", "up"])
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("history-opening"), panel) }, "the keys stayed")
            let items = try PanelMap(layout: "snippets", config: Self.config)
            _ = try c.screenshot("history-panel")
            // The second place holds the older item.
            try c.tap([try items.tap("Thank you!")])
            #expect(settledFieldText(page) == first, "Firefox field: \(page.lines) tapboard: \(tb.stderr)")
            // Back on the keys: they type after it.
            try c.tap(panel.taps(["o", "k"]))
            #expect(settledFieldText(page) == first + "ok", "Firefox field: \(page.lines)")

            // Never in tapboard's output, nor in any file but the browser's own.
            for text in [first, second, "Grüße", "newer copy"] {
                #expect(!tb.stderr.contains(text), "tapboard said: \(tb.stderr)")
            }
            #expect(filesHolding([first, second, "Grüße"], under: c.runDir, except: ["firefox-home"]) == [])
        }

        /// Clear forgets the items: a long press on Paste then pastes the clipboard as a tap does.
        @Test(arguments: Compositor.Kind.allCases)
        func clearEmptiesTheHistory(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(config: Self.config)
            let app = try c.realClient(.gtk4)
            let words = "copied once"
            try c.start("/usr/bin/wl-copy", ["--foreground", "--type", "text/plain;charset=utf-8", words])
            let panel = try PanelMap(config: Self.config)
            guard try waitUntil(10, { panel.drawn("paste", in: try c.screenshot("history-clear-\(kind)")) }) else {
                throw HarnessError("Paste did not show: tapboard: \(tb.stderr)")
            }
            let paste = try panel.tap("paste").dropFirst("tap:".count)
            try c.tap(["down:\(paste)", "sleep:900", "up"])
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("history-clear-opening"), panel) }, "the keys stayed")
            let items = try PanelMap(layout: "snippets", config: Self.config)
            // Clear sits over the snippets panel's globe and backspace keys.
            let globe = try #require(items.keys.first { $0.action == "next-keyboard" })
            let y = items.outputHeight - items.height + Int(globe.y + globe.height / 2)
            try c.tap(["tap:\(Int(globe.x + globe.width)),\(y)"])
            #expect(settledFieldText(app, quiet: 0.5) == nil, "Clear typed something: \(app.lines)")
            // Empty now: the long press is a Paste.
            try c.tap(["down:\(paste)", "sleep:900", "up"])
            #expect(settledFieldText(app) == words, "field: \(app.lines) tapboard: \(tb.stderr)")
            #expect(!tb.stderr.contains(words))
        }
    }
}

/// Files under `dir` (not under the folders named in `except`) that hold any of `texts`.
func filesHolding(_ texts: [String], under dir: String, except: [String]) -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: dir) else { return [] }
    var found: [String] = []
    while let path = walk.nextObject() as? String {
        if except.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
        let full = dir + "/" + path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
            let data = FileManager.default.contents(atPath: full)
        else { continue }
        if texts.contains(where: { data.range(of: Data($0.utf8)) != nil }) { found.append(path) }
    }
    return found
}
