import CPangoCairo
import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Rectangles filled and copied without Cairo leave Cairo's pixels.
@Suite struct SolidFillTests {
    /// Every opaque grey level, the built-in themes' colours and some between, filled by
    /// Cairo and by `SolidFill`: the same pixel.
    @Test func aSolidFillIsCairosPixel() throws {
        let themes = Theme.builtIn.map(\.theme)
        var colors = themes.flatMap { [$0.background, $0.key, $0.specialKey, $0.border, $0.label, $0.secondaryLabel] }
        colors += (0...255).map { Color(UInt32($0) * 0x01_0101) }
        colors += stride(from: 0.0, through: 1.0, by: 1.0 / 997).map {
            var c = Color(0)
            (c.r, c.g, c.b) = ($0, 1 - $0, $0 / 3)
            return c
        }
        for color in colors where color.a == 1 {
            let byCairo = try #require(Canvas(width: 2, height: 2))
            cairo_rectangle(byCairo.cr, 0, 0, 2, 2)
            fill(byCairo.cr, color)
            let byRows = try #require(Canvas(width: 2, height: 2))
            #expect(SolidFill.fill(Rect(x: 0, y: 0, width: 2, height: 2), color, byRows.cr))
            #expect(byRows.pixels() == byCairo.pixels(), "\(color)")
        }
        let backwards = try #require(Canvas(width: 4, height: 4))
        let byCairo = try #require(Canvas(width: 4, height: 4))
        #expect(SolidFill.fill(Rect(x: 3, y: 3, width: -2, height: -2), .init(0x336699), backwards.cr))
        cairo_rectangle(byCairo.cr, 3, 3, -2, -2)
        fill(byCairo.cr, .init(0x336699))
        #expect(backwards.pixels() == byCairo.pixels(), "a rectangle of negative size")
        let translucent = try #require(Canvas(width: 2, height: 2))
        #expect(!SolidFill.fill(Rect(x: 0, y: 0, width: 2, height: 2), Color(0x336699, alpha: 0.5), translucent.cr))
        #expect(!SolidFill.fill(Rect(x: 0.5, y: 0, width: 1, height: 2), .init(0x336699), translucent.cr))
        let clipped = try #require(Canvas(width: 4, height: 4))
        cairo_rectangle(clipped.cr, 0, 0, 2, 4)
        cairo_clip(clipped.cr)
        #expect(!SolidFill.fill(Rect(x: 0, y: 0, width: 4, height: 4), .init(0x336699), clipped.cr), "a clip: Cairo fills")
        cairo_reset_clip(clipped.cr)
        #expect(SolidFill.fill(Rect(x: 0, y: 0, width: 4, height: 4), .init(0x336699), clipped.cr), "the clip reset")
    }

    /// The strip's words changed slot by slot, longer and shorter, on one canvas, at scales 1 and
    /// 2 and on a panel whose cells are off whole pixels: each frame is the panel drawn afresh.
    @Test(arguments: [(360, 1), (360, 2), (355, 1)])
    func stripWordsRedrawnAreTheStripDrawnAfresh(width: Int, scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: 640, layout: us, layer: us.layers[0], strip: true)
        let slots = g.keys.indices.filter {
            if case .suggestion = g.keys[$0].key.action { true } else { false }
        }
        #expect(slots.count == 3)
        let renderer = PanelRenderer()
        let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        renderer.draw(g, PanelAppearance(), on: canvas)
        let strips: [[Strip.Slot]] = [
            [.word("w"), .word("we"), .word("was")],
            [.keep("wer"), .word("were"), .word("where")],
            [.word("a"), .word("extraordinarily"), .empty],
            [.empty, .word("the"), .empty]
        ]
        for words in strips {
            var look = PanelAppearance()
            look.strip = Strip(slots: words)
            renderer.draw(g, look, on: canvas, only: slots)
            let fresh = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
            PanelRenderer().draw(g, look, on: fresh)
            #expect(RenderTests().difference(fresh, canvas).count == 0, "\(words)")
        }
    }
}
