import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// Labels drawn through kept masks are the labels Pango draws, pixel for pixel.
@Suite struct LabelMasksTests {
    func pixels(_ canvas: Canvas) -> [UInt32] {
        (0..<canvas.pixelHeight).flatMap { y in (0..<canvas.pixelWidth).map { x in canvas.pixel(x: x, y: y) } }
    }

    /// Pixels that differ between `draw` by a renderer that keeps masks (on two canvases in
    /// turn: the masks made, then kept) and by one that does not; and the first renderer.
    func compare(
        width: Int, height: Int, scale: Int, _ draw: (PanelRenderer, Canvas) -> Void
    ) throws -> (differing: Int, renderer: PanelRenderer) {
        let masked = PanelRenderer()
        let direct = PanelRenderer()
        direct.masksLabels = false
        func drawn(by renderer: PanelRenderer) throws -> [UInt32] {
            let canvas = try #require(Canvas(width: width * scale, height: height * scale, scale: scale))
            draw(renderer, canvas)
            return pixels(canvas)
        }
        let want = try drawn(by: direct)
        let made = try drawn(by: masked)
        let kept = try drawn(by: masked)
        return (zip(want, made).filter { $0 != $1 }.count + zip(want, kept).filter { $0 != $1 }.count, masked)
    }

    /// Labels at many places within a pixel, on a key and on a clear canvas, in opaque and
    /// translucent colours, at scales 1 to 3.
    @Test(arguments: [1, 2, 3])
    func labelsAtAnyOffsetMatch(_ scale: Int) throws {
        let texts = ["a", "W", "q", "j", "Ä", "ß", "ж", "1", "?123", "Go", "ñ", "@", "ij"]
        let colors = [Theme.dark.pressedLabel, Theme.light.label, Color(0x3399e6, alpha: 0.6)]
        for (n, text) in texts.enumerated() {
            let r = try compare(width: 80, height: 60, scale: scale) { renderer, canvas in
                for i in 0..<12 {
                    let fx = Double(i) / 12 + Double(n) / 97
                    let fy = Double((i * 5) % 12) / 12
                    let f = Rect(x: 3 + Double(i % 4) * 18 + fx, y: 2 + Double(i / 4) * 18 + fy, width: 17.3, height: 19.7)
                    if i % 2 == 0 {
                        renderer.caps.draw(f, radius: 3, Theme.dark.pressedKey, border: 0, Theme.dark.border, canvas.cr)
                    }
                    let size = [0.42, 0.6, 0.62][i % 3]
                    renderer.drawLabel(text, in: f, size: size, colors[i % 3], canvas.cr, keep: true)
                }
            }
            #expect(r.differing == 0, "\(text) at scale \(scale)")
            #expect(r.renderer.labelMasks.drawn >= 12, "\(text): \(r.renderer.labelMasks.drawn) drawn through masks")
        }
    }

    /// A label in colour glyphs is drawn as Pango draws it, not through a mask.
    @Test func colourGlyphsAreNotMasked() throws {
        let r = try compare(width: 60, height: 60, scale: 1) { renderer, canvas in
            let f = Rect(x: 5.3, y: 4.6, width: 50, height: 50)
            renderer.drawLabel("😀", in: f, size: 0.6, Theme.dark.label, canvas.cr, keep: true)
        }
        #expect(r.differing == 0)
        #expect(r.renderer.labelMasks.drawn == 0)
    }

    /// Every letter key of some keyboards pressed, and its bubble, at scales 1 and 2.
    @Test(arguments: [1, 2])
    func pressedKeysAndBubblesMatch(_ scale: Int) throws {
        for name in ["us.json", "de.json", "ru.json"] {
            let layout = try loadShipped(name)
            for width in [360, 355] {
                let g = PanelGeometry.forOutput(width: width, height: 640, layout: layout, layer: layout.layers[0])
                let keys = g.keys.indices.filter { if case .text = g.keys[$0].key.action { true } else { false } }
                let panel = try compare(width: g.width, height: g.height, scale: scale) { renderer, canvas in
                    for i in keys { renderer.draw(g, PanelAppearance(highlighted: [i]), on: canvas, only: [i]) }
                }
                #expect(panel.differing == 0, "\(name) \(width) at scale \(scale)")
                #expect(panel.renderer.labelMasks.drawn >= keys.count)
                for i in keys {
                    let bubble = Popup.preview(g.keys[i].key.label, above: g.keys[i], panelWidth: g.width)
                    let f = bubble.frame
                    let r = try compare(width: Int(f.width), height: Int(f.height), scale: scale) { renderer, canvas in
                        renderer.draw(bubble, on: canvas)
                    }
                    #expect(r.differing == 0, "\(name) \(g.keys[i].key.label) bubble at scale \(scale)")
                }
            }
        }
    }
}
