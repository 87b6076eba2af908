import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// A held key drawn alone for its overlay is the panel's cell with the key held, pixel for pixel.
@Suite struct HeldKeyTests {
    /// Every key of two layers, held, drawn alone twice (the second time from kept cells and
    /// labels): the pixels of its cell in the panel drawn afresh with it held.
    @Test(arguments: [(720, 1, 0), (360, 2, 0), (720, 1, 1)])
    func aKeyDrawnAloneIsItsCellInThePanel(width: Int, scale: Int, layer: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(
            width: width, height: 1280, layout: us, layer: us.layers[layer], strip: true)
        let renderer = PanelRenderer()
        var lifted = 0
        for (i, placed) in g.keys.enumerated() {
            let look = PanelAppearance(highlighted: [i])
            guard renderer.canLift(i, of: g, look) else { continue }
            lifted += 1
            let panel = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
            PanelRenderer().draw(g, look, on: panel)
            let all = panel.pixels()
            let c = placed.cell
            let (x, y, w, h) = (Int(c.x) * scale, Int(c.y) * scale, Int(c.width) * scale, Int(c.height) * scale)
            let cell = (0..<h).flatMap { row in all[((y + row) * panel.pixelWidth + x)...].prefix(w) }
            for pass in 0..<2 {
                let alone = try #require(Canvas(width: w, height: h, scale: scale))
                renderer.drawCell(i, of: g, look, on: alone)
                #expect(alone.pixels() == cell, "\(placed.key.label) (\(i)), pass \(pass)")
            }
        }
        #expect(lifted >= 30)
    }

    /// Only a key held alone, with no stroke, over an opaque background and on whole pixels.
    @Test func whatCanBeLifted() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0], strip: true)
        let letter = try #require(g.keys.firstIndex { $0.key.label == "q" })
        let other = try #require(g.keys.firstIndex { $0.key.label == "w" })
        let slot = try #require(g.keys.firstIndex { if case .suggestion = $0.key.action { true } else { false } })
        let renderer = PanelRenderer()
        #expect(renderer.canLift(letter, of: g, PanelAppearance(highlighted: [letter])))
        #expect(!renderer.canLift(letter, of: g, PanelAppearance(highlighted: [letter, other])))
        #expect(!renderer.canLift(slot, of: g, PanelAppearance(highlighted: [slot])))
        var stroke = PanelAppearance(highlighted: [letter])
        stroke.trail = [Point(x: 10, y: 10)]
        #expect(!renderer.canLift(letter, of: g, stroke))
        var theme = Theme.dark
        theme.background = Color(0x1b1c20, alpha: 0.8)
        #expect(!PanelRenderer(theme: theme).canLift(letter, of: g, PanelAppearance(highlighted: [letter])))
        let narrow = PanelGeometry.forOutput(width: 355, height: 1280, layout: us, layer: us.layers[0], strip: true)
        let offPixels = narrow.keys.indices.filter {
            !PanelRenderer().canLift($0, of: narrow, PanelAppearance(highlighted: [$0]))
        }
        #expect(offPixels.count >= 3, "the strip's slots, and no key off whole pixels is lifted")
    }
}
