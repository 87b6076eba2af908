import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// Panels drawn: pictures (SVG and PNG) with labels under them, rows of their own heights.
extension RenderTests {
    @Test func pickerPanel() throws {
        try compare(try render(try loadShipped("picker.json")).0, golden: "pickerPanel")
    }

    @Test func pickerPanelWide() throws {
        try compare(try render(try loadShipped("picker.json"), width: 640, height: 360).0, golden: "pickerPanelWide")
    }

    @Test func snippetsPanel() throws {
        try compare(try render(try loadShipped("snippets.json")).0, golden: "snippetsPanel")
    }

    /// The clipboard history's panel: items shortened to a line, the page key, Clear, Done.
    @Test func clipboardPanel() throws {
        let items = [
            "https://example.org/a/rather/long/address?with=a&query=string", "Meeting moved to\nThursday 3 pm",
            "Grüße", "42", "ok", "the sixth", "a seventh on the next page"
        ]
        try compare(try render(ClipboardPanel.layout(items)).0, golden: "clipboardPanel")
    }

    /// A picture that cannot be shown leaves its key as a key without one: the label.
    @Test func aBrokenPictureShowsTheLabel() throws {
        let picker = try loadShipped("picker.json")
        var broken = picker
        var plain = picker
        for r in picker.layers[0].rows.indices {
            for k in picker.layers[0].rows[r].indices where picker.layers[0].rows[r][k].image != nil {
                broken.layers[0].rows[r][k].image = Repository.root + "/Tests/TapboardRenderTests/RenderTests.swift.png"
                plain.layers[0].rows[r][k].image = nil
            }
        }
        let renderer = PanelRenderer()
        var told: [String] = []
        renderer.onImageProblem = { told.append($0) }
        let g = PanelGeometry.forOutput(width: 360, height: 640, layout: broken, layer: broken.layers[0])
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        renderer.draw(g, PanelAppearance(), on: canvas)
        #expect(told.count == 1 && told[0].contains("RenderTests.swift.png"), "\(told)")
        let (expected, _) = try render(plain)
        #expect(difference(canvas, expected).count == 0)
        // A picture looks different from its label alone.
        #expect(difference(try render(picker).0, expected).count > 1000)
    }
}
