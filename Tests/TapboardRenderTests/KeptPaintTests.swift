import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Labels pasted from the pixels they left over a kept cap cell or bubble body are the labels
/// painted afresh, pixel for pixel.
@Suite struct KeptPaintTests {
    /// Every key of us's letters and its shifted layer pressed and released twice on one canvas,
    /// each frame compared with the panel drawn afresh in that look: the second round pastes the
    /// pressed letters' labels and hints the first painted.
    @Test(arguments: [(720, 1, 0), (720, 1, 1), (360, 2, 0), (355, 1, 0)])
    func pressedLabelsPastedAreTheLabelsPaintedAfresh(width: Int, scale: Int, layer: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: 1280, layout: us, layer: us.layers[layer])
        let renderer = PanelRenderer()
        func canvas() throws -> Canvas {
            try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        }
        let c = try canvas()
        renderer.draw(g, PanelAppearance(), on: c)
        let plain = try canvas()
        PanelRenderer().draw(g, PanelAppearance(), on: plain)
        for round in 0..<2 {
            for i in g.keys.indices {
                let pressed = PanelAppearance(highlighted: [i])
                renderer.draw(g, pressed, on: c, only: [i])
                let fresh = try canvas()
                PanelRenderer().draw(g, pressed, on: fresh)
                #expect(RenderTests().difference(fresh, c).count == 0, "key \(i) pressed, round \(round)")
                renderer.draw(g, PanelAppearance(), on: c, only: [i])
                #expect(RenderTests().difference(plain, c).count == 0, "key \(i) released, round \(round)")
            }
        }
        if width == 720 {
            let letters = g.keys.filter { $0.key.label.count == 1 && $0.key.icon == nil }.count
            // Each letter pressed twice: its pressed face pasted the second time.
            #expect(renderer.keyFaces.pasted >= letters, "\(renderer.keyFaces.pasted) pasted, \(letters) letters")
        }
        #expect(renderer.keyFaces.bytes <= renderer.keyFaces.budget)
    }

    /// Bubbles drawn twice, the second time with their labels pasted, are the bubbles drawn
    /// afresh; at scale 2 the budget keeps fewer, and those it let go are painted again.
    @Test(arguments: [1, 2])
    func bubbleLabelsPastedAreTheLabelsPaintedAfresh(_ scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0])
        let kept = PanelRenderer()
        let bubbles = g.keys.filter { $0.key.label.count == 1 }.map {
            Popup.preview($0.key.label, above: $0, panelWidth: g.width)
        }
        for bubble in bubbles + bubbles {
            let again = try PopupBodiesTests().pixels(bubble, kept, scale: scale)
            #expect(again == (try PopupBodiesTests().pixels(bubble, PanelRenderer(), scale: scale)), "\(bubble.labels)")
        }
        if scale == 1 { #expect(kept.bubbleFaces.pasted >= bubbles.count, "\(kept.bubbleFaces.pasted) pasted") }
        #expect(kept.bubbleFaces.bytes <= kept.bubbleFaces.budget)
    }
}
