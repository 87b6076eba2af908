import Foundation
import TapboardCore
import TestSupport
import Testing

extension EndToEnd {
    /// Chinese, Japanese and Korean in real applications, through the engines themselves
    /// (librime, Anthy, libhangul): the letters show as preedit, the strip holds the engine's
    /// candidates (a row, best first at the left), and what is picked lands in the field as one commit.
    @Suite struct CJKTests {
        /// Toolbar off: the strip shows (empty) as soon as a field is focused.
        static let config = ["toolbar = off"]

        /// A compositor with `layout` and `client` focused, once the panel has its strip.
        func session(
            _ kind: Compositor.Kind, _ client: RealClient, layout: String, field: FieldSetup = FieldSetup()
        ) throws -> (Compositor, Child, PanelMap) {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--layouts", layout], config: Self.config)
            let panel = try PanelMap(layout: layout, config: Self.config)
            // The panel with its strip.
            let app = try c.focus(tb, shows: panel, name: "cjk-\(layout)-focused", seconds: 15) {
                try c.realClient(client, field)
            }
            return (c, app, panel)
        }

        /// Waits until `client` reports a preedit `matching`; whether it did.
        func preeditShows(_ app: Child, _ client: RealClient, _ matching: (String) -> Bool) -> Bool {
            waitUntil(MultiStageTests.preeditReport) { preedits(app).contains(where: matching) }
        }

        /// The client's preedit reports, in order.
        func preedits(_ app: Child) -> [String] {
            app.lines.filter { $0.hasPrefix("preedit ") }.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.dropFirst(8).utf8), options: .fragmentsAllowed) as? String
            }
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func pinyinNihaoAndTheFirstCandidateGiveNiHao(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "zh")
            let row = try CandidateRowMap("zh.json", candidates: try engineCandidates(c, layout: "zh", "nihao"))
            try c.tap(panel.taps(["n", "i", "h", "a", "o"]))
            #expect(preeditShows(app, client) { $0.contains("hao") }, "\(client) reported: \(app.lines)")
            // (The strip holds the candidates once the preedit has gone out: the tap finds them.)
            _ = try c.screenshot("cjk-\(client)-nihao")
            try c.tap(try row.taps(toPick: 0))
            let text = fieldSettles(app, at: "你好")
            _ = try c.screenshot("cjk-\(client)-nihao-done")
            #expect(text == "你好", "\(client) field: \(app.lines)")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func romajiNihongoOffersNihongoWhichCommits(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "ja")
            let candidates = try engineCandidates(c, layout: "ja", "nihongo")
            let row = try CandidateRowMap("ja.json", candidates: candidates)
            try c.tap(panel.taps(["n", "i", "h", "o", "n", "g", "o"]))
            #expect(preeditShows(app, client) { $0 == "にほんご" }, "\(client) reported: \(app.lines)")
            _ = try c.screenshot("cjk-\(client)-nihongo")
            try c.tap(try row.taps(toPick: try #require(candidates.firstIndex(of: "日本語"))))
            let text = fieldSettles(app, at: "日本語")
            #expect(text == "日本語", "\(client) field: \(app.lines)")
        }

        /// Two segments (ほんを｜よむ): the whole input converted is the first candidate, and
        /// space puts all of it in, not the first segment alone.
        @Test(arguments: [RealClient.gtk4, .firefox], Compositor.Kind.allCases)
        func romajiSentenceAndSpaceCommitTheWholeSentence(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "ja")
            try c.tap(panel.taps(["h", "o", "n", "w", "o", "y", "o", "m", "u"]))
            #expect(preeditShows(app, client) { $0 == "ほんをよむ" }, "\(client) reported: \(app.lines)")
            try c.tap(panel.taps(["space"]))
            let text = fieldSettles(app, at: "本を読む")
            #expect(text == "本を読む", "\(client) field: \(app.lines)")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func twoSetJamoAndSpaceGiveAnnyeong(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "ko")
            try c.tap(panel.taps(["ㅇ", "ㅏ", "ㄴ", "ㄴ", "ㅕ", "ㅇ", "space"]))
            let text = fieldSettles(app, at: "안녕 ")
            _ = try c.screenshot("cjk-\(client)-annyeong")
            #expect(text == "안녕 ", "\(client) field: \(app.lines)")
        }

        /// Backspace inside each preedit takes back one letter (jamo) of it, not the field's text.
        @Test(arguments: [RealClient.gtk4, .firefox], Compositor.Kind.allCases)
        func backspaceEditsEachPreedit(_ client: RealClient, _ kind: Compositor.Kind) throws {
            for (layout, keys, then, want) in [
                ("zh", ["n", "i", "h", "a", "o", "backspace", "o"], "space", "你好"),
                ("ja", ["k", "a", "s", "backspace", "n", "a"], "return", "かな"),
                ("ko", ["ㅎ", "ㅏ", "ㄴ", "backspace", "ㄴ"], "space", "한 ")
            ] {
                let (c, app, panel) = try session(kind, client, layout: layout)
                try c.tap(panel.taps(keys))
                try c.tap(panel.taps([then]))
                let text = fieldSettles(app, at: want)
                #expect(text == want, "\(layout) in \(client): \(app.lines)")
            }
        }

        /// The engine's candidates for `input`, as `tapboard suggest` gives them in a fresh
        /// data directory (as the session's tapboard starts with).
        func engineCandidates(_ c: Compositor, layout: String, _ input: String) throws -> [String] {
            let home = NSTemporaryDirectory() + "tapboard-suggest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            defer { try? FileManager.default.removeItem(atPath: home) }
            let p = try c.start(Paths.tapboard, ["suggest", "--layout", layout, input], env: ["HOME": home])
            guard waitUntil(10, { p.lines.contains { $0.contains("candidates") } }),
                let line = p.lines.first(where: { $0.contains("candidates") }),
                let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let list = json["candidates"] as? [String]
            else { throw HarnessError("tapboard suggest gave no candidates: \(p.lines) \(p.stderr)") }
            return list
        }

        /// The tapboard-tap step for the key of `g` doing `action` (the panel at the bottom of a 1280-high output).
        func tap(_ action: KeyAction, in g: PanelGeometry) throws -> String {
            guard let k = g.keys.first(where: { $0.key.action == action }) else { throw HarnessError("no \(action) key") }
            return "tap:\(Int(k.frame.center.x)),\(1280 - g.height + Int(k.frame.center.y))"
        }

        /// All the candidates over the keys: ▾ opens them, ▶ turns the page, and a candidate
        /// of the second page goes in.
        @Test(arguments: [RealClient.gtk4, .firefox], Compositor.Kind.allCases)
        func theCandidatesPanelTurnsPagesAndPutsInAnyCandidate(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "zh")
            let candidates = try engineCandidates(c, layout: "zh", "ni")
            let zh = try loadShipped("zh.json")
            let pages = CandidatePanel(candidates: candidates, rows: zh.layers[0].rows.count - 1)
            func geometry(_ layer: Layer, _ key: CandidatesMove) -> PanelGeometry {
                PanelGeometry.forOutput(
                    width: 720, height: 1280, layout: zh, layer: layer, bar: PanelBar(slots: true, candidates: key))
            }
            try #require(pages.pages > 1 && geometry(zh.layers[0], .open).height == panel.height)
            try c.tap(panel.taps(["n", "i"]))
            #expect(preeditShows(app, client) { $0 == "ni" }, "\(client) reported: \(app.lines)")
            // Each tap lays out the panel's keys anew before tapboard reads the next (the
            // panel keeps its height): open the candidates, turn the page.
            try c.tap([
                try tap(.candidates(.open), in: geometry(zh.layers[0], .open)),
                try tap(.candidates(.next), in: geometry(pages.layer(page: 0), .close))
            ])
            _ = try c.screenshot("cjk-\(client)-candidates-page2")
            let rank = pages.pageStarts[1]
            try c.tap([try tap(.candidate(rank), in: geometry(pages.layer(page: 1), .close))])
            let text = fieldSettles(app, at: candidates[rank])
            _ = try c.screenshot("cjk-\(client)-candidates-done")
            #expect(text == candidates[rank], "\(client) field: \(app.lines)")
        }

        /// Focus moving away from an open preedit: the field keeps it or drops it by its own
        /// rules (GTK drops it, a browser keeps the letters), never twice, and none of it
        /// reaches the next field, where typing goes on afresh.
        @Test(arguments: [RealClient.gtk4, .firefox], Compositor.Kind.allCases)
        func focusLeavingAnOpenPreeditLosesNothingAndDoublesNothing(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, client, layout: "zh", field: FieldSetup(second: true))
            let empty = panel.topRowPixels(try c.screenshot("cjk-\(client)-empty-strip"))
            let ma = try engineCandidates(c, layout: "zh", "ma")
            try c.tap(panel.taps(["n", "i", "h", "a", "o"]))
            #expect(preeditShows(app, client) { $0.contains("hao") }, "\(client) reported: \(app.lines)")
            // GTK's window fills the output above the panel, the second field its lower half;
            // the page's second field is a textarea under the first.
            let y = client == .gtk4 ? (c.height - panel.height) * 3 / 4 : 330
            try c.tap(["tap:\(c.width / 2),\(y)"])
            // The first field's candidates leave the strip as focus moves (the next field
            // takes it empty).
            #expect(
                try waitUntil(5) { panel.topRowPixels(try c.screenshot("cjk-\(client)-strip-emptied")) == empty },
                "the strip kept the first field's candidates")
            try c.tap(panel.taps(["m", "a", "space"]))
            let second = waitUntil(10) { secondFieldText(app) == ma.first }
            let first = settledFieldText(app) ?? ""
            _ = try c.screenshot("cjk-\(client)-focus-moved")
            #expect(second, "\(client): second field \(secondFieldText(app) ?? "nil"), want \(ma.first ?? "?"): \(app.lines)")
            #expect(["", "ni hao", "nihao", "你好"].contains(first), "\(client): first field \(first): \(app.lines)")
        }

        /// What the engine stores (RIME's compiled data and user dictionary) is under tapboard's
        /// data directory, the owner's only, and `tapboard forget` deletes it.
        @Test(arguments: Compositor.Kind.allCases)
        func engineDataIsTheOwnersOnlyAndForgotten(_ kind: Compositor.Kind) throws {
            let (c, app, panel) = try session(kind, .gtk4, layout: "zh")
            try c.tap(panel.taps(["n", "i", "h", "a", "o", "space"]))
            #expect(fieldSettles(app, at: "你好") == "你好", "field: \(app.lines)")
            c.stopCompositorOnly()
            let rime = c.runDir + "/.local/share/tapboard/rime"
            let files = FileManager.default.enumerator(atPath: rime)?.allObjects as? [String] ?? []
            #expect(!files.isEmpty, "RIME stored nothing in \(rime)")
            for f in [""] + files {
                let mode = (try? FileManager.default.attributesOfItem(atPath: rime + "/" + f)[.posixPermissions] as? Int) ?? 0o777
                #expect(mode & 0o077 == 0, "\(f.isEmpty ? rime : f): mode \(String(mode, radix: 8))")
            }
            let forget = try c.start(Paths.tapboard, ["forget"])
            forget.process.waitUntilExit()
            #expect(forget.process.terminationStatus == 0, "forget: \(forget.stderr)")
            #expect(!FileManager.default.fileExists(atPath: rime))
        }
    }
}
