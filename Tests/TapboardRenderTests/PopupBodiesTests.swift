import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Key bubbles drawn again from a kept body are the bubbles drawn afresh, pixel for pixel.
@Suite struct PopupBodiesTests {
    /// The pixels of `popup` drawn by `renderer` on a canvas of its size at `scale`.
    func pixels(_ popup: Popup, _ renderer: PanelRenderer, scale: Int) throws -> [UInt32] {
        let w = Int(popup.frame.width) * scale
        let h = Int(popup.frame.height) * scale
        let canvas = try #require(Canvas(width: w, height: h, scale: scale))
        renderer.draw(popup, on: canvas)
        return canvas.pixels()
    }

    @Test(arguments: [1, 2])
    func bubblesFromAKeptBodyAreTheBubblesDrawnAfresh(_ scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let kept = PanelRenderer()
        for key in g.keys where ["q", "w", "a", "s", "z", "m", "q", "p"].contains(key.key.label) {
            let bubble = Popup.preview(key.key.label, above: key, panelWidth: g.width)
            let again = try pixels(bubble, kept, scale: scale)
            #expect(again == (try pixels(bubble, PanelRenderer(), scale: scale)), "\(key.key.label)")
        }
        #expect(kept.popupBodies.copied >= 4, "\(kept.popupBodies.copied) of 7 copied")
    }

    /// Bubbles drawn ahead in idle time (so that a key's first press renders no glyphs) are
    /// drawn once each, and a bubble drawn after them is the bubble drawn afresh.
    @Test(arguments: [1, 2])
    func bubblesDrawnAheadAreDrawnOnceAndLookTheSame(_ scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let bubbles = g.keys.filter { $0.key.label.count == 1 }.map {
            Popup.preview($0.key.label, above: $0, panelWidth: g.width)
        }
        try #require(bubbles.count >= 26)
        let ahead = PanelRenderer()
        ahead.prepare(bubbles: bubbles, scale: scale)
        let prepared = ahead.preparedBubbles.count
        #expect(prepared == Set(bubbles.map(\.labels)).count)
        ahead.prepare(bubbles: bubbles, scale: scale)
        #expect(ahead.preparedBubbles.count == prepared, "a bubble drawn ahead once is not drawn again")
        ahead.prepare(bubbles: bubbles, scale: scale + 1)
        #expect(ahead.preparedBubbles.count == 2 * prepared, "another scale is another size")
        for bubble in bubbles.prefix(8) {
            let after = try pixels(bubble, ahead, scale: scale)
            #expect(after == (try pixels(bubble, PanelRenderer(), scale: scale)), "\(bubble.labels)")
        }
    }

    /// Two buffers taking bubbles in turn, as the live bubble's do: a buffer that shows the
    /// same body gets back only its old label's pixels; every bubble is the bubble drawn afresh
    /// (letters, a long label, one at another place, an alternates popup between them).
    @Test(arguments: [1, 2])
    func bubblesOverTheirOldLabelsAreTheBubblesDrawnAfresh(_ scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let letters = g.keys.filter { $0.key.label.count == 1 }
        try #require(letters.count >= 26)
        var popups = letters.prefix(12).map { Popup.preview($0.key.label, above: $0, panelWidth: g.width) }
        popups.insert(Popup.preview("WW", above: letters[3], panelWidth: g.width), at: 5)
        popups.insert(Popup.preview("q", above: letters[0], panelWidth: g.width), at: 8)
        let renderer = PanelRenderer()
        var buffers: [String: Canvas] = [:]
        for (n, popup) in (popups + popups.reversed()).enumerated() {
            let w = Int(popup.frame.width) * scale
            let h = Int(popup.frame.height) * scale
            let name = "\(w)x\(h)/\(n % 2)"
            let canvas = try buffers[name] ?? #require(Canvas(width: w, height: h, scale: scale))
            buffers[name] = canvas
            renderer.draw(popup, on: canvas)
            #expect(canvas.pixels() == (try pixels(popup, PanelRenderer(), scale: scale)), "\(popup.labels), \(n)")
        }
        #expect(buffers.values.contains { $0.bubble != nil }, "the buffers know their labels")
    }
}
