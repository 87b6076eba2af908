import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Goldens for wide outputs, the number row and long-press hints.
extension RenderTests {
    func render(
        _ layout: Layout, output: (width: Int, height: Int), scale: Int, strip: Bool = false,
        _ look: PanelAppearance = PanelAppearance()
    ) throws -> Canvas {
        let g = PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: layout,
            layer: layout.layers[0], strip: strip)
        let canvas = try #require(Canvas(width: g.width * scale, height: g.height * scale, scale: scale))
        PanelRenderer().draw(g, look, on: canvas)
        return canvas
    }

    /// A 1920x1080 desktop: letter keys no wider than on a tablet, the keyboard centred on
    /// the panel's background, the strip's words over the keys.
    @Test func wideOutputCentred() throws {
        var look = PanelAppearance()
        look.strip = Strip(slots: [.keep("becuase"), .word("because"), .word("became")], autocorrect: "because")
        try compare(
            try render(try loadShipped("us.json"), output: (1920, 1080), scale: 1, strip: true, look),
            golden: "wideOutputCentred")
    }

    /// A 4K output at scale 2 (1920x1080 logical): the same panel with twice the pixels.
    @Test func wideOutputCentredScale2() throws {
        try compare(try render(try loadShipped("us.json"), output: (1920, 1080), scale: 2), golden: "wideOutputCentredScale2")
    }

    /// `number-row = on` on the German keyboard: digits above the letters, hints on
    /// the digits (¹ ² ³) and on letters with accents.
    @Test func numberRow() throws {
        try compare(try render(try loadShipped("de.json").addingNumberRow(), output: (360, 640), scale: 2), golden: "numberRow")
    }

    /// Hints follow shift: upper-case accents on shifted letters; emoji keys with skin
    /// tones show a dot.
    @Test func hintsFollowShiftAndEmojiShowAMark() throws {
        let (shifted, _) = try render(try loadShipped("fr.json"), PanelAppearance(shift: .once))
        try compare(shifted, golden: "hintsShifted")
        try compare(try render(try loadShipped("emoji.json"), layer: "people").0, golden: "hintsEmojiMark")
    }
}
