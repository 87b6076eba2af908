import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Keys pressed and released from kept cells are the keys drawn afresh, pixel for pixel.
@Suite struct CapCellsTests {
    /// Presses and releases keys of us's base layer in turn on one canvas (letters, shift,
    /// space, return...), each frame compared with the whole panel drawn afresh in that look;
    /// at `width` 355 some cells are off whole pixels (drawn as before), at 360 none are.
    @Test(arguments: [(360, 1), (360, 2), (355, 1)])
    func pressedKeysFromKeptCellsAreTheKeysDrawnAfresh(width: Int, scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: 640, layout: us, layer: us.layers[0])
        let renderer = PanelRenderer()
        let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        renderer.draw(g, PanelAppearance(), on: canvas)
        func whole(_ look: PanelAppearance) throws -> Canvas {
            let c = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
            PanelRenderer().draw(g, look, on: c)
            return c
        }
        let plain = try whole(PanelAppearance())
        let keys = Array(stride(from: 0, to: g.keys.count, by: 3))
        for i in keys + keys {
            let pressed = PanelAppearance(highlighted: [i])
            renderer.draw(g, pressed, on: canvas, only: [i])
            #expect(RenderTests().difference(try whole(pressed), canvas).count == 0, "key \(i) pressed")
            renderer.draw(g, PanelAppearance(), on: canvas, only: [i])
            #expect(RenderTests().difference(plain, canvas).count == 0, "key \(i) released")
        }
        if width == 360 {
            // The second round copies every cell: pressed and released looks of each kind are kept.
            #expect(renderer.capCells.copied >= 2 * keys.count, "\(renderer.capCells.copied) cells copied")
        }
    }
}
