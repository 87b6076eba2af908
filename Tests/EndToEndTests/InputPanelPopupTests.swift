import Foundation
import TapboardCore
import TapboardRender
import Testing

extension EndToEnd {
    /// A key's alternates on an input-method-v1 input panel (KWin, weston), which cannot
    /// parent an xdg_popup: the popup is a subsurface of the panel, drawn above it. A long
    /// press on `e` shows è é ê ë ē, sliding to é and lifting types it, and the panel types on.
    @Suite struct InputPanelPopupTests {
        @Test func kwinLongPressOnESlidesToEAcute() throws {
            let k = try KWinSession(config: Compositor.noSuggestions)
            let entry = try k.gtkEntry(["--report-size"])
            #expect(
                waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") },
                "no panel: \(k.tapboardLog.suffix(2000))")
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let panel = try PanelMap(config: Compositor.noSuggestions)
            // One run of tapboard-tap: KWin's fake touch device comes anew with each, and a
            // touch before the panel's client has taken the new wl_touch is lost.
            #expect(waitUntil(5) { entry.lines.contains { $0.hasPrefix("size ") } }, "entry: \(entry.lines)")
            let sizes = entry.lines.filter { $0.hasPrefix("size ") }
            try k.tap(longPressSlide(panel, key: "e", toItem: 1, of: 5) + panel.taps(["a"]))
            #expect(waitUntil(5) { fieldText(entry) == "éa" }, "entry: \(entry.lines)")
            // The popup reaching above the panel did not make KWin resize the app's window.
            #expect(entry.lines.filter { $0.hasPrefix("size ") } == sizes, "entry: \(entry.lines)")
            // The popup was a subsurface of the panel with a buffer, gone once the finger
            // lifted (the key bubble, the other subsurface, stays); KWin kept the client.
            let log = k.tapboardLog
            #expect(shownAndClosedSubsurfaces(log) == 1, "\(log.suffix(3000))")
            #expect(!log.contains(".error("), "\(log.suffix(3000))")
        }

        /// The globe key's list of keyboards is a popup too: sliding to `de` picks it.
        @Test func kwinGlobeLongPressPicksAKeyboard() throws {
            let k = try KWinSession(["--layouts", "us,de,emoji"], config: Compositor.noSuggestions)
            let entry = try k.gtkEntry()
            #expect(waitUntil(20) { traceNames(k.tapboardLog, "zwp_input_panel_surface_v1") })
            #expect(k.fieldSettled(), "KWin never reset the field: \(k.tapboardLog.suffix(2000))")
            let us = try PanelMap(layout: "us", config: Compositor.noSuggestions)
            let globe = try #require(us.keys.first { $0.action == "next-keyboard" })
            let frame = Rect(x: globe.x, y: globe.y, width: globe.width, height: globe.height)
            let list = Popup.keyboards(
                [("us", ""), ("de", ""), ("emoji", "")], current: "us",
                above: PlacedKey(key: Key.text(""), row: 0, frame: frame, cell: frame), panelWidth: us.width)
            let top = Double(us.origin.y)
            let de = list.itemFrames[1].center
            let picked = try PanelMap(layout: "de", config: Compositor.noSuggestions)
            try k.tap(
                [
                    "down:\(Int(frame.center.x)),\(Int(top + frame.center.y))", "sleep:800",
                    "move:\(Int(de.x)),\(Int(top + de.y))", "sleep:150", "up", "sleep:300"
                ] + picked.taps(["ü", "z"]))
            #expect(waitUntil(5) { fieldText(entry) == "üz" }, "entry: \(entry.lines)")
            #expect(shownAndClosedSubsurfaces(k.tapboardLog) == 1, "\(k.tapboardLog.suffix(3000))")
        }

        /// On weston (X11 backend in Xvfb, a pointer held with xdotool), seen on the screen:
        /// the key bubble shows above the pressed key, then the alternates row above the panel
        /// while the button is held, gone after.
        @Test func westonLongPressShowsAlternatesAboveThePanel() throws {
            // Alternates after 2 s: time for a screenshot of the bubble first.
            let w = try WestonSession(config: Compositor.noSuggestions + ["long-press = 2000"])
            #expect(waitUntil(15) { traceNames(w.tapboardLog, "zwp_input_panel_v1") }, "\(w.westonLog.suffix(2000))")
            let editor = try w.editor()
            let trace = { editor.stderr }
            #expect(waitUntil(10) { trace().contains("xdg_toplevel") }, "weston-editor did not start")
            // Right of the first entry's text ("Entry"): the cursor goes to its end.
            try w.click(300, 98, on: try w.findSurface(trace: trace), trace: trace)
            #expect(waitUntil(5) { w.tapboardLog.contains(".activate(new id zwp_input_method_context_v1") })
            usleep(1_000_000)  // weston slides the panel in
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let e = try #require(panel.keys.first { $0.label == "e" })
            let origin = (x: Double(panel.origin.x), y: Double(panel.origin.y))
            // A click on e brings the X pointer to it (the harness corrects the drift).
            try w.click(e.x + e.width / 2, e.y + e.height / 2, on: origin, trace: { w.tapboardLog })
            #expect(waitUntil(5) { textInputV1Text(trace()) == "Entrye" }, "\(String(describing: textInputV1Text(trace())))")
            let x = w.screen
            let before = try x.screenshot("popup-before")
            let item = try longPressSlide(panel, key: "e", toItem: 1, of: 5)
            let (dx, dy) = (slideTarget(item).x - Int(origin.x + e.x + e.width / 2), -Int(e.height))
            try x.xdotool(["mousedown", "1"])
            usleep(200_000)
            let bubble = try x.screenshot("bubble-held")
            usleep(2_000_000)
            try x.xdotool(["mousemove_relative", "--", "\(dx)", "\(dy)"])
            usleep(300_000)
            let held = try x.screenshot("popup-held")
            try x.xdotool(["mouseup", "1"])
            #expect(waitUntil(5) { textInputV1Text(trace()) == "Entryeé" }, "\(String(describing: textInputV1Text(trace())))")
            usleep(300_000)
            let after = try x.screenshot("popup-after")
            // The row's place: centred over e, above the panel's top.
            let row = alternatesRow(panel, key: e, count: 5)
            let aboveE = (
                x: panel.origin.x + Int(e.x + e.width / 4), y: panel.origin.y + Int(e.y - e.height),
                width: Int(e.width / 2), height: Int(e.height * 0.8)
            )
            #expect(changed(before, bubble, in: aboveE) > 0.5, "no key bubble: see \(bubble)")
            #expect(changed(before, held, in: row) > 0.6, "the alternates did not show: see \(held)")
            #expect(changed(before, after, in: row) < 0.02, "the alternates stayed: see \(after)")
        }
    }
}

/// tapboard-tap steps (output coordinates) that hold `key` past the long-press delay, slide
/// to item `item` of the `count` alternates in the row above it and lift.
func longPressSlide(_ panel: PanelMap, key: String, toItem item: Int, of count: Int) throws -> [String] {
    let k = try #require(panel.keys.first { $0.label == key })
    let cx = Double(panel.origin.x) + k.x + k.width / 2
    let cy = Double(panel.origin.y) + k.y + k.height / 2
    let row = alternatesRow(panel, key: k, count: count)
    let x = Int(Double(row.x) + 4 + (Double(item) + 0.5) * k.width)
    return ["down:\(Int(cx)),\(Int(cy))", "sleep:800", "move:\(x),\(Int(cy - k.height))", "sleep:150", "up"]
}

/// The point of a `longPressSlide`'s move step.
func slideTarget(_ steps: [String]) -> (x: Int, y: Int) {
    let xy = steps.first { $0.hasPrefix("move:") }!.dropFirst(5).split(separator: ",").map { Int($0)! }
    return (xy[0], xy[1])
}

/// Where the alternates row of `key` lies on the output: centred over the key, one key wide
/// each inside 4 px of padding, kept on the panel, its bottom at the key's top.
func alternatesRow(_ panel: PanelMap, key: PanelMap.Key, count: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    let total = Double(count) * key.width + 8
    let cx = key.x + key.width / 2
    let x0 = min(max(cx - total / 2, 0), Double(panel.width) - total)
    let h = key.height + 8
    return (panel.origin.x + Int(x0), panel.origin.y + Int(key.y - h), Int(total), Int(h))
}

/// The share of pixels in `rect` that differ between two screenshots.
func changed(_ a: String, _ b: String, in rect: (x: Int, y: Int, width: Int, height: Int)) -> Double {
    guard let one = Canvas(pngFile: a), let two = Canvas(pngFile: b) else { return -1 }
    var differ = 0
    var all = 0
    for y in stride(from: rect.y + 2, to: rect.y + rect.height - 2, by: 2) {
        for x in stride(from: rect.x + 2, to: rect.x + rect.width - 2, by: 2) {
            all += 1
            if one.pixel(x: x, y: y) != two.pixel(x: x, y: y) { differ += 1 }
        }
    }
    return all == 0 ? -1 : Double(differ) / Double(all)
}

/// How many subsurfaces in a WAYLAND_DEBUG trace got a buffer and were destroyed (read in
/// order: libwayland hands a destroyed object's id to the next one made).
func shownAndClosedSubsurfaces(_ trace: String) -> Int {
    let made = #/get_subsurface\(new id wl_subsurface[@#](\d+), wl_surface[@#](\d+)/#
    let attached = #/wl_surface[@#](\d+)\.attach\(wl_buffer/#
    let destroyed = #/wl_subsurface[@#](\d+)\.destroy\(\)/#
    var open: [Substring: (surface: Substring, shown: Bool)] = [:]
    var closed = 0
    for line in trace.split(separator: "\n") {
        if let m = line.firstMatch(of: made) {
            open[m.1] = (m.2, false)
        } else if let m = line.firstMatch(of: attached), let id = open.first(where: { $0.value.surface == m.1 })?.key {
            open[id]?.shown = true
        } else if let m = line.firstMatch(of: destroyed), let sub = open.removeValue(forKey: m.1), sub.shown {
            closed += 1
        }
    }
    return closed
}
