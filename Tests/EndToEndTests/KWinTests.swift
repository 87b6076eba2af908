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
            try k.tap(panel.taps(["h", "i", "backspace", "e", "l"]) + [panel.slot(1)])
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

        /// Text typed after a key (the toolbar's Next, a Tab keysym) still arrives: there is no
        /// virtual keyboard beside input-method-v1, so what the controller would type as keys
        /// while the key may be on its way goes as text, behind the key in the same stream.
        /// (KWin 5.27 did not move a GTK 4 window's focus on the Tab keysym: not asserted.)
        @Test func lettersAfterAToolbarKeyArrive() throws {
            let k = try KWinSession(config: [])
            let app = try k.gtkEntry(["--second"])
            #expect(waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") })
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let panel = try PanelMap()
            try k.tap(panel.taps(["next-field"]))
            #expect(waitUntil(5) { k.tapboardLog.contains(".keysym(") }, "no Tab keysym")
            try k.tap(panel.taps(["o", "k"]))
            #expect(waitUntil(5) { app.lines.contains("text \"ok\"") }, "\(app.lines)")
        }
    }
}
