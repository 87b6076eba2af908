import Glibc
import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Draws layouts offscreen and compares them with PNG goldens named after the test.
/// Set TAPBOARD_UPDATE_GOLDENS=1 to rewrite the goldens (then look at them).
@Suite struct RenderTests {
    func render(
        _ layout: Layout, layer: String? = nil, _ look: PanelAppearance = PanelAppearance(),
        width: Int = 360, height: Int = 640
    ) throws -> (Canvas, PanelGeometry) {
        let l = layer.flatMap(layout.layer(named:)) ?? layout.layers[0]
        let g = PanelGeometry.forOutput(width: width, height: height, layout: layout, layer: l)
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        PanelRenderer().draw(g, look, on: canvas)
        return (canvas, g)
    }

    /// Pixels whose channels differ by more than `tolerance` out of 255, and an image
    /// marking them in red (nil when none differ).
    func difference(_ a: Canvas, _ b: Canvas, tolerance: Int = 0) -> (count: Int, share: Double, map: Canvas?) {
        guard a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else { return (Int.max, 1, nil) }
        let p = a.pixels()
        let q = b.pixels()
        var differing = Set<Int>()
        p.withUnsafeBufferPointer { p in
            q.withUnsafeBufferPointer { q in
                for i in 0..<p.count where p[i] != q[i] && channelsDiffer(p[i], q[i], by: tolerance) {
                    differing.insert(i)
                }
            }
        }
        guard !differing.isEmpty else { return (0, 0, nil) }
        let map = Canvas(width: a.pixelWidth, height: a.pixelHeight)
        for (i, pixel) in p.enumerated() {
            let marked = differing.contains(i) ? 0xffff_0000 : (0xff00_0000 | (pixel & 0xffffff) >> 2 & 0x3f3f3f)
            map?.setPixel(x: i % a.pixelWidth, y: i / a.pixelWidth, marked)
        }
        return (differing.count, Double(differing.count) / Double(p.count), map)
    }

    /// Whether a channel of `p` and `q` (0xAARRGGBB) differs by more than `tolerance`.
    private func channelsDiffer(_ p: UInt32, _ q: UInt32, by tolerance: Int) -> Bool {
        var shift: UInt32 = 0
        while shift <= 24 {
            if abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)) > tolerance { return true }
            shift += 8
        }
        return false
    }

    /// Rendering with the pinned fonts (Debian 12's) is deterministic: a pixel may differ
    /// by a few levels (antialiasing on another CPU), and only a handful may.
    static let channelTolerance = 4
    static let maxDifferingPixels = 0.0001

    /// Whether `canvas` matches the golden `name`; on a mismatch the actual image and a
    /// map of the differing pixels are written beside the golden. Without `record` (a
    /// check that a wrong picture fails) nothing is written, goldens updated or not.
    @discardableResult
    func compare(_ canvas: Canvas, golden name: String, record: Bool = true) throws -> Bool {
        let base = Repository.root + "/Tests/TapboardRenderTests/Goldens/\(name)"
        if record, getenv("TAPBOARD_UPDATE_GOLDENS") != nil {
            guard getenv("CI") == nil else {
                Issue.record("TAPBOARD_UPDATE_GOLDENS is refused when CI is set: goldens are updated by hand, and looked at")
                return false
            }
            #expect(canvas.writePNG(to: base + ".png") == nil)
            return true
        }
        let golden = try #require(Canvas(pngFile: base + ".png"), "missing golden \(base).png")
        let diff = difference(canvas, golden, tolerance: RenderTests.channelTolerance)
        let matches = diff.share <= RenderTests.maxDifferingPixels
        if !matches && record {
            _ = canvas.writePNG(to: base + ".actual.png")
            _ = diff.map?.writePNG(to: base + ".diff.png")
            Issue.record(
                "\(name): \(diff.count == Int.max ? "size differs" : "\(diff.count) pixels differ") (see \(base).actual.png and .diff.png)"
            )
        }
        return matches
    }

    @Test func aWrongLetterFailsTheComparison() throws {
        var us = try loadShipped("us.json")
        let row = us.layers[0].rows[0]
        us.layers[0].rows[0][0] = Key.text("o", width: row[0].width)
        let (canvas, _) = try render(us)
        #expect(try !compare(canvas, golden: "usBaseLayer", record: false))
    }

    @Test func usBaseLayer() throws {
        let (canvas, _) = try render(try loadShipped("us.json"))
        try compare(canvas, golden: "usBaseLayer")
    }

    @Test func deBaseLayer() throws {
        try compare(try render(try loadShipped("de.json")).0, golden: "deBaseLayer")
    }

    @Test func arBaseLayer() throws {
        try compare(try render(try loadShipped("ar.json")).0, golden: "arBaseLayer")
    }

    @Test func emojiFirstLayer() throws {
        try compare(try render(try loadShipped("emoji.json")).0, golden: "emojiFirstLayer")
    }

    /// The desktop keyboard as a wide terminal field gets it (1280x720 landscape), Ctrl latched.
    @Test func desktopKeyboard() throws {
        let desktop = try loadShipped("desktop.json")
        var look = PanelAppearance()
        look.modifiers = .ctrl
        try compare(try render(desktop, look, width: 1280, height: 720).0, golden: "desktopKeyboard")
    }

    /// The emoji keyboard's search layer after "pizza": the query, then the emoji found.
    @Test func emojiSearchLayer() throws {
        var emoji = try loadShipped("emoji.json")
        let i = try #require(emoji.layers.firstIndex { $0.name == "search" })
        emoji.layers[i].rows[0] =
            [Key(label: "🔍 pizza", action: .layer("search"), width: 2)] + ["🍕", "🫓", "🧀"].map { Key.text($0) }
            + [Key(label: "", action: .spacer, width: 5)]
        try compare(try render(emoji, layer: "search").0, golden: "emojiSearchLayer")
    }

    @Test func pinPad() throws {
        try compare(try render(try loadShipped("pin.json")).0, golden: "pinPad")
    }

    @Test func shiftAndModifiersShowAsOn() throws {
        let us = try loadShipped("us.json")
        try compare(
            try render(us, PanelAppearance(shift: .locked, spaceLabel: "English (US)")).0,
            golden: "shiftAndModifiersShowAsOn")
    }

    @Test func suggestionStrip() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], strip: true)
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        var look = PanelAppearance()
        look.strip = Strip(slots: [.keep("becuase"), .word("because"), .word("became")], autocorrect: "because")
        PanelRenderer().draw(g, look, on: canvas)
        try compare(canvas, golden: "suggestionStrip")
    }

    /// A word too long for its slot takes the strip's one smaller size, then loses its
    /// middle to an ellipsis (no smaller and smaller sizes: each would stay in Cairo's
    /// glyph caches).
    @Test func longStripWordsAreCutInTheMiddle() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], strip: true)
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        var look = PanelAppearance()
        look.strip = Strip(slots: [
            .keep("qwertyuiopasdfghjklzxcvbnmqwertyuiop"), .word("interchangeability"),
            .word("incomprehensibilities")
        ])
        PanelRenderer().draw(g, look, on: canvas)
        try compare(canvas, golden: "longStripWordsAreCutInTheMiddle")
    }

    /// The form toolbar above the strip (toolbar = always), Paste showing, Next held.
    @Test func formToolbar() throws {
        let us = try loadShipped("us.json")
        let bar = PanelBar(slots: true, toolbar: ToolbarButton.allCases)
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], bar: bar)
        let next = try #require(g.keys.firstIndex { $0.key.action == .toolbar(.nextField) })
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        var look = PanelAppearance(highlighted: [next])
        look.strip = Strip(slots: [.empty, .word("the"), .empty])
        PanelRenderer().draw(g, look, on: canvas)
        try compare(canvas, golden: "formToolbar")
    }

    @Test func alternatesPopup() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let e = try #require(g.keys.first { $0.key.label == "e" })
        var popup = Popup.alternates(e.key.alternates, above: e, panelWidth: g.width)
        popup.selected = 1
        let canvas = try #require(
            Canvas(width: Int(popup.frame.width.rounded(.up)), height: Int(popup.frame.height.rounded(.up))))
        PanelRenderer().draw(popup, on: canvas)
        try compare(canvas, golden: "alternatesPopup")
    }

    @Test func pressedKeyIsHighlighted() throws {
        let us = try loadShipped("us.json")
        let (plain, g) = try render(us)
        let (pressed, _) = try render(us, PanelAppearance(highlighted: [0]))
        let c = g.keys[0].frame.center
        // Sample beside the label, inside the key.
        let x = Int(g.keys[0].frame.x + 3)
        let y = Int(c.y)
        #expect(plain.pixel(x: x, y: y) != pressed.pixel(x: x, y: y))
        // Another key is untouched.
        let o = g.keys[5].frame
        #expect(plain.pixel(x: Int(o.x + 3), y: Int(o.center.y)) == pressed.pixel(x: Int(o.x + 3), y: Int(o.center.y)))
    }

    @Test func aShiftRedrawsOnlyTheKeysItChanges() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        let renderer = PanelRenderer()
        #expect(renderer.draw(g, PanelAppearance(), on: canvas) == nil)
        let shifted = PanelAppearance(shift: .locked, spaceLabel: "English (US)")
        let changed = try #require(renderer.draw(g, shifted, on: canvas))
        // Letters, the shift key and the space bar; not digits' layer key, return, backspace...
        #expect(!changed.isEmpty && changed.count < g.keys.count)
        #expect(!changed.contains { g.keys[$0].key.action == .return })
        try compare(canvas, golden: "shiftAndModifiersShowAsOn")
        // Nothing changed: nothing drawn.
        #expect(renderer.draw(g, shifted, on: canvas) == [])
    }

    @Test func redrawingOneKeyMatchesAFullDraw() throws {
        let us = try loadShipped("us.json")
        let look = PanelAppearance(highlighted: [3])
        let (full, g) = try render(us, look)
        let partial = try #require(Canvas(width: g.width, height: g.height))
        let renderer = PanelRenderer()
        renderer.draw(g, PanelAppearance(), on: partial)
        renderer.draw(g, look, on: partial, only: [3])
        #expect(difference(full, partial, tolerance: 0).count == 0)
    }
}
