import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// The trail of a stroke (glide typing) over the panel: how it looks, and that it goes
/// away without a trace, on one canvas or on the live panel's two taking turns.
extension RenderTests {
    /// A stroke through the centres of the keys typing `word`, `steps` points from one to the next.
    func stroke(_ word: String, _ g: PanelGeometry, steps: Int = 10) throws -> [Point] {
        let centres = try word.map { letter in
            try #require(g.keys.first { $0.key.label == String(letter) }).cell.center
        }
        var points = [centres[0]]
        for (a, b) in zip(centres, centres.dropFirst()) where a != b {
            for s in 1...steps {
                let t = Double(s) / Double(steps)
                points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return points
    }

    func usGeometry() throws -> (Layout, PanelGeometry) {
        let us = try loadShipped("us.json")
        return (us, PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0]))
    }

    /// `look` drawn as a whole panel on a canvas of its own.
    func whole(_ g: PanelGeometry, _ look: PanelAppearance, scale: Int = 1) throws -> Canvas {
        let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        PanelRenderer().draw(g, look, on: canvas)
        return canvas
    }

    /// Whether every pixel where `new` differs from `old` is in the cell of a key in
    /// `damage` (nil: all of the panel is).
    func damageCovers(_ damage: [Int]?, _ new: Canvas, _ old: Canvas, _ g: PanelGeometry, scale: Int) -> Bool {
        guard let damage else { return true }
        let cells = damage.map { g.keys[$0].cell }
        let s = Double(scale)
        let newPixels = new.pixels()
        let oldPixels = old.pixels()
        for i in newPixels.indices where newPixels[i] != oldPixels[i] {
            let (y, x) = i.quotientAndRemainder(dividingBy: new.pixelWidth)
            let p = Rect(x: Double(x) / s, y: Double(y) / s, width: 1 / s, height: 1 / s)
            if !cells.contains(where: { $0.intersects(p) }) { return false }
        }
        return true
    }

    @Test func trailAcrossHello() throws {
        let (_, g) = try usGeometry()
        var look = PanelAppearance()
        look.trail = try stroke("hello", g)
        #expect(look.trail.count <= 48)
        try compare(try whole(g, look), golden: "trailAcrossHello")
    }

    /// A frame with a trail and then one without, on the same canvas: the pixels are those
    /// of a panel never drawn with one, and each frame's damage covers what it changed.
    @Test(arguments: [1, 2]) func aTrailLeavesNoTrace(scale: Int) throws {
        let (_, g) = try usGeometry()
        let plain = try whole(g, PanelAppearance(), scale: scale)
        var look = PanelAppearance()
        look.trail = try stroke("hello", g)

        // Over a panel drawn without one, then over a whole panel drawn with it.
        for drawnWithTrail in [false, true] {
            let renderer = PanelRenderer()
            let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
            renderer.draw(g, drawnWithTrail ? look : PanelAppearance(), on: canvas)
            let before = try whole(g, drawnWithTrail ? look : PanelAppearance(), scale: scale)
            let withTrail = renderer.draw(g, look, on: canvas)
            #expect(difference(canvas, try whole(g, look, scale: scale)).count == 0)
            let covered = damageCovers(withTrail, canvas, before, g, scale: scale)
            #expect(covered)
            if !drawnWithTrail {
                #expect(difference(canvas, plain).count > 100, "the trail shows")
                let damaged = Set(try #require(withTrail))
                // Every key under the trail's points is damaged.
                for p in look.trail {
                    let key = try #require(g.keys.firstIndex { $0.cell.contains(p) })
                    #expect(damaged.contains(key))
                }
            }
            let without = renderer.draw(g, PanelAppearance(), on: canvas)
            #expect(difference(canvas, plain).count == 0)
            let coveredAgain = damageCovers(without, canvas, try whole(g, look, scale: scale), g, scale: scale)
            #expect(coveredAgain)
            // Nothing more to draw, nothing damaged.
            #expect(renderer.draw(g, PanelAppearance(), on: canvas) == [])
        }
    }

    /// The live panel's two buffers taking turns, as the presenter uses them: the trail
    /// grows, a key lights up during the stroke, the trail goes; then a stroke of one frame. Each buffer ends up as a
    /// whole panel drawn afresh, and each frame's damage covers where it differs from the
    /// frame before (on the other buffer).
    @Test(arguments: [1, 2]) func trailOnBuffersTakingTurns(scale: Int) throws {
        let (_, g) = try usGeometry()
        let renderer = PanelRenderer()
        var buffers = [
            (canvas: try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale)), stale: StaleKeys()),
            (canvas: try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale)), stale: StaleKeys())
        ]
        let points = try stroke("hello", g)
        let h = try #require(g.keys.firstIndex { $0.key.label == "h" })
        func look(_ n: Int, highlighted: Set<Int> = []) -> PanelAppearance {
            var look = PanelAppearance(highlighted: highlighted)
            look.trail = Array(points.prefix(n))
            return look
        }
        let frames: [(changed: [Int]?, look: PanelAppearance)] = [
            ([], look(0)), ([], look(0)), ([h], look(0, highlighted: [h])), ([h], look(2)), (nil, look(12)),
            (nil, look(25)), ([h], look(25, highlighted: [h])), (nil, look(points.count)), ([], look(points.count)),
            (nil, look(0)), ([h], look(0, highlighted: [h])), ([h], look(0)), ([], look(0)),
            // A short stroke, drawn on one buffer only: the other's next frame still damages its keys.
            (nil, look(3)), (nil, look(0)), ([], look(0))
        ]
        var last: Canvas?
        for (n, frame) in frames.enumerated() {
            for i in buffers.indices { buffers[i].stale.add(frame.changed) }
            let b = n % 2
            let canvas = buffers[b].canvas
            let damage = renderer.draw(g, frame.look, on: canvas, only: buffers[b].stale.keys.map { Array($0) })
            buffers[b].stale.drawn()
            #expect(difference(canvas, try whole(g, frame.look, scale: scale)).count == 0, "frame \(n)")
            if let last {
                let covered = damageCovers(damage, canvas, last, g, scale: scale)
                #expect(covered, "frame \(n)")
            }
            // What shows now, for the next frame's damage.
            last = try whole(g, frame.look, scale: scale)
        }
        let plain = try whole(g, PanelAppearance(), scale: scale)
        #expect(difference(buffers[0].canvas, plain).count == 0 && difference(buffers[1].canvas, plain).count == 0)
    }
}
