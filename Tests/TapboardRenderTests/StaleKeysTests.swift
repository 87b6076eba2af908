import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Which keys a buffer's pixels lack, and the live panel's two buffers taking turns.
@Suite struct StaleKeysTests {
    @Test func keysAccumulateUntilTheBufferIsDrawn() {
        var stale = StaleKeys()
        #expect(stale.keys == nil && !stale.isDrawn)
        stale.add([1])
        #expect(stale.keys == nil, "never drawn: everything stays to draw")
        stale.drawn()
        #expect(stale.keys == [] && stale.isDrawn)
        stale.add([1])
        stale.add([4, 1])
        #expect(stale.keys == [1, 4])
        stale.add(nil)
        stale.add([2])
        #expect(stale.keys == nil, "everything changed: a key more is still everything")
        stale.drawn()
        #expect(stale.keys == [])
    }

    /// Each buffer draws only the keys changed since it was itself last drawn (the other
    /// may have been drawn in between), and ends up as a whole panel drawn afresh.
    @Test func buffersTakingTurnsMatchAWholeDrawing() throws {
        let tests = RenderTests()
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let renderer = PanelRenderer()
        var buffers = [
            (canvas: try #require(Canvas(width: g.width, height: g.height)), stale: StaleKeys()),
            (canvas: try #require(Canvas(width: g.width, height: g.height)), stale: StaleKeys())
        ]
        let frames: [(changed: [Int], look: PanelAppearance)] = [
            ([], PanelAppearance()), ([3], PanelAppearance(highlighted: [3])),
            ([3], PanelAppearance()), ([5], PanelAppearance(highlighted: [5]))
        ]
        for (n, frame) in frames.enumerated() {
            for i in buffers.indices { buffers[i].stale.add(frame.changed) }
            let b = n % 2
            renderer.draw(g, frame.look, on: buffers[b].canvas, only: buffers[b].stale.keys.map { Array($0) })
            buffers[b].stale.drawn()
            let (whole, _) = try tests.render(us, frame.look)
            #expect(tests.difference(whole, buffers[b].canvas).count == 0, "frame \(n)")
        }
        // The last frame drew keys 3 and 5 into the second buffer: 3 from the frame it
        // missed, 5 from its own.
    }

    /// The same with each buffer copying from the other the keys it already shows as they
    /// must look (a key released looks as it did before its press): still a whole panel
    /// drawn afresh, also where cells do not sit on whole pixels.
    @Test(arguments: [360, 355])
    func buffersCopyingFromEachOtherMatchAWholeDrawing(width: Int) throws {
        let tests = RenderTests()
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: 640, layout: us, layer: us.layers[0])
        let renderer = PanelRenderer()
        var buffers = [
            (canvas: try #require(Canvas(width: g.width, height: g.height)), stale: StaleKeys()),
            (canvas: try #require(Canvas(width: g.width, height: g.height)), stale: StaleKeys())
        ]
        var shifted = PanelAppearance(highlighted: [3])
        shifted.shift = .once
        let frames: [(changed: [Int]?, look: PanelAppearance)] = [
            ([], PanelAppearance()), ([3], PanelAppearance(highlighted: [3])), ([3], PanelAppearance()),
            ([5], PanelAppearance(highlighted: [5])), ([5], PanelAppearance()), ([3], PanelAppearance(highlighted: [3])),
            (nil, shifted), (nil, PanelAppearance()), ([3], PanelAppearance(highlighted: [3]))
        ]
        for (n, frame) in frames.enumerated() {
            for i in buffers.indices { buffers[i].stale.add(frame.changed) }
            let b = n % 2
            renderer.draw(
                g, frame.look, on: buffers[b].canvas, only: buffers[b].stale.keys.map { Array($0) },
                beside: buffers[1 - b].canvas)
            buffers[b].stale.drawn()
            let (whole, _) = try tests.render(us, frame.look, width: width)
            #expect(tests.difference(whole, buffers[b].canvas).count == 0, "frame \(n)")
        }
    }

    /// The toolbar giving way to the strip and back (the same keys below them): the keys
    /// that are new or look different are drawn, and the canvas ends up as a whole panel
    /// drawn afresh.
    @Test(arguments: [360, 355])
    func toolbarAndStripTakingTurnsMatchAWholeDrawing(width: Int) throws {
        let tests = RenderTests()
        let us = try loadShipped("us.json")
        func geometry(stripEmpty: Bool) -> PanelGeometry {
            let bar = PanelBar.forField(mode: .auto, slots: true, stripEmpty: stripEmpty, paste: false)
            return PanelGeometry.forOutput(width: width, height: 640, layout: us, layer: us.layers[0], bar: bar)
        }
        let (toolbar, strip) = (geometry(stripEmpty: true), geometry(stripEmpty: false))
        #expect(toolbar.keys.count == strip.keys.count && toolbar.height == strip.height)
        let renderer = PanelRenderer()
        let canvas = try #require(Canvas(width: strip.width, height: strip.height))
        var words = PanelAppearance(highlighted: [4])
        words.strip = Strip(slots: [.word("to"), .word("the"), .word("a")])
        for (n, (g, look)) in [(toolbar, PanelAppearance()), (strip, words), (toolbar, PanelAppearance())].enumerated() {
            let damage = renderer.draw(g, look, on: canvas)
            let whole = try #require(Canvas(width: g.width, height: g.height))
            PanelRenderer().draw(g, look, on: whole)
            #expect(tests.difference(whole, canvas).count == 0, "frame \(n)")
            if n > 0 { #expect(damage == nil, "keys moved: the whole surface is damaged") }
        }
    }
}
