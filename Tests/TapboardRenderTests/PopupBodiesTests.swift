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
        return (0..<h).flatMap { y in (0..<w).map { x in canvas.pixel(x: x, y: y) } }
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
}
