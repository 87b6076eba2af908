import Foundation
import Testing

extension EndToEnd {
    /// KWin 5.27 starts tapboard as its input method (input-method-unstable-v1); its panel is
    /// KWin's input panel. A GTK 3 entry (zenity) prints its text when Return comes, which is
    /// what the test reads.
    @Suite struct KWinTests {
        @Test func tapsTypeIntoAGTKEntryAndReturnSendsIt() throws {
            let k = try KWinSession(config: [])
            let zenity = try k.entry()
            #expect(
                waitUntil(20) { k.tapboardLog.contains(".activate(new id zwp_input_method_context_v1") },
                "no activate: \(k.tapboardLog.suffix(2000)) \(k.kwinLog.suffix(2000))")
            #expect(waitUntil(10) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") })
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let best = try #require(try suggest("hel").candidates.first)
            let panel = try PanelMap()
            // The slip after h, i: backspace takes the i back; h, e, l then the middle
            // suggestion and Return.
            try k.tap(panel.taps(["h", "i", "backspace", "e", "l"]))
            // The strip offers the word's suggestions once the field has it (under load a slot
            // tapped in the same burst as the last letter still showed the word before).
            #expect(waitUntil(10) { k.tapboardLog.contains("surrounding_text(\"hel\"") }, "the field never had hel")
            try k.tap([panel.slot(1)])
            try k.tap(panel.taps(["return"]))
            #expect(
                waitUntil(10) { !zenity.process.isRunning },
                "zenity still runs: \(k.tapboardLog.suffix(3000))")
            #expect(
                zenity.lines.first?.trimmingCharacters(in: .whitespaces) == best,
                "zenity printed \(zenity.lines), want \(best)")
        }

        /// An engine's preedit goes through input-method-v1 too: Korean jamo, a backspace
        /// inside the syllable, and space commit 한.
        @Test func hangulPreeditCommitsOnSpace() throws {
            let k = try KWinSession(["--layouts", "ko"], config: [])
            let zenity = try k.entry()
            #expect(
                waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") },
                "no panel: \(k.tapboardLog.suffix(2000))")
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let panel = try PanelMap(layout: "ko")
            try k.tap(panel.taps(["ㅎ", "ㅏ", "ㄴ", "backspace", "ㄴ"]))
            #expect(
                waitUntil(5) { k.tapboardLog.contains("preedit_string(") },
                "no preedit: \(k.tapboardLog.suffix(2000))")
            try k.tap(panel.taps(["space", "return"]))
            #expect(waitUntil(10) { !zenity.process.isRunning }, "zenity still runs")
            #expect(zenity.lines.first?.trimmingCharacters(in: .whitespaces) == "한", "zenity printed \(zenity.lines)")
        }

        /// The toolbar's Next and Previous (Tab, Shift+Tab) move a GTK 4 window's focus: KWin
        /// turns a keysym into a key only for BackSpace, Return and the arrows, so these go as
        /// input-method-v1 `key` with `modifiers`. Letters typed right after land in the field
        /// the last key moved to.
        @Test func toolbarTabAndShiftTabMoveFocusAndLettersFollow() throws {
            let k = try KWinSession(config: [])
            let app = try k.gtkEntry(["--second"])
            #expect(waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") })
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let panel = try PanelMap()
            // The toolbar shows while no word is being typed: its keys first, then the letters.
            // Each key waits for the focus to have moved, as a user would see it.
            let focus = { app.lines.filter { $0.hasPrefix("focus ") } }
            var contexts = k.activations
            try k.tap(panel.taps(["next-field"]))
            #expect(waitUntil(10) { focus() == ["focus first", "focus second"] }, "\(app.lines)")
            #expect(waitUntil(10) { k.activations > contexts } && k.fieldSettled(), "no field after Tab")
            contexts = k.activations
            try k.tap(panel.taps(["previous-field"]))
            #expect(waitUntil(10) { focus() == ["focus first", "focus second", "focus first"] }, "\(app.lines)")
            #expect(waitUntil(10) { k.activations > contexts } && k.fieldSettled(), "no field after Shift+Tab")
            contexts = k.activations
            try k.tap(panel.taps(["next-field"]))
            #expect(waitUntil(10) { focus() == ["focus first", "focus second", "focus first", "focus second"] }, "\(app.lines)")
            #expect(waitUntil(10) { k.activations > contexts } && k.fieldSettled(), "no field after the second Tab")
            try k.tap(panel.taps(["o", "k"]))
            #expect(waitUntil(10) { app.lines.contains("second \"ok\"") }, "\(app.lines)")
        }

        /// Qt (6.4 on KWin 5.27, 6.8 on KWin 6) speaks KWin's text-input-v2, with nothing to set;
        /// a touch on the field brings the panel. KWin gives Qt the keysyms as key events, which
        /// Qt applies after text sent behind them: the backspace and the suggestion's
        /// replacement must reach it as text-input edits, in order.
        @Test func qtFieldTakesLettersABackspaceAndASuggestion() throws {
            let k = try KWinSession(config: [])
            let qt = try k.qtEntry(["--no-auto-uppercase"])
            #expect(k.fieldActive(), "the Qt field never reached tapboard: \(k.tapboardLog.suffix(2000))")
            // KWin shows the panel as Qt asks for it, on a touch: text-input-v2's show_input_panel.
            try k.tap(["tap:\(k.width / 2),60"])
            #expect(waitUntil(10) { qt.stderr.contains(".show_input_panel()") }, "Qt never asked for the panel")
            let requests = qt.stderr.split(separator: "\n").filter { $0.contains("> zwp_text_input") }
            try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
            try? requests.joined(separator: "\n").write(
                toFile: Paths.artifacts + "/kwin-qt-text-input.log", atomically: true, encoding: .utf8)
            usleep(300_000)
            let best = try #require(try suggest("hel").candidates.first)
            let panel = try PanelMap()
            try k.tap(panel.taps(["h", "i", "backspace", "e", "l"]))
            #expect(waitUntil(10) { k.tapboardLog.contains("surrounding_text(\"hel\"") }, "Qt saw: \(qt.lines)")
            try k.tap([panel.slot(1)])
            #expect(settledFieldText(qt) == best + " ", "Qt saw: \(qt.lines) \(k.tapboardLog.suffix(6000))")
            #expect(!qt.lines.contains { $0.hasPrefix("key ") }, "Qt got key events: \(qt.lines)")
            // A typo then a backspace and more letters, quickly: nothing overtakes.
            try k.tap(panel.taps(["t", "e", "e", "backspace", "backspace", "o", "o"]))
            #expect(settledFieldText(qt) == best + " too", "Qt saw: \(qt.lines) \(k.tapboardLog.suffix(9000))")
        }

        /// A GTK 3 password field through KWin: what is typed arrives as typed (no correction),
        /// and nothing is learned when the field is left.
        @Test func passwordFieldTypesAsTypedAndLearnsNothing() throws {
            let k = try KWinSession(config: [])
            let app = try k.gtk3Entry(["--purpose", "password"])
            #expect(waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") })
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let panel = try PanelMap(purpose: "password")
            #expect(!panel.keys.contains { $0.action == "suggestion" })
            // "teh" and space: corrected to "the" in an ordinary field.
            try k.tap(panel.taps(["t", "e", "h", "space", "b", "o", "b", "space"]))
            #expect(settledFieldText(app) == "teh bob ", "field: \(app.lines) \(k.tapboardLog.suffix(6000))")
            app.stop()  // the field is left: an ordinary one's words would be learned now
            #expect(waitUntil(10) { k.tapboardLog.contains(".deactivate(zwp_input_method_context_v1") })
            usleep(3_500_000)  // longer than learned words wait before they are written
            let learned = k.runDir + "/.local/share/tapboard"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: learned)) ?? []
            #expect(files.filter { $0.hasPrefix("learned") }.isEmpty, "learned: \(files)")
        }
    }
}
