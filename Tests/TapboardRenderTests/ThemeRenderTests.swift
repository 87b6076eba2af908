import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Each built-in theme drawn at scale 1 and 2: keys, a shift that is on, a held key, the
/// return key, the strip, and the alternates popup with an item selected.
@Suite struct ThemeRenderTests {
    static let themes: [(name: String, theme: Theme)] = Theme.builtIn

    func panel(_ theme: Theme, scale: Int) throws -> Canvas {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], strip: true)
        let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        var look = PanelAppearance(highlighted: [1], shift: .locked, spaceLabel: "English (US)")
        look.strip = Strip(slots: [.keep("becuase"), .word("because"), .word("became")], autocorrect: "because")
        PanelRenderer(theme: theme).draw(g, look, on: canvas)
        return canvas
    }

    func popup(_ theme: Theme, scale: Int) throws -> Canvas {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let e = try #require(g.keys.first { $0.key.label == "e" })
        var popup = Popup.alternates(e.key.alternates, above: e, panelWidth: g.width)
        popup.selected = 1
        let canvas = try #require(
            Canvas(
                width: Int(popup.frame.width.rounded(.up)) * scale,
                height: Int(popup.frame.height.rounded(.up)) * scale, scale: scale))
        PanelRenderer(theme: theme).draw(popup, on: canvas)
        return canvas
    }

    @Test(arguments: [1, 2]) func builtInThemes(scale: Int) throws {
        for (name, theme) in Self.themes {
            try RenderTests().compare(try panel(theme, scale: scale), golden: "theme-\(name)@\(scale)")
            try RenderTests().compare(try popup(theme, scale: scale), golden: "theme-\(name)-popup@\(scale)")
        }
    }

    @Test func themesLookDifferent() throws {
        let dark = try panel(.dark, scale: 1)
        let light = try panel(.light, scale: 1)
        let contrast = try panel(.highContrast, scale: 1)
        // The panel's corner is its background.
        #expect(dark.pixel(x: 0, y: 0) & 0xffffff == 0x1b1c20)
        #expect(light.pixel(x: 0, y: 0) & 0xffffff == 0xd5d8de)
        #expect(contrast.pixel(x: 0, y: 0) & 0xffffff == 0x000000)
    }

    @Test func aNewThemeRedrawsTheWholePanel() throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        let renderer = PanelRenderer()
        renderer.draw(g, PanelAppearance(), on: canvas)
        renderer.theme = .highContrast
        // The same looks: only the theme changed, and all of the panel is damage.
        #expect(renderer.draw(g, PanelAppearance(), on: canvas) == nil)
        let fresh = try #require(Canvas(width: g.width, height: g.height))
        PanelRenderer(theme: .highContrast).draw(g, PanelAppearance(), on: fresh)
        #expect(RenderTests().difference(canvas, fresh).count == 0)
        // Drawn again in the same theme, nothing is damaged.
        #expect(renderer.draw(g, PanelAppearance(), on: canvas) == [])
    }

    @Test func aGapChangesOnlyTheCaps() throws {
        var wide = Theme.dark
        wide.gap = 16
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0])
        let plain = try #require(Canvas(width: g.width, height: g.height))
        let gapped = try #require(Canvas(width: g.width, height: g.height))
        PanelRenderer().draw(g, PanelAppearance(), on: plain)
        PanelRenderer(theme: wide).draw(g, PanelAppearance(), on: gapped)
        let f = g.keys[0].frame
        // Just inside the cap's edge: a key with the geometry's spacing, background with 16 pixels.
        let x = Int(f.x) + 2
        let y = Int(f.center.y)
        #expect(plain.pixel(x: x, y: y) & 0xffffff == 0x44464f)
        #expect(gapped.pixel(x: x, y: y) & 0xffffff == 0x1b1c20)
        #expect(gapped.pixel(x: Int(f.center.x), y: Int(f.y + f.height * 0.15)) & 0xffffff == 0x44464f)
    }
}
