import Foundation
import Testing

extension EndToEnd {
    /// weston 10 speaks input-method-unstable-v1 and has no layer shell: it starts tapboard
    /// itself, shows the panel as an input panel surface while a field has focus, and
    /// passes text to weston-editor, a text-input-v1 client. What the field holds is what
    /// weston-editor itself reports (`set_surrounding_text` in its WAYLAND_DEBUG trace).
    @Suite struct WestonTests {
        @Test func tapsTypeIntoWestonEditor() throws {
            let w = try WestonSession(config: [])
            #expect(
                waitUntil(15) { traceNames(w.tapboardLog, "zwp_input_panel_v1") },
                "tapboard did not start as weston's input method: \(w.tapboardLog.suffix(2000)) \(w.westonLog.suffix(2000))")
            let editor = try w.editor()
            let trace = { editor.stderr }
            #expect(waitUntil(10) { trace().contains("xdg_toplevel") }, "weston-editor did not start: \(trace().suffix(2000))")
            // The first entry's text ("Entry") ends near x 158 of the editor's surface: a
            // click right of it puts the cursor at its end.
            let at = try w.findSurface(trace: trace)
            try w.click(300, 98, on: at, trace: trace)
            #expect(
                waitUntil(5) { w.tapboardLog.contains(".activate(new id zwp_input_method_context_v1") },
                "no activate after the click: \(trace().suffix(3000))")
            #expect(waitUntil(5) { textInputV1Text(trace()) == "Entry" }, "\(String(describing: textInputV1Text(trace())))")

            // weston slides the panel in at the bottom centre (as wide as the output); tapboard
            // makes it taller for the strip once the field's dictionary is open (weston 14 then
            // slides it in again): wait for a buffer of the full height, then for it to stop.
            let panel = try PanelMap()
            let origin = (x: Double(panel.origin.x), y: Double(panel.origin.y))
            #expect(
                waitUntil(10) { w.tapboardLog.contains(", \(panel.width), \(panel.height), ") },
                "no panel buffer of \(panel.width)x\(panel.height): \(w.tapboardLog.suffix(2000))")
            try w.waitUntilStill(at: panel.width / 2, w.height - panel.height / 2, trace: { w.tapboardLog })
            let tap = { (name: String) throws in
                guard let k = panel.keys.first(where: { $0.label == name }) ?? panel.keys.first(where: { $0.action == name })
                else { throw HarnessError("no key \(name)") }
                try w.click(k.x + k.width / 2, k.y + k.height / 2, on: origin, trace: { w.tapboardLog })
                usleep(150_000)
            }
            let text = { textInputV1Text(trace()) }
            for key in ["space", "h", "i"] { try tap(key) }
            #expect(waitUntil(5) { text() == "Entry hi" }, "field: \(String(describing: text()))")
            try tap("backspace")
            #expect(waitUntil(5) { text() == "Entry h" }, "field: \(String(describing: text()))")
            try tap("backspace")
            #expect(waitUntil(5) { text() == "Entry " }, "field: \(String(describing: text()))")

            // A suggestion's tap replaces the word typed with one the strip offered for it.
            let candidates = try suggest("hel").candidates
            for key in ["h", "e", "l"] { try tap(key) }
            #expect(waitUntil(5) { text() == "Entry hel" }, "field: \(String(describing: text()))")
            let slot = try #require(panel.keys.filter { $0.action == "suggestion" }.dropFirst().first)
            try w.click(slot.x + slot.width / 2, slot.y + slot.height / 2, on: origin, trace: { w.tapboardLog })
            #expect(
                waitUntil(5) {
                    guard let t = text(), t.hasPrefix("Entry "), t.hasSuffix(" ") else { return false }
                    let word = t.dropFirst("Entry ".count).dropLast()
                    return word.count > 3 && word.lowercased().hasPrefix("hel") && candidates.contains(String(word))
                }, "field: \(String(describing: text())), candidates \(candidates)")
        }
    }
}
