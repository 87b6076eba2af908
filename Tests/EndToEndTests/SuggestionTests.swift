import Foundation
import Testing

/// What `tapboard suggest WORD` answers (the shipped dictionary, nothing learned).
func suggest(_ word: String, layout: String = "us") throws -> (candidates: [String], autocorrect: String?) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Paths.tapboard)
    p.arguments = ["suggest", "--layout", layout, word]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let candidates = json["candidates"] as? [String]
    else {
        throw HarnessError("tapboard suggest \(word) failed")
    }
    return (candidates, json["autocorrect"] as? String)
}

extension PanelMap {
    /// The tap step for a slot of the suggestion strip (0 left, 1 middle, 2 right).
    func slot(_ i: Int) throws -> String {
        let slots = keys.filter { $0.action == "suggestion" }
        guard slots.indices.contains(i) else { throw HarnessError("no strip on this panel") }
        let k = slots[i]
        return "tap:\(Int(k.x + k.width / 2)),\(outputHeight - height + Int(k.y + k.height / 2))"
    }
}

extension EndToEnd {
    /// The suggestion strip in real applications on sway and phoc: the letters of the word being
    /// typed are committed as tapped; a candidate or a correction puts its word in their place.
    @Suite struct SuggestionTests {
        func session(
            _ kind: Compositor.Kind, _ client: RealClient,
            field: FieldSetup = FieldSetup()
        ) throws -> (Compositor, Child, Child) {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard()
            // The strip makes the panel taller (none in a password field).
            let app = try c.focus(tb, shows: PanelMap(purpose: field.password ? "password" : nil)) {
                try c.realClient(client, field)
            }
            return (c, tb, app)
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func tappingTheMiddleCandidateReplacesTheWord(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let best = try #require(try suggest("hel").candidates.first)
            let (c, _, app) = try session(kind, client)
            let panel = try PanelMap()
            try c.tap(panel.taps(["h", "e", "l"]) + [panel.slot(1)])
            let text = settledFieldText(app)
            _ = try c.screenshot("suggest-\(client)-candidate")
            #expect(text == best + " ", "\(client) field: \(app.lines)")
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func spaceCorrectsAndBackspaceTakesItBack(_ client: RealClient, _ kind: Compositor.Kind) throws {
            #expect(try suggest("becuase").autocorrect == "because")
            let (c, _, app) = try session(kind, client)
            let panel = try PanelMap()
            try c.tap(panel.taps(["b", "e", "c", "u", "a", "s", "e", "space"]))
            #expect(settledFieldText(app) == "because ", "\(client) field: \(app.lines)")
            try c.tap(panel.taps(["backspace"]))
            #expect(settledFieldText(app) == "becuase", "\(client) field: \(app.lines)")
            // Not corrected again in this field.
            try c.tap(panel.taps(["space"]))
            #expect(settledFieldText(app) == "becuase ", "\(client) field: \(app.lines)")
        }

        /// The strip keeps the band through a word it has nothing for: after "see ", each letter of
        /// "xkcd" leaves the strip as `tapboard preview --typed` draws it (the word as typed in its
        /// middle slot), never the toolbar an empty field shows (issue 50).
        @Test(arguments: Compositor.Kind.allCases)
        func aWordTheDictionaryLacksKeepsTheStripThroughTheWord(_ kind: Compositor.Kind) throws {
            let (c, tb, app) = try session(kind, .gtk4)
            let panel = try PanelMap()
            let toolbar = panel.topRowPixels(try c.screenshot("band-empty-field"))
            try c.tap(panel.taps(["s", "e", "e", "space"]))
            #expect(settledFieldText(app) == "see ", "field: \(app.lines)")
            for typed in ["x", "xk", "xkc", "xkcd"] {
                try c.tap([panel.tap(String(typed.last!))])
                let map = try PanelMap(context: "see ", typed: typed)
                let strip = try #require(preview(map).flatMap { map.topRowPixels(of: $0, at: (0, 0)) })
                var shown: [UInt32]?
                #expect(
                    try waitUntil(5) {
                        shown = map.topRowPixels(try c.screenshot("band-\(typed)"))
                        return shown == strip
                    }, "after \(typed) the strip is not as tapboard preview draws it; tapboard: \(tb.stderr)")
                #expect(shown != toolbar, "the toolbar came back after \(typed)")
            }
            #expect(settledFieldText(app) == "see xkcd", "field: \(app.lines)")
        }

        /// Words typed right stay as typed: autocorrect never rewrites a known word because of
        /// what came before it (an old next-word list made "fox jumps" into "fox bumps").
        @Test(arguments: Compositor.Kind.allCases)
        func aSentenceOfRightWordsTypedFastStaysAsTyped(_ kind: Compositor.Kind) throws {
            let sentence = "the quick brown fox jumps over the lazy dog"
            let (c, _, app) = try session(kind, .gtk4)
            let panel = try PanelMap()
            // One run of taps with no pause between them, every word ended by space.
            let keys = sentence.split(separator: " ").flatMap { $0.map(String.init) + ["space"] }
            try c.tap(panel.taps(keys))
            _ = try c.screenshot("suggest-sentence")
            #expect(settledFieldText(app) == sentence + " ", "field: \(app.lines)")
        }

        /// Everything under tapboard's data directory, with sizes and times.
        func dataDirectory(_ c: Compositor) -> [String] {
            let dir = c.runDir + "/.local/share/tapboard"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.sorted().map { name in
                let a = try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)
                return "\(name) \(a?[.size] ?? 0) \(String(describing: a?[.modificationDate]))"
            }
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func passwordFieldsHaveNoStripAndStoreNothing(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let (c, tb, app) = try session(kind, client, field: FieldSetup(password: true))
            let before = dataDirectory(c)
            let panel = try PanelMap(purpose: "password")
            #expect(!panel.keys.contains { $0.action == "suggestion" })
            #expect(
                try waitUntil(5) { panelShown(try c.screenshot("password-\(client)"), panel) },
                "the panel has a strip in a password field")
            try c.tap(panel.taps(["s", "e", "c", "r", "e", "t", "space"]))
            #expect(settledFieldText(app) == "secret ", "\(client) field: \(app.lines)")
            usleep(3_500_000)  // longer than learned words wait before they are written
            tb.signal(SIGTERM)  // and tapboard writes what it has on the way out
            _ = waitUntil(5) { !tb.process.isRunning }
            let learned = (try? String(contentsOfFile: c.runDir + "/.local/share/tapboard/learned-en.txt", encoding: .utf8)) ?? ""
            #expect(dataDirectory(c) == before, "learned: \(learned)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func keptWordsAreStoredPrivatelyAndForgotten(_ kind: Compositor.Kind) throws {
            let (c, tb, app) = try session(kind, .gtk4)
            let panel = try PanelMap()
            try c.tap(panel.taps(["h", "i", "space", "b", "o", "b", "space"]))
            #expect(settledFieldText(app) == "hi bob ", "field: \(app.lines)")
            let file = c.runDir + "/.local/share/tapboard/learned-en.txt"
            // Words are learned when the field is left, or when tapboard ends.
            tb.signal(SIGTERM)
            #expect(waitUntil(5) { !tb.process.isRunning })
            #expect(FileManager.default.fileExists(atPath: file), "tapboard: \(tb.stderr)")
            let mode = (try? FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? 0
            #expect(mode == 0o600)
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            #expect(text.contains("w\tbob\t1") && text.contains("p\thi\tbob\t1"), "file: \(text)")
            // Nothing typed reaches tapboard's own output.
            #expect(!tb.stderr.contains("bob"))
            let forget = try c.start(Paths.tapboard, ["forget"])
            forget.process.waitUntilExit()
            #expect(forget.process.terminationStatus == 0)
            #expect(!FileManager.default.fileExists(atPath: file))
        }
    }
}
