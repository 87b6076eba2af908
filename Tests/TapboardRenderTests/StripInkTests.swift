import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Strip slots cleared and copied only where their words' ink lies are the strip drawn afresh.
@Suite struct StripInkTests {
    /// Words as a live panel gets them: short and long, descenders, accents, capitals, an
    /// ellipsized one, emoji, Chinese, a pressed slot, empty slots.
    static let strips: [[Strip.Slot]] = [
        [.word("t"), .word("the"), .word("to")],
        [.keep("th"), .word("the"), .word("that")],
        [.keep("thy"), .word("they"), .word("thyme")],
        [.word("Ågjy"), .word("quips"), .word("ÉTÉ")],
        [.word("a"), .word("extraordinarily long words"), .empty],
        [.empty, .word("😀"), .word("你好")],
        [.word("fffi"), .word("W"), .word("|||")],
        [.word("g"), .empty, .word("WWWWWWWWWWWWWWWWWWWWWWWWWWWWW")],
        [.empty, .empty, .empty],
        [.word("back"), .word("again"), .word("here")]
    ]

    /// Two canvases drawn in turn as the live panel's two buffers (each catches up on what the
    /// other drew, copying from it), a slot pressed now and then: every frame is the panel
    /// drawn afresh, and the slots were cleared and copied by their words' boxes.
    @Test(arguments: [(720, 1), (360, 2), (355, 1), (361, 3)])
    func slotsByTheirWordsAreTheStripDrawnAfresh(width: Int, scale: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: 1280, layout: us, layer: us.layers[0], strip: true)
        let slots = g.keys.indices.filter {
            if case .suggestion = g.keys[$0].key.action { true } else { false }
        }
        try #require(slots.count == 3)
        let renderer = PanelRenderer()
        func canvas() throws -> Canvas {
            try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        }
        let buffers = [try canvas(), try canvas()]
        var stale: [Set<Int>?] = [nil, nil]
        var frame = 0
        for (n, words) in (Self.strips + Self.strips.reversed()).enumerated() {
            for pressed in n % 4 == 1 ? [true, false] : [false] {
                var look = PanelAppearance(highlighted: pressed ? [slots[1]] : [])
                look.strip = Strip(slots: words)
                let b = frame % 2
                let only = stale[b].map { Array($0.union(slots)).sorted() }
                renderer.draw(g, look, on: buffers[b], only: only, beside: buffers[1 - b])
                stale[b] = []
                stale[1 - b] = stale[1 - b].map { $0.union(slots) }
                let fresh = try canvas()
                PanelRenderer().draw(g, look, on: fresh)
                #expect(RenderTests().difference(fresh, buffers[b]).count == 0, "\(words), pressed \(pressed), frame \(frame)")
                frame += 1
            }
        }
        if width == 720 {
            #expect(buffers.allSatisfy { $0.drawn?.inked.isEmpty == false }, "the slots' ink is known")
        }
    }
}
