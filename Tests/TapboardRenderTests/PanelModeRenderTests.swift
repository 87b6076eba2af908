import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Goldens for one-handed, split and floating panels.
extension RenderTests {
    func render(_ layout: Layout, output: (width: Int, height: Int), arrangement: KeyArrangement) throws -> Canvas {
        let g = PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: layout, layer: layout.layers[0], strip: true,
            arrangement: arrangement)
        let canvas = try #require(Canvas(width: g.width, height: g.height, scale: 1))
        PanelRenderer().draw(g, PanelAppearance(), on: canvas)
        return canvas
    }

    /// A phone, keys at the right edge for the right thumb: the free side's buttons move
    /// them left (⇤) and give them the whole width again (↔).
    @Test func oneHandedRight() throws {
        try compare(
            try render(try loadShipped("us.json"), output: (720, 1280), arrangement: .oneHanded(.right, share: 0.8)),
            golden: "oneHandedRight")
    }

    /// A phone's floating panel: 65 % of the width, the grip band on top (its bar to drag
    /// it by, ↔ at its right end to dock it), the strip and the keys under it.
    @Test func floatingPortrait() throws {
        try compare(
            try render(try loadShipped("us.json"), output: (720, 1280), arrangement: .floating(share: 0.65)),
            golden: "floatingPortrait")
    }

    /// A 1920x1080 tablet: the rows part at their middle, halves at the edges, the space bar
    /// in each half.
    @Test func splitLandscape() throws {
        try compare(try render(try loadShipped("us.json"), output: (1920, 1080), arrangement: .split), golden: "splitLandscape")
    }
}

/// The emoji keyboard as the live panel shows it after the letters: whole on a wide output,
/// its five rows in the letters' four rows' height.
extension RenderTests {
    func renderEmoji(output: (width: Int, height: Int)) throws -> (Canvas, height: Int) {
        let us = try loadShipped("us.json")
        let emoji = try loadShipped("emoji.json")
        let rows = Layout.panelRows(for: emoji, enabled: ["us", "emoji"]) { ["us": us, "emoji": emoji][$0] }
        let arrangement = Settings().arrangement(mode: .full, output: output, layout: emoji)
        #expect(arrangement == .full)
        let g = PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: emoji, layer: emoji.layers[0], strip: true,
            arrangement: arrangement, rows: rows)
        let letters = PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: us, layer: us.layers[0], strip: true,
            arrangement: Settings().arrangement(mode: .full, output: output, layout: us))
        #expect(g.height == letters.height)
        let canvas = try #require(Canvas(width: g.width, height: g.height, scale: 1))
        PanelRenderer().draw(g, PanelAppearance(), on: canvas)
        return (canvas, g.height)
    }

    @Test func emojiLandscapeWholeAtTheLettersHeight() throws {
        try compare(try renderEmoji(output: (1280, 720)).0, golden: "emojiLandscapeWholeAtTheLettersHeight")
    }

    @Test func emojiPortraitAtTheLettersHeight() throws {
        try compare(try renderEmoji(output: (720, 1280)).0, golden: "emojiPortraitAtTheLettersHeight")
    }
}
