import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// A frame's damage covers the keys it changed and no more requests than it needs.
@Suite struct DamageRectsTests {
    /// The strip's three slots, in any order, are one rectangle over their cells; keys on
    /// other rows or apart on one stay rectangles of their own; every cell is covered.
    @Test func slotsSideBySideAreOneRectangle() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], strip: true)
        let slots = g.keys.indices.filter {
            if case .suggestion = g.keys[$0].key.action { true } else { false }
        }
        let letters = g.keys.indices.filter { g.keys[$0].key.label == "q" || g.keys[$0].key.label == "p" }
        #expect(slots.count == 3 && letters.count == 2)
        let keys = (slots + letters).reversed().map { $0 }
        let rects = DamageRects.of(keys, in: g)
        #expect(rects.count == 3, "\(rects)")
        for i in keys {
            let c = g.keys[i].cell
            #expect(
                rects.contains { r in
                    Double(r.0) <= c.x && Double(r.1) <= c.y && Double(r.0 + r.2) >= c.maxX.rounded(.down)
                        && Double(r.1 + r.3) >= c.maxY.rounded(.down)
                }, "key \(i)")
        }
    }
}
